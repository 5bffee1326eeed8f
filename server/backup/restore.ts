import crypto from 'node:crypto';
import fs from 'node:fs';
import { PassThrough, Readable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { lockDataDir } from '../db/data-dir-lock.js';
import { migrateToLatest } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { ArchiveError, payloadStream, verifyArchive, type VerifiedArchive } from './archive.js';
import { describeCounts, tableCounts, type Manifest, type Query } from './manifest.js';
import { postgresTool, runTool } from './postgres-tools.js';

/** A restore refused before anything changed; the message is for the operator. */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

export type RestoreTarget = { kind: 'postgres'; databaseUrl: string } | { kind: 'pglite'; dataDir: string };

export interface RestoreOptions {
  file: string;
  target: RestoreTarget;
  /** Replace a database that is not empty (PostgreSQL: its public schema; PGlite: the old folder is kept aside). */
  force?: boolean;
  log?: (line: string) => void;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Migrations applied after the restore (the archive's schema was older). */
  migrated: string[];
  /** PGlite with --force: where the replaced data folder was moved. */
  keptAside?: string;
}

const KIND_NAME = { pglite: 'PGlite（内置数据库）', postgres: 'PostgreSQL' } as const;

/**
 * Restores an archive: checked whole first (manifest, size, SHA-256, database kind, an empty target or --force),
 * so a refusal changes nothing; then loaded in one go, its row counts compared with the manifest, and the schema
 * migrated forward when the archive is older than this code.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const archive = await verifyArchive(options.file);
  const { manifest } = archive;
  if (manifest.kind !== options.target.kind) {
    throw new RestoreRefused(
      `备份来自 ${KIND_NAME[manifest.kind]}，而当前目标是 ${KIND_NAME[options.target.kind]}：两种数据库的备份不能互相恢复。` +
        (manifest.kind === 'postgres' ? '请设置 DATABASE_URL 指向一个空的 PostgreSQL 数据库后再恢复。' : '请取消 DATABASE_URL，恢复到 DATA_DIR 下的 PGlite。'),
    );
  }
  const log = options.log ?? (() => undefined);
  log(`备份时间 ${manifest.createdAt}，应用版本 ${manifest.appVersion}，已应用迁移 ${manifest.migrations.length} 个，${describeCounts(manifest.counts)}`);
  return options.target.kind === 'postgres'
    ? restorePostgres(options, options.target.databaseUrl, archive)
    : restorePglite(options, options.target.dataDir, archive);
}

function checkCounts(expected: Record<string, number>, found: Record<string, number>): void {
  const wrong = Object.entries(expected)
    .filter(([table, n]) => found[table] !== n)
    .map(([table, n]) => `${table}：清单 ${n} 行，恢复后 ${found[table] ?? '无此表'}`);
  if (wrong.length) throw new Error(`恢复后的行数与备份清单不符：${wrong.join('；')}`);
}

function refuseNonEmpty(where: string, counts: Record<string, number>): never {
  throw new RestoreRefused(`目标数据库不是空的（${where}：${describeCounts(counts)}）。恢复会覆盖这些数据；确认要替换时加 --force。`);
}

async function restorePostgres(options: RestoreOptions, databaseUrl: string, archive: VerifiedArchive): Promise<RestoreResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const query: Query = async <R>(text: string) => (await client.query(text)).rows as R[];
  try {
    const before = await tableCounts(query);
    if (Object.keys(before).length && !options.force) refuseNonEmpty(`数据库 ${client.database ?? ''}`, before);
    // pg_restore writes the dump as SQL and psql runs it in one transaction, after the old schema's removal when
    // forced: all of it or, on any error, none of it.
    const script = new PassThrough();
    const restore = runTool(postgresTool('pg_restore'), ['--no-owner', '--no-privileges', '--file=-'], {
      input: payloadStream(options.file, archive),
      output: script,
    });
    restore.then(
      () => script.end(),
      () => script.end(),
    );
    const prefix = options.force ? 'DROP SCHEMA IF EXISTS public CASCADE;\nCREATE SCHEMA public;\n' : '';
    const input = Readable.from(
      (async function* () {
        yield Buffer.from(prefix);
        for await (const chunk of script) yield chunk as Buffer;
        await restore; // a failed pg_restore must fail the transaction, not commit half a script
      })(),
    );
    await runTool(postgresTool('psql'), ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', `--dbname=${databaseUrl}`], { input });
    await restore;
    checkCounts(archive.manifest.counts, await tableCounts(query));
  } finally {
    await client.end();
  }
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 1 }) }),
    plugins: [new CamelCasePlugin()],
  });
  try {
    return { manifest: archive.manifest, migrated: await migrateToLatest(db) };
  } finally {
    await db.destroy();
  }
}

/** The payload read into memory and checked again: PGlite loads a data folder from a Blob. */
async function pglitePayload(file: string, archive: VerifiedArchive): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of payloadStream(file, archive)) chunks.push(chunk as Buffer);
  const payload = Buffer.concat(chunks);
  if (crypto.createHash('sha256').update(payload).digest('hex') !== archive.manifest.payload.sha256)
    throw new ArchiveError('备份文件在校验后被改动，拒绝恢复。');
  return payload;
}

async function pgliteCounts(pglite: PGlite): Promise<Record<string, number>> {
  return tableCounts(async <R>(text: string) => (await pglite.query<R>(text)).rows);
}

async function restorePglite(options: RestoreOptions, dataDir: string, archive: VerifiedArchive): Promise<RestoreResult> {
  // The folder is held as a server holds it: a running server refuses the restore (DataDirBusyError).
  fs.mkdirSync(dataDir, { recursive: true });
  const unlock = await lockDataDir(dataDir);
  let keptAside: string | undefined;
  try {
    if (fs.readdirSync(dataDir).length) {
      const existing = new PGlite(dataDir);
      const before = await pgliteCounts(existing).finally(() => existing.close());
      if (!options.force) refuseNonEmpty(`PGlite 数据目录 ${dataDir}`, before);
    }
    const payload = await pglitePayload(options.file, archive);
    if (fs.readdirSync(dataDir).length) {
      keptAside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      fs.renameSync(dataDir, keptAside);
      fs.mkdirSync(dataDir);
    }
    try {
      const pglite = new PGlite(dataDir, { loadDataDir: new Blob([payload as unknown as BlobPart]) });
      await pglite.waitReady;
      const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins: [new CamelCasePlugin()] });
      try {
        checkCounts(archive.manifest.counts, await pgliteCounts(pglite));
        return { manifest: archive.manifest, migrated: await migrateToLatest(db), keptAside };
      } finally {
        await db.destroy();
      }
    } catch (error) {
      // Back as it was: the replaced folder returns, the half-loaded one goes.
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (keptAside) fs.renameSync(keptAside, dataDir);
      else fs.mkdirSync(dataDir, { recursive: true });
      keptAside = undefined;
      throw error;
    }
  } finally {
    await unlock();
  }
}
