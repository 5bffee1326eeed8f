import { sql, type Kysely } from 'kysely';
import type { AuctionRecord, AuctionState } from '../../schemas/types/api.js';
import type { Database } from '../db/schema.js';
import { toNumber } from '../api/format.js';
import { maskName, ms } from './format.js';
import { scopeOrNothing } from './project-scope.js';

/** A bid as viewers see it and the whole auction of a project (the socket's and the call's `auctionState`): the
 * contract's types, generated from schemas/api/auction.json. */
export type { AuctionRecord, AuctionState };

export const RECORD_LIMIT = 50;

/** The auction of a project as the socket and the `auctionState` call show it; undefined when not found. */
export async function auctionState(db: Kysely<Database>, projectId: number, deptIds?: number[]): Promise<AuctionState | undefined> {
  let q = db
    .selectFrom('project')
    .select(['id', 'status', 'price', 'currentPrice', 'increment', 'extendMinutes', 'biddingStartTime', 'biddingStopTime', 'dealAmount'])
    .select('bidCount')
    .select(sql<Date | string>`clock_timestamp()`.as('now'))
    .where('id', '=', projectId);
  if (deptIds) q = q.where('deptId', 'in', scopeOrNothing(deptIds));
  const p = await q.executeTakeFirst();
  if (!p) return undefined;
  const records = await db
    .selectFrom('bid as b')
    .leftJoin('registration as r', (j) => j.onRef('r.projectId', '=', 'b.projectId').onRef('r.userId', '=', 'b.userId'))
    .innerJoin('appUser as u', 'u.userId', 'b.userId')
    .select(['b.id', 'b.amount', 'b.bidderCode', 'r.bidderCode as registrationCode', 'u.name', 'b.createdAt'])
    .where('b.projectId', '=', projectId)
    .orderBy('b.id', 'desc')
    .limit(RECORD_LIMIT)
    .execute();
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
    records: records.map((r) => ({
      id: Number(r.id),
      amount: toNumber(r.amount) ?? 0,
      // Seeded bids predate the column; the registration still holds their code.
      bidderCode: r.bidderCode || r.registrationCode || '',
      bidderName: maskName(r.name),
      time: new Date(r.createdAt).getTime(),
    })),
    dealAmount: toNumber(p.dealAmount),
  };
}
