import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A, TENANT_A_COUNTY, TENANT_A_TOWN, TENANT_B, TENANT_B_TOWN } from './fixtures.js';
import { callAs } from './listings-helpers.js';

let server: TestServer;
const call = (deptId: number, name: string, options?: Parameters<typeof callAs>[3]) => callAs(server, deptId, name, options);

const investIds = new Map<string, number>();
const landIds = new Map<string, number>();
const dealIds = new Map<string, number>();
let projectId: number;

beforeAll(async () => {
  server = await startTestServerWithPlaces();

  const invest = await server.db
    .insertInto('investProject')
    .values([
      {
        deptId: TENANT_A_TOWN,
        title: '甲镇现代农业产业园招商',
        address: '甲县甲镇东村',
        estimated: '2500000.5',
        investType: '1',
        keys: 'ZS-001',
        number: '006001',
        content: '<p>园区占地300亩。</p>',
        contact: '招商办 0371-1234567',
        imgList: JSON.stringify(['/image-api/invest/1a.jpg', '/image-api/invest/1b.jpg']),
        createTime: '2024-02-03T00:00:00Z',
      },
      {
        deptId: TENANT_A_COUNTY,
        title: '甲县乡村旅游综合体',
        address: '甲县北山',
        estimated: 800000,
        investType: '3',
        keys: 'ZS-002',
        number: '006001',
        content: '<p>景区配套。</p>',
        contact: '县文旅局',
        imgList: JSON.stringify([]),
        createTime: '2024-02-02T00:00:00Z',
      },
      {
        deptId: 1121,
        title: '丙镇冷链物流仓储',
        address: '丙县丙镇',
        estimated: 0,
        investType: '5',
        keys: 'ZS-003',
        imgList: JSON.stringify(['/image-api/invest/3.jpg']),
        createTime: '2024-02-04T00:00:00Z',
      },
      {
        deptId: TENANT_B,
        title: '丁县现代农业示范区',
        address: '丁县',
        estimated: 100,
        investType: '1',
        imgList: JSON.stringify([]),
        createTime: '2024-02-05T00:00:00Z',
      },
    ])
    .returning(['id', 'title'])
    .execute();
  for (const r of invest) investIds.set(r.title, r.id);

  const land = await server.db
    .insertInto('landInfo')
    .values([
      {
        deptId: TENANT_A_TOWN,
        title: '甲镇东村耕地120亩',
        content: '<p>连片耕地，<b>灌溉便利</b>。</p>',
        imgs: JSON.stringify([{ src: '/image-api/land/1.jpg' }]),
        createTime: '2024-01-03T00:00:00Z',
      },
      { deptId: TENANT_A, title: '甲市近郊林地', content: '<p>林地。</p>', imgs: JSON.stringify([]), createTime: '2024-01-02T00:00:00Z' },
      {
        deptId: 1112,
        title: '乙镇荒山50亩',
        content: '',
        imgs: JSON.stringify([{ src: '/image-api/land/3a.jpg' }, { src: '/image-api/land/3b.jpg' }]),
        createTime: '2024-01-04T00:00:00Z',
      },
      { deptId: TENANT_B_TOWN, title: '丁镇水田', content: '<p>水田。</p>', imgs: JSON.stringify([]), createTime: '2024-01-05T00:00:00Z' },
    ])
    .returning(['id', 'title'])
    .execute();
  for (const r of land) landIds.set(r.title, r.id);

  const project = await server.db
    .insertInto('project')
    .values({ deptId: TENANT_A_TOWN, type: 2, number: '001', status: 7, projectName: '甲镇东村耕地经营权流转', price: 60000, dealAmount: 72000 })
    .returning('id')
    .executeTakeFirstOrThrow();
  projectId = project.id;

  const deals = await server.db
    .insertInto('dealAnnouncement')
    .values([
      {
        deptId: TENANT_A_TOWN,
        projectId,
        number: '004',
        projectName: '甲镇东村耕地经营权流转',
        projectAddress: '甲县甲镇东村',
        remark: '成交价72000元',
        content: '<p>经公开竞价，成交价72000元。</p>',
        dealtime: '2024-06-03T04:00:00Z',
      },
      ...Array.from({ length: 11 }, (_, i) => ({
        deptId: TENANT_A,
        number: '004',
        projectName: `甲市资产处置${i + 1}`,
        projectAddress: '甲市',
        remark: `第${i + 1}批`,
        dealtime: `2024-05-${String(i + 10).padStart(2, '0')}T00:00:00Z`,
      })),
      { deptId: TENANT_A_COUNTY, number: '030001', projectName: '甲县招标成交', projectAddress: '甲县', dealtime: '2024-06-05T00:00:00Z' },
      { deptId: TENANT_B, number: '004', projectName: '丁县鱼塘租赁', projectAddress: '丁县', remark: '成交', dealtime: '2024-06-04T00:00:00Z' },
    ])
    .returning(['id', 'projectName'])
    .execute();
  for (const r of deals) dealIds.set(r.projectName, r.id);
});
afterAll(() => server.close());

describe('POST /api/InvestList and /api/InvestListDetail', () => {
  it('lists the region’s projects newest first as project list items with the invest type label', async () => {
    const res = await call(TENANT_A, 'InvestList');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.total).toBe(3);
    expect(data.rows.map((r: { title: string }) => r.title)).toEqual(['丙镇冷链物流仓储', '甲镇现代农业产业园招商', '甲县乡村旅游综合体']);
    expect(data.rows[1]).toEqual({
      id: investIds.get('甲镇现代农业产业园招商'),
      keys: 'ZS-001',
      number: '006001',
      title: '甲镇现代农业产业园招商',
      address: '甲县甲镇东村',
      estimated: 2500000.5,
      createTime: '2024-02-03 08:00:00',
      imgList: ['/image-api/invest/1a.jpg', '/image-api/invest/1b.jpg'],
      investType: '1',
      investTypeName: '现代农业',
      deptId: TENANT_A_TOWN,
      deptName: '甲镇',
    });
    expect(data.rows[0]).toMatchObject({ estimated: 0, investTypeName: '商贸物流', imgList: ['/image-api/invest/3.jpg'] });
    expect(data.rows[1]).not.toHaveProperty('content');
  });

  it('filters by invest type, keyword and place, in the query or the body, and pages', async () => {
    const byType = (await call(TENANT_A, 'InvestList', { body: { investType: '1' } })).json().data;
    expect(byType.rows.map((r: { title: string }) => r.title)).toEqual(['甲镇现代农业产业园招商']);
    // A numeric investType in JSON is accepted as its dictionary value.
    expect((await call(TENANT_A, 'InvestList', { body: { investType: 3 } })).json().data.total).toBe(1);
    const byKeyword = (await call(TENANT_A, 'InvestList', { query: { keyword: '北山' } })).json().data;
    expect(byKeyword.rows.map((r: { title: string }) => r.title)).toEqual(['甲县乡村旅游综合体']);
    expect((await call(TENANT_A, 'InvestList', { query: { keyword: 'zs-003' } })).json().data.total).toBe(1);
    const county = (await call(TENANT_A, 'InvestList', { query: { deptId: TENANT_A_COUNTY } })).json().data;
    expect(county.rows.map((r: { title: string }) => r.title)).toEqual(['甲镇现代农业产业园招商', '甲县乡村旅游综合体']);
    const paged = (await call(TENANT_A, 'InvestList', { query: { pageSize: 2 }, body: { pageNum: 2 } })).json().data;
    expect(paged).toMatchObject({ total: 3, rows: [{ title: '甲县乡村旅游综合体' }] });
  });

  it('keeps regions apart and refuses a place outside the region', async () => {
    const b = (await call(TENANT_B, 'InvestList')).json().data;
    expect(b.rows.map((r: { title: string }) => r.title)).toEqual(['丁县现代农业示范区']);
    expect((await call(TENANT_A, 'InvestList', { query: { keyword: '丁县' } })).json().data.total).toBe(0);
    const outside = await call(TENANT_A, 'InvestList', { body: { deptId: TENANT_B } });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().msg).toBe('无权访问其他地区的数据');
  });

  it('refuses an unknown invest type naming the field', async () => {
    const res = await call(TENANT_A, 'InvestList', { query: { investType: '9' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('招商类型（investType）');
  });

  it('returns the full record by body id, and 404 from another region', async () => {
    const id = investIds.get('甲镇现代农业产业园招商')!;
    const res = await call(TENANT_A, 'InvestListDetail', { body: { id } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id,
      title: '甲镇现代农业产业园招商',
      content: '<p>园区占地300亩。</p>',
      contact: '招商办 0371-1234567',
      estimated: 2500000.5,
      investTypeName: '现代农业',
      imgList: ['/image-api/invest/1a.jpg', '/image-api/invest/1b.jpg'],
    });
    const cross = await call(TENANT_B, 'InvestListDetail', { body: { id } });
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toEqual({ code: 404, msg: '招商项目不存在' });
    expect((await call(TENANT_A, 'InvestListDetail', { body: {} })).statusCode).toBe(400);
  });
});

describe('POST /api/landInfoList and /api/landInfoDetail', () => {
  it('lists land information newest first with HTML content and image objects', async () => {
    const data = (await call(TENANT_A, 'landInfoList')).json().data;
    expect(data.total).toBe(3);
    expect(data.rows.map((r: { title: string }) => r.title)).toEqual(['乙镇荒山50亩', '甲镇东村耕地120亩', '甲市近郊林地']);
    expect(data.rows[1]).toEqual({
      id: landIds.get('甲镇东村耕地120亩'),
      title: '甲镇东村耕地120亩',
      content: '<p>连片耕地，<b>灌溉便利</b>。</p>',
      imgs: [{ src: '/image-api/land/1.jpg' }],
      createTime: '2024-01-03 08:00:00',
      deptId: TENANT_A_TOWN,
      deptName: '甲镇',
    });
    expect(data.rows[2].imgs).toEqual([]);
  });

  it('pages (as the home block previews 2) and narrows to a town', async () => {
    const home = (await call(TENANT_A, 'landInfoList', { query: { pageNum: 1, pageSize: 2 } })).json().data;
    expect(home.rows).toHaveLength(2);
    expect(home.total).toBe(3);
    const town = (await call(TENANT_A, 'landInfoList', { body: { deptId: TENANT_A_TOWN } })).json().data;
    expect(town.rows.map((r: { title: string }) => r.title)).toEqual(['甲镇东村耕地120亩']);
  });

  it('keeps regions apart in lists and details', async () => {
    const b = (await call(TENANT_B, 'landInfoList')).json().data;
    expect(b).toMatchObject({ total: 1, rows: [{ title: '丁镇水田' }] });
    const cross = await call(TENANT_B, 'landInfoDetail', { query: { id: landIds.get('甲市近郊林地')! } });
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toEqual({ code: 404, msg: '土地信息不存在' });
    const own = await call(TENANT_B, 'landInfoDetail', { query: { id: landIds.get('丁镇水田')! } });
    expect(own.json().data).toMatchObject({ title: '丁镇水田', content: '<p>水田。</p>', deptName: '丁镇' });
    expect((await call(TENANT_A, 'landInfoList', { query: { deptId: TENANT_B_TOWN } })).statusCode).toBe(403);
  });
});

describe('POST /api/dealList and /api/dealDetail', () => {
  it('lists deal announcements of category 004 by default, newest deal first, 10 a page', async () => {
    const res = await call(TENANT_A, 'dealList');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.total).toBe(12);
    expect(data.rows).toHaveLength(10);
    expect(data.rows[0]).toEqual({
      id: dealIds.get('甲镇东村耕地经营权流转'),
      remark: '成交价72000元',
      projectAddress: '甲县甲镇东村',
      projectName: '甲镇东村耕地经营权流转',
      dealtime: '2024-06-03 12:00:00',
      number: '004',
    });
    expect(data.rows.slice(1, 3).map((r: { projectName: string }) => r.projectName)).toEqual(['甲市资产处置11', '甲市资产处置10']);
    // The 030001 announcement is not in the 004 list.
    expect(data.rows.some((r: { projectName: string }) => r.projectName === '甲县招标成交')).toBe(false);
  });

  it('accepts page as an alias of pageNum, pageNum winning', async () => {
    const viaPage = (await call(TENANT_A, 'dealList', { body: { number: '004', page: 2 } })).json().data;
    expect(viaPage.total).toBe(12);
    expect(viaPage.rows.map((r: { projectName: string }) => r.projectName)).toEqual(['甲市资产处置2', '甲市资产处置1']);
    const both = (await call(TENANT_A, 'dealList', { query: { page: 2, pageNum: 1, pageSize: 1 } })).json().data;
    expect(both.rows.map((r: { projectName: string }) => r.projectName)).toEqual(['甲镇东村耕地经营权流转']);
  });

  it('selects another category by number and filters by keyword and place', async () => {
    const tender = (await call(TENANT_A, 'dealList', { query: { number: '030001' } })).json().data;
    expect(tender).toMatchObject({ total: 1, rows: [{ projectName: '甲县招标成交' }] });
    const keyword = (await call(TENANT_A, 'dealList', { body: { keyword: '东村' } })).json().data;
    expect(keyword.rows.map((r: { projectName: string }) => r.projectName)).toEqual(['甲镇东村耕地经营权流转']);
    expect((await call(TENANT_A, 'dealList', { body: { keyword: '第3批' } })).json().data.total).toBe(1);
    const county = (await call(TENANT_A, 'dealList', { query: { deptId: TENANT_A_COUNTY } })).json().data;
    expect(county.rows.map((r: { projectName: string }) => r.projectName)).toEqual(['甲镇东村耕地经营权流转']);
  });

  it('keeps regions apart', async () => {
    const b = (await call(TENANT_B, 'dealList')).json().data;
    expect(b).toEqual({
      total: 1,
      rows: [
        {
          id: dealIds.get('丁县鱼塘租赁'),
          remark: '成交',
          projectAddress: '丁县',
          projectName: '丁县鱼塘租赁',
          dealtime: '2024-06-04 08:00:00',
          number: '004',
        },
      ],
    });
    const outside = await call(TENANT_B, 'dealList', { query: { deptId: TENANT_A_TOWN } });
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toEqual({ code: 403, msg: '无权访问其他地区的数据' });
  });

  it('returns the detail with content and the concluded project, 404 from another region', async () => {
    const id = dealIds.get('甲镇东村耕地经营权流转')!;
    const res = await call(TENANT_A, 'dealDetail', { query: { id } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id,
      remark: '成交价72000元',
      projectAddress: '甲县甲镇东村',
      projectName: '甲镇东村耕地经营权流转',
      dealtime: '2024-06-03 12:00:00',
      number: '004',
      content: '<p>经公开竞价，成交价72000元。</p>',
      projectId,
      deptId: TENANT_A_TOWN,
      deptName: '甲镇',
    });
    const unlinked = (await call(TENANT_A, 'dealDetail', { body: { id: dealIds.get('甲市资产处置1')! } })).json().data;
    expect(unlinked).toMatchObject({ projectId: null, content: '' });
    const cross = await call(TENANT_B, 'dealDetail', { query: { id } });
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toEqual({ code: 404, msg: '成交公告不存在' });
  });
});
