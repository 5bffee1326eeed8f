import { sql, type Kysely } from 'kysely';
import type { MyAuction } from '../../schemas/types/api.js';
import type { Database } from '../db/schema.js';
import { toNumber } from '../api/format.js';
import { pageOf, type Page } from '../api/paged-list.js';
import { depositNumbers, depositSelection } from './deposit.js';
import { scopeOrNothing } from './project-scope.js';
import { newestRegistrationsFirst } from './registration-list.js';

/** One of a user's registrations as the personal centre lists it, before the route formats the times. */
export type MyAuctionRow = Omit<MyAuction, 'registeredAt' | 'reviewedAt' | 'biddingStopTime'> & {
  registeredAt: Date;
  reviewedAt: Date | null;
  biddingStopTime: Date | null;
};

/**
 * A user's own registrations (within `deptIds` when given), newest first, with where the user stands: the user's
 * highest bid and bid count, and whether that bid leads — the highest amount, the earliest of equal ones, the same
 * rule the close uses to pick the winner.
 */
export async function myAuctions(
  db: Kysely<Database>,
  filter: { userId: number; deptIds?: number[]; limit: number; offset: number },
): Promise<Page<MyAuctionRow>> {
  let base = db.selectFrom('registration as r').innerJoin('project as p', 'p.id', 'r.projectId').where('r.userId', '=', filter.userId);
  if (filter.deptIds) base = base.where('p.deptId', 'in', scopeOrNothing(filter.deptIds));
  const { rows, total } = await pageOf(base, filter, (q) =>
    q
      .select([
        'r.projectId',
        'p.projectName',
        'p.code',
        'p.type',
        'p.number',
        'p.status',
        'r.state',
        'r.bidderCode',
        'r.createdAt as registeredAt',
        'r.reviewedAt',
        'p.price',
        'p.priceUnit',
        'p.currentPrice',
        'p.dealAmount',
        'p.biddingStopTime',
        ...depositSelection,
      ])
      .select(sql<string | null>`(SELECT max(b.amount) FROM bid b WHERE b.project_id = r.project_id AND b.user_id = r.user_id)`.as('myHighestBid'))
      .select(sql<number>`(SELECT count(*)::int FROM bid b WHERE b.project_id = r.project_id AND b.user_id = r.user_id)`.as('myBidCount'))
      .select(sql<number | null>`(SELECT b.user_id FROM bid b WHERE b.project_id = r.project_id ORDER BY b.amount DESC, b.id ASC LIMIT 1)`.as('topUserId'))
      .select(sql<number | string | null>`(SELECT max(b.id) FROM bid b WHERE b.project_id = r.project_id)`.as('lastBidId'))
      .$call(newestRegistrationsFirst),
  );
  return {
    rows: rows.map(({ topUserId, ...r }) => ({
      ...depositNumbers(r),
      state: r.state as MyAuction['state'],
      price: toNumber(r.price) ?? 0,
      currentPrice: toNumber(r.currentPrice),
      dealAmount: toNumber(r.dealAmount),
      myHighestBid: toNumber(r.myHighestBid),
      myBidCount: Number(r.myBidCount),
      leading: topUserId !== null && Number(topUserId) === filter.userId,
      lastBidId: r.lastBidId === null ? null : Number(r.lastBidId),
    })),
    total,
  };
}
