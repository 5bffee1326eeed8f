import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusAt, type ProjectTimeline } from '../../machines/project-status.js';
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

const statusOf = async (id: number) => await server.db.selectFrom('project').select(['status', 'dealAmount']).where('id', '=', id).executeTakeFirstOrThrow();

describe('status scheduler', () => {
  it('moves every project to the status its times give, closes ended auctions, and finds the next change', async () => {
    const now = await dbClock(server.db);
    const day = 24 * HOUR;
    // Each row: stored status and times relative to the database clock → the status the clock gives.
    const publicityOver = await insertProject(server.db, {
      deptId: TENANT_A_TOWN,
      status: 2,
      publicityStopTime: now - MIN,
      applyStartTime: now + HOUR,
      applyStopTime: now + day,
      biddingStartTime: now + 2 * day,
      biddingStopTime: now + 3 * day,
    });
    const signUpOpen = await insertProject(server.db, {
      deptId: TENANT_A_TOWN,
      status: 3,
      publicityStopTime: now - HOUR,
      applyStartTime: now - MIN,
      applyStopTime: now + day,
      biddingStartTime: now + 2 * day,
      biddingStopTime: now + 3 * day,
    });
    const signUpOver = await insertProject(server.db, {
      deptId: TENANT_A_TOWN,
      status: 4,
      publicityStopTime: now - 2 * day,
      applyStartTime: now - 2 * day,
      applyStopTime: now - MIN,
      biddingStartTime: now + HOUR,
      biddingStopTime: now + day,
    });
    const biddingOpen = await insertProject(server.db, {
      deptId: TENANT_A_TOWN,
      status: 5,
      publicityStopTime: now - 3 * day,
      applyStartTime: now - 3 * day,
      applyStopTime: now - day,
      biddingStartTime: now - MIN,
      biddingStopTime: now + 30 * MIN,
    });
    const tenderOver = await insertProject(server.db, {
      deptId: TENANT_A_TOWN,
      type: 1,
      status: 4,
      publicityStopTime: now - 2 * day,
      applyStartTime: now - 2 * day,
      applyStopTime: now - MIN,
      biddingStartTime: now - 30 * MIN,
      biddingStopTime: now - MIN,
    });
    const ended = await insertProject(server.db, {
      deptId: TENANT_A_TOWN,
      status: 6,
      publicityStopTime: now - 3 * day,
      applyStartTime: now - 3 * day,
      applyStopTime: now - day,
      biddingStartTime: now - HOUR,
      biddingStopTime: now - 1,
    });
    const untouched = await insertProject(server.db, {
      deptId: TENANT_A_TOWN,
      status: 2,
      publicityStopTime: now + 10 * MIN,
      applyStartTime: now + HOUR,
      applyStopTime: now + day,
      biddingStartTime: now + 2 * day,
      biddingStopTime: now + 3 * day,
    });
    // Skipped every stage while nobody ran the clock: straight to the end, with no bid → 10.
    const skipped = await insertProject(server.db, {
      deptId: TENANT_A_TOWN,
      status: 2,
      publicityStopTime: now - 4 * day,
      applyStartTime: now - 4 * day,
      applyStopTime: now - 3 * day,
      biddingStartTime: now - 2 * day,
      biddingStopTime: now - day,
    });

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

  it('agrees with the project-status machine on any timeline: which projects move, to what, and when it next wakes', async () => {
    // The scheduler picks candidates and its next wake-up in SQL; the machine (statusAt) decides statuses. The two
    // state the same timing rules twice, so here they are held to each other over random timelines.
    const scheduler = new StatusScheduler(server.db);
    await scheduler.tick(); // whatever earlier tests left due
    const day = 24 * HOUR;
    // Times well away from the clock (≥ 5 min), so the few ms between our reading and the pass never matter.
    const offset = fc.constantFrom(null, -3 * day, -day, -HOUR, -5 * MIN, 5 * MIN, HOUR, day, 3 * day);
    // A tender (type 1) has no bidding, so it is never in 6.
    const timeline = fc
      .record({
        type: fc.constantFrom<1 | 2 | 3>(1, 2, 3),
        status: fc.integer({ min: 2, max: 6 }),
        publicityStopTime: offset,
        applyStartTime: offset,
        applyStopTime: offset,
        biddingStartTime: offset,
        biddingStopTime: offset,
      })
      .filter((t) => t.type !== 1 || t.status < 6);
    const rows = () =>
      server.db
        .selectFrom('project')
        .select(['id', 'type', 'status', 'publicityStopTime', 'applyStartTime', 'applyStopTime', 'biddingStartTime', 'biddingStopTime'])
        .where('status', '<', 7)
        .execute();
    const asTimeline = (r: Awaited<ReturnType<typeof rows>>[number]): ProjectTimeline => ({
      type: r.type as 1 | 2 | 3,
      status: r.status,
      publicityStopTime: r.publicityStopTime?.getTime() ?? null,
      applyStartTime: r.applyStartTime?.getTime() ?? null,
      applyStopTime: r.applyStopTime?.getTime() ?? null,
      biddingStartTime: r.biddingStartTime?.getTime() ?? null,
      biddingStopTime: r.biddingStopTime?.getTime() ?? null,
    });
    await fc.assert(
      fc.asyncProperty(fc.array(timeline, { minLength: 1, maxLength: 12 }), async (timelines) => {
        const now = await dbClock(server.db);
        const ids = new Set<number>();
        for (const t of timelines) {
          const shifted = (v: number | null) => (v === null ? null : now + v);
          ids.add(
            await insertProject(server.db, {
              deptId: TENANT_A_TOWN,
              type: t.type,
              status: t.status,
              publicityStopTime: shifted(t.publicityStopTime),
              applyStartTime: shifted(t.applyStartTime),
              applyStopTime: shifted(t.applyStopTime),
              biddingStartTime: shifted(t.biddingStartTime),
              biddingStopTime: shifted(t.biddingStopTime),
            }),
          );
        }
        const before = (await rows()).filter((r) => ids.has(r.id));
        const result = await scheduler.tick();
        const expectedMoves = before.flatMap((r) => {
          const to = statusAt(asTimeline(r), now).status;
          return to > r.status ? [{ projectId: r.id, from: r.status, to }] : [];
        });
        const byId = (a: { projectId: number }, b: { projectId: number }) => a.projectId - b.projectId;
        expect(result.moved.filter((m) => ids.has(m.projectId)).sort(byId)).toEqual(expectedMoves.sort(byId));
        expect(
          result.closed
            .map((c) => c.projectId)
            .filter((id) => ids.has(id))
            .sort(),
        ).toEqual(
          before
            .filter((r) => statusAt(asTimeline(r), now).biddingEnded)
            .map((r) => r.id)
            .sort(),
        );
        // The next wake-up: the earliest change the machine sees in any open project (every project, not only these).
        const nexts = (await rows()).map((r) => statusAt(asTimeline(r), now).nextChangeAt).filter((t): t is number => t !== null);
        expect(result.nextChangeAt).toBe(nexts.length ? Math.min(...nexts) : null);
        // Done with these: out of the next run's way.
        await server.db
          .updateTable('project')
          .set({ status: 10 })
          .where('id', 'in', [...ids])
          .execute();
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it('wakes at the end of an auction, decides it, and pushes auctionEnded; stop leaves no timer', async () => {
    const alice = await userWithToken(server, '13800000011', '王五');
    const bob = await userWithToken(server, '13800000012', '赵六');
    const now = await dbClock(server.db);
    const id = await insertProject(server.db, {
      deptId: TENANT_A_TOWN,
      status: 6,
      applyStartTime: now - 2 * HOUR,
      applyStopTime: now - HOUR,
      biddingStartTime: now - HOUR,
      biddingStopTime: now + 1500,
      reservePrice: 1000,
    });
    await approve(server.db, id, [alice.userId, bob.userId]);
    const bid = (amount: number, headers: Record<string, string>) =>
      server.app.inject({
        method: 'POST',
        url: '/prod-api/api/auction/bid',
        headers: { ...server.signed(1100), ...headers },
        payload: { projectId: id, amount },
      });
    // Both bids extend the end; set it back to 1.5 s after the last one so the test stays short.
    expect((await bid(1000, alice.headers)).json().code).toBe(200);
    expect((await bid(1100, bob.headers)).json().code).toBe(200);
    await server.db
      .updateTable('project')
      .set({ biddingStopTime: new Date((await dbClock(server.db)) + 1500) })
      .where('id', '=', id)
      .execute();

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
    const id = await insertProject(server.db, {
      deptId: TENANT_A_TOWN,
      status: 5,
      applyStartTime: now - 2 * HOUR,
      applyStopTime: now - HOUR,
      biddingStartTime: now - 10,
      biddingStopTime: now + HOUR,
    });
    const watcher = await Viewer.open(`${wsBase}/websocket/0`);
    viewers.push(watcher);
    const first = await watcher.watch(id);
    expect(first.data!.status).toBe(5);
    await new StatusScheduler(server.db).tick();
    const fresh = await watcher.waitFor((f) => f.type === 'auctionState' && f.data?.status === 6, 5000, watcher.frames.indexOf(first) + 1);
    expect(fresh.data).toMatchObject({ projectId: id, status: 6, currentPrice: null });
  });
});
