import { describe, expect, it } from 'vitest';
import { chinaDateTime, foldLive, followsLive, liveRow } from '../../../blocks/my-auctions/live.js';
import type { AuctionRecord, AuctionState, MyAuction } from '../../../schemas/types/api.js';

// 我的竞价 following an auction live: what each real-time message does to the row.
const T0 = Date.UTC(2026, 10, 23, 12, 0, 0); // 20:00:00 in China
const row: MyAuction = {
  projectId: 7,
  projectName: '下姜村水田经营权流转',
  code: 'CA2026-2-000045',
  type: 2,
  number: '001',
  status: 6,
  state: 1,
  bidderCode: '003',
  registeredAt: '2026-11-21 18:00:00',
  reviewedAt: '2026-11-21 19:00:00',
  price: 10_000,
  priceUnit: 3,
  currentPrice: 10_500,
  dealAmount: null,
  biddingStopTime: '2026-11-23 20:00:00',
  myHighestBid: 10_500,
  myBidCount: 2,
  leading: true,
  lastBidId: 40,
};
const record = (id: number, amount: number, bidderCode: string): AuctionRecord => ({ id, amount, bidderCode, bidderName: '张**', time: T0 });
const bid = (id: number, amount: number, bidderCode: string, stop = T0) =>
  ({
    type: 'auctionBid',
    data: { projectId: 7, bid: record(id, amount, bidderCode), currentPrice: amount, bidCount: id, biddingStopTime: stop, serverTime: T0 },
  }) as const;

describe('foldLive', () => {
  it('a rival’s bid: outbid, the new price and end time; the own bid count stays', () => {
    const next = foldLive(liveRow(row), bid(41, 11_000, '005', T0 + 5 * 60_000));
    expect(next.lastBidId).toBe(41);
    expect(next.row).toMatchObject({ leading: false, currentPrice: 11_000, myHighestBid: 10_500, myBidCount: 2, biddingStopTime: '2026-11-23 20:05:00' });
  });

  it('the user’s own bid (from another window): leading again, counted once even when the message comes twice', () => {
    const outbid = foldLive(liveRow(row), bid(41, 11_000, '005'));
    const own = foldLive(outbid, bid(42, 11_500, '003'));
    expect(own.row).toMatchObject({ leading: true, currentPrice: 11_500, myHighestBid: 11_500, myBidCount: 3 });
    expect(foldLive(own, bid(42, 11_500, '003'))).toBe(own);
    // A bid the list already counted (up to its lastBidId) changes nothing.
    expect(foldLive(liveRow(row), bid(40, 10_500, '003'))).toEqual(liveRow(row));
  });

  it('the records a reconnect missed (before its state) count the user’s own bids after the watermark once', () => {
    const page = (records: AuctionRecord[]) => ({ type: 'auctionRecords', data: { projectId: 7, records, more: false } }) as const;
    const missed = foldLive(liveRow(row), page([record(44, 12_000, '005'), record(43, 11_500, '003'), record(40, 10_500, '003')]));
    expect(missed.lastBidId).toBe(44);
    expect(missed.row).toMatchObject({ myBidCount: 3, myHighestBid: 11_500, currentPrice: 10_500 });
    expect(foldLive(missed, page([record(43, 11_500, '003')]))).toBe(missed);
    expect(foldLive(missed, { ...page([record(45, 1, '003')]), data: { projectId: 8, records: [record(45, 1, '003')], more: false } })).toBe(missed);
  });

  it('the state sent on watching (or after a reconnect) adds only the bids after the watermark', () => {
    const state: AuctionState = {
      projectId: 7,
      status: 6,
      price: 10_000,
      currentPrice: 12_000,
      increment: 500,
      extendMinutes: 5,
      biddingStartTime: T0 - 3_600_000,
      biddingStopTime: T0 + 600_000,
      serverTime: T0,
      bidCount: 44,
      dealAmount: null,
      records: [record(44, 12_000, '005'), record(43, 11_500, '003'), record(40, 10_500, '003'), record(39, 10_000, '005')],
    };
    const next = foldLive(liveRow(row), { type: 'auctionState', data: state });
    expect(next.lastBidId).toBe(44);
    expect(next.row).toMatchObject({ leading: false, currentPrice: 12_000, myHighestBid: 11_500, myBidCount: 3, biddingStopTime: '2026-11-23 20:10:00' });
    // The same state again counts nothing twice.
    expect(foldLive(next, { type: 'auctionState', data: state }).row).toEqual(next.row);
  });

  it('an extension moves the end; the close gives the result', () => {
    const delayed = foldLive(liveRow(row), { type: 'delayTime', data: { projectId: 7, biddingStopTime: T0 + 300_000, previousStopTime: T0, serverTime: T0 } });
    expect(delayed.row.biddingStopTime).toBe('2026-11-23 20:05:00');
    const won = foldLive(delayed, { type: 'auctionEnded', data: { projectId: 7, status: 7, dealAmount: 10_500, winnerCode: '003', serverTime: T0 } });
    expect(won.row).toMatchObject({ status: 7, dealAmount: 10_500, leading: true });
    const lost = foldLive(delayed, { type: 'auctionEnded', data: { projectId: 7, status: 7, dealAmount: 10_500, winnerCode: '005', serverTime: T0 } });
    expect(lost.row.leading).toBe(false);
    const noDeal = foldLive(delayed, { type: 'auctionEnded', data: { projectId: 7, status: 11, dealAmount: null, winnerCode: null, serverTime: T0 } });
    expect(noDeal.row).toMatchObject({ status: 11, leading: false });
  });

  it('a first bid on a project read before its start turns it to bidding', () => {
    const before = liveRow({ ...row, status: 5, currentPrice: null, myHighestBid: null, myBidCount: 0, leading: false, lastBidId: null });
    expect(foldLive(before, bid(1, 10_000, '005')).row).toMatchObject({ status: 6, currentPrice: 10_000, leading: false });
  });

  it('ignores other projects and notices; follows only an approved bidder’s auctions before or while they run', () => {
    const live = liveRow(row);
    expect(foldLive(live, { ...bid(41, 11_000, '005'), data: { ...bid(41, 11_000, '005').data, projectId: 8 } })).toBe(live);
    expect(foldLive(live, { type: 'notice', data: { messageId: 1, title: '报名审核通过' } })).toBe(live);
    expect([5, 6].map((status) => followsLive({ state: 1, status }))).toEqual([true, true]);
    expect(followsLive({ state: 2, status: 6 })).toBe(false);
    expect(followsLive({ state: 1, status: 4 })).toBe(false);
    expect(followsLive({ state: 1, status: 7 })).toBe(false);
  });

  it('writes times as the server does, in China time', () => {
    expect(chinaDateTime(Date.UTC(2026, 0, 2, 16, 4, 5))).toBe('2026-01-03 00:04:05');
  });
});
