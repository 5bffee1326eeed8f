import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_A_COUNTY, TENANT_A_OTHER_COUNTY, TENANT_A_TOWN, TENANT_B } from './fixtures.js';
import { insertProject } from './auction-helpers.js';
import { adminCall, consoleWorld, type ConsoleWorld } from './admin-helpers.js';
import { insertUser } from './users-helpers.js';
import type { Dashboard } from '../../schemas/types/api.js';

// The console's dashboard counts what its tables list, in the same scope: a county's staff never see another
// county's records, an administrator sees the tenant's, a plain user nothing.
const DAY = 24 * 3_600_000;
const CST = 8 * 3_600_000;
const cst = (t: number) => new Date(t + CST);
const monthKey = (t: number) => `${cst(t).getUTCFullYear()}-${String(cst(t).getUTCMonth() + 1).padStart(2, '0')}`;
const sameYear = (t: number, now: number) => cst(t).getUTCFullYear() === cst(now).getUTCFullYear();
const sameMonth = (t: number, now: number) => monthKey(t) === monthKey(now);

let w: ConsoleWorld;
const now = Date.now();
/** The deals of 甲县 (its town and itself): when each closed and for how much. */
const deals = [
  { at: now - 60_000, amount: 120_000, status: 7, deptId: TENANT_A_TOWN },
  { at: now - 40 * DAY, amount: 30_000.5, status: 8, deptId: TENANT_A_COUNTY },
  { at: now - 400 * DAY, amount: 99_999, status: 9, deptId: TENANT_A_TOWN },
];

async function deal(deptId: number, status: number, at: number, amount: number) {
  const id = await insertProject(w.server.db, { deptId, status, biddingStopTime: at });
  await w.server.db.updateTable('project').set({ dealAmount: amount }).where('id', '=', id).execute();
  return id;
}

beforeAll(async () => {
  w = await consoleWorld('1371900900');
  const { db } = w.server;
  // 甲县: two in publicity, one in sign-up, one ended without a deal, three deals.
  const signUp = await insertProject(db, { deptId: TENANT_A_TOWN, status: 4, name: '甲镇鱼塘承包经营权' });
  for (const status of [2, 2, 10]) await insertProject(db, { deptId: TENANT_A_TOWN, status });
  for (const d of deals) await deal(d.deptId, d.status, d.at, d.amount);
  const bidders = await Promise.all([1, 2, 3].map((n) => insertUser(db, { phone: `1371900800${n}` })));
  await db
    .insertInto('registration')
    .values([
      { projectId: signUp, userId: bidders[0]!, state: 2 },
      { projectId: signUp, userId: bidders[1]!, state: 2 },
      { projectId: signUp, userId: bidders[2]!, state: 1 },
    ])
    .execute();
  await db
    .insertInto('intent')
    .values([
      { deptId: TENANT_A_TOWN, type: 1, projectname: '甲镇林地', state: 0 },
      { deptId: TENANT_A_TOWN, type: 2, projectname: '甲镇厂房', state: 1 },
    ])
    .execute();
  const request = (deptId: number, kind: 'complaint' | 'consult', refNo: string, reply: string | null) => ({
    refNo,
    kind,
    deptId,
    name: '赵六',
    phone: '13912345678',
    content: '保证金何时退还',
    reply,
  });
  await db
    .insertInto('complaint')
    .values([
      request(TENANT_A_TOWN, 'complaint', 'TS1', null),
      request(TENANT_A_TOWN, 'complaint', 'TS2', '已处理'),
      request(TENANT_A_COUNTY, 'consult', 'ZX1', null),
      request(TENANT_A_OTHER_COUNTY, 'complaint', 'TS3', null),
    ])
    .execute();
  // 丙县, the other county of the same city: one of everything, which 甲县's staff must not count.
  const other = await insertProject(db, { deptId: TENANT_A_OTHER_COUNTY, status: 4 });
  await db.insertInto('registration').values({ projectId: other, userId: bidders[0]!, state: 2 }).execute();
  await db.insertInto('intent').values({ deptId: TENANT_A_OTHER_COUNTY, type: 1, projectname: '丙镇鱼塘', state: 0 }).execute();
  await deal(TENANT_A_OTHER_COUNTY, 7, now - 60_000, 50_000);
}, 120_000);
afterAll(() => w.server.close());

const dashboard = async (token: string, body: Record<string, unknown> = {}, deptId?: number) => {
  const res = await adminCall(w.server, 'adminDashboard', token, body, deptId);
  expect(res.statusCode).toBe(200);
  return res.json().data as Dashboard;
};
const sum = (values: number[]) => Math.round(values.reduce((s, v) => s + v, 0) * 100) / 100;

describe('the console dashboard', () => {
  it('counts a county staff member’s projects by status, pending reviews, unanswered requests and deals', async () => {
    const d = await dashboard(w.staff);
    expect(d.projects).toBe(7);
    expect(d.byStatus).toEqual([
      { status: 2, count: 2 },
      { status: 4, count: 1 },
      { status: 7, count: 1 },
      { status: 8, count: 1 },
      { status: 9, count: 1 },
      { status: 10, count: 1 },
    ]);
    expect(d.pending).toEqual({ registrations: 2, intents: 1, complaints: 1, consults: 1 });
    const thisMonth = deals.filter((x) => sameMonth(x.at, now));
    const thisYear = deals.filter((x) => sameYear(x.at, now));
    expect(d.deals).toEqual({
      month: { count: thisMonth.length, amount: sum(thisMonth.map((x) => x.amount)) },
      year: { count: thisYear.length, amount: sum(thisYear.map((x) => x.amount)) },
    });
    expect(d.deals.month.count).toBeGreaterThanOrEqual(1);
    // Twelve months, oldest first, ending with this one; the deal of 400 days ago is outside the window.
    expect(d.months).toBe(12);
    expect(d.monthly).toHaveLength(12);
    expect(d.monthly[11]!.month).toBe(monthKey(now));
    for (const m of d.monthly) {
      const inMonth = deals.filter((x) => monthKey(x.at) === m.month);
      expect(m).toEqual({ month: m.month, deals: inMonth.length, dealAmount: sum(inMonth.map((x) => x.amount)) });
    }
    expect(sum(d.monthly.map((m) => m.deals))).toBe(2);
    expect(d.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('matches the totals of the tables its tiles link to', async () => {
    const d = await dashboard(w.staff);
    const total = async (name: Parameters<typeof adminCall>[1], body: Record<string, unknown>) =>
      (await adminCall(w.server, name, w.staff, body)).json().data.total;
    expect(await total('auctionRegistrations', { state: 2 })).toBe(d.pending.registrations);
    expect(await total('intentReviewList', { state: 0 })).toBe(d.pending.intents);
    expect(await total('adminRequestList', { kind: 'complaint', status: 'pending' })).toBe(d.pending.complaints);
    expect(await total('adminRequestList', { kind: 'consult', status: 'pending' })).toBe(d.pending.consults);
    expect(await total('adminProjectList', {})).toBe(d.projects);
  });

  it('never counts another county’s records; the administrator counts the whole tenant', async () => {
    const other = await dashboard(w.otherStaff);
    expect(other.projects).toBe(2);
    expect(other.pending).toEqual({ registrations: 1, intents: 1, complaints: 1, consults: 0 });
    expect(other.deals.month).toEqual({ count: 1, amount: 50_000 });
    const admin = await dashboard(w.admin);
    expect(admin.projects).toBe(9);
    expect(admin.pending).toEqual({ registrations: 3, intents: 2, complaints: 2, consults: 1 });
  });

  it('answers zeros and an empty window for a centre with nothing yet', async () => {
    const d = await dashboard(w.staffB, { months: 3 }, TENANT_B);
    expect(d).toMatchObject({
      projects: 0,
      byStatus: [],
      pending: { registrations: 0, intents: 0, complaints: 0, consults: 0 },
      deals: { month: { count: 0, amount: 0 }, year: { count: 0, amount: 0 } },
      months: 3,
    });
    expect(d.monthly.map((m) => [m.deals, m.dealAmount])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
  });

  it('is refused to a plain user (403) and without a login (401), and bounds its window (400 in Chinese)', async () => {
    const user = await adminCall(w.server, 'adminDashboard', w.user, {});
    expect(user.statusCode).toBe(403);
    expect(user.json().msg).toMatch(/[\u4e00-\u9fff]/);
    expect((await adminCall(w.server, 'adminDashboard', undefined, {})).statusCode).toBe(401);
    for (const months of [0, 25, 1.5, 'x']) {
      const res = await adminCall(w.server, 'adminDashboard', w.staff, { months });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
