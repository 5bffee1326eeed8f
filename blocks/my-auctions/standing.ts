import { priceLabel, type StatusRegion } from '../../machines/project-status-rules.js';
import type { MyAuction } from '../../schemas/types/api.js';

/** 报名状态 by registration state (1 approved, 2 awaiting review, 3 rejected). */
export const REVIEW_LABELS: Readonly<Record<MyAuction['state'], string>> = { 1: '已通过', 2: '待审核', 3: '未通过' };

/** How the standing reads: `lead` and `won` are good news, `behind` calls for action, `neutral` is information. */
export type StandingTone = 'lead' | 'won' | 'behind' | 'neutral';

/**
 * Where the user stands in the auction, or null when there is nothing to say (not approved). Leading is the server's
 * verdict (highest amount, earliest of equals), so a tie the user lost reads 已被超越 as the close will decide it.
 *
 * @example myStanding({ state: 1, status: 6, myBidCount: 2, leading: false }) // { text: '已被超越', tone: 'behind' }
 */
export function myStanding(row: Pick<MyAuction, 'state' | 'status' | 'myBidCount' | 'leading'>): { text: string; tone: StandingTone } | null {
  if (row.state !== 1) return null;
  if (row.status <= 5) return { text: '待竞价', tone: 'neutral' };
  if (row.status === 6) {
    if (row.myBidCount === 0) return { text: '尚未出价', tone: 'behind' };
    return row.leading ? { text: '当前领先', tone: 'lead' } : { text: '已被超越', tone: 'behind' };
  }
  if (row.status >= 10) return { text: '未成交', tone: 'neutral' };
  return row.leading ? { text: '已竞得', tone: 'won' } : { text: '未竞得', tone: 'neutral' };
}

/**
 * The price the row shows: the current price while bidding (the start price before the first bid), else the card's
 * price label — the deal amount once dealt, the listing price under the region's title otherwise. The user's own
 * registration is a sign-up, so a deal amount is never hidden for want of one.
 */
export function myAuctionPrice(
  row: Pick<MyAuction, 'status' | 'price' | 'currentPrice' | 'dealAmount'>,
  region?: StatusRegion,
): { title: string; amount: number | null } {
  if (row.status === 6) return { title: '当前价', amount: row.currentPrice ?? row.price };
  return priceLabel({ status: row.status, price: row.price, dealAmount: row.dealAmount, signCts: 1 }, region);
}
