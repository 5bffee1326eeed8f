import type { Kysely } from 'kysely';
import type { AuctionBidResult } from '../../schemas/types/api.js';
import type { Database } from '../db/schema.js';
import { ApiError, badRequest, notFound } from '../api/errors.js';
import { toNumber } from '../api/format.js';
import { MESSAGES } from '../api/messages.js';
import { runStatement } from '../db/prepared.js';
import { bidRefusalError } from './bid-refusal.js';
import { BID, type BidRow } from './bid-statement.js';
import { fen, yuan } from './format.js';
import { bidKeyOf, keyOutcome, outcomeOf } from './bid-outcome.js';
import { PROJECT_MISSING, scopeOrNothing } from './project-scope.js';
import { retryingConflicts } from './transaction.js';

/** An accepted bid as the `auctionBid` call answers it, before the call adds its `serverTime`. */
export type BidOutcome = Omit<AuctionBidResult, 'serverTime'>;

/** A bid call's answer and whether it is the first answer of its key sent again (a replay: no new bid). */
export interface PlacedBid {
  outcome: BidOutcome;
  replayed: boolean;
}

/**
 * Places a bid under the rules of the shared contract, atomically, with the project row locked; the time that
 * decides is the database clock once the lock is held, so bid times rise with bid ids. The NOTIFY that fans the
 * bid out (auctionBid, and delayTime when it moved the end) is delivered at commit, in commit order.
 *
 * One statement, committed on its own: the row lock is held for the statement alone, never across a round trip to
 * this process (with a separate `SELECT … FOR UPDATE` first, the lock waited on BEGIN/statement/COMMIT round trips,
 * and under load the queue behind it grew to ~1 s on PostgreSQL). What decides a bid is read from the locked row,
 * which PostgreSQL hands over in its latest committed version once the lock is granted (READ COMMITTED re-reads
 * a row a concurrent transaction changed): current price, end, and the bid count kept in the row (migration 014).
 * `singleSession` (PGlite: one session, statements never overlap) runs it as a prepared statement.
 */
export async function placeBid(
  db: Kysely<Database>,
  input: { projectId: number; userId: number; amount: number; key?: string; deptIds?: number[]; singleSession?: boolean },
): Promise<PlacedBid> {
  const amountFen = fen(input.amount);
  if (!Number.isFinite(input.amount) || input.amount <= 0) throw badRequest(MESSAGES.auction.amountNotPositive);
  if (Math.abs(amountFen - input.amount * 100) > 1e-6) throw badRequest(MESSAGES.auction.amountCents);
  if (input.amount >= 1e13) throw badRequest(MESSAGES.auction.amountTooLarge);
  if (!Number.isInteger(input.projectId) || !Number.isInteger(input.userId)) throw badRequest(MESSAGES.auction.bidParamsMalformed);
  const key = input.key === undefined ? null : bidKeyOf(input.key);
  const keyed = key === null ? null : { projectId: input.projectId, userId: input.userId, key };
  const params = [input.projectId, input.deptIds ? scopeOrNothing(input.deptIds) : null, input.userId, String(yuan(amountFen)), key];
  let row: BidRow | undefined;
  try {
    // PGlite (one session) runs it prepared: it plans a statement this size in about as long as it runs it.
    row = (await retryingConflicts(() => runStatement<BidRow>(db, BID, params, input.singleSession ?? false)))[0];
  } catch (error) {
    const e = error as { code?: string; constraint?: string };
    // The key, taken meanwhile by the same bid sent twice at once or closed by the outcome call: the first answer.
    if (e.code === '23505' && e.constraint === 'bid_key_pkey' && keyed) return replay(await keyOutcome(db, keyed));
    // The unique (project, amount) index: only reachable if the lock were bypassed; the bidder may simply retry.
    if (e.code === '23505') throw new ApiError(409, MESSAGES.auction.amountTaken);
    throw error;
  }
  if (!row) throw notFound(PROJECT_MISSING);
  if (row.refusal === 'repeated') return replay(row.prior === null ? 'closed' : outcomeOf(row.prior));
  if (!row.payload) {
    // A repeat that waited on the lock behind its first sending reads the rules after it (the price moved) but not
    // its key (the statement's snapshot is older): the key, read again, holds the first answer.
    const first = keyed ? await keyOutcome(db, keyed) : 'absent';
    if (typeof first === 'object') return replay(first);
    throw bidRefusalError(row.refusal, { price: Number(row.price), increment: Number(row.increment), currentPrice: toNumber(row.currentPrice) });
  }
  return { outcome: outcomeOf(row.payload), replayed: false };
}

/** A repeated key's answer: its bid, or 出价未成功 when the key was closed (or gone with its project) without one. */
function replay(found: BidOutcome | 'closed' | 'absent'): PlacedBid {
  if (typeof found === 'object') return { outcome: found, replayed: true };
  throw new ApiError(409, MESSAGES.auction.bidNotLanded);
}
