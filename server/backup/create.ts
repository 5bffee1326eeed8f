import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../db/schema.js';
import { fileDigest, writeArchive } from './archive.js';
import { appliedMigrations, appVersion, tableCounts, type Manifest, type Query } from './manifest.js';
import { postgresTool, redactUrl, runTool } from './postgres-tools.js';

/** Archives are named so that their names sort by time: tianmu-backup-2026-11-27T18-30-00-000Z-postgres.tar. */
export const ARCHIVE_PATTERN = /^tianmu-backup-\d{4}-\d\d-\d\dT[\d-]+Z-(pglite|postgres)\.tar$/;

/** One backup at a time on a PostgreSQL, whatever the instance (a transaction-level advisory lock). */
const BACKUP_LOCK_KEY = 7_311_640_517;

export interface BackupOptions {
  /** The database, on connections without a statement timeout (a dump outlasts any request). */
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: the address pg_dump connects to (the same database as `db`). */
  databaseUrl?: string;
  /** Folder the archive is written to (made when absent). */
  dir: string;
  trigger: 'schedule' | 'cli';
  /**
   * Scheduled runs: whether a backup is due, decided while holding the lock (another instance may have just taken
   * one). Absent: always.
   */
  isDue?: (db: Kysely<Database>) => Promise<boolean>;
}

export type BackupOutcome = { taken: true; file: string; manifest: Manifest } | { taken: false; reason: string };

const stamp = (at: Date) => at.toISOString().replace(/[:.]/g, '-');

/** What a snapshot gives the archive writer: counts and migrations as of the dump, and the dump in a file. */
interface Snapshot {
  /** Rows per table and the applied migrations, as of the dump. */
  contents(): Promise<{ counts: Record<string, number>; migrations: string[] }>;
  /** Writes the dump to `file`; resolves to its name inside the archive. */
  dumpTo(file: string): Promise<string>;
}

const contentsOf = async (query: Query) => ({ counts: await tableCounts(query), migrations: await appliedMigrations(query) });

/**
 * Takes a backup: one snapshot of the database dumped, with its manifest, into one archive in `dir`, written under
 * a temporary name and renamed when complete. The run is recorded in backup_run (outcome included) before the lock
 * is released.
 */
export async function takeBackup(options: BackupOptions): Promise<BackupOutcome> {
  const inSnapshot = options.kind === 'postgres' ? postgresSnapshot : pgliteSnapshot;
  return inSnapshot(options, async (snapshot) => {
    if (options.isDue && !(await options.isDue(options.db))) return { taken: false, reason: '未到备份时间' };
    const startedAt = new Date();
    const name = `tianmu-backup-${stamp(startedAt)}-${options.kind}.tar`;
    const target = path.join(options.dir, name);
    const partial = path.join(options.dir, `.${name}.part`);
    const payloadFile = path.join(options.dir, `.${name}.payload.part`);
    try {
      fs.mkdirSync(options.dir, { recursive: true });
      const { counts, migrations } = await snapshot.contents();
      const payloadName = await snapshot.dumpTo(payloadFile);
      const digest = await fileDigest(payloadFile);
      const manifest: Manifest = {
        format: 'tianmu-backup/1',
        createdAt: startedAt.toISOString(),
        kind: options.kind,
        appVersion: appVersion(),
        migrations,
        counts,
        payload: { name: payloadName, ...digest },
      };
      await writeArchive(partial, manifest, payloadFile);
      fs.renameSync(partial, target);
      // A database older than backup_run (npm run backup before the first migration of this version) still backs up.
      await record(options, startedAt, { ok: true, file: name, bytes: fs.statSync(target).size, error: null }).catch(() => undefined);
      return { taken: true, file: target, manifest };
    } catch (error) {
      const message = redactUrl((error as Error).message ?? String(error)).slice(0, 1000);
      await record(options, startedAt, { ok: false, file: null, bytes: null, error: message }).catch(() => undefined);
      throw new Error(message);
    } finally {
      fs.rmSync(partial, { force: true });
      fs.rmSync(payloadFile, { force: true });
    }
  });
}

async function record(options: BackupOptions, startedAt: Date, outcome: { ok: boolean; file: string | null; bytes: number | null; error: string | null }) {
  await options.db
    .insertInto('backupRun')
    .values({ startedAt, finishedAt: new Date(), trigger: options.trigger, ...outcome })
    .execute();
}

type SnapshotWork = (snapshot: Snapshot) => Promise<BackupOutcome>;

/**
 * PostgreSQL: a REPEATABLE READ transaction holds the advisory lock and exports its snapshot; the counts are read in
 * it and pg_dump dumps that same snapshot (--snapshot), so the manifest and the dump agree to the row however many
 * bids commit meanwhile.
 */
async function postgresSnapshot(options: BackupOptions, work: SnapshotWork): Promise<BackupOutcome> {
  if (!options.databaseUrl) throw new Error('PostgreSQL 备份需要 DATABASE_URL');
  return options.db.connection().execute(async (conn) => {
    await sql`BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY`.execute(conn);
    try {
      const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${BACKUP_LOCK_KEY}) AS locked`.execute(conn);
      if (!rows[0]?.locked) return { taken: false, reason: '另一个实例正在备份' };
      const { rows: exported } = await sql<{ id: string }>`SELECT pg_export_snapshot() AS id`.execute(conn);
      return await work({
        contents: () => contentsOf(async <R>(text: string) => (await sql.raw<R>(text).execute(conn)).rows),
        async dumpTo(file) {
          const args = [
            '--format=custom',
            '--no-owner',
            '--no-privileges',
            `--snapshot=${exported[0].id}`,
            `--file=${file}`,
            `--dbname=${options.databaseUrl}`,
          ];
          await runTool(postgresTool('pg_dump'), args);
          return 'database.pgdump';
        },
      });
    } finally {
      await sql`COMMIT`.execute(conn);
    }
  });
}

/**
 * PGlite: one session, whose connection Kysely hands out one caller at a time. Holding it, nothing else runs: the
 * counts and PGlite's own dump (dumpDataDir, a gzip'd tar of the data folder) see the same database, between two
 * statements of the portal. Its one instance needs no lock.
 */
async function pgliteSnapshot(options: BackupOptions, work: SnapshotWork): Promise<BackupOutcome> {
  let dumped: Blob | undefined;
  let contents: Awaited<ReturnType<Snapshot['contents']>> | undefined;
  const take = () =>
    options.db.getExecutor().provideConnection(async (connection) => {
      const pglite = (connection as unknown as { client?: PGlite }).client;
      if (!pglite || typeof pglite.dumpDataDir !== 'function') throw new Error('无法取得 PGlite 实例以导出数据');
      contents = await contentsOf(async <R>(text: string) => (await pglite.query<R>(text)).rows);
      dumped = await pglite.dumpDataDir('gzip');
    });
  // The snapshot is taken inside the work (after the due check, which needs the one connection too) and the archive
  // is written after the connection is back: the portal goes on while the file is written.
  return work({
    async contents() {
      await take();
      return contents!;
    },
    async dumpTo(file) {
      fs.writeFileSync(file, Buffer.from(await dumped!.arrayBuffer()));
      return 'pglite-data.tar.gz';
    },
  });
}
