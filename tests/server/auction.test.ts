import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildApp } from '../../server/app.js';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.js';
import { closeAuction } from '../../server/auction/index.js';
import { notifyUser } from '../../server/auction/hub.js';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A, TENANT_A_TOWN, TENANT_B, TENANT_B_TOWN } from './fixtures.js';
import { approve, dbClock, insertBiddingProject, insertProject, userWithToken, Viewer } from './auction-helpers.js';

const MIN = 60_000;
const HOUR = 60 * MIN;

let server: TestServer;
let wsBase: string;
let staff: Awaited<ReturnType<typeof userWithToken>>;
let staffB: Awaited<ReturnType<typeof userWithToken>>;
let alice: Awaited<ReturnType<typeof userWithToken>>;
let bob: Awaited<ReturnType<typeof userWithToken>>;
let carol: Awaited<ReturnType<typeof userWithToken>>;
const viewers: Viewer[] = [];

beforeAll(async () => {
  server = await startTestServerWithPlaces();
  staff = await userWithToken(server, '13900000001', '审核员', 'staff');
  staffB = await userWithToken(server, '13900000002', '丁县审核员', 'staff', TENANT_B);
  alice = await userWithToken(server, '13800000001', '张三丰');
  bob = await userWithToken(server, '13800000002', '李四');
  carol = await userWithToken(server, '13800000003', '欧阳娜娜');
  const address = await server.app.listen({ host: '127.0.0.1', port: 0 });
  wsBase = address.replace(/^http/, 'ws');
});
afterAll(async () => {
  await Promise.all(viewers.map((v) => v.close()));
  await server.close();
});

const call = (url: string, body: Record<string, unknown>, user?: { headers: Record<string, string> }, deptId = TENANT_A) =>
  server.app.inject({ method: 'POST', url: `/prod-api/api/auction/${url}`, headers: { ...server.signed(deptId), ...(user?.headers ?? {}) }, payload: body });

async function viewer(path = '/websocket/0'): Promise<Viewer> {
  const v = await Viewer.open(`${wsBase}${path}`);
  viewers.push(v);
  return v;
}

/** A project in bidding with approved bidders, its end `stopIn` ms after the database clock. */
async function biddingProject(
  opts: { stopIn?: number; bidders?: number[]; price?: number; increment?: number; reservePrice?: number | null; deptId?: number } = {},
) {
  const { bidders, ...fixture } = opts;
  const id = await insertBiddingProject(server.db, fixture);
  await approve(server.db, id, bidders ?? [alice.userId, bob.userId]);
  return id;
}

const stopOf = async (id: number) =>
  (await server.db.selectFrom('project').select('biddingStopTime').where('id', '=', id).executeTakeFirstOrThrow()).biddingStopTime!.getTime();

describe('registration and review', () => {
  let open: number;
  beforeAll(async () => {
    const now = await dbClock(server.db);
    open = await insertProject(server.db, {
      deptId: TENANT_A_TOWN,
      status: 4,
      applyStartTime: now - HOUR,
      applyStopTime: now + 24 * HOUR,
      biddingStartTime: now + 48 * HOUR,
      biddingStopTime: now + 50 * HOUR,
      name: '甲镇100亩耕地经营权流转',
    });
  });

  it('registers a logged-in user as awaiting review, counts the sign-up, and refuses a second registration', async () => {
    const res = await call('register', { projectId: open }, alice);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, msg: '报名成功，请等待审核', data: { projectId: open, state: 2, bidderCode: '', reviewedAt: null } });
    expect(res.json().data.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const again = await call('register', { projectId: open }, alice);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 409, msg: '您已报名该项目，请等待工作人员审核' });
    expect((await call('register', { projectId: open }, bob)).json().data.state).toBe(2);
    const p = await server.db.selectFrom('project').select('signCts').where('id', '=', open).executeTakeFirstOrThrow();
    expect(p.signCts).toBe(2);
  });

  it('tells each user their own state: 0 before registering, 2 after', async () => {
    expect((await call('registration', { projectId: open }, carol)).json().data).toEqual({
      projectId: open,
      state: 0,
      bidderCode: '',
      createdAt: null,
      reviewedAt: null,
    });
    expect((await call('registration', { projectId: open }, alice)).json().data).toMatchObject({ state: 2, bidderCode: '' });
  });

  it('needs a login, a known project and the project’s tenant', async () => {
    const anonymous = await call('register', { projectId: open });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().msg).toBe('请先登录');
    const unknown = await call('register', { projectId: 99999999 }, carol);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('项目不存在或已下架');
    const otherTenant = await call('register', { projectId: open }, carol, TENANT_B);
    expect(otherTenant.statusCode).toBe(404);
    const missing = await call('register', {}, carol);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('缺少必填参数：项目编号（projectId）');
  });

  it('refuses outside the sign-up window by the database clock, whatever the stored status says', async () => {
    const now = await dbClock(server.db);
    const early = await insertProject(server.db, {
      deptId: TENANT_A_TOWN,
      status: 2,
      publicityStopTime: now + HOUR,
      applyStartTime: now + HOUR,
      applyStopTime: now + 5 * HOUR,
    });
    expect((await call('register', { projectId: early }, carol)).json()).toEqual({ code: 409, msg: '报名尚未开始' });
    const late = await insertProject(server.db, { deptId: TENANT_A_TOWN, status: 4, applyStartTime: now - 5 * HOUR, applyStopTime: now - 1 });
    expect((await call('register', { projectId: late }, carol)).json()).toEqual({ code: 409, msg: '报名已截止' });
    const bidding = await insertProject(server.db, { deptId: TENANT_A_TOWN, status: 6 });
    expect((await call('register', { projectId: bidding }, carol)).json()).toEqual({ code: 409, msg: '报名已截止' });
    // Status 3 whose window the clock has opened: accepted, and the project moves to 4 with it.
    const lagging = await insertProject(server.db, { deptId: TENANT_A_TOWN, status: 3, applyStartTime: now - MIN, applyStopTime: now + HOUR });
    expect((await call('register', { projectId: lagging }, carol)).json().data.state).toBe(2);
    expect((await server.db.selectFrom('project').select('status').where('id', '=', lagging).executeTakeFirstOrThrow()).status).toBe(4);
  });

  it('lets only staff review, assigns bidder codes 001, 002 in approval order, and rejects', async () => {
    const notStaff = await call('review', { projectId: open, userId: alice.userId, approve: true }, bob);
    expect(notStaff.statusCode).toBe(403);
    expect(notStaff.json().msg).toBe('当前操作没有权限（需要工作人员账号）');

    const pending = await call('registrations', { projectId: open, state: 2 }, staff);
    expect(pending.json().data.total).toBe(2);
    expect(pending.json().data.rows[0]).toMatchObject({
      projectId: open,
      projectName: '甲镇100亩耕地经营权流转',
      state: 2,
      // Staff see the full number: they call the bidder back.
      phone: '13800000002',
      name: '李四',
    });

    const first = await call('review', { projectId: open, userId: bob.userId, approve: true }, staff);
    expect(first.json()).toMatchObject({ code: 200, msg: '审核通过，竞买号 001', data: { state: 1, bidderCode: '001' } });
    const second = await call('review', { projectId: open, userId: alice.userId, approve: 'true' }, staff);
    expect(second.json().data.bidderCode).toBe('002');
    const twice = await call('review', { projectId: open, userId: alice.userId, approve: false }, staff);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toBe('该报名已审核（已通过），不能重复审核');
    const notRegistered = await call('review', { projectId: open, userId: carol.userId, approve: true }, staff);
    expect(notRegistered.statusCode).toBe(404);
    expect(notRegistered.json().msg).toBe('该用户未报名此项目');
    const noDecision = await call('review', { projectId: open, userId: alice.userId }, staff);
    expect(noDecision.json()).toEqual({ code: 400, msg: '缺少必填参数：审核结果（approve）' });

    expect((await call('registration', { projectId: open }, alice)).json().data).toMatchObject({ state: 1, bidderCode: '002' });
    expect((await call('registrations', { projectId: open, state: 2 }, staff)).json().data.total).toBe(0);
    const message = await server.db.selectFrom('message').selectAll().where('userId', '=', alice.userId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(message).toMatchObject({
      title: '报名审核通过',
      refId: String(open),
      content: '您报名的项目“甲镇100亩耕地经营权流转”已审核通过，竞买号：002，请按时参加竞价。',
    });
  });

  it('rejects with state 3 and a message; a rejected user cannot register again', async () => {
    const now = await dbClock(server.db);
    const id = await insertProject(server.db, { deptId: TENANT_A_TOWN, status: 4, applyStartTime: now - HOUR, applyStopTime: now + HOUR });
    await call('register', { projectId: id }, carol);
    const res = await call('review', { projectId: id, userId: carol.userId, approve: false }, staff);
    expect(res.json()).toMatchObject({ msg: '已驳回该报名', data: { state: 3, bidderCode: '' } });
    expect((await call('register', { projectId: id }, carol)).json().msg).toBe('您对该项目的报名未通过审核，不能重复报名');
  });

  it('keeps staff of another tenant (or another place) out of these registrations', async () => {
    const list = await call('registrations', { state: 1 }, staffB, TENANT_B);
    expect(list.json().data).toEqual({ rows: [], total: 0 });
    // A staff account bound to 丁县 gets nothing even when it signs as tenant A.
    expect((await call('registrations', { projectId: open }, staffB)).json().data.total).toBe(0);
    const review = await call('review', { projectId: open, userId: bob.userId, approve: true }, staffB, TENANT_B);
    expect(review.statusCode).toBe(404);
  });

  it('pages the staff list with a total', async () => {
    const page = await call('registrations', { projectId: open, pageNum: 2, pageSize: 1 }, staff);
    expect(page.json().data.total).toBe(2);
    expect(page.json().data.rows).toHaveLength(1);
    expect(page.json().data.rows[0].name).toBe('张三丰');
  });
});

describe('bidding rules', () => {
  it('accepts a first bid at the start price and then only current price + increment multiples', async () => {
    const id = await biddingProject({ price: 1000, increment: 100 });
    const low = await call('bid', { projectId: id, amount: 900 }, alice);
    expect(low.statusCode).toBe(409);
    expect(low.json().msg).toBe('出价不能低于起始价（¥1,000）');
    const first = await call('bid', { projectId: id, amount: 1000 }, alice);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      code: 200,
      msg: '出价成功',
      data: { projectId: id, currentPrice: 1000, bidCount: 1, previousStopTime: null, bid: { amount: 1000, bidderCode: '001', bidderName: '张**' } },
    });
    const same = await call('bid', { projectId: id, amount: 1000 }, bob);
    expect(same.json().msg).toBe('出价不能低于当前价加加价幅度（¥1,100）');
    const odd = await call('bid', { projectId: id, amount: 1150 }, bob);
    expect(odd.json().msg).toBe('出价须为加价幅度的整数倍（起始价¥1,000，加价幅度¥100）');
    const jump = await call('bid', { projectId: id, amount: 1500 }, bob);
    expect(jump.json().data).toMatchObject({ currentPrice: 1500, bidCount: 2, bid: { bidderCode: '002', bidderName: '李*' } });
    const cents = await call('bid', { projectId: id, amount: 1600.001 }, alice);
    expect(cents.json()).toEqual({ code: 400, msg: '出价金额最多保留两位小数' });
    const negative = await call('bid', { projectId: id, amount: -5 }, alice);
    expect(negative.statusCode).toBe(400);
    expect(negative.json().msg).toContain('出价金额');
  });

  it('refuses bids before the start, after the end, from unapproved users, on tenders and across tenants', async () => {
    const now = await dbClock(server.db);
    const notYet = await insertProject(server.db, { deptId: TENANT_A_TOWN, status: 5, biddingStartTime: now + HOUR, biddingStopTime: now + 2 * HOUR });
    await approve(server.db, notYet, [alice.userId]);
    expect((await call('bid', { projectId: notYet, amount: 1000 }, alice)).json()).toEqual({ code: 409, msg: '竞价尚未开始' });

    const over = await biddingProject({ stopIn: -1 });
    expect((await call('bid', { projectId: over, amount: 1000 }, alice)).json()).toEqual({ code: 409, msg: '竞价已结束' });

    const id = await biddingProject({ bidders: [alice.userId] });
    const none = await call('bid', { projectId: id, amount: 1000 }, carol);
    expect(none.statusCode).toBe(403);
    expect(none.json().msg).toBe('您未获得竞价资格');
    await server.db.insertInto('registration').values({ projectId: id, userId: bob.userId, state: 2 }).execute();
    expect((await call('bid', { projectId: id, amount: 1000 }, bob)).json().msg).toBe('您的报名尚在审核中，审核通过后才能出价');

    const tender = await insertProject(server.db, { deptId: TENANT_A_TOWN, status: 6, type: 1, biddingStartTime: now - HOUR, biddingStopTime: now + HOUR });
    expect((await call('bid', { projectId: tender, amount: 1000 }, alice)).json().msg).toBe('招标采购项目不进行网络竞价');

    expect((await call('bid', { projectId: id, amount: 1000 }, alice, TENANT_B)).statusCode).toBe(404);
    expect((await call('bid', { projectId: id }, alice)).json().msg).toBe('缺少必填参数：出价金额（amount）');
    expect(await server.db.selectFrom('bid').select('id').where('projectId', 'in', [notYet, over, id, tender]).execute()).toEqual([]);
  });

  it('lets a bid open the auction when the clock has passed the start of a status-5 project', async () => {
    const now = await dbClock(server.db);
    const id = await insertProject(server.db, { deptId: TENANT_A_TOWN, status: 5, biddingStartTime: now - 1000, biddingStopTime: now + HOUR });
    await approve(server.db, id, [alice.userId]);
    expect((await call('bid', { projectId: id, amount: 1000 }, alice)).statusCode).toBe(200);
    expect((await server.db.selectFrom('project').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe(6);
  });

  it('extends the end to bid time + extendMinutes, to the millisecond, only for a bid less than extendMinutes before it', async () => {
    const now = await dbClock(server.db);
    // 5 min + 3 s away: a bid within the next 3 s is not "less than 5 minutes" before the end.
    const id = await biddingProject({ stopIn: 5 * MIN + 3000 });
    const stop0 = await stopOf(id);
    const early = (await call('bid', { projectId: id, amount: 1000 }, alice)).json().data;
    expect(early.previousStopTime).toBeNull();
    expect(early.biddingStopTime).toBe(stop0);
    expect(await stopOf(id)).toBe(stop0);

    // 4 min 59.999 s left: extended to exactly the stored bid time + 5 min.
    await server.db
      .updateTable('project')
      .set({ biddingStopTime: new Date((await dbClock(server.db)) + 5 * MIN - 1) })
      .where('id', '=', id)
      .execute();
    const stop1 = await stopOf(id);
    const late = (await call('bid', { projectId: id, amount: 1100 }, bob)).json().data;
    const stored = await server.db.selectFrom('bid').select(['id', 'createdAt']).where('id', '=', late.bid.id).executeTakeFirstOrThrow();
    expect(late.bid.time).toBe(stored.createdAt.getTime());
    expect(late.previousStopTime).toBe(stop1);
    expect(late.biddingStopTime).toBe(stored.createdAt.getTime() + 5 * MIN);
    expect(await stopOf(id)).toBe(late.biddingStopTime);
    expect(late.bid.time).toBeGreaterThanOrEqual(now);

    // A per-project extension of 2 minutes.
    const custom = await biddingProject({ stopIn: 90_000 });
    await server.db.updateTable('project').set({ extendMinutes: 2 }).where('id', '=', custom).execute();
    const c = (await call('bid', { projectId: custom, amount: 1000 }, alice)).json().data;
    expect(c.biddingStopTime).toBe(c.bid.time + 2 * MIN);
  });
});

describe('50 bidders at once', () => {
  it('loses nothing, duplicates nothing, stores strictly rising prices, and ends with the right winner and end time', async () => {
    const bidders = await Promise.all(Array.from({ length: 50 }, (_, i) => userWithToken(server, `1370000${String(i).padStart(4, '0')}`, `竞买人${i}`)));
    // Ends within the extension window, so every accepted bid moves the end.
    const id = await biddingProject({ stopIn: 2 * MIN, bidders: bidders.map((b) => b.userId), price: 5000, increment: 50 });
    const watcher = await viewer();
    await watcher.watch(id);
    // Bidder i offers start + i × increment; they arrive in whatever order the server takes them.
    const order = bidders.map((b, i) => ({ b, i })).sort(() => Math.random() - 0.5);
    const responses = await Promise.all(order.map(({ b, i }) => call('bid', { projectId: id, amount: 5000 + i * 50 }, b).then((r) => ({ i, r: r.json() }))));

    const accepted = responses.filter((x) => x.r.code === 200);
    const refused = responses.filter((x) => x.r.code !== 200);
    for (const x of refused) expect(x.r.msg).toMatch(/^出价不能低于当前价加加价幅度（¥[\d,]+）$/);
    expect(accepted.length + refused.length).toBe(50);
    // The highest offer can never be refused.
    expect(accepted.some((x) => x.i === 49)).toBe(true);

    const stored = await server.db
      .selectFrom('bid')
      .select(['id', 'amount', 'userId', 'createdAt', 'bidderCode'])
      .where('projectId', '=', id)
      .orderBy('id')
      .execute();
    expect(stored.map((s) => Number(s.id)).sort((a, b) => a - b)).toEqual(accepted.map((x) => x.r.data.bid.id).sort((a, b) => a - b));
    expect(new Set(stored.map((s) => s.userId)).size).toBe(stored.length);
    for (let k = 1; k < stored.length; k++) {
      expect(Number(stored[k].amount)).toBeGreaterThan(Number(stored[k - 1].amount));
      expect(stored[k].createdAt.getTime()).toBeGreaterThanOrEqual(stored[k - 1].createdAt.getTime());
    }
    const last = stored[stored.length - 1];
    expect(Number(last.amount)).toBe(5000 + 49 * 50);
    const project = await server.db.selectFrom('project').select(['currentPrice', 'biddingStopTime']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(project.currentPrice)).toBe(7450);
    expect(project.biddingStopTime!.getTime()).toBe(last.createdAt.getTime() + 5 * MIN);

    // The viewer got every accepted bid once, in bid order.
    await watcher.waitFor((f) => f.type === 'auctionBid' && f.data?.bid.id === Number(last.id));
    const pushed = watcher
      .of('auctionBid')
      .filter((f) => f.data?.projectId === id)
      .map((f) => f.data!.bid.id);
    expect(pushed).toEqual(stored.map((s) => Number(s.id)));
    // Counts and prices as each bid committed: 1, 2, 3… and the stored amounts, in order.
    const pushedBids = watcher.of('auctionBid').filter((f) => f.data?.projectId === id);
    expect(pushedBids.map((f) => f.data!.bidCount)).toEqual(stored.map((_, k) => k + 1));
    expect(pushedBids.map((f) => f.data!.currentPrice)).toEqual(stored.map((s) => Number(s.amount)));
    expect(pushedBids.map((f) => f.data!.bid.time)).toEqual(stored.map((s) => s.createdAt.getTime()));
    // Each bid moves the end to its time + 5 min, so it is announced (delayTime) unless the bid before it was taken in
    // the same millisecond (bid times are whole milliseconds): its end is then no later. The last one comes in the
    // same write as the last bid, but may be read a moment after it.
    const moves = stored.filter((s, k) => k === 0 || s.createdAt.getTime() > stored[k - 1].createdAt.getTime()).length;
    await watcher.waitFor((f) => f.type === 'delayTime' && f.data?.projectId === id && f.data?.biddingStopTime === project.biddingStopTime!.getTime());
    const delays = watcher.of('delayTime').filter((f) => f.data?.projectId === id);
    expect(delays).toHaveLength(moves);
    expect(delays.at(-1)!.data!.biddingStopTime).toBe(project.biddingStopTime!.getTime());

    // Closing after the end: bidder 49 wins at 7450 with status 7.
    await server.db
      .updateTable('project')
      .set({ biddingStopTime: new Date((await dbClock(server.db)) - 1) })
      .where('id', '=', id)
      .execute();
    const closed = await closeAuction(server.db, id);
    expect(closed).toMatchObject({ status: stored.length >= 2 ? 7 : 8, dealAmount: 7450, winnerUserId: bidders[49].userId, winnerCode: last.bidderCode });
  });
});

describe('closing', () => {
  const end = async (id: number) => {
    await server.db
      .updateTable('project')
      .set({ biddingStopTime: new Date((await dbClock(server.db)) - 1) })
      .where('id', '=', id)
      .execute();
    return closeAuction(server.db, id);
  };

  it('7 with two bidders, 8 with one, 10 with none, 11 below the reserve; deal amount set only on a deal', async () => {
    const two = await biddingProject();
    await call('bid', { projectId: two, amount: 1000 }, alice);
    await call('bid', { projectId: two, amount: 1200 }, bob);
    expect(await end(two)).toEqual({ projectId: two, status: 7, dealAmount: 1200, winnerCode: '002', winnerUserId: bob.userId });

    const one = await biddingProject();
    await call('bid', { projectId: one, amount: 1000 }, alice);
    await call('bid', { projectId: one, amount: 1100 }, alice);
    expect(await end(one)).toMatchObject({ status: 8, dealAmount: 1100, winnerCode: '001' });

    const none = await biddingProject();
    expect(await end(none)).toMatchObject({ status: 10, dealAmount: null, winnerCode: null });

    const reserve = await biddingProject({ reservePrice: 1500 });
    await call('bid', { projectId: reserve, amount: 1000 }, alice);
    await call('bid', { projectId: reserve, amount: 1400 }, bob);
    expect(await end(reserve)).toMatchObject({ status: 11, dealAmount: null });

    const atReserve = await biddingProject({ reservePrice: 1500 });
    await call('bid', { projectId: atReserve, amount: 1500 }, bob);
    expect(await end(atReserve)).toMatchObject({ status: 8, dealAmount: 1500 });

    const rows = await server.db
      .selectFrom('project')
      .select(['id', 'status', 'dealAmount'])
      .where('id', 'in', [two, one, none, reserve])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.status, r.dealAmount === null ? null : Number(r.dealAmount)])).toEqual([
      [7, 1200],
      [8, 1100],
      [10, null],
      [11, null],
    ]);
    expect((await call('bid', { projectId: two, amount: 1300 }, alice)).json().msg).toBe('竞价已结束');
  });

  it('does nothing before the end, and closes once when several closers race', async () => {
    const id = await biddingProject({ stopIn: HOUR });
    expect(await closeAuction(server.db, id)).toBeNull();
    await call('bid', { projectId: id, amount: 1000 }, alice);
    await server.db
      .updateTable('project')
      .set({ biddingStopTime: new Date((await dbClock(server.db)) - 1) })
      .where('id', '=', id)
      .execute();
    const results = await Promise.all(Array.from({ length: 6 }, () => closeAuction(server.db, id)));
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(await closeAuction(server.db, id)).toBeNull();
  });
});

describe('auctionState call', () => {
  it('shows prices, ms times, masked newest-first records and the deal amount; other tenants get 404', async () => {
    const id = await biddingProject({ bidders: [carol.userId, alice.userId] });
    await call('bid', { projectId: id, amount: 1000 }, carol);
    await call('bid', { projectId: id, amount: 1100 }, alice);
    const res = await call('state', { projectId: id });
    expect(res.statusCode).toBe(200);
    const s = res.json().data;
    expect(s).toMatchObject({ projectId: id, status: 6, price: 1000, currentPrice: 1100, increment: 100, extendMinutes: 5, bidCount: 2, dealAmount: null });
    expect(s.records.map((r: { amount: number; bidderCode: string; bidderName: string }) => [r.amount, r.bidderCode, r.bidderName])).toEqual([
      [1100, '002', '张**'],
      [1000, '001', '欧***'],
    ]);
    expect(typeof s.biddingStopTime).toBe('number');
    expect(Math.abs(s.serverTime - Date.now())).toBeLessThan(5000);
    expect((await call('state', { projectId: id }, undefined, TENANT_B)).statusCode).toBe(404);
    const fresh = await biddingProject({ deptId: TENANT_B_TOWN });
    expect((await call('state', { projectId: fresh }, undefined, TENANT_B)).json().data).toMatchObject({ currentPrice: null, bidCount: 0, records: [] });
  });
});

describe('real-time channel /websocket/:userId', () => {
  it('answers heartcheck with the server time and unknown frames with an error', async () => {
    const v = await viewer();
    v.send({ type: 'heartcheck' });
    const beat = await v.waitFor((f) => f.type === 'heartcheck');
    expect(Math.abs(beat.data!.serverTime - Date.now())).toBeLessThan(5000);
    v.send({ type: 'dance' });
    expect((await v.waitFor((f) => f.type === 'error')).data!.msg).toBe('未知的消息类型：dance');
    v.send({ type: 'watch', data: { projectId: 99999999 } });
    expect((await v.waitFor((f) => f.type === 'error' && f.data?.projectId === 99999999)).data!.msg).toBe('项目不存在或已下架');
  });

  it('pushes auctionState on watch, auctionBid and delayTime to every watcher, nothing after unwatch, and auctionEnded at the close', async () => {
    const id = await biddingProject({ stopIn: 2 * MIN });
    const a = await viewer();
    const b = await viewer(`/websocket/${bob.userId}?token=${bob.token}`);
    const stateA = await a.watch(id);
    expect(stateA.data).toMatchObject({ projectId: id, status: 6, currentPrice: null, bidCount: 0, records: [] });
    await b.watch(id);
    const bid = (await call('bid', { projectId: id, amount: 1000 }, alice)).json().data;
    for (const v of [a, b]) {
      const pushed = await v.waitFor((f) => f.type === 'auctionBid' && f.data?.projectId === id);
      expect(pushed.data).toMatchObject({ projectId: id, bid: bid.bid, currentPrice: 1000, bidCount: 1, biddingStopTime: bid.biddingStopTime });
      expect(typeof pushed.data!.serverTime).toBe('number');
      const delay = await v.waitFor((f) => f.type === 'delayTime' && f.data?.projectId === id);
      expect(delay.data).toMatchObject({ projectId: id, biddingStopTime: bid.biddingStopTime, previousStopTime: bid.previousStopTime });
    }
    b.send({ type: 'unwatch', data: { projectId: id } });
    b.send({ type: 'heartcheck' });
    await b.waitFor((f) => f.type === 'heartcheck');
    await call('bid', { projectId: id, amount: 1100 }, bob);
    await a.waitFor((f) => f.type === 'auctionBid' && f.data?.currentPrice === 1100);
    await server.db
      .updateTable('project')
      .set({ biddingStopTime: new Date((await dbClock(server.db)) - 1) })
      .where('id', '=', id)
      .execute();
    await closeAuction(server.db, id);
    const ended = await a.waitFor((f) => f.type === 'auctionEnded' && f.data?.projectId === id);
    expect(ended.data).toMatchObject({ projectId: id, status: 7, dealAmount: 1100, winnerCode: '002' });
    expect(b.of('auctionBid').filter((f) => f.data?.projectId === id)).toHaveLength(1);
    expect(b.of('auctionEnded')).toHaveLength(0);

    // A client reconnecting after the end gets the final price and deal amount straight away.
    await a.close();
    const again = await viewer();
    const final = await again.watch(id);
    expect(final.data).toMatchObject({ status: 7, currentPrice: 1100, dealAmount: 1100, bidCount: 2 });
    expect(final.data!.records[0]).toMatchObject({ amount: 1100, bidderCode: '002', bidderName: '李*' });
  });

  it('sends a user’s notice only to sockets whose token belongs to that user', async () => {
    const mine = await viewer(`/websocket/${carol.userId}?token=${carol.token}`);
    const forged = await viewer(`/websocket/${carol.userId}?token=${alice.token}`);
    const anonymous = await viewer(`/websocket/${carol.userId}`);
    // The token check is asynchronous; a heartcheck round trip shows the socket has been set up.
    for (const v of [mine, forged, anonymous]) {
      v.send({ type: 'heartcheck' });
      await v.waitFor((f) => f.type === 'heartcheck');
    }
    await new Promise((r) => setTimeout(r, 100));
    await notifyUser(server.db, carol.userId, { messageId: 7, title: '竞价提醒' });
    expect((await mine.waitFor((f) => f.type === 'notice')).data).toEqual({ messageId: 7, title: '竞价提醒' });
    // And a review result lights the dot too.
    const now = await dbClock(server.db);
    const id = await insertProject(server.db, { deptId: TENANT_A_TOWN, status: 4, applyStartTime: now - HOUR, applyStopTime: now + HOUR });
    await call('register', { projectId: id }, carol);
    await call('review', { projectId: id, userId: carol.userId, approve: true }, staff);
    const notice = await mine.waitFor((f) => f.type === 'notice' && f.data?.title === '报名审核通过');
    expect(notice.data!.messageId).toBeGreaterThan(0);
    for (const v of [forged, anonymous]) {
      v.send({ type: 'heartcheck' });
      await v.waitFor((f) => f.type === 'heartcheck', 5000, v.frames.length);
      expect(v.of('notice')).toEqual([]);
    }
  });
});

describe('fan-out across instances', () => {
  it('a bid on one instance reaches a socket on another instance over the same database', async () => {
    if (server.kind !== 'postgres') {
      // PGlite is one embedded session: one instance. Its LISTEN path is what every test above exercised.
      expect(server.app.ctx.auction.counts().sockets).toBeGreaterThan(0);
      return;
    }
    const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(server.db);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${rows[0].name}`;
    const handle: DatabaseHandle = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
    const other = await buildApp({ config: server.config, db: handle.db, dbKind: 'postgres', listen: handle.listen, logger: false });
    try {
      const address = await other.listen({ host: '127.0.0.1', port: 0 });
      const onB = await Viewer.open(`${address.replace(/^http/, 'ws')}/websocket/0`);
      viewers.push(onB);
      const id = await biddingProject();
      await onB.watch(id);
      const res = await call('bid', { projectId: id, amount: 1000 }, alice);
      const pushed = await onB.waitFor((f) => f.type === 'auctionBid' && f.data?.projectId === id);
      expect(pushed.data!.bid.id).toBe(res.json().data.bid.id);
      // And the other way round: a bid through instance B reaches a socket on A.
      const onA = await viewer();
      await onA.watch(id);
      const viaB = await other.inject({
        method: 'POST',
        url: '/prod-api/api/auction/bid',
        headers: { ...server.signed(TENANT_A), ...bob.headers },
        payload: { projectId: id, amount: 1100 },
      });
      expect(viaB.json().code).toBe(200);
      await onA.waitFor((f) => f.type === 'auctionBid' && f.data?.currentPrice === 1100);
      await onB.close();
    } finally {
      await other.close();
      await handle.close();
    }
  });
});
