import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusScheduler } from '../../server/auction/scheduler.js';
import { startTestServer, type TestServer } from './harness.js';
import { insertTestPlaces, TENANT_A_TOWN } from './fixtures.js';
import { approve, dbClock, insertProject, userWithToken, Viewer } from './auction-helpers.js';

const MIN = 60_000;
const HOUR = 60 * MIN;

let server: TestServer;
let wsBase: string;
const viewers: Viewer[] = [];

beforeAll(async () => {
  server = await startTestServer();
  await insertTestPlaces(server.db);
  await server.reloadPlaces();
  const address = await server.app.listen({ host: '127.0.0.1', port: 0 });
  wsBase = address.replace(/^http/, 'ws');
});
afterAll(async () => {
  await Promise.all(viewers.map((v) => v.close()));
  await server.close();
});

const statusOf = async (id: number) => (await server.db.selectFrom('project').select(['status', 'dealAmount']).where('id', '=', id).executeTakeFirstOrThrow());

describe('status scheduler', () => {
  it('moves every project to the status its times give, closes ended auctions, and finds the next change', async () => {
    const now = await dbClock(server.db);
    const day = 24 * HOUR;
    // Each row: stored status and times relative to the database clock → the status the clock gives.
    const publicityOver = await insertProject(server.db, { deptId: TENANT_A_TOWN, status: 2, publicityStopTime: now - MIN, applyStartTime: now + HOUR, applyStopTime: now + day, biddingStartTime: now + 2 * day, biddingStopTime: now + 3 * day });
    const signUpOpen = await insertProject(server.db, { deptId: TENANT_A_TOWN, status: 3, publicityStopTime: now - HOUR, applyStartTime: now - MIN, applyStopTime: now + day, biddingStartTime: now + 2 * day, biddingStopTime: now + 3 * day });
    const signUpOver = await insertProject(server.db, { deptId: TENANT_A_TOWN, status: 4, publicityStopTime: now - 2 * day, applyStartTime: now - 2 * day, applyStopTime: now - MIN, biddingStartTime: now + HOUR, biddingStopTime: now + day });
    const biddingOpen = await insertProject(server.db, { deptId: TENANT_A_TOWN, status: 5, publicityStopTime: now - 3 * day, applyStartTime: now - 3 * day, applyStopTime: now - day, biddingStartTime: now - MIN, biddingStopTime: now + 30 * MIN });
    const tenderOver = await insertProject(server.db, { deptId: TENANT_A_TOWN, type: 1, status: 4, publicityStopTime: now - 2 * day, applyStartTime: now - 2 * day, applyStopTime: now - MIN, biddingStartTime: now - 30 * MIN, biddingStopTime: now - MIN });
    const ended = await insertProject(server.db, { deptId: TENANT_A_TOWN, status: 6, publicityStopTime: now - 3 * day, applyStartTime: now - 3 * day, applyStopTime: now - day, biddingStartTime: now - HOUR, biddingStopTime: now - 1 });
    const untouched = await insertProject(server.db, { deptId: TENANT_A_TOWN, status: 2, publicityStopTime: now + 10 * MIN, applyStartTime: now + HOUR, applyStopTime: now + day, biddingStartTime: now + 2 * day, biddingStopTime: now + 3 * day });
    // Skipped every stage while nobody ran the clock: straight to the end, with no bid → 10.
    const skipped = await insertProject(server.db, { deptId: TENANT_A_TOWN, status: 2, publicityStopTime: now - 4 * day, applyStartTime: now - 4 * day, applyStopTime: now - 3 * day, biddingStartTime: now - 2 * day, biddingStopTime: now - day });

    const scheduler = new StatusScheduler(server.db);
    const result = await scheduler.tick();
    expect((await statusOf(publicityOver)).status).toBe(3);
    expect((await statusOf(signUpOpen)).status).toBe(4);
    expect((await statusOf(signUpOver)).status).toBe(5);
    expect((await statusOf(biddingOpen)).status).toBe(6);
    expect((await statusOf(tenderOver)).status).toBe(5);
    expect((await statusOf(ended)).status).toBe(10);
    expect((await statusOf(untouched)).status).toBe(2);
    expect((await statusOf(skipped)).status).toBe(10);
    expect(result.closed.map((c) => c.projectId).sort()).toEqual([ended, skipped].sort());
    expect(result.moved).toContainEqual({ projectId: signUpOver, from: 4, to: 5 });
    expect(result.nextChangeAt).toBe(now + 10 * MIN);

    // A second pass (or a second instance) finds nothing left to do.
    const again = await scheduler.tick();
    expect(again.moved).toEqual([]);
    expect(again.closed).toEqual([]);
  });

  it('wakes at the end of an auction, decides it, and pushes auctionEnded; stop leaves no timer', async () => {
    const alice = await userWithToken(server, '13800000011', '王五');
    const bob = await userWithToken(server, '13800000012', '赵六');
    const now = await dbClock(server.db);
    const id = await insertProject(server.db, { deptId: TENANT_A_TOWN, status: 6, applyStartTime: now - 2 * HOUR, applyStopTime: now - HOUR, biddingStartTime: now - HOUR, biddingStopTime: now + 1500, reservePrice: 1000 });
    await approve(server.db, id, [alice.userId, bob.userId]);
    const bid = (amount: number, headers: Record<string, string>) =>
      server.app.inject({ method: 'POST', url: '/prod-api/api/auction/bid', headers: { ...server.signed(1100), ...headers }, payload: { projectId: id, amount } });
    // Both bids extend the end; set it back to 1.5 s after the last one so the test stays short.
    expect((await bid(1000, alice.headers)).json().code).toBe(200);
    expect((await bid(1100, bob.headers)).json().code).toBe(200);
    await server.db.updateTable('project').set({ biddingStopTime: new Date((await dbClock(server.db)) + 1500) }).where('id', '=', id).execute();

    const watcher = await Viewer.open(`${wsBase}/websocket/0`);
    viewers.push(watcher);
    await watcher.watch(id);
    const scheduler = new StatusScheduler(server.db, { safetyMs: 30_000, minSleepMs: 10 });
    scheduler.start();
    try {
      const ended = await watcher.waitFor((f) => f.type === 'auctionEnded' && f.data?.projectId === id, 8000);
      expect(ended.data).toMatchObject({ projectId: id, status: 7, dealAmount: 1100, winnerCode: '002' });
      expect(await statusOf(id)).toEqual({ status: 7, dealAmount: '1100.00' });
    } finally {
      await scheduler.stop();
    }
    expect((scheduler as unknown as { timer?: unknown }).timer).toBeUndefined();
  });

  it('sends watchers a fresh auctionState when the clock opens bidding', async () => {
    const now = await dbClock(server.db);
    const id = await insertProject(server.db, { deptId: TENANT_A_TOWN, status: 5, applyStartTime: now - 2 * HOUR, applyStopTime: now - HOUR, biddingStartTime: now - 10, biddingStopTime: now + HOUR });
    const watcher = await Viewer.open(`${wsBase}/websocket/0`);
    viewers.push(watcher);
    const first = await watcher.watch(id);
    expect(first.data!.status).toBe(5);
    await new StatusScheduler(server.db).tick();
    const fresh = await watcher.waitFor((f) => f.type === 'auctionState' && f.data?.status === 6, 5000, watcher.frames.indexOf(first) + 1);
    expect(fresh.data).toMatchObject({ projectId: id, status: 6, currentPrice: null });
  });
});
