import crypto from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { MESSAGES } from '../api/messages.js';
import { takeBackup } from './create.js';
import type { Manifest } from './manifest.js';

/**
 * `npm run backup` beside a running PGlite server: the data folder belongs to the server (data-dir-lock.ts), so the
 * command asks the server to take the backup. The server writes, beside its data folder and readable only by its
 * own user, the address to ask and a random token; the route answers only a loopback caller bearing that token.
 */

export const OPERATOR_PATH = '/_operator/backup';
const TOKEN_HEADER = 'x-tianmu-operator-token';

interface OperatorFile {
  url: string;
  token: string;
  pid: number;
}

/** Where a PGlite data folder's running server says how to reach it: data/pglite → data/pglite.operator.json. */
export function operatorFileFor(dataDir: string): string {
  return `${dataDir}.operator.json`;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Adds the route (before the server listens); returns `announce`, to call once listening with the address, and
 * `withdraw`, to call on stop.
 */
export function registerOperatorBackup(
  app: FastifyInstance,
  options: { db: Kysely<Database>; dataDir: string; backupDir: string },
): { announce(port: number): void; withdraw(): void } {
  const token = crypto.randomBytes(32).toString('hex');
  const expected = Buffer.from(token);
  app.post(OPERATOR_PATH, async (request, reply) => {
    const given = Buffer.from(String(request.headers[TOKEN_HEADER] ?? ''));
    // The socket's own address, not request.ip: a proxy's X-Forwarded-For must not make a stranger local.
    const local = LOOPBACK.has(request.socket.remoteAddress ?? '');
    if (!local || given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
      return reply.code(403).send({ code: 403, msg: MESSAGES.common.forbidden });
    }
    try {
      const outcome = await takeBackup({ db: options.db, kind: 'pglite', dir: options.backupDir, trigger: 'cli' });
      return outcome.taken ? { code: 200, msg: '备份完成', data: { file: outcome.file, manifest: outcome.manifest } } : { code: 409, msg: outcome.reason };
    } catch (error) {
      request.log.error(`按需备份失败：${(error as Error).message}`);
      return reply.code(503).send({ code: 503, msg: `备份失败：${(error as Error).message}` });
    }
  });
  const file = operatorFileFor(options.dataDir);
  return {
    announce(port) {
      const content: OperatorFile = { url: `http://127.0.0.1:${port}${OPERATOR_PATH}`, token, pid: process.pid };
      fs.rmSync(file, { force: true });
      fs.writeFileSync(file, JSON.stringify(content), { mode: 0o600 });
    },
    withdraw() {
      try {
        if ((JSON.parse(fs.readFileSync(file, 'utf8')) as OperatorFile).token === token) fs.rmSync(file, { force: true });
      } catch {
        // already gone
      }
    },
  };
}

/** Asks the server that holds `dataDir` for a backup; undefined when no server has announced itself there. */
export async function askRunningServer(dataDir: string): Promise<{ file: string; manifest: Manifest } | undefined> {
  let target: OperatorFile;
  try {
    target = JSON.parse(fs.readFileSync(operatorFileFor(dataDir), 'utf8')) as OperatorFile;
  } catch {
    return undefined;
  }
  const response = await fetch(target.url, { method: 'POST', headers: { [TOKEN_HEADER]: target.token } }).catch((error: unknown) => {
    throw new Error(`无法连接正在运行的服务器（${target.url}）：${(error as Error).message}`);
  });
  const body = (await response.json().catch(() => ({}))) as { code?: number; msg?: string; data?: { file: string; manifest: Manifest } };
  if (body.code !== 200 || !body.data) throw new Error(body.msg ?? `服务器答复 HTTP ${response.status}`);
  return body.data;
}
