import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { RateLimitRule } from '../runtime/config.js';
import type { Database } from '../db/schema.js';

/** What a counter says after a hit (or a look). */
export interface CounterState {
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends (and the count starts afresh). */
  ttlMs: number;
}

/** Keys are visitor input (a phone, an address): long ones are hashed so a row stays small. */
const keyOf = (key: string) => (key.length <= 100 ? key : `sha256:${crypto.createHash('sha256').update(key).digest('hex')}`);

/** Share of hits that also delete long-ended windows, so the table stays the size of the live counters. */
const TRIM_SHARE = 0.01;

/**
 * Fixed-window counters in the rate_limit table, shared by every server over the database and kept across restarts.
 * Times are the database's (`now()`), one clock for all instances.
 */
export class RateLimitCounters {
  constructor(private readonly db: Kysely<Database>) {}

  /** Counts one hit of `key` under the limit `name`, atomically: concurrent hits each get their own count. */
  async hit(name: string, key: string, windowMs: number): Promise<CounterState> {
    const secs = windowMs / 1000;
    const { rows } = await sql<{ count: number; ttlMs: number }>`
      INSERT INTO rate_limit (name, key, count, reset_at)
      VALUES (${name}, ${keyOf(key)}, 1, now() + make_interval(secs => ${secs}))
      ON CONFLICT (name, key) DO UPDATE SET
        count = CASE WHEN rate_limit.reset_at <= now() THEN 1 ELSE rate_limit.count + 1 END,
        reset_at = CASE WHEN rate_limit.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limit.reset_at END
      RETURNING count, (extract(epoch FROM reset_at - now()) * 1000)::float8 AS ttl_ms`.execute(this.db);
    if (Math.random() < TRIM_SHARE) await this.trim();
    return { count: rows[0].count, ttlMs: Math.max(0, Math.ceil(rows[0].ttlMs)) };
  }

  /** The count of `key` in its live window, without counting a hit (0 when there is none). */
  async read(name: string, key: string): Promise<CounterState> {
    const { rows } = await sql<{ count: number; ttlMs: number }>`
      SELECT count, (extract(epoch FROM reset_at - now()) * 1000)::float8 AS ttl_ms
      FROM rate_limit WHERE name = ${name} AND key = ${keyOf(key)} AND reset_at > now()`.execute(this.db);
    return rows[0] ? { count: rows[0].count, ttlMs: Math.max(0, Math.ceil(rows[0].ttlMs)) } : { count: 0, ttlMs: 0 };
  }

  /** Takes one hit back (a reserved attempt that turned out fine). */
  async release(name: string, key: string): Promise<void> {
    await sql`UPDATE rate_limit SET count = count - 1 WHERE name = ${name} AND key = ${keyOf(key)} AND count > 0`.execute(this.db);
  }

  /** Forgets the counters of `name` whose key is `key`, or starts with `key` when `prefix` is set. */
  async clear(name: string, key: string, options: { prefix?: boolean } = {}): Promise<void> {
    const where = options.prefix ? sql`key LIKE ${`${key.replace(/[\\%_]/g, '\\$&')}%`}` : sql`key = ${keyOf(key)}`;
    await sql`DELETE FROM rate_limit WHERE name = ${name} AND ${where}`.execute(this.db);
  }

  /** Deletes windows that ended more than an hour ago. */
  async trim(): Promise<void> {
    await sql`DELETE FROM rate_limit WHERE reset_at < now() - interval '1 hour'`.execute(this.db);
  }
}

export const windowMsOf = (rule: RateLimitRule) => rule.windowSeconds * 1000;
