import { sql, type Kysely } from 'kysely';
import type { AuctionRecord, AuctionState } from '../../schemas/types/api.js';
import type { Database } from '../db/schema.js';
import { toNumber } from '../api/format.js';
import { maskName, ms } from './format.js';
import { scopeOrNothing } from './project-scope.js';

/** A bid as viewers see it and the whole auction of a project (the socket's and the call's `auctionState`): the
 * contract's types, generated from schemas/api/auction.json. */
export type { AuctionRecord, AuctionState };

/** The newest records a state carries (a first watch, the call). */
export const RECORD_LIMIT = 50;

/** Records read between two bids: `after` < id < `before` (either may be absent), newest first, at most `limit`. */
export interface RecordRange {
  after?: number;
  before?: number;
  limit: number;
}

/** A project's bids as viewers see them, newest first. Bid ids grow in commit order within a project (its row is
 * locked by every bid), so "after id N" is exactly "committed after bid N". */
export async function auctionRecords(db: Kysely<Database>, projectId: number, range: RecordRange): Promise<AuctionRecord[]> {
  let q = db
    .selectFrom('bid as b')
    .leftJoin('registration as r', (j) => j.onRef('r.projectId', '=', 'b.projectId').onRef('r.userId', '=', 'b.userId'))
    .innerJoin('appUser as u', 'u.userId', 'b.userId')
    .select(['b.id', 'b.amount', 'b.bidderCode', 'r.bidderCode as registrationCode', 'u.name', 'b.createdAt'])
    .where('b.projectId', '=', projectId);
  if (range.after !== undefined) q = q.where('b.id', '>', range.after);
  if (range.before !== undefined) q = q.where('b.id', '<', range.before);
  const rows = await q.orderBy('b.id', 'desc').limit(range.limit).execute();
  return rows.map((r) => ({
    id: Number(r.id),
    amount: toNumber(r.amount) ?? 0,
    // Seeded bids predate the column; the registration still holds their code.
    bidderCode: r.bidderCode || r.registrationCode || '',
    bidderName: maskName(r.name),
    time: new Date(r.createdAt).getTime(),
  }));
}

/** The auction of a project as the socket and the `auctionState` call show it; undefined when not found. */
export async function auctionState(db: Kysely<Database>, projectId: number, deptIds?: number[]): Promise<AuctionState | undefined> {
  // Records first, the project after: the price and count are then never older than the records, and a bid
  // committed in between reaches a watcher as its own frame (newer than the state's newest record).
  const records = await auctionRecords(db, projectId, { limit: RECORD_LIMIT });
  let q = db
    .selectFrom('project')
    .select(['id', 'status', 'price', 'currentPrice', 'increment', 'extendMinutes', 'biddingStartTime', 'biddingStopTime', 'dealAmount'])
    .select('bidCount')
    .select(sql<Date | string>`clock_timestamp()`.as('now'))
    .where('id', '=', projectId);
  if (deptIds) q = q.where('deptId', 'in', scopeOrNothing(deptIds));
  const p = await q.executeTakeFirst();
  if (!p) return undefined;
  return {
    projectId: p.id,
    status: p.status,
    price: toNumber(p.price) ?? 0,
    currentPrice: toNumber(p.currentPrice),
    increment: toNumber(p.increment) ?? 0,
    extendMinutes: p.extendMinutes,
    biddingStartTime: ms(p.biddingStartTime),
    biddingStopTime: ms(p.biddingStopTime),
    serverTime: new Date(p.now).getTime(),
    bidCount: Number(p.bidCount),
    records,
    dealAmount: toNumber(p.dealAmount),
  };
}
