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
import { trackPool } from './pool-stats.js';
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
import * as m020 from './migrations/020_bid_keys.js';
import * as m021 from './migrations/021_backup_runs.js';
import * as m022 from './migrations/022_staff_roles.js';
import * as m023 from './migrations/023_onsite_deposit.js';
import * as m024 from './migrations/024_project_code_documents.js';

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
  '020_bid_keys': m020,
  '021_backup_runs': m021,
  '022_staff_roles': m022,
  '023_onsite_deposit': m023,
  '024_project_code_documents': m024,
};

/** Every migration's name, in order: the newest is the schema version a backup's manifest names. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations);

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
  /** Called when the LISTEN connection is lost (it is being reopened): readiness says so meanwhile. */
  onLost?: () => void;
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
  /**
   * The same database with no statement timeout, for long work a request never does: migrations, the demo seed,
   * bulk loads. On PostgreSQL a small pool of its own, opened on first use; on PGlite `db` itself.
   */
  unbounded: Kysely<Database>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder; `undefined` or 'memory' keeps the database in memory (tests). */
  dataDir?: string;
  poolSize?: number;
  /**
   * PostgreSQL only: the longest a statement may run (ms), as the server's statement_timeout, and the longest the
   * driver waits for any answer (a little longer: a paused or unreachable server cannot cancel anything itself).
   * Absent or 0: unbounded (command-line tools). PGlite runs in this process and cannot be paused apart from it.
   */
  statementTimeoutMs?: number;
  /** PostgreSQL only: the longest wait for a connection, new or from the full pool (ms); absent or 0: unbounded. */
  connectTimeoutMs?: number;
}

/** How much longer than the statement timeout the driver waits for an answer before it gives up on the connection. */
const DRIVER_MARGIN_MS = 1000;

/** Clients whose `query` already sends the named statements by name. */
const namingClients = new WeakSet<pg.PoolClient>();
/**
 * Clients not to use again: the driver gave up waiting for an answer (query_timeout; the statement may still be
 * running on a paused server, and anything sent after it would wait behind it), or the connection failed while
 * checked out. Such a client fails at once and leaves the pool on release.
 */
const stuckClients = new WeakSet<pg.PoolClient>();
const QUERY_READ_TIMEOUT = 'Query read timeout';

/**
 * The pool as Kysely sees it, with two changes: a statement text that {@link postgresStatementName} names goes to
 * PostgreSQL as a named prepared statement (node-postgres parses it once per connection and then only binds and
 * runs it), not as an unnamed one parsed and planned afresh every time; and a connection the driver gave up on
 * (stuckClients) is not handed out again. Every other query passes unchanged.
 */
function namedStatementsPool(pool: pg.Pool): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      if (!namingClients.has(client)) {
        namingClients.add(client);
        // The pool listens for errors only while a client is idle: a server that ends a session while a request
        // holds it (a restart, pg_ctl stop) would be an unheard 'error' and crash the process. The query under way
        // fails by itself; the client is marked so it leaves the pool when released.
        client.on('error', () => stuckClients.add(client));
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        client.query = ((...args: unknown[]) => {
          // A rollback after a timed-out statement would wait as long again on the same silent connection.
          if (stuckClients.has(client)) return Promise.reject(new Error(QUERY_READ_TIMEOUT));
          const name = typeof args[0] === 'string' ? postgresStatementName(args[0]) : undefined;
          const result = name ? query({ name, text: args[0], values: args[1] }) : query(...args);
          if (result instanceof Promise) {
            result.catch((error: unknown) => {
              if ((error as Error | undefined)?.message === QUERY_READ_TIMEOUT) stuckClients.add(client);
            });
          }
          return result;
        }) as typeof client.query;
      }
      const release = client.release;
      client.release = (destroy?: Error | boolean) => release(destroy ?? (stuckClients.has(client) || undefined));
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
    const statementTimeout = options.statementTimeoutMs || 0;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      ...(statementTimeout > 0 && { statement_timeout: statementTimeout, query_timeout: statementTimeout + DRIVER_MARGIN_MS }),
      ...(options.connectTimeoutMs && { connectionTimeoutMillis: options.connectTimeoutMs }),
    });
    // An idle pooled connection that the server ends (restart, failover, an administrator, a dropped test
    // database) is an 'error' on the pool; unheard, Node would crash the whole portal. The pool has already
    // dropped that client and opens a new one on the next query, so a line in the log is all it needs.
    // One line per connection: at most the pool's size at a time.
    let closing = false;
    const onPoolError = (error: Error) => {
      if (!closing) console.warn(`数据库空闲连接断开：${error.message}`);
    };
    pool.on('error', onPoolError);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: namedStatementsPool(pool) }), plugins });
    trackPool(db, pool);
    const unbounded =
      statementTimeout > 0
        ? new Kysely<Database>({
            dialect: new PostgresDialect({
              // Opened on first use: a server whose database is already migrated never needs it.
              pool: async () => new pg.Pool({ connectionString: options.databaseUrl, max: 2 }).on('error', onPoolError),
            }),
            plugins,
          })
        : db;
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
      if (unbounded !== db) await unbounded.destroy();
    };
    return { db, kind: 'postgres', listen, unbounded, close };
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
  return { db, kind: 'pglite', listen: (channel, handler) => pgliteListen(db, pglite, channel, handler), unbounded: db, close };
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The longest wait between two attempts to reopen a lost LISTEN connection: readiness returns soon after PostgreSQL. */
const LISTEN_MAX_RETRY_MS = 2000;
/** The longest a LISTEN connection may take to open: a paused server must not hold the reconnect loop forever. */
const LISTEN_CONNECT_TIMEOUT_MS = 5000;

/**
 * LISTEN on a dedicated PostgreSQL connection (a pooled one would be handed to queries). A dropped connection is
 * reopened with a growing delay, up to 2 s; `onLost` says it is gone, `onReconnect` that it is back and that
 * messages may have been missed meanwhile. During an outage the failed attempts are reported once, not each time.
 */
export async function pgListen(
  connectionString: string,
  channel: string,
  handler: NotificationHandler,
  options: ListenOptions = {},
): Promise<() => Promise<void>> {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  let failures = 0;
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = 200;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString, connectionTimeoutMillis: LISTEN_CONNECT_TIMEOUT_MS });
    c.on('notification', (n) => {
      if (n.channel === channel) handler(n.payload ?? '');
    });
    // Errors end the connection; 'end' schedules the reconnect, so one handler is enough for both.
    c.on('error', (error) => warn(`LISTEN ${channel} 连接错误：${error.message}`));
    c.on('end', () => {
      const wasListening = client === c;
      if (wasListening) client = undefined;
      if (stopped) return;
      if (wasListening) options.onLost?.();
      schedule();
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
        if (failures) warn(`LISTEN ${channel} 已重新连接（此前失败 ${failures} 次）`);
        failures = 0;
        options.onReconnect?.();
      } catch (error) {
        if (failures++ === 0) warn(`LISTEN ${channel} 重新连接失败，将持续重试：${(error as Error).message}`);
        delay = Math.min(delay * 2, LISTEN_MAX_RETRY_MS);
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

/**
 * The migrations this code knows that the database has not applied (all of them when it has none): readiness is
 * refused until there are none. One query; an error (the database not answering) is the caller's.
 */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ exists: boolean }>`SELECT to_regclass('kysely_migration') IS NOT NULL AS exists`.execute(db);
  if (!rows[0]?.exists) return Object.keys(migrations);
  const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
  const done = new Set(applied.rows.map((r) => r.name));
  return Object.keys(migrations).filter((name) => !done.has(name));
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
