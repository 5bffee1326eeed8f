import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { DEFAULT_RATE_LIMITS, loadConfig, type RateLimits, type ServerConfig } from '../../server/runtime/config.js';
import { migrateToLatest, openDatabase } from '../../server/db/database.js';
import type { Database } from '../../server/db/schema.js';
import type { AppContext } from '../../server/api/context.js';
import { formSignatureFor, signFor } from '../../server/plugins/guards/index.js';

const SNAPSHOT = path.resolve('.tmp/test-snapshot/pglite-migrated.tar');

export interface TestServer {
  app: FastifyInstance & { ctx: AppContext };
  db: Kysely<Database>;
  config: ServerConfig;
  kind: 'pglite' | 'postgres';
  /** Headers of a correctly signed /api/ call for deptId. */
  signed(deptId: number, extra?: Record<string, string>): Record<string, string>;
  /** A correctly signed form body for the api/index/{name} style. */
  formSigned(fields: Record<string, string | number>): Record<string, string>;
  /** Reloads the in-memory place tree after a test inserts places. */
  reloadPlaces(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The rate limits of the test servers: every app.inject request comes from 127.0.0.1, so a whole test file (and a
 * browser test's Chromium) is one visitor, often one account, that calls far more than a person would. The
 * per-address and per-account request limits are raised a thousandfold; the per-phone ones (wrong passwords, SMS
 * code checks) stay as they are. A test passes `rateLimits: DEFAULT_RATE_LIMITS` for the real ones
 * (tests/server/limits.test.ts and tests/hostile/floods.test.ts do).
 */
export const REQUEST_LIMITS_RAISED: RateLimits = Object.fromEntries(
  Object.entries(DEFAULT_RATE_LIMITS).map(([name, rule]) => [name, /Per(Ip|User)$/.test(name) ? { ...rule, max: rule.max * 1000 } : { ...rule }]),
) as unknown as RateLimits;

/**
 * The real server over a real database: PGlite in memory (from the migrated snapshot) by default, or a fresh
 * schema of the PostgreSQL server at DATABASE_URL, dropped on close. Tests call it with `app.inject`. Silent unless
 * given a `logStream`.
 */
export async function startTestServer(
  overrides: Partial<ServerConfig> = {},
  { logStream, clientDir }: { logStream?: NodeJS.WritableStream; clientDir?: string } = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-test-'));
  const config = loadConfig({}, { dataDir, serveClient: false, logLevel: 'silent', rateLimits: REQUEST_LIMITS_RAISED, ...overrides });
  let db: Kysely<Database>;
  let kind: 'pglite' | 'postgres';
  let dropSchema: (() => Promise<void>) | undefined;

  if (process.env.DATABASE_URL) {
    // A database of its own per test file: full isolation, so files can run in parallel on one server.
    const name = `tianmu_test_${crypto.randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 12 });
    db = handle.db;
    kind = 'postgres';
    await migrateToLatest(db);
    dropSchema = async () => {
      await handle.close();
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  } else {
    const pglite = fs.existsSync(SNAPSHOT) ? new PGlite({ loadDataDir: new Blob([fs.readFileSync(SNAPSHOT)]) }) : new PGlite();
    await pglite.waitReady;
    db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins: [new CamelCasePlugin()] });
    kind = 'pglite';
    await migrateToLatest(db);
  }

  // A log stream (a test reading the real log lines) turns the server's own logger on at config.logLevel.
  const app = await buildApp({ config, db, dbKind: kind, clientDir, ...(logStream ? { logStream } : { logger: false }) });
  await app.ready();
  return {
    app,
    db,
    config,
    kind,
    signed(deptId, extra = {}) {
      const timeStamp = String(Date.now());
      return { deptId: String(deptId), timeStamp, sign: signFor(deptId, timeStamp, config.apiSignKey), ...extra };
    },
    formSigned(fields) {
      const timestamp = String(Date.now());
      const random = crypto.randomBytes(8).toString('hex');
      const out: Record<string, string> = { timestamp, random, signature: formSignatureFor(config.formSecret, random, timestamp) };
      for (const [k, v] of Object.entries(fields)) out[k] = String(v);
      return out;
    },
    reloadPlaces: () => app.ctx.places.load(),
    async close() {
      await app.close();
      if (dropSchema) await dropSchema();
      else await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A server that serves the page needs a built client: when dist/client is absent (a fresh clone before its build), a
 * minimal index.html stands in. Returns the cleanup that removes only what it made.
 */
export function standInClientWhenUnbuilt(): () => void {
  if (fs.existsSync('dist/client/index.html')) return () => {};
  fs.mkdirSync('dist/client', { recursive: true });
  fs.writeFileSync('dist/client/index.html', '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>');
  return () => fs.rmSync('dist/client', { recursive: true, force: true });
}
