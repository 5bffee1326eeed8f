import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_A_OTHER_COUNTY, TENANT_A_TOWN } from './fixtures.js';
import { insertBiddingProject } from './auction-helpers.js';
import { adminCall, consoleWorld, type ConsoleWorld } from './admin-helpers.js';
import { PortalRegions } from '../../server/delivery/portal-regions.js';
import { PlaceTree } from '../../server/plugins/places.js';
import { codePrefixFor } from '../../server/services/project-code.js';

// Staff create and edit projects with a timeline checked for order; the status comes from the shared
// project-status machine; withdraw/suspend end a project before bidding and tell its registered bidders.
let w: ConsoleWorld;
beforeAll(async () => {
  w = await consoleWorld('1371900200');
}, 120_000);
afterAll(() => w.server.close());

const DAY = 86_400_000;
/** ms → 'YYYY-MM-DD HH:mm:ss' in China Standard Time. */
const cst = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
const timeline = (offsetsInDays: number[]) => {
  const now = Date.now();
  const [a, b, c, d, e] = offsetsInDays.map((x) => cst(now + x * DAY));
  return { publicityStopTime: a, applyStartTime: b, applyStopTime: c, biddingStartTime: d, biddingStopTime: e };
};
const project = {
  deptId: TENANT_A_TOWN,
  type: 2,
  number: '001',
  projectName: '甲镇王湾村耕地经营权流转',
  outname: '王湾村股份经济合作社',
  price: 800,
  priceUnit: 1,
  area: 120.5,
  areaUnit: 1,
  increment: 50,
  deposit: 5000,
  content: '<p>公告<script>alert(1)</script></p>',
  ...timeline([2, 2, 5, 6, 7]),
};
const save = (body: Record<string, unknown>, token = w.staff) => adminCall(w.server, 'adminProjectSave', token, body);

describe('projects', () => {
  it('creates a project whose status follows from its timeline (公示中, then 报名中 when sign-up is open)', async () => {
    const res = await save(project);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 2, statusName: '公示中', price: 800, area: 120.5, deptName: '甲镇' });
    expect(res.json().data.content).not.toMatch(/script|alert/);
    const open = await save({ ...project, ...timeline([-2, -1, 3, 4, 5]) });
    expect(open.json().data).toMatchObject({ status: 4, statusName: '报名中' });
    const list = (await adminCall(w.server, 'adminProjectList', w.staff, { keyword: '王湾村' })).json().data;
    expect(list.total).toBe(2);
    const log = (await adminCall(w.server, 'adminAuditList', w.staff, { entity: 'project', entityId: res.json().data.id })).json().data;
    expect(log.rows[0]).toMatchObject({ action: 'create', after: { projectName: '甲镇王湾村耕地经营权流转' } });
  });

  it('refuses a timeline out of order, an impossible date, a category of another type and a place out of scope', async () => {
    for (const days of [
      [3, 2, 5, 6, 7],
      [1, 2, 5, 4, 7],
      [1, 2, 5, 6, 6],
    ]) {
      const res = await save({ ...project, ...timeline(days) });
      expect(res.json()).toEqual({ code: 400, msg: '时间须依次为：公示结束 ≤ 报名开始 < 报名结束 ≤ 竞价开始 < 竞价结束' });
    }
    expect((await save({ ...project, applyStartTime: '2030-02-30 09:00:00' })).json()).toEqual({ code: 400, msg: '报名开始时间格式不正确' });
    expect((await save({ ...project, number: '009' })).json()).toEqual({ code: 400, msg: '项目类别 009 不属于“产权转让”类项目' });
    expect((await save({ ...project, number: '099' })).json()).toEqual({ code: 400, msg: '项目类别不存在：099' });
    expect((await save({ ...project, deptId: TENANT_A_OTHER_COUNTY })).statusCode).toBe(403);
    expect((await save({ ...project, imgList: ['https://evil.example/a.png'] })).statusCode).toBe(400);
  });

  it('edits only before bidding; withdraw tells registered bidders; another county gets 404', async () => {
    const created = (await save(project)).json().data;
    const upd = await save({ ...project, id: created.id, price: 900 });
    expect(upd.json().data).toMatchObject({ id: created.id, price: 900 });
    expect((await adminCall(w.server, 'adminProjectGet', w.otherStaff, { id: created.id })).statusCode).toBe(404);
    expect((await adminCall(w.server, 'adminProjectWithdraw', w.otherStaff, { id: created.id, reason: '误发' })).statusCode).toBe(404);

    await w.server.db.insertInto('registration').values({ projectId: created.id, userId: w.ids.user, state: 2 }).execute();
    const wd = await adminCall(w.server, 'adminProjectWithdraw', w.staff, { id: created.id, reason: '权属存在争议' });
    expect(wd.json()).toMatchObject({ code: 200, msg: '项目已撤回', data: { status: 10 } });
    const msg = await w.server.db.selectFrom('message').select('content').where('userId', '=', w.ids.user).executeTakeFirstOrThrow();
    expect(msg.content).toBe('您报名的项目“甲镇王湾村耕地经营权流转”已中止交易，原因：权属存在争议');
    expect((await adminCall(w.server, 'adminProjectSuspend', w.staff, { id: created.id, reason: '再次' })).statusCode).toBe(409);
    expect((await save({ ...project, id: created.id })).statusCode).toBe(409);

    const bidding = await insertBiddingProject(w.server.db, { deptId: TENANT_A_TOWN });
    expect((await adminCall(w.server, 'adminProjectSuspend', w.staff, { id: bidding, reason: '暂停' })).json()).toMatchObject({ code: 409 });
    expect((await save({ ...project, id: bidding })).statusCode).toBe(409);
  });
});

describe('project numbers (项目编号)', () => {
  const serial = (code: string) => Number(code.split('-')[2]);

  it('gives a new project a number of the demo shape, different for two saves at once, kept by an edit', async () => {
    const year = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
    const [a, b] = (await Promise.all([save(project), save({ ...project, type: 1, number: '009' })])).map((r) => r.json().data);
    // The test places lie in no region of regions/, so the number takes the default prefix.
    expect(a.code).toMatch(new RegExp(`^NC${year}-2-\\d{6}$`));
    expect(b.code).toMatch(new RegExp(`^NC${year}-1-\\d{6}$`));
    expect(a.code).not.toBe(b.code);
    expect(Math.abs(serial(a.code) - serial(b.code))).toBe(1);

    const edited = (await save({ ...project, id: a.id, projectName: '甲镇王湾村耕地经营权流转（更正）' })).json().data;
    expect(edited).toMatchObject({ id: a.id, code: a.code });
    const row = await w.server.db.selectFrom('project').select('code').where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(row.code).toBe(a.code);
  });

  it('continues past an imported number of the same shape, so a generated one never repeats it', async () => {
    const imported = await insertBiddingProject(w.server.db, { deptId: TENANT_A_TOWN });
    await w.server.db.updateTable('project').set({ code: 'NC2019-2-000900' }).where('id', '=', imported).execute();
    const next = (await save(project)).json().data;
    expect(next.code).toMatch(/-000901$/);
  });

  it('takes the prefix from the region whose place is at or above the project place (蓝田县 → LT)', async () => {
    await w.server.db
      .insertInto('place')
      .values([
        { deptId: 61, deptName: '陕西省', deptCode: '610000000000', parentId: 0, level: 1, ancestors: '0', lesseeId: null },
        { deptId: 6101, deptName: '西安市', deptCode: '610100000000', parentId: 61, level: 2, ancestors: '0,61', lesseeId: null },
        { deptId: 610122, deptName: '蓝田县', deptCode: '610122000000', parentId: 6101, level: 3, ancestors: '0,61,6101', lesseeId: 103 },
        { deptId: 610122102, deptName: '洩湖镇', deptCode: '610122102000', parentId: 610122, level: 4, ancestors: '0,61,6101,610122', lesseeId: null },
      ])
      .execute();
    const places = new PlaceTree(w.server.db);
    await places.load();
    const regions = new PortalRegions('regions').load().regions;
    expect(codePrefixFor(places, regions, 610122102)).toBe('LT');
    expect(codePrefixFor(places, regions, 610122)).toBe('LT');
    expect(codePrefixFor(places, regions, TENANT_A_TOWN)).toBe('NC');
    expect(codePrefixFor(places, [{ deptId: 6101, projectCodePrefix: 'XA' }, ...regions], 610122102)).toBe('LT');
    expect(codePrefixFor(places, [{ deptId: 6101, projectCodePrefix: 'XA' }], 610122102)).toBe('XA');
  }, 60_000);
});
