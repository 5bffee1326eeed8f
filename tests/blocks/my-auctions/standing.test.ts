import { describe, expect, it } from 'vitest';
import { myAuctionPrice, myStanding } from '../../../blocks/my-auctions/standing.js';

// 我的竞价's wording of where the user stands, by registration state and project status.
const row = (over: Partial<Parameters<typeof myStanding>[0]>) => ({ state: 1 as const, status: 6, myBidCount: 0, leading: false, ...over });

describe('myStanding', () => {
  it('says nothing for a registration awaiting review or rejected, whatever the project does', () => {
    for (const status of [4, 6, 7, 10]) {
      expect(myStanding(row({ state: 2, status, myBidCount: 1, leading: true }))).toBeNull();
      expect(myStanding(row({ state: 3, status }))).toBeNull();
    }
  });

  it('before bidding an approved bidder waits', () => {
    expect(myStanding(row({ status: 4 }))).toEqual({ text: '待竞价', tone: 'neutral' });
    expect(myStanding(row({ status: 5 }))).toEqual({ text: '待竞价', tone: 'neutral' });
  });

  it('while bidding: not yet bid, leading, or outbid', () => {
    expect(myStanding(row({ myBidCount: 0 }))).toEqual({ text: '尚未出价', tone: 'behind' });
    expect(myStanding(row({ myBidCount: 3, leading: true }))).toEqual({ text: '当前领先', tone: 'lead' });
    expect(myStanding(row({ myBidCount: 3, leading: false }))).toEqual({ text: '已被超越', tone: 'behind' });
  });

  it('after a deal the leader won and the others did not; without a deal nobody did', () => {
    for (const status of [7, 8, 9]) {
      expect(myStanding(row({ status, myBidCount: 1, leading: true }))).toEqual({ text: '已竞得', tone: 'won' });
      expect(myStanding(row({ status, myBidCount: 1, leading: false }))).toEqual({ text: '未竞得', tone: 'neutral' });
    }
    expect(myStanding(row({ status: 10 }))?.text).toBe('未成交');
    expect(myStanding(row({ status: 11, myBidCount: 2, leading: true }))?.text).toBe('未成交');
  });
});

describe('myAuctionPrice', () => {
  const priced = { price: 1000, currentPrice: 1500 as number | null, dealAmount: null as number | null };
  it('the listing price before bidding, under the region’s title', () => {
    expect(myAuctionPrice({ ...priced, status: 4 })).toEqual({ title: '挂牌价', amount: 1000 });
    expect(myAuctionPrice({ ...priced, status: 4 }, { initPriceTitle: '起始价' })).toEqual({ title: '起始价', amount: 1000 });
  });
  it('the current price while bidding, the start price before the first bid', () => {
    expect(myAuctionPrice({ ...priced, status: 6 })).toEqual({ title: '当前价', amount: 1500 });
    expect(myAuctionPrice({ ...priced, status: 6, currentPrice: null })).toEqual({ title: '当前价', amount: 1000 });
  });
  it('the deal amount once dealt; the listing price when it ended without one', () => {
    expect(myAuctionPrice({ ...priced, status: 7, dealAmount: 1500 })).toEqual({ title: '成交价', amount: 1500 });
    expect(myAuctionPrice({ ...priced, status: 7, dealAmount: 1500 }, { bargainPriceTitle: '成交金额' })).toEqual({ title: '成交金额', amount: 1500 });
    expect(myAuctionPrice({ ...priced, status: 10 })).toEqual({ title: '挂牌价', amount: 1000 });
  });
});
