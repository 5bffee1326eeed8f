import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAuction, register, review } from '../../server/auction/index.js';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A, TENANT_A_TOWN, TENANT_B } from './fixtures.js';
import { approve, dbClock, insertBiddingProject, insertProject, twoBidders, type TestUser } from './auction-helpers.js';

// 我的竞价: the personal centre's list of the caller's own registrations and where the caller stands in each auction.

const HOUR = 3_600_000;

let server: TestServer;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  server = await startTestServerWithPlaces();
  [alice, bob] = await twoBidders(server, ['13800000021', '13800000022']);
});
afterAll(() => server.close());

const call = (path: string, payload: Record<string, unknown>, user: { headers: Record<string, string> } | null, deptId = TENANT_A) =>
  server.app.inject({ method: 'POST', url: `/prod-api/api/auction/${path}`, headers: { ...server.signed(deptId), ...(user?.headers ?? {}) }, payload });

const bidding = (name: string, stopIn = 2 * HOUR, extendMinutes = 5) => insertBiddingProject(server.db, { name, stopIn, extendMinutes });

describe('auctionMine', () => {
  it('lists only the caller’s registrations, newest first, with review state, bidder code, own highest bid and who leads', async () => {
    const now = await dbClock(server.db);
    const signUp = await insertProject(server.db, {
      deptId: TENANT_A_TOWN,
      status: 4,
      name: '报名中的鱼塘',
      applyStartTime: now - HOUR,
      applyStopTime: now + 24 * HOUR,
    });
    const rejected = await insertProject(server.db, {
      deptId: TENANT_A_TOWN,
      status: 4,
      name: '被驳回的林地',
      applyStartTime: now - HOUR,
      applyStopTime: now + 24 * HOUR,
    });
    const live = await bidding('竞价中的耕地');
    await approve(server.db, live, [alice.userId, bob.userId]);
    expect((await call('bid', { projectId: live, amount: 1100 }, alice)).statusCode).toBe(200);
    expect((await call('bid', { projectId: live, amount: 1200 }, bob)).statusCode).toBe(200);
    const newest = await call('bid', { projectId: live, amount: 1300 }, alice);
    expect(newest.statusCode).toBe(200);
    await register(server.db, { projectId: rejected, userId: alice.userId });
    await review(server.db, { projectId: rejected, userId: alice.userId, approve: false, reviewerId: null });
    expect((await call('register', { projectId: signUp }, alice)).statusCode).toBe(200);

    const mine = await call('mine', { pageNum: 1, pageSize: 10 }, alice);
    expect(mine.statusCode).toBe(200);
    const { rows, total } = mine.json().data;
    expect(total).toBe(3);
    expect(rows.map((r: { projectName: string }) => r.projectName)).toEqual(['报名中的鱼塘', '被驳回的林地', '竞价中的耕地']);
    expect(rows[0]).toMatchObject({
      projectId: signUp,
      status: 4,
      state: 2,
      bidderCode: '',
      reviewedAt: null,
      myHighestBid: null,
      myBidCount: 0,
      leading: false,
      lastBidId: null,
    });
    expect(rows[0].registeredAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(rows[1]).toMatchObject({ projectId: rejected, state: 3, bidderCode: '' });
    expect(rows[1].reviewedAt).toMatch(/^\d{4}-\d{2}-\d{2} /);
    expect(rows[2]).toMatchObject({
      projectId: live,
      status: 6,
      state: 1,
      bidderCode: '001',
      price: 1000,
      priceUnit: 3,
      currentPrice: 1300,
      myHighestBid: 1300,
      myBidCount: 2,
      leading: true,
      type: 2,
      number: '001',
    });
    // Live messages of bids up to this one are already in the counts.
    expect(rows[2].lastBidId).toBe(newest.json().data.bid.id);

    // Bob sees only his own, and that he is outbid.
    const his = (await call('mine', {}, bob)).json().data;
    expect(his.total).toBe(1);
    expect(his.rows[0]).toMatchObject({ projectId: live, bidderCode: '002', myHighestBid: 1200, myBidCount: 1, leading: false, currentPrice: 1300 });

    // Paged.
    const second = (await call('mine', { pageNum: 2, pageSize: 2 }, alice)).json().data;
    expect(second.total).toBe(3);
    expect(second.rows.map((r: { projectId: number }) => r.projectId)).toEqual([live]);
  });

  it('after the close, the winner is the one leading, with the deal amount', async () => {
    const project = await bidding('即将结束的果园', 2_000, 0);
    await approve(server.db, project, [alice.userId, bob.userId]);
    expect((await call('bid', { projectId: project, amount: 1100 }, alice)).statusCode).toBe(200);
    expect((await call('bid', { projectId: project, amount: 1200 }, bob)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(await closeAuction(server.db, project)).toMatchObject({ status: 7, dealAmount: 1200 });

    const bobs = (await call('mine', { pageSize: 100 }, bob)).json().data.rows.find((r: { projectId: number }) => r.projectId === project);
    expect(bobs).toMatchObject({ status: 7, dealAmount: 1200, myHighestBid: 1200, leading: true });
    const alices = (await call('mine', { pageSize: 100 }, alice)).json().data.rows.find((r: { projectId: number }) => r.projectId === project);
    expect(alices).toMatchObject({ status: 7, dealAmount: 1200, myHighestBid: 1100, leading: false });
  });

  it('needs a login, and another tenant’s portal does not show this tenant’s registrations', async () => {
    const anonymous = await call('mine', {}, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().msg).toBeTruthy();
    const elsewhere = (await call('mine', {}, alice, TENANT_B)).json();
    expect(elsewhere.code).toBe(200);
    expect(elsewhere.data).toEqual({ rows: [], total: 0 });
  });

  it('refuses a malformed page with a 400 and a message', async () => {
    const bad = await call('mine', { pageSize: 1000 }, alice);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBeTruthy();
  });
});
