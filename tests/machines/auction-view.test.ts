import { describe, expect, it } from 'vitest';
import {
  applyBid,
  applyDelay,
  applyEnded,
  applyRecords,
  applyState,
  bidProblem,
  bidVerdict,
  formatCountdown,
  formatYuan,
  headlinePrice,
  mergeRecords,
  minimumBid,
  RECORDS_KEPT,
  remainingMs,
  steppedBid,
  type AuctionState,
} from '../../machines/index.js';
import { BID_CASES } from '../../machines/testing/bid-cases.js';

const T0 = Date.UTC(2026, 10, 22, 2, 0, 0);
const fresh: AuctionState = {
  projectId: 7,
  status: 6,
  price: 10_000,
  currentPrice: null,
  increment: 500,
  extendMinutes: 5,
  biddingStartTime: T0,
  biddingStopTime: T0 + 3_600_000,
  serverTime: T0 + 60_000,
  bidCount: 0,
  records: [],
  dealAmount: null,
};
const bid = (id: number, amount: number, time = T0 + id * 1000) => ({
  projectId: 7,
  bid: { id, amount, bidderCode: '001', bidderName: '张**', time },
  currentPrice: amount,
  bidCount: id,
  biddingStopTime: T0 + 3_600_000,
  serverTime: time,
});

describe('the bid rules the panel applies before sending', () => {
  it('first bid: at least the start price; later: current + increment, on the increment grid', () => {
    expect(minimumBid(fresh)).toBe(10_000);
    expect(bidProblem(fresh, 9_999)).toBe('出价不能低于起始价（¥10,000.00）');
    expect(bidProblem(fresh, 10_000)).toBeNull();
    const after = applyBid(fresh, bid(1, 10_000));
    expect(minimumBid(after)).toBe(10_500);
    expect(bidProblem(after, 10_000)).toBe('出价不能低于当前价加加价幅度（¥10,500.00）');
    expect(bidProblem(after, 10_700)).toBe('出价须为加价幅度（¥500.00）的整数倍');
    expect(bidProblem(after, 11_500)).toBeNull();
    expect(bidProblem(after, Number.NaN)).toBe('请输入出价金额');
  });

  it('the stepper moves by whole increments above the minimum and never below it', () => {
    const after = applyBid(fresh, bid(1, 10_000));
    expect(steppedBid(after, 0)).toBe(10_500);
    expect(steppedBid(after, 3)).toBe(12_000);
    expect(steppedBid(after, -2)).toBe(10_500);
  });

  it('cents stay exact (0.1 + 0.2 style sums do not leak)', () => {
    const cents = { ...fresh, price: 0.1, increment: 0.2 };
    expect(minimumBid(applyBid(cents, bid(1, 0.1)))).toBe(0.3);
    expect(bidProblem(applyBid(cents, bid(1, 0.1)), 0.3)).toBeNull();
  });
});

describe('the shared table of bid cases (the server test iterates the same table)', () => {
  it.each(BID_CASES)('$name', (c) => {
    const state: AuctionState = { ...fresh, price: c.auction.price, increment: c.auction.increment, currentPrice: c.auction.currentPrice };
    // The panel judges the amount rules; the others it leaves to the server, and sends.
    expect(bidVerdict(state, c.amount)).toBe(c.client === null ? null : c.verdict);
    expect(bidProblem(state, c.amount)).toBe(c.client);
  });

  it('covers every verdict the panel can give, and accepted bids', () => {
    const verdicts = new Set(BID_CASES.filter((c) => c.client !== null).map((c) => c.verdict));
    expect([...verdicts].sort()).toEqual(['belowNext', 'belowStart', 'invalidAmount', 'notMultiple']);
    expect(BID_CASES.some((c) => c.verdict === null)).toBe(true);
  });
});

describe('the headline price', () => {
  it('says 起始价 before a bid, 当前价 while bidding, 成交价 on a deal', () => {
    expect(headlinePrice(fresh, 6)).toEqual({ label: '起始价', amount: 10_000, noDeal: false });
    const bidding = applyBid(fresh, bid(1, 10_500));
    expect(headlinePrice(bidding, 6)).toEqual({ label: '当前价', amount: 10_500, noDeal: false });
    for (const status of [7, 8, 9]) {
      expect(headlinePrice({ ...bidding, status, dealAmount: 10_500 }, status)).toEqual({ label: '成交价', amount: 10_500, noDeal: false });
    }
  });

  it('never calls a price a deal when the auction ended without one (10, 11)', () => {
    // Bids under the reserve: the highest bid, not a 成交价.
    const underReserve = applyBid(fresh, bid(1, 10_500));
    expect(headlinePrice({ ...underReserve, status: 10 }, 10)).toEqual({ label: '最高出价', amount: 10_500, noDeal: true });
    // Nobody bid: the start price.
    expect(headlinePrice({ ...fresh, status: 11 }, 11)).toEqual({ label: '起始价', amount: 10_000, noDeal: true });
  });
});

describe('folding live messages', () => {
  it('adds bids newest first, ignores duplicates and stale ones, and other projects', () => {
    let s = applyBid(fresh, bid(1, 10_000));
    s = applyBid(s, bid(2, 10_500));
    expect(s.records.map((r) => r.id)).toEqual([2, 1]);
    expect(applyBid(s, bid(2, 10_500))).toBe(s);
    expect(applyBid(s, bid(1, 10_000))).toBe(s);
    expect(applyBid(s, { ...bid(3, 11_000), projectId: 8 })).toBe(s);
    expect(s.currentPrice).toBe(10_500);
    expect(s.bidCount).toBe(2);
  });

  it('an extension only ever moves the end later', () => {
    const later = applyDelay(fresh, { projectId: 7, biddingStopTime: T0 + 3_700_000, previousStopTime: T0 + 3_600_000, serverTime: T0 });
    expect(later.biddingStopTime).toBe(T0 + 3_700_000);
    expect(applyDelay(later, { projectId: 7, biddingStopTime: T0 + 3_650_000, previousStopTime: T0, serverTime: T0 })).toBe(later);
  });

  it('the end sets the outcome', () => {
    const ended = applyEnded(fresh, { projectId: 7, status: 7, dealAmount: 12_000, winnerCode: '002', serverTime: T0 });
    expect([ended.status, ended.dealAmount]).toEqual([7, 12_000]);
  });
});

describe('countdown on the server clock', () => {
  it('uses the offset, stops at zero, and reads in Chinese', () => {
    // Local clock 2 s behind the server: 2 s fewer remain than the local clock suggests.
    expect(remainingMs(fresh, T0 + 3_500_000, 2_000)).toBe(98_000);
    expect(remainingMs(fresh, T0 + 4_000_000, 0)).toBe(0);
    expect(remainingMs({ ...fresh, biddingStopTime: null }, T0, 0)).toBeNull();
    expect(formatCountdown(93_784_000)).toBe('1天02小时03分04秒');
    expect(formatCountdown(59_999)).toBe('00小时00分59秒');
    expect(formatYuan(1234.5)).toBe('¥1,234.50');
  });
});

describe('a view made whole again after a reconnect', () => {
  const record = (id: number) => bid(id, 10_000 + id * 500).bid;
  const ids = (state: AuctionState) => state.records.map((r) => r.id);
  /** The state a server sends with records `from`..`to`, newest first, counting `to` bids. */
  const stateWith = (from: number, to: number): AuctionState => ({
    ...fresh,
    currentPrice: 10_000 + to * 500,
    bidCount: to,
    records: Array.from({ length: to - from + 1 }, (_, i) => record(to - i)),
  });

  it('merges record lists by id, newest first, each once, and returns the known list when nothing is new', () => {
    const known = [record(5), record(3), record(2)];
    expect(mergeRecords(known, [record(4), record(3), record(6)]).map((r) => r.id)).toEqual([6, 5, 4, 3, 2]);
    expect(mergeRecords(known, [])).toBe(known);
    const many = Array.from({ length: RECORDS_KEPT + 5 }, (_, i) => record(i + 1));
    expect(mergeRecords([], many)).toHaveLength(RECORDS_KEPT);
    expect(mergeRecords([], many)[0].id).toBe(RECORDS_KEPT + 5);
  });

  it('a reconnect: the missed pages, then the newest state, join what the view held into the whole list', () => {
    let view = stateWith(1, 6);
    // Away for bids 7..120: pages 7..40 and 41..70 (oldest first), then the state's newest 50 (71..120).
    view = applyRecords(view, { projectId: 7, records: stateWith(7, 40).records, more: true });
    view = applyRecords(view, { projectId: 7, records: stateWith(41, 70).records, more: false });
    expect(view.bidCount).toBe(6);
    view = applyState(view, stateWith(71, 120));
    expect(ids(view)).toEqual(Array.from({ length: 120 }, (_, i) => 120 - i));
    expect(view).toMatchObject({ bidCount: 120, currentPrice: 10_000 + 120 * 500 });
    // A late broadcast of a bid already held changes nothing; the next one goes on top.
    expect(applyBid(view, bid(120, 70_000))).toBe(view);
    expect(ids(applyBid(view, bid(121, 70_500))).slice(0, 2)).toEqual([121, 120]);
  });

  it('an older state (the call answered late) adds its records but does not take the price back', () => {
    const view = applyState(stateWith(1, 60), stateWith(1, 40));
    expect(view).toMatchObject({ bidCount: 60, currentPrice: 10_000 + 60 * 500 });
    expect(ids(view)).toHaveLength(60);
    expect(applyState(null, stateWith(1, 3))).toEqual(stateWith(1, 3));
    expect(applyState(stateWith(1, 3), { ...stateWith(1, 2), projectId: 8 }).projectId).toBe(8);
  });

  it('a missing bid older than the newest joins the records without moving the figures; other projects change nothing', () => {
    const view = applyState(null, { ...stateWith(1, 5), records: [record(5), record(4), record(2), record(1)] });
    const filled = applyBid(view, bid(3, 99_999));
    expect(ids(filled)).toEqual([5, 4, 3, 2, 1]);
    expect(filled.currentPrice).toBe(view.currentPrice);
    expect(applyRecords(view, { projectId: 8, records: [record(3)], more: false })).toBe(view);
    expect(applyRecords(view, { projectId: 7, records: [record(4)], more: false })).toBe(view);
  });
});
