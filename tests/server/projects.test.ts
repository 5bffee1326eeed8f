import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { insertTestPlaces, TENANT_A, TENANT_A_COUNTY, TENANT_A_TOWN, TENANT_B } from './fixtures.js';

let server: TestServer;
const ids: Record<string, number> = {};

beforeAll(async () => {
  server = await startTestServer();
  await insertTestPlaces(server.db);
  await server.reloadPlaces();
  const base = { priceUnit: 1, areaUnit: 1, imgList: JSON.stringify(['/image-api/demo/a.png']) };
  // Tenant A: ten transfer projects in the town (statuses 2..11, areas 5..95), one tender and one demand in the other county.
  for (let status = 2; status <= 11; status++) {
    const row = await server.db
      .insertInto('project')
      .values({
        ...base,
        deptId: TENANT_A_TOWN,
        type: 2,
        number: status % 2 ? '001' : '002',
        status,
        code: `CA2026-2-${String(status).padStart(6, '0')}`,
        projectName: `甲镇${status}号地块土地经营权流转`,
        price: 1000 * status,
        area: status * 10 - 15,
        outname: '甲镇股份经济合作社',
        dealAmount: status >= 7 && status <= 9 ? 1500 * status : null,
        signCts: status >= 7 && status <= 9 ? 2 : 0,
        publicityStopTime: '2026-11-01T00:00:00Z',
        applyStartTime: '2026-11-02T00:00:00Z',
        applyStopTime: '2026-11-10T00:00:00Z',
        biddingStartTime: '2026-11-11T00:00:00Z',
        biddingStopTime: '2026-11-12T02:30:00Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[`a${status}`] = row.id;
  }
  ids.tender = (
    await server.db
      .insertInto('project')
      .values({ ...base, deptId: 1121, type: 1, number: '009', status: 4, projectName: '丙镇灌溉工程建设招标', price: 500000, company: '丙镇人民政府' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  ids.demand = (
    await server.db
      .insertInto('project')
      .values({ ...base, deptId: 1121, type: 3, number: '013', status: 2, projectName: '求租丙镇耕地200亩', price: 800, needname: '某农业公司', area: 200 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  ids.b = (
    await server.db
      .insertInto('project')
      .values({ ...base, deptId: 2111, type: 2, number: '001', status: 4, projectName: '丁镇鱼塘承包经营权', price: 30000 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => server.close());

const call = (url: string, deptId: number, payload?: object) =>
  server.app.inject({
    method: 'POST',
    url: `/prod-api${url}`,
    headers: server.signed(deptId),
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

describe('POST /api/projectList', () => {
  it('pages seven cards by default, newest first, with the total', async () => {
    const res = await call('/api/projectList', TENANT_A, { type: 2 });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.total).toBe(10);
    expect(data.rows).toHaveLength(7);
    expect(data.rows[0].id).toBe(ids.a11);
    const page2 = (await call('/api/projectList', TENANT_A, { type: 2, pageNum: 2 })).json().data;
    expect(page2.rows.map((r: { id: number }) => r.id)).toEqual([ids.a4, ids.a3, ids.a2]);
  });

  it('returns the card fields with the release record in China time', async () => {
    const { data } = (await call('/api/projectList', TENANT_A, { type: 2, statusStr: '7' })).json();
    expect(data.rows).toHaveLength(1);
    const c = data.rows[0];
    expect(c).toMatchObject({
      id: ids.a7,
      status: 7,
      type: 2,
      code: 'CA2026-2-000007',
      projectName: '甲镇7号地块土地经营权流转',
      projectname: '甲镇7号地块土地经营权流转',
      deptName: '甲镇',
      price: 7000,
      dealAmount: 10500,
      area: 55,
      areaUnit: 1,
      priceUnit: 1,
      signCts: 2,
      outname: '甲镇股份经济合作社',
      number: '001',
      classname: '土地经营权',
      imgList: ['/image-api/demo/a.png'],
    });
    expect(c.releaseRecord).toEqual({
      projectType: 2,
      publicityStopTime: '2026-11-01 08:00:00',
      applyStartTime: '2026-11-02 08:00:00',
      applyStopTime: '2026-11-10 08:00:00',
      biddingStartTime: '2026-11-11 08:00:00',
      biddingStopTime: '2026-11-12 10:30:00',
    });
  });

  it('filters by a status group, category, area bracket and keyword', async () => {
    const statuses = (await call('/api/projectList', TENANT_A, { statusStr: '7,8,9' })).json().data.rows.map((r: { status: number }) => r.status);
    expect(statuses.sort()).toEqual([7, 8, 9]);
    expect((await call('/api/projectList', TENANT_A, { type: 2, number: '002' })).json().data.total).toBe(5);
    // Areas are 5, 15, …, 95: the 10–100 bracket holds nine, an empty bound is ignored.
    expect((await call('/api/projectList', TENANT_A, { type: 2, params: { areaBegin: 10, areaEnd: 100 } })).json().data.total).toBe(9);
    expect((await call('/api/projectList', TENANT_A, { type: 2, areaBegin: '', areaEnd: '10' })).json().data.total).toBe(1);
    expect((await call('/api/projectList', TENANT_A, { keyword: '3号地块' })).json().data.rows.map((r: { id: number }) => r.id)).toEqual([ids.a3]);
    // The search box says 项目名称、编号或地址: a 项目编号, whole or in part, finds its project.
    expect((await call('/api/projectList', TENANT_A, { keyword: 'ca2026-2-000003' })).json().data.rows.map((r: { id: number }) => r.id)).toEqual([ids.a3]);
    // Without a cased letter the same search (digits, Chinese) matches the same, case or not.
    expect((await call('/api/projectList', TENANT_A, { keyword: '2026-2-000003' })).json().data.rows.map((r: { id: number }) => r.id)).toEqual([ids.a3]);
    expect((await call('/api/projectList', TENANT_A, { keyword: 'CA2026-2-000003' })).json().data.rows.map((r: { id: number }) => r.id)).toEqual([ids.a3]);
    expect((await call('/api/projectList', TENANT_A, { searchValue: '灌溉' })).json().data.rows.map((r: { id: number }) => r.id)).toEqual([ids.tender]);
  });

  it('accepts the filters as query parameters and as a multipart form', async () => {
    const q = await server.app.inject({ method: 'POST', url: '/prod-api/api/projectList?type=1', headers: server.signed(TENANT_A) });
    expect(q.json().data.rows.map((r: { id: number }) => r.id)).toEqual([ids.tender]);
    const boundary = '----tianmu';
    const form =
      [
        ['type', '3'],
        ['pageSize', '7'],
      ]
        .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join('') + `--${boundary}--\r\n`;
    const m = await server.app.inject({
      method: 'POST',
      url: '/prod-api/api/projectList',
      payload: form,
      headers: { ...server.signed(TENANT_A), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(m.statusCode).toBe(200);
    expect(m.json().data.rows.map((r: { id: number }) => r.id)).toEqual([ids.demand]);
  });

  it('scopes to the tenant: B never sees A, a place inside narrows, a place outside is refused', async () => {
    const b = (await call('/api/projectList', TENANT_B, {})).json().data;
    expect(b.rows.map((r: { id: number }) => r.id)).toEqual([ids.b]);
    expect((await call('/api/projectList', TENANT_A, { pid: TENANT_A_COUNTY })).json().data.total).toBe(10);
    expect((await call('/api/projectList', TENANT_A, { deptId: 1120 })).json().data.total).toBe(2);
    const outside = await call('/api/projectList', TENANT_A, { deptId: 2111 });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().msg).toBe('无权访问其他地区的数据');
  });

  it('refuses bad filters with a Chinese msg naming the field', async () => {
    const badStatus = await call('/api/projectList', TENANT_A, { statusStr: '7;drop' });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().msg).toBe('参数 项目状态（statusStr） 格式不正确');
    expect((await call('/api/projectList', TENANT_A, { statusStr: '12' })).json().msg).toBe('参数 项目状态（statusStr） 取值应在 2 到 11 之间');
    expect((await call('/api/projectList', TENANT_A, { type: 5 })).json().msg).toBe('参数 项目类型（type） 取值无效，应为：1、2、3');
    expect((await call('/api/projectList', TENANT_A, { areaBegin: 'abc' })).json().msg).toBe('参数 面积下限（areaBegin） 应为不小于 0 的数字');
    expect((await call('/api/projectList', TENANT_A, { areaBegin: 50, areaEnd: 10 })).json().msg).toBe('面积下限不能大于面积上限');
    expect((await call('/api/projectList', TENANT_A, { pageSize: 500 })).statusCode).toBe(400);
  });
});

describe('typed lists and details', () => {
  it('needProjectList and invitationList hold only their type', async () => {
    expect((await call('/api/needProjectList', TENANT_A, { type: 2 })).json().data.rows.map((r: { id: number }) => r.id)).toEqual([ids.demand]);
    expect((await call('/api/invitationList', TENANT_A, {})).json().data.rows.map((r: { id: number }) => r.id)).toEqual([ids.tender]);
  });

  it('projectDetail returns the detail, counts a view and gives the server time', async () => {
    const before = Date.now();
    const first = (await call(`/api/projectDetail?id=${ids.a6}`, TENANT_A)).json().data;
    const second = (await call('/api/projectDetail', TENANT_A, { id: ids.a6 })).json().data;
    expect(first.projectName).toBe('甲镇6号地块土地经营权流转');
    expect(first.code).toBe('CA2026-2-000006');
    expect(second.watchCts).toBe(first.watchCts + 1);
    expect(first.serverTime).toBeGreaterThanOrEqual(before);
    expect(first).toHaveProperty('increment', 100);
  });

  it('answers 404 for another region’s project and for the wrong type, without counting a view', async () => {
    const res = await call(`/api/projectDetail?id=${ids.a6}`, TENANT_B);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('项目不存在或已下架');
    expect((await call(`/api/needProDetail?id=${ids.tender}`, TENANT_A)).statusCode).toBe(404);
    expect((await call(`/api/invitationDetail?id=${ids.tender}`, TENANT_A)).json().data.company).toBe('丙镇人民政府');
    const row = await server.db.selectFrom('project').select('watchCts').where('id', '=', ids.tender).executeTakeFirstOrThrow();
    expect(row.watchCts).toBe(1);
    expect((await call('/api/projectDetail', TENANT_A, {})).json().msg).toBe('缺少必填参数：项目编号（id）');
  });

  it('outProjectList gives the simple list of transfer projects', async () => {
    const { data } = (await call('/api/outProjectList', TENANT_A, { keyword: '5号' })).json();
    expect(data.total).toBe(1);
    expect(data.rows[0]).toMatchObject({ id: ids.a5, title: '甲镇5号地块土地经营权流转', estimated: 5000, address: '甲镇' });
    expect(data.rows[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

describe('categories', () => {
  it('propertyTypeList gives classname and number, by type when asked', async () => {
    const all = (await call('/api/propertyTypeList', TENANT_A)).json().data;
    expect(all.length).toBe(14);
    const tenders = (await call('/api/propertyTypeList', TENANT_A, { type: 1 })).json().data;
    expect(tenders).toEqual([
      { classname: '工程建设招标', number: '009', type: 1 },
      { classname: '货物采购', number: '011', type: 1 },
      { classname: '服务采购', number: '012', type: 1 },
    ]);
  });

  it('GET /api/categoryList gives category items for a type and requires the type', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/prod-api/api/categoryList?type=3', headers: server.signed(TENANT_A) });
    expect(res.json().data).toEqual([
      { code: '013', name: '土地流转需求', dictSort: 1 },
      { code: '014', name: '资产租赁需求', dictSort: 2 },
      { code: '015', name: '其他需求', dictSort: 3 },
    ]);
    const missing = await server.app.inject({ method: 'GET', url: '/prod-api/api/categoryList', headers: server.signed(TENANT_A) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('缺少必填参数：项目类型（type）');
  });
});
