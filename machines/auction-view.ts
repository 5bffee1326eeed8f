/**
 * The bid panel's view of one auction, framework-free: the state the server sends (`auctionState` over the real-time
 * channel or the `auctionState` call), folded with live `auctionBid` / `delayTime` / `auctionEnded` messages, and the
 * rules a bidder sees before the server decides (the server's check is the one that counts).
 */
import type { AuctionRecord, AuctionState } from '../schemas/types/api.js';

/** The auction (the `auctionState` call and message) and one stored bid: the API schema's generated types. */
export type { AuctionRecord, AuctionState } from '../schemas/types/api.js';

export interface AuctionBidMessage {
  projectId: number;
  bid: AuctionRecord;
  currentPrice: number;
  bidCount: number;
  biddingStopTime: number;
  serverTime: number;
}

export interface DelayTimeMessage {
  projectId: number;
  biddingStopTime: number;
  previousStopTime: number;
  serverTime: number;
}

export interface AuctionEndedMessage {
  projectId: number;
  status: number;
  dealAmount: number | null;
  winnerCode: string | null;
  serverTime: number;
}

/**
 * Records a reconnecting viewer missed that are older than the newest 50 its `auctionState` carries: the server
 * sends them in pages just before that state, oldest page first, each page newest first.
 */
export interface AuctionRecordsMessage {
  projectId: number;
  records: AuctionRecord[];
  /** Another page of the same resync follows. */
  more: boolean;
}

/**
 * How many records a view keeps, and the most a resync sends: far more bids than an auction on the increment grid
 * gets, so a reconnecting viewer's list is the whole list, yet a bound on what one watch may cost.
 */
export const RECORDS_KEPT = 10_000;

/** Records per `auctionRecords` frame (about 25 kB). */
export const RECORDS_PAGE = 200;

/** Two newest-first record lists as one, each id once, newest first, at most {@link RECORDS_KEPT}; `known` itself
 * when `incoming` adds nothing. */
export function mergeRecords(known: readonly AuctionRecord[], incoming: readonly AuctionRecord[]): AuctionRecord[] {
  const byId = new Map<number, AuctionRecord>();
  for (const r of known) byId.set(r.id, r);
  const size = byId.size;
  for (const r of incoming) if (!byId.has(r.id)) byId.set(r.id, r);
  if (byId.size === size) return known as AuctionRecord[];
  return [...byId.values()].sort((a, b) => b.id - a.id).slice(0, RECORDS_KEPT);
}

/**
 * Folds an `auctionState` (the call's or the channel's, again after every reconnect) into the view: its records join
 * the ones already known (a reconnect's state carries only the newest 50; what the viewer missed before them came in
 * `auctionRecords`), and its figures replace the view's unless the view already knows more bids.
 */
export function applyState(current: AuctionState | null, incoming: AuctionState): AuctionState {
  if (!current || current.projectId !== incoming.projectId) return incoming;
  const records = mergeRecords(current.records, incoming.records);
  const figures = current.bidCount > incoming.bidCount ? current : incoming;
  return { ...figures, records };
}

/** Folds a page of missed records into the view (the figures come with the `auctionState` after the pages). */
export function applyRecords(state: AuctionState, message: AuctionRecordsMessage): AuctionState {
  if (message.projectId !== state.projectId) return state;
  const records = mergeRecords(state.records, message.records);
  return records === state.records ? state : { ...state, records };
}

/**
 * Folds a new bid into the state. Messages can arrive twice (a reconnect's `auctionState` plus a late broadcast) or
 * after a newer state: a bid already known changes nothing, and one older than the newest record only joins the
 * records (the figures already count it).
 */
export function applyBid(state: AuctionState, message: AuctionBidMessage): AuctionState {
  if (message.projectId !== state.projectId) return state;
  if (state.records.some((r) => r.id === message.bid.id)) return state;
  const newest = state.records[0];
  if (newest && message.bid.id < newest.id) return { ...state, records: mergeRecords(state.records, [message.bid]) };
  return {
    ...state,
    currentPrice: message.currentPrice,
    bidCount: message.bidCount,
    biddingStopTime: message.biddingStopTime,
    serverTime: message.serverTime,
    records: [message.bid, ...state.records].slice(0, RECORDS_KEPT),
  };
}

/** The end moved later because of a late bid. An older (earlier) end never replaces a later one. */
export function applyDelay(state: AuctionState, message: DelayTimeMessage): AuctionState {
  if (message.projectId !== state.projectId) return state;
  if (state.biddingStopTime !== null && message.biddingStopTime <= state.biddingStopTime) return state;
  return { ...state, biddingStopTime: message.biddingStopTime, serverTime: message.serverTime };
}

export function applyEnded(state: AuctionState, message: AuctionEndedMessage): AuctionState {
  if (message.projectId !== state.projectId) return state;
  return { ...state, status: message.status, dealAmount: message.dealAmount, serverTime: message.serverTime };
}

/** The least the next bid may be: the start price before any bid, else the current price plus the increment. */
export function minimumBid(state: AuctionState): number {
  return state.currentPrice === null ? state.price : roundCents(state.currentPrice + state.increment);
}

function roundCents(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The panel's headline figure: what the price means depends on how the auction stands. */
export interface HeadlinePrice {
  label: '起始价' | '当前价' | '成交价' | '最高出价';
  amount: number;
  /** Ended without a deal (10, 11): the panel says so, and the amount is not a deal price. */
  noDeal: boolean;
}

/**
 * The price the bid panel shows first. A deal (7–9) shows 成交价; an auction that ended without one (10, 11, e.g.
 * under the reserve or no bids) must not call its highest bid a deal price, so it shows 最高出价, or 起始价 when no
 * one bid.
 *
 * @example
 * headlinePrice({ ...state, currentPrice: 1200, dealAmount: 1200 }, 7) // → { label: '成交价', amount: 1200, noDeal: false }
 * headlinePrice({ ...state, currentPrice: null }, 10)                  // → { label: '起始价', amount: state.price, noDeal: true }
 */
export function headlinePrice(state: AuctionState, status: number): HeadlinePrice {
  const noDeal = status >= 10;
  if (status >= 7 && !noDeal) return { label: '成交价', amount: state.dealAmount ?? state.currentPrice ?? state.price, noDeal };
  if (state.currentPrice === null) return { label: '起始价', amount: state.price, noDeal };
  return { label: noDeal ? '最高出价' : '当前价', amount: state.currentPrice, noDeal };
}

/** `12345.6` → `¥12,345.60`. */
export function formatYuan(amount: number): string {
  return `¥${amount.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/**
 * The amount rules the panel checks before sending, by the words the server's bid statement uses for them
 * (`BidRefusal` in server/auction/bid-refusal.ts; one table of cases, machines/testing/bid-cases.ts, is asserted on both).
 * The rest (not in bidding, not approved, a tender…) the panel leaves to the server.
 */
export type BidVerdict = 'invalidAmount' | 'belowStart' | 'belowNext' | 'notMultiple';

/** Which amount rule this bid breaks, or null when it may be sent: at least the minimum, on the increment grid. */
export function bidVerdict(state: AuctionState, amount: number): BidVerdict | null {
  if (!Number.isFinite(amount) || amount <= 0) return 'invalidAmount';
  if (amount < minimumBid(state)) return state.currentPrice === null ? 'belowStart' : 'belowNext';
  const steps = (amount - state.price) / state.increment;
  if (Math.abs(steps - Math.round(steps)) > 1e-6) return 'notMultiple';
  return null;
}

/**
 * Why the server would refuse this amount, in the words the panel shows, or null when it may be sent. The same
 * rules as the server's: at least the minimum, and the start price plus a whole number of increments.
 */
export function bidProblem(state: AuctionState, amount: number): string | null {
  switch (bidVerdict(state, amount)) {
    case 'invalidAmount':
      return '请输入出价金额';
    case 'belowStart':
      return `出价不能低于起始价（${formatYuan(minimumBid(state))}）`;
    case 'belowNext':
      return `出价不能低于当前价加加价幅度（${formatYuan(minimumBid(state))}）`;
    case 'notMultiple':
      return `出价须为加价幅度（${formatYuan(state.increment)}）的整数倍`;
    default:
      return null;
  }
}

/** The amount after `steps` increments above the minimum (the stepper). Never below the minimum. */
export function steppedBid(state: AuctionState, steps: number): number {
  return roundCents(minimumBid(state) + Math.max(0, Math.floor(steps)) * state.increment);
}

/**
 * The clock offset to add to `Date.now()` to read the server's clock: from the server time in a message and the
 * local time it arrived. Countdowns run on server time so every viewer ends at the same moment.
 */
export function serverOffset(serverTime: number, receivedAt: number): number {
  return serverTime - receivedAt;
}

/** Milliseconds left until the end, on the server's clock; 0 once passed; null without an end. */
export function remainingMs(state: AuctionState, localNow: number, offset: number): number | null {
  if (state.biddingStopTime === null) return null;
  return Math.max(0, state.biddingStopTime - (localNow + offset));
}

/** `93784000` → `1天02小时03分04秒`; under a day `02:03:04`-style parts without the day. */
export function formatCountdown(ms: number): string {
  const total = Math.floor(ms / 1000);
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${days > 0 ? `${days}天` : ''}${pad(hours)}小时${pad(minutes)}分${pad(seconds)}秒`;
}
