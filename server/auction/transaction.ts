import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { AUCTION_CHANNEL, type AuctionNotification } from './messages.js';

/** A connection or an open transaction: what a statement of the auction runs on. */
export type Db = Kysely<Database> | Transaction<Database>;

// PostgreSQL aborts one side of a lock conflict with these; the whole transaction is safe to run again.
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 8;

/** Runs `work` in a transaction, again (with a short random pause) when PostgreSQL aborts it as a conflict. */
export async function inTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return retryingConflicts(() => db.transaction().execute(work));
}

/** Runs `attempt` (a whole transaction or one statement), again when PostgreSQL aborts it as a conflict. */
export async function retryingConflicts<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (!code || !RETRYABLE.has(code) || attempt >= MAX_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}

/** The database's clock now (not the transaction start): the time that decides bids and closes. */
export async function dbNow(db: Db): Promise<Date> {
  const { rows } = await sql<{ now: Date | string }>`SELECT clock_timestamp() AS now`.execute(db);
  return new Date(rows[0].now);
}

/** Queues a NOTIFY on the auction channel; PostgreSQL delivers it when (and only if) the transaction commits. */
export async function notify(db: Db, message: AuctionNotification): Promise<void> {
  await sql`SELECT pg_notify(${AUCTION_CHANNEL}, ${JSON.stringify(message)})`.execute(db);
}
