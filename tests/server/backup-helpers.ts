import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { openDatabase } from '../../server/db/database.js';
import type { Database } from '../../server/db/schema.js';
import type { RestoreTarget } from '../../server/backup/restore.js';
import { tableCounts } from '../../server/backup/manifest.js';

/** The address of the PostgreSQL database a test server uses (its own database under DATABASE_URL). */
export async function databaseUrlOf(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(db);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${rows[0].name}`;
  return url.toString();
}

/** A fresh, empty place to restore into, of the kind the tests run on; `open` reads it, `drop` removes it. */
export interface FreshTarget {
  target: RestoreTarget;
  open(): Promise<Kysely<Database>>;
  /** Closes what `open` opened, so that a restore may take the folder again (PGlite). */
  close(): Promise<void>;
  drop(): Promise<void>;
}

export async function freshTarget(kind: 'pglite' | 'postgres'): Promise<FreshTarget> {
  const opened: Array<Kysely<Database>> = [];
  const close = async () => {
    await Promise.all(opened.splice(0).map((db) => db.destroy()));
  };
  if (kind === 'postgres') {
    const name = `tianmu_restore_${crypto.randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    return {
      target: { kind: 'postgres', databaseUrl: url.toString() },
      async open() {
        const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
        opened.push(handle.db);
        return handle.db;
      },
      close,
      async drop() {
        await close();
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-restore-'));
  const dataDir = path.join(dir, 'pglite');
  return {
    target: { kind: 'pglite', dataDir },
    async open() {
      const pglite = new PGlite(dataDir);
      await pglite.waitReady;
      const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins: [new CamelCasePlugin()] });
      opened.push(db);
      return db;
    },
    close,
    async drop() {
      await close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Rows per table, read while nothing else holds the database. */
export async function countsOf(db: Kysely<Database>): Promise<Record<string, number>> {
  return tableCounts(async <R>(text: string) => (await sql.raw<R>(text).execute(db)).rows);
}
