import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_CATEGORIES } from '../../server/db/reference-data.js';
import { DEMO_REGIONS, seedDemo } from '../../server/seed/index.js';
import { monthWindow } from '../../server/routes/statistics/month-window.js';
import { startTestServer, type TestServer } from './harness.js';
import { callAs } from './listings-helpers.js';

// The statistics, the online shop and the asset attraction list's dm over the seeded demo data. Every expectation is
// computed here from the rows themselves (in JavaScript, not with the handler's SQL), so a wrong aggregate fails.

let server: TestServer;
const region = (key: string) => DEMO_REGIONS.find((r) => r.key === key)!;
const CHUNAN = region('chunan').deptId;
const XINYANG = region('xinyang').deptId;
const call = (deptId: number, name: string, options?: Parameters<typeof callAs>[3]) => callAs(server, deptId, name, options);

interface PlaceRow {
  deptId: number;
  deptName: string;
  deptCode: string;
  parentId: number;
  ancestors: string;
}
let placeRows: PlaceRow[] = [];
/** A place and every place under it. */
const subtree = (deptId: number) => placeRows.filter((p) => p.deptId === deptId || p.ancestors.split(',').includes(String(deptId))).map((p) => p.deptId);

beforeAll(async () => {
  server = await startTestServer();
  await seedDemo(server.db, { projects: 150, now: new Date() });
  await server.reloadPlaces();
  placeRows = await server.db.selectFrom('place').select(['deptId', 'deptName', 'deptCode', 'parentId', 'ancestors']).execute();
}, 120_000);
afterAll(() => server?.close());

const CST = 8 * 3600_000;
const monthKey = (d: Date) => new Date(d.getTime() + CST).toISOString().slice(0, 7);

/** What the statistics of a place must say, from the rows. */
async function expectedStatistics(rootId: number, months = 12) {
  const ids = new Set(subtree(rootId));
  const projects = (
    await server.db.selectFrom('project').select(['id', 'deptId', 'type', 'number', 'status', 'dealAmount', 'biddingStopTime', 'updatedAt']).execute()
  ).filter((p) => ids.has(p.deptId));
  const projectIds = new Set(projects.map((p) => p.id));
  const registrations = (await server.db.selectFrom('registration').select(['projectId', 'createdAt']).execute()).filter((r) => projectIds.has(r.projectId));
  const bids = (await server.db.selectFrom('bid').select(['projectId', 'createdAt']).execute()).filter((b) => projectIds.has(b.projectId));
  const deals = projects.filter((p) => [7, 8, 9].includes(p.status));
  const sum = (rows: typeof projects) => Math.round(rows.reduce((s, p) => s + Number(p.dealAmount ?? 0), 0) * 100) / 100;
  const tally = <T>(rows: T[], key: (r: T) => string | number) => {
    const m = new Map<string | number, number>();
    for (const r of rows) m.set(key(r), (m.get(key(r)) ?? 0) + 1);
    return m;
  };
  const { keys } = monthWindow(new Date(), months);
  const dealMonths = (m: string) => deals.filter((p) => monthKey(p.biddingStopTime ?? p.updatedAt) === m);
  return {
    totals: { projects: projects.length, deals: deals.length, dealAmount: sum(deals), registrations: registrations.length, bids: bids.length },
    byStatus: [...tally(projects, (p) => p.status)].map(([status, count]) => ({ status, count })).sort((a, b) => Number(a.status) - Number(b.status)),
    byType: [...tally(projects, (p) => p.type)].map(([type, count]) => ({ type, count })).sort((a, b) => Number(a.type) - Number(b.type)),
    byCategory: tally(projects, (p) => p.number),
    monthly: keys.map((month) => ({
      month,
      deals: dealMonths(month).length,
      dealAmount: sum(dealMonths(month)),
      registrations: registrations.filter((r) => monthKey(r.createdAt) === month).length,
      bids: bids.filter((b) => monthKey(b.createdAt) === month).length,
    })),
    byPlace: [
      ...placeRows
        .filter((p) => p.parentId === rootId)
        .map((child) =>
          placeFigures(
            child.deptName,
            projects.filter((p) => subtree(child.deptId).includes(p.deptId)),
          ),
        ),
      ...(projects.some((p) => p.deptId === rootId)
        ? [
            placeFigures(
              `${placeRows.find((p) => p.deptId === rootId)!.deptName}本级`,
              projects.filter((p) => p.deptId === rootId),
            ),
          ]
        : []),
    ],
  };
  function placeFigures(deptName: string, mine: typeof projects) {
    const dealt = mine.filter((p) => [7, 8, 9].includes(p.status));
    return { deptName, projects: mine.length, deals: dealt.length, dealAmount: sum(dealt) };
  }
}

describe('POST /api/tradingStatistics', () => {
  it('says what the rows of 淳安县 say: totals, statuses, types, categories, months and towns', async () => {
    const res = await call(CHUNAN, 'tradingStatistics');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const expected = await expectedStatistics(CHUNAN);
    expect(expected.totals.projects).toBeGreaterThan(0);
    expect(expected.totals.deals).toBeGreaterThan(0);
    expect(expected.totals.bids).toBeGreaterThan(0);
    expect(data.totals).toEqual(expected.totals);
    expect(data.byStatus).toEqual(expected.byStatus);
    expect(data.byType).toEqual(expected.byType);
    expect(new Map(data.byCategory.map((c: { number: string; count: number }) => [c.number, c.count]))).toEqual(expected.byCategory);
    const counts = data.byCategory.map((c: { count: number }) => c.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(data.monthly).toEqual(expected.monthly);
    expect(data.monthly).toHaveLength(12);
    expect(data.months).toBe(12);
    // The towns of 淳安县, each with everything under it; together they hold every project of the county.
    // (The seed files some projects at the county itself: they come last as 淳安县本级.)
    expect(data.byPlace.map((p: { deptName: string }) => p.deptName)).toEqual(['千岛湖镇', '汾口镇', '威坪镇', '姜家镇', '文昌镇', '临岐镇', '淳安县本级']);
    expect(data.byPlace.map(({ deptId: _id, ...rest }: { deptId: number }) => rest)).toEqual(expected.byPlace);
    expect(data.byPlace.reduce((s: number, p: { projects: number }) => s + p.projects, 0)).toBe(expected.totals.projects);
    expect(data.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('gives 信阳市 its own numbers, per county, and never 淳安县 rows', async () => {
    const [chunan, xinyang] = await Promise.all([call(CHUNAN, 'tradingStatistics'), call(XINYANG, 'tradingStatistics')]);
    const data = xinyang.json().data;
    const expected = await expectedStatistics(XINYANG);
    expect(data.totals).toEqual(expected.totals);
    expect(data.totals).not.toEqual(chunan.json().data.totals);
    expect(data.byPlace.map((p: { deptName: string }) => p.deptName).slice(0, 3)).toEqual(['平桥区', '罗山县', '光山县']);
    expect(data.byPlace.map(({ deptId: _id, ...rest }: { deptId: number }) => rest)).toEqual(expected.byPlace);
    expect(data.monthly).toEqual(expected.monthly);
  });

  it('narrows to one town with deptId (its figures), a longer window with months, and refuses a place outside', async () => {
    const town = placeRows.find((p) => p.deptName === '汾口镇')!;
    const res = await call(CHUNAN, 'tradingStatistics', { body: { deptId: town.deptId, months: 24 } });
    expect(res.statusCode).toBe(200);
    const expected = await expectedStatistics(town.deptId, 24);
    expect(res.json().data.totals).toEqual(expected.totals);
    expect(res.json().data.monthly).toEqual(expected.monthly);
    expect(res.json().data.monthly).toHaveLength(24);
    const outside = await call(CHUNAN, 'tradingStatistics', { body: { deptId: XINYANG } });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().msg).toBe('无权访问其他地区的数据');
  });

  it('answers zeros, not an error, for a place without projects', async () => {
    const empty = await server.db
      .insertInto('place')
      .values({ deptId: 330127999, deptName: '测试空镇', deptCode: '330127999000', parentId: CHUNAN, level: 4, ancestors: `0,33,3301,${CHUNAN}` })
      .returning('deptId')
      .executeTakeFirstOrThrow();
    await server.reloadPlaces();
    const res = await call(CHUNAN, 'tradingStatistics', { query: { deptId: empty.deptId } });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.totals).toEqual({ projects: 0, deals: 0, dealAmount: 0, registrations: 0, bids: 0 });
    expect(data.byStatus).toEqual([]);
    expect(data.byPlace).toEqual([]);
    expect(data.monthly.every((m: { deals: number; bids: number }) => m.deals === 0 && m.bids === 0)).toBe(true);
    await server.db.deleteFrom('place').where('deptId', '=', empty.deptId).execute();
    await server.reloadPlaces();
  });

  it('refuses a window out of range with a Chinese 400, never a 500', async () => {
    for (const months of [0, 37, 'abc']) {
      const res = await call(CHUNAN, 'tradingStatistics', { body: { months } });
      expect(res.statusCode, String(months)).toBe(400);
      expect(res.json().msg).toMatch(/统计月数/);
    }
  });

  it('counts months in China Standard Time', () => {
    // 2026-03-31 17:00 UTC is already 1 April in China.
    expect(monthWindow(new Date('2026-03-31T17:00:00Z'), 3)).toEqual({ keys: ['2026-02', '2026-03', '2026-04'], start: new Date('2026-01-31T16:00:00Z') });
    expect(monthWindow(new Date('2026-01-10T00:00:00Z'), 2).keys).toEqual(['2025-12', '2026-01']);
  });
});

describe('online shop: productList, productDetail, productCategories', () => {
  const chunanProducts = async () => {
    const ids = new Set(subtree(CHUNAN));
    return (await server.db.selectFrom('shopProduct').selectAll().execute()).filter((p) => ids.has(p.deptId) && p.onSale);
  };

  it('lists 淳安县 products, newest first, with price, unit, seller, place, picture and stock', async () => {
    const rows = await chunanProducts();
    expect(rows.length).toBeGreaterThanOrEqual(15);
    const res = await call(CHUNAN, 'productList', { body: { pageNum: 1, pageSize: 100 } });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.total).toBe(rows.length);
    const times = data.rows.map((r: { createTime: string }) => r.createTime);
    expect(times).toEqual([...times].sort().reverse());
    const first = data.rows[0];
    const row = rows.find((r) => r.id === first.id)!;
    expect(first).toMatchObject({
      name: row.name,
      unit: row.unit,
      stock: row.stock,
      seller: row.seller,
      origin: row.origin,
      categoryName: PRODUCT_CATEGORIES[row.category],
    });
    expect(first.price).toBe(Number(row.price));
    expect(first.priceText).toMatch(/^\d+\.\d{2}$/);
    expect(first.imgList.length).toBeGreaterThan(0);
    expect(first).not.toHaveProperty('phone');
    expect((await call(CHUNAN, 'productList')).json().data.rows).toHaveLength(12);
  });

  it('has no products for 信阳市 (the shop is 淳安县 only) and filters by category and keyword', async () => {
    expect((await call(XINYANG, 'productList')).json().data).toEqual({ rows: [], total: 0 });
    const rows = await chunanProducts();
    const tea = (await call(CHUNAN, 'productList', { query: { category: '2', pageSize: 100 } })).json().data;
    expect(tea.total).toBe(rows.filter((r) => r.category === '2').length);
    expect(tea.rows.every((r: { categoryName: string }) => r.categoryName === '茶叶饮品')).toBe(true);
    const walnut = (await call(CHUNAN, 'productList', { body: { keyword: '山核桃' } })).json().data;
    expect(walnut.rows.map((r: { name: string }) => r.name)).toEqual(['临岐山核桃']);
  });

  it('refuses bad params with a Chinese 400', async () => {
    for (const body of [{ keyword: 'a\u0000b' }, { pageSize: 101 }, { category: '9' }, { pageNum: 0 }]) {
      const res = await call(CHUNAN, 'productList', { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('shows one product with its description and the seller phone masked; other regions and withdrawn ones are 404', async () => {
    const [row] = await chunanProducts();
    const res = await call(CHUNAN, 'productDetail', { body: { id: row.id } });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.name).toBe(row.name);
    expect(data.content).toContain('<p>');
    expect(data.phone).toBe(`${row.phone.slice(0, 3)}****${row.phone.slice(-4)}`);
    expect(JSON.stringify(res.json())).not.toContain(row.phone);
    expect((await call(XINYANG, 'productDetail', { body: { id: row.id } })).statusCode).toBe(404);
    await server.db.updateTable('shopProduct').set({ onSale: false }).where('id', '=', row.id).execute();
    const withdrawn = await call(CHUNAN, 'productDetail', { query: { id: row.id } });
    expect(withdrawn.statusCode).toBe(404);
    expect(withdrawn.json().msg).toBe('商品不存在或已下架');
    await server.db.updateTable('shopProduct').set({ onSale: true }).where('id', '=', row.id).execute();
    expect((await call(CHUNAN, 'productDetail')).statusCode).toBe(400);
  });

  it('lists the categories of the dictionary with the region’s counts', async () => {
    const rows = await chunanProducts();
    const res = await call(CHUNAN, 'productCategories');
    expect(res.json().data).toEqual(
      Object.entries(PRODUCT_CATEGORIES).map(([value, label]) => ({ value, label, count: rows.filter((r) => r.category === value).length })),
    );
    expect((await call(XINYANG, 'productCategories')).json().data.every((c: { count: number }) => c.count === 0)).toBe(true);
    const dict = await server.app.inject({ method: 'GET', url: '/prod-api/system/dict/data/type/product_category' });
    expect(dict.json().data.map((d: { dictLabel: string }) => d.dictLabel)).toEqual(Object.values(PRODUCT_CATEGORIES));
  });
});

describe('InvestList with dm (the asset attraction list of one place)', () => {
  it('narrows to the place whose deptCode is dm, refuses a place of another region and an unknown code', async () => {
    const town = placeRows.find((p) => p.deptName === '汾口镇')!;
    const ids = new Set(subtree(town.deptId));
    const expected = (await server.db.selectFrom('investProject').select(['id', 'deptId']).execute()).filter((r) => ids.has(r.deptId));
    const res = await call(CHUNAN, 'InvestList', { body: { dm: town.deptCode, pageSize: 100 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.total).toBe(expected.length);
    expect(res.json().data.rows.every((r: { deptName: string }) => r.deptName === '汾口镇')).toBe(true);
    const all = (await call(CHUNAN, 'InvestList')).json().data.total;
    expect(all).toBeGreaterThan(expected.length);
    const outside = await call(CHUNAN, 'InvestList', { query: { dm: region('xinyang').deptCode } });
    expect(outside.statusCode).toBe(403);
    const unknown = await call(CHUNAN, 'InvestList', { query: { dm: '999999999999' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toContain('地区不存在');
  });
});
