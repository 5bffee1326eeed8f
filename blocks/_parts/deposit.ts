import { formatYuan } from '../../machines/auction-view.js';

/** A registration's deposit as the API gives it to its bidder (MyAuction, AuctionRegistration). */
export interface DepositFacts {
  deposit?: number;
  depositState?: 'none' | 'due' | 'paid' | 'unmarked';
  depositAmount?: number | null;
  depositPaidOn?: string | null;
}

/**
 * What a bidder reads of their deposit (保证金); null when the project asks none or the answer does not say.
 *
 * @example depositText({ deposit: 2000, depositState: 'paid', depositAmount: 2000, depositPaidOn: '2026-01-05' }) // '已到账 ¥2,000.00（2026-01-05）'
 */
export function depositText(r: DepositFacts): string | null {
  if (!r.depositState || r.depositState === 'none') return null;
  if (r.depositState === 'paid') return `已到账 ${formatYuan(r.depositAmount ?? 0)}${r.depositPaidOn ? `（${r.depositPaidOn}）` : ''}`;
  return `未确认到账（应缴 ${formatYuan(r.deposit ?? 0)}，请按公告缴纳，到账后由交易中心登记）`;
}
