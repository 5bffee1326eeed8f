import type pg from 'pg';

/** The connection pool behind each PostgreSQL database handle; PGlite has none (one session in this process). */
const pools = new WeakMap<object, pg.Pool>();

/** How the pool stands now: open connections, idle ones, and queries waiting for one (a full pool). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** Remembers the pool that serves `db` (openDatabase), so metrics can read it. */
export function trackPool(db: object, pool: pg.Pool): void {
  pools.set(db, pool);
}

/** The pool that serves `db` as it stands now; undefined for PGlite or a database opened without openDatabase. */
export function poolStats(db: object): PoolStats | undefined {
  const pool = pools.get(db);
  return pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 };
}
