import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall } from './admin-helpers.js';
import { userWithToken } from './auction-helpers.js';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A, TENANT_A_COUNTY, TENANT_A_TOWN } from './fixtures.js';

// A keyword or area filter over many projects shows an estimated total (约 N 条) from a sample of the
// newest candidates. The sample cost PostgreSQL more than the page, so each filter's estimate is kept a while
// (LIST_ESTIMATE_MS), cleared with the list's cache on a write; the rows are read afresh every time.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServerWithPlaces({ listCacheMs: 0, listEstimateMs: 60_000 });
});
afterAll(() => server.close());

const list = async (payload: object) =>
  (
    await server.app.inject({
      method: 'POST',
      url: '/prod-api/api/projectList',
      headers: server.signed(TENANT_A),
      payload: payload as Record<string, unknown>,
    })
  ).json().data as { total: number; totalApprox?: true; rows: Array<{ id: number; projectName: string }> };

/** Projects straight into the table, as another instance or an import would: the API's caches are not told. */
async function insertPonds(count: number, from: number): Promise<number> {
  const values = Array.from({ length: count }, (_, i) => ({
    deptId: TENANT_A_TOWN,
    type: 2 as const,
    number: '001',
    status: 4,
    projectName: i % 2 ? `甲镇鱼塘${from + i}` : `甲镇耕地${from + i}`,
    price: 1000,
    area: 10,
  }));
  let last = 0;
  for (let i = 0; i < values.length; i += 500) {
    const rows = await server.db
      .insertInto('project')
      .values(values.slice(i, i + 500))
      .returning('id')
      .execute();
    last = rows.at(-1)!.id;
  }
  return last;
}

describe('estimated list totals', () => {
  it('are reused for the same filter until the list’s cache is cleared, while the rows are read afresh', async () => {
    await insertPonds(1200, 0);
    const first = await list({ type: 2, keyword: '鱼塘' });
    expect(first.totalApprox).toBe(true);
    expect(first.total).toBeGreaterThanOrEqual(500);
    expect(first.total).toBeLessThanOrEqual(700);

    const newest = await insertPonds(1200, 1200);
    const again = await list({ type: 2, keyword: '鱼塘' });
    expect(again).toEqual(expect.objectContaining({ total: first.total, totalApprox: true }));
    // The page is not kept: the newest pond (an odd index) leads it.
    expect(again.rows[0]!.id).toBe(newest);
    expect(again.rows.every((row) => row.projectName.includes('鱼塘'))).toBe(true);

    // Another filter has its own estimate.
    const fields = await list({ type: 2, keyword: '耕地' });
    expect(fields.totalApprox).toBe(true);
    expect(fields.total).toBeGreaterThanOrEqual(1000);

    // A project saved in the staff console clears the list's cache, and the estimates with it.
    const staff = await userWithToken(server, '13719002001', '估算审核员', 'staff', TENANT_A_COUNTY);
    const cst = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    const day = (n: number) => cst(Date.now() + n * 86_400_000);
    const saved = await adminCall(server, 'adminProjectSave', staff.token, {
      deptId: TENANT_A_TOWN,
      type: 2,
      number: '001',
      projectName: '甲镇新塘村鱼塘承包',
      outname: '新塘村股份经济合作社',
      price: 800,
      priceUnit: 1,
      area: 12,
      areaUnit: 1,
      increment: 50,
      deposit: 500,
      content: '<p>公告</p>',
      publicityStopTime: day(2),
      applyStartTime: day(2),
      applyStopTime: day(5),
      biddingStartTime: day(6),
      biddingStopTime: day(7),
    });
    expect(saved.json().code).toBe(200);
    const after = await list({ type: 2, keyword: '鱼塘' });
    expect(after.totalApprox).toBe(true);
    expect(after.total).toBeGreaterThanOrEqual(1000);
    expect(after.total).toBeLessThanOrEqual(1400);
  });
});
