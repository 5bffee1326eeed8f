import fs from 'node:fs';
import path from 'node:path';
import { CamelCasePlugin, Kysely, Migrator, PostgresDialect, type Migration, type MigrationProvider } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './schema.js';
import * as m001 from './migrations/001_init.js';
import * as m002 from './migrations/002_reference_data.js';

/** Versioned migrations, in order. Add a file and a line here; never edit a landed migration. */
const migrations: Record<string, Migration> = {
  '001_init': m001,
  '002_reference_data': m002,
};

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  /** 'pglite' (embedded, one session) or 'postgres' (a server, real concurrency). */
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder; `undefined` or 'memory' keeps the database in memory (tests). */
  dataDir?: string;
  poolSize?: number;
}

// PostgreSQL returns int8 (bigint, count(*)) as text to keep precision; our counts and ids fit in a double.
pg.types.setTypeParser(20, (value: string) => Number(value));

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  const plugins = [new CamelCasePlugin()];
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  let pglite: PGlite;
  if (!options.dataDir || options.dataDir === 'memory') {
    pglite = new PGlite();
  } else {
    fs.mkdirSync(options.dataDir, { recursive: true });
    pglite = new PGlite(options.dataDir);
  }
  await pglite.waitReady;
  // PGlite hands int8 back as bigint; as with pg above, counts and ids are plain numbers to the API.
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins });
  return { db, kind: 'pglite', close: () => db.destroy() };
}

export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/** Brings the schema up to the latest migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`迁移失败${failed ? `（${failed.migrationName}）` : ''}: ${(error as Error).message ?? error}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
