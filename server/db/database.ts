import fs from 'node:fs';
import path from 'node:path';
import {
  CamelCasePlugin,
  Kysely,
  Migrator,
  sql,
  PostgresDialect,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
  type PostgresPool,
} from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { lockDataDir } from './data-dir-lock.js';
import pg from 'pg';
import type { Database } from './schema.js';
import { postgresStatementName } from './prepared.js';
import * as m001 from './migrations/001_init.js';
import * as m002 from './migrations/002_reference_data.js';
import * as m003 from './migrations/003_auction.js';
import * as m004 from './migrations/004_intent_attachments.js';
import * as m005 from './migrations/005_deal_announcement_project.js';
import * as m006 from './migrations/006_project_code.js';
import * as m007 from './migrations/007_shop_product.js';
import * as m009 from './migrations/009_visitor_requests.js';
import * as m010 from './migrations/010_caodi_finance_category.js';
import * as m011 from './migrations/011_intent_review.js';
import * as m012 from './migrations/012_rate_limits.js';
import * as m013 from './migrations/013_project_list_scale.js';
import * as m014 from './migrations/014_bid_count.js';
import * as m015 from './migrations/015_staff_console.js';
import * as m016 from './migrations/016_project_counts_recount.js';
import * as m017 from './migrations/017_project_tally_place.js';
import * as m018 from './migrations/018_stored_files.js';
import * as m019 from './migrations/019_production_accounts.js';

/** Versioned migrations, in order. Add a file and a line here; never edit a landed migration. */
const migrations: Record<string, Migration> = {
  '001_init': m001,
  '002_reference_data': m002,
  '003_auction': m003,
  '004_intent_attachments': m004,
  '005_deal_announcement_project': m005,
  '006_project_code': m006,
  '007_shop_product': m007,
  '009_visitor_requests': m009,
  '010_caodi_finance_category': m010,
  '011_intent_review': m011,
  '012_rate_limits': m012,
  '013_project_list_scale': m013,
  '014_bid_count': m014,
  '015_staff_console': m015,
  '016_project_counts_recount': m016,
  '017_project_tally_place': m017,
  '018_stored_files': m018,
  '019_production_accounts': m019,
};

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

/** Receives NOTIFY payloads of one channel, in commit order. */
export type NotificationHandler = (payload: string) => void;

export interface ListenOptions {
  /** Called after a lost LISTEN connection is back: notifications sent meanwhile were missed. */
  onReconnect?: () => void;
  /** Where connection trouble is reported (default: console.warn). */
  warn?: (message: string) => void;
}

/** LISTENs on `channel`; resolves once listening, to a function that stops it. */
export type ListenFn = (channel: string, handler: NotificationHandler, options?: ListenOptions) => Promise<() => Promise<void>>;

export interface DatabaseHandle {
  db: Kysely<Database>;
  /** 'pglite' (embedded, one session) or 'postgres' (a server, real concurrency). */
  kind: 'pglite' | 'postgres';
  /** LISTEN/NOTIFY: a dedicated reconnecting connection on PostgreSQL, the embedded session on PGlite. */
  listen: ListenFn;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder; `undefined` or 'memory' keeps the database in memory (tests). */
  dataDir?: string;
  poolSize?: number;
}

/** Clients whose `query` already sends the named statements by name. */
const namingClients = new WeakSet<pg.PoolClient>();

/**
 * The pool as Kysely sees it, with one change: a statement text that {@link postgresStatementName} names goes to
 * PostgreSQL as a named prepared statement (node-postgres parses it once per connection and then only binds and
 * runs it), not as an unnamed one parsed and planned afresh every time. Every other query passes unchanged.
 */
function namedStatementsPool(pool: pg.Pool): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      if (!namingClients.has(client)) {
        namingClients.add(client);
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        client.query = ((...args: unknown[]) => {
          const name = typeof args[0] === 'string' ? postgresStatementName(args[0]) : undefined;
          return name ? query({ name, text: args[0], values: args[1] }) : query(...args);
        }) as typeof client.query;
      }
      return client;
    },
    end: () => pool.end(),
  };
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
    // An idle pooled connection that the server ends (restart, failover, an administrator, a dropped test
    // database) is an 'error' on the pool; unheard, Node would crash the whole portal. The pool has already
    // dropped that client and opens a new one on the next query, so a line in the log is all it needs.
    let closing = false;
    pool.on('error', (error) => {
      if (!closing) console.warn(`数据库空闲连接断开：${error.message}`);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: namedStatementsPool(pool) }), plugins });
    const stops = new Set<() => Promise<void>>();
    const listen: ListenFn = async (channel, handler, listenOptions) => {
      const stop = await pgListen(options.databaseUrl!, channel, handler, listenOptions);
      const tracked = async () => {
        stops.delete(tracked);
        await stop();
      };
      stops.add(tracked);
      return tracked;
    };
    const close = async () => {
      closing = true;
      await Promise.all([...stops].map((stop) => stop()));
      await db.destroy();
    };
    return { db, kind: 'postgres', listen, close };
  }
  let pglite: PGlite;
  let unlock = async () => {};
  if (!options.dataDir || options.dataDir === 'memory') {
    pglite = new PGlite();
    await pglite.waitReady;
  } else {
    fs.mkdirSync(options.dataDir, { recursive: true });
    // Before PGlite touches the folder: a second process on it would corrupt the database (data-dir-lock.ts).
    unlock = await lockDataDir(options.dataDir);
    try {
      pglite = new PGlite(options.dataDir);
      await pglite.waitReady;
    } catch (error) {
      await unlock();
      throw error;
    }
  }
  // PGlite hands int8 back as bigint; as with pg above, counts and ids are plain numbers to the API.
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins });
  const close = async () => {
    try {
      await db.destroy();
    } finally {
      await unlock();
    }
  };
  return { db, kind: 'pglite', listen: (channel, handler) => pgliteListen(db, pglite, channel, handler), close };
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * LISTEN on a dedicated PostgreSQL connection (a pooled one would be handed to queries). A dropped connection is
 * reopened with a growing delay, up to 5 s, and `onReconnect` tells the caller that it may have missed messages.
 */
export async function pgListen(
  connectionString: string,
  channel: string,
  handler: NotificationHandler,
  options: ListenOptions = {},
): Promise<() => Promise<void>> {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = 200;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString });
    c.on('notification', (n) => {
      if (n.channel === channel) handler(n.payload ?? '');
    });
    // Errors end the connection; 'end' schedules the reconnect, so one handler is enough for both.
    c.on('error', (error) => warn(`LISTEN ${channel} 连接错误：${error.message}`));
    c.on('end', () => {
      if (client === c) client = undefined;
      if (!stopped) schedule();
    });
    await c.connect();
    await c.query(`LISTEN ${quoteIdent(channel)}`);
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    delay = 200;
  };
  const schedule = () => {
    if (retry || stopped) return;
    retry = setTimeout(async () => {
      retry = undefined;
      try {
        await connect();
        options.onReconnect?.();
      } catch (error) {
        warn(`LISTEN ${channel} 重新连接失败：${(error as Error).message}`);
        delay = Math.min(delay * 2, 5000);
        schedule();
      }
    }, delay);
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = undefined;
    await c?.end().catch(() => undefined);
  };
}

/**
 * LISTEN on PGlite's one session. The LISTEN runs while holding Kysely's connection, so it never lands inside
 * another caller's open transaction (where a rollback would undo it).
 */
export async function pgliteListen(db: Kysely<Database>, pglite: PGlite, channel: string, handler: NotificationHandler): Promise<() => Promise<void>> {
  const unlisten = await db.getExecutor().provideConnection(() => pglite.listen(channel, handler));
  return () => db.getExecutor().provideConnection(() => unlisten());
}

/**
 * The LISTEN capability for a Kysely instance opened elsewhere (tests build their own): PGlite is found behind
 * the dialect's connection; PostgreSQL is reached at `databaseUrl` pointed at the database the pool is using.
 * Undefined when PostgreSQL's address is unknown.
 */
export async function listenFor(db: Kysely<Database>, kind: 'pglite' | 'postgres', databaseUrl: string | undefined): Promise<ListenFn | undefined> {
  if (kind === 'pglite') {
    const pglite = await db.getExecutor().provideConnection(async (connection) => (connection as unknown as { client?: PGlite }).client);
    if (!pglite || typeof pglite.listen !== 'function') throw new Error('无法取得 PGlite 实例以监听通知');
    return (channel, handler) => pgliteListen(db, pglite, channel, handler);
  }
  if (!databaseUrl) return undefined;
  const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(db);
  const url = new URL(databaseUrl);
  url.pathname = `/${rows[0].name}`;
  return (channel, handler, options) => pgListen(url.toString(), channel, handler, options);
}

export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/** Brings the schema up to the latest migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  return migrated(await new Migrator({ db, provider: new StaticMigrationProvider() }).migrateToLatest());
}

/** Brings the schema to the named migration (up or down): how a test sees data written under an older schema. */
export async function migrateTo(db: Kysely<Database>, migrationName: string): Promise<string[]> {
  return migrated(await new Migrator({ db, provider: new StaticMigrationProvider() }).migrateTo(migrationName));
}

function migrated({ error, results }: MigrationResultSet): string[] {
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`迁移失败${failed ? `（${failed.migrationName}）` : ''}: ${(error as Error).message ?? error}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
