import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_SAMPLE_ROWS } from '../../server/routes/project-list-query.js';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A, TENANT_A_COUNTY, TENANT_A_OTHER_COUNTY, TENANT_A_TOWN, TENANT_B, TENANT_B_TOWN } from './fixtures.js';

// The project list's total comes from project_tally (kept by triggers) or, for keyword/area filters over
// many projects, from a sample; the rows come from indexes in the list's order. Both must say what a plain count and
// a plain ORDER BY over the project table say.
let server: TestServer;

beforeAll(async () => {
  // No response cache and no kept estimates: every call below reaches the database and samples afresh (the data
  // change between calls behind the API's back). project-list-estimates.test.ts covers the kept estimates.
  server = await startTestServerWithPlaces({ listCacheMs: 0, listEstimateMs: 0 });
});
afterAll(() => server.close());

const call = (url: string, deptId: number, payload: object) =>
  server.app.inject({ method: 'POST', url: `/prod-api${url}`, headers: server.signed(deptId), payload: payload as Record<string, unknown> });

/** Tally rows that are not zero, and what a GROUP BY over project says they should be. */
async function tallyAndTruth() {
  const tally = await sql<{ deptId: number; type: number; status: number; number: string; n: number }>`
    SELECT dept_id, type, status, number, n FROM project_tally WHERE n <> 0 ORDER BY 1, 2, 3, 4`.execute(server.db);
  const truth = await sql<{ deptId: number; type: number; status: number; number: string; n: number }>`
    SELECT dept_id, type, status, number, count(*)::int AS n FROM project GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`.execute(server.db);
  // The per-place sums (migration 017) against the same truth, summed over status and category.
  const perPlace = await sql<{ deptId: number; type: number; n: number }>`
    SELECT dept_id, type, n FROM project_tally_place WHERE n <> 0 ORDER BY 1, 2`.execute(server.db);
  const perPlaceTruth = await sql<{ deptId: number; type: number; n: number }>`
    SELECT dept_id, type, count(*)::int AS n FROM project GROUP BY 1, 2 ORDER BY 1, 2`.execute(server.db);
  expect(perPlace.rows).toEqual(perPlaceTruth.rows);
  return { tally: tally.rows, truth: truth.rows };
}

async function insertProjects(count: number, deptId: number, type: 1 | 2 | 3, number: string, status: number, name: (i: number) => string) {
  const values = Array.from({ length: count }, (_, i) => ({ deptId, type, number, status, projectName: name(i), price: 1000 + i, area: (i % 50) + 1 }));
  for (let i = 0; i < values.length; i += 500)
    await server.db
      .insertInto('project')
      .values(values.slice(i, i + 500))
      .execute();
}

describe('project_tally', () => {
  it('moves with every insert, status change, move, re-categorisation and delete, and ignores a bid’s status = 6 again', async () => {
    await insertProjects(6, TENANT_A_TOWN, 2, '001', 4, (i) => `甲镇地块${i}`);
    await insertProjects(3, TENANT_A_OTHER_COUNTY, 1, '009', 2, (i) => `丙县招标${i}`);
    await insertProjects(2, TENANT_B_TOWN, 3, '013', 2, (i) => `丁镇求租${i}`);
    let state = await tallyAndTruth();
    expect(state.tally).toEqual(state.truth);
    expect(state.tally).toContainEqual({ deptId: TENANT_A_TOWN, type: 2, status: 4, number: '001', n: 6 });

    const [first, second, third] = (await server.db.selectFrom('project').select('id').where('deptId', '=', TENANT_A_TOWN).orderBy('id').execute()).map(
      (r) => r.id,
    );
    await server.db.updateTable('project').set({ status: 6 }).where('id', 'in', [first, second]).execute();
    await server.db.updateTable('project').set({ status: 6, currentPrice: 1200 }).where('id', '=', first).execute(); // a bid
    await server.db.updateTable('project').set({ deptId: 1112 }).where('id', '=', third).execute();
    await server.db.updateTable('project').set({ number: '002' }).where('id', '=', second).execute();
    await server.db
      .updateTable('project')
      .set({ watchCts: sql`watch_cts + 1` })
      .where('deptId', '=', TENANT_A_TOWN)
      .execute();
    await server.db.deleteFrom('project').where('deptId', '=', TENANT_B_TOWN).execute();
    state = await tallyAndTruth();
    expect(state.tally).toEqual(state.truth);
    expect(state.tally).toContainEqual({ deptId: TENANT_A_TOWN, type: 2, status: 4, number: '001', n: 3 });
    expect(state.tally).toContainEqual({ deptId: TENANT_A_TOWN, type: 2, status: 6, number: '001', n: 1 });
    expect(state.tally).toContainEqual({ deptId: TENANT_A_TOWN, type: 2, status: 6, number: '002', n: 1 });
    expect(state.tally).toContainEqual({ deptId: 1112, type: 2, status: 4, number: '001', n: 1 });
    expect(state.tally.some((r) => r.deptId === TENANT_B_TOWN)).toBe(false);
  });

  it('gives the list exact totals that follow a status change and a delete at once', async () => {
    const total = async (payload: object, deptId = TENANT_A) => (await call('/api/projectList', deptId, payload)).json().data;
    expect(await total({ type: 2 })).toEqual(expect.objectContaining({ total: 6 }));
    expect((await total({ type: 2, statusStr: '4' })).total).toBe(4);
    expect((await total({ type: 2, statusStr: '4,6' })).total).toBe(6);
    expect((await total({ type: 2, number: '002' })).total).toBe(1);
    expect((await total({ pid: TENANT_A_COUNTY })).total).toBe(6);
    expect((await total({ deptId: TENANT_A_TOWN })).total).toBe(5);
    expect((await total({})).total).toBe(9);
    expect((await total({}, TENANT_B)).total).toBe(0);

    const id = (
      await server.db.selectFrom('project').select('id').where('deptId', '=', TENANT_A_TOWN).where('status', '=', 4).orderBy('id').executeTakeFirstOrThrow()
    ).id;
    await server.db.updateTable('project').set({ status: 7 }).where('id', '=', id).execute();
    expect((await total({ type: 2, statusStr: '4' })).total).toBe(3);
    expect((await total({ type: 2, statusStr: '7,8,9' })).total).toBe(1);
    await server.db.deleteFrom('project').where('id', '=', id).execute();
    const data = await total({ type: 2 });
    expect(data.total).toBe(5);
    expect(data.totalApprox).toBeUndefined();
  });
});

describe('a city-sized list', () => {
  beforeAll(async () => {
    // More candidates than the sample: 1500 transfers in 甲镇 (one in 3 named 鱼塘), 100 in 乙镇, statuses mixed,
    // plus the earlier ones.
    await insertProjects(1500, TENANT_A_TOWN, 2, '001', 4, (i) => (i % 3 === 0 ? `甲镇鱼塘${i}` : `甲镇耕地${i}`));
    await insertProjects(100, 1112, 2, '002', 8, (i) => `乙镇林地${i}`);
    await server.db
      .updateTable('project')
      .set({ status: 9 })
      .where(sql`id % 7`, '=', 0)
      .where('deptId', '=', TENANT_A_TOWN)
      .execute();
  });

  /** The same filter as the route, as one plain query: every matching id, newest first. */
  async function truth(where: ReturnType<typeof sql>) {
    const rows = await sql<{ id: number }>`SELECT id FROM project WHERE ${where} ORDER BY id DESC`.execute(server.db);
    return rows.rows.map((r) => r.id);
  }

  it('lists the same rows in the same order as a plain query, page after page, with the exact total', async () => {
    const cases: Array<[object, ReturnType<typeof sql>]> = [
      [{ type: 2 }, sql`type = 2 AND dept_id IN (1100, 1110, 1111, 1112, 1120, 1121)`],
      [{ type: 2, statusStr: '9' }, sql`type = 2 AND status = 9 AND dept_id IN (1100, 1110, 1111, 1112, 1120, 1121)`],
      [{ type: 2, statusStr: '4,8' }, sql`type = 2 AND status IN (4, 8) AND dept_id IN (1100, 1110, 1111, 1112, 1120, 1121)`],
      [{ type: 2, number: '002' }, sql`number = '002' AND dept_id IN (1100, 1110, 1111, 1112, 1120, 1121)`],
      [{ pid: TENANT_A_COUNTY, type: 2 }, sql`type = 2 AND dept_id IN (1110, 1111, 1112)`],
      [
        { type: 2, keyword: '鱼塘', statusStr: '9' },
        sql`type = 2 AND status = 9 AND project_name LIKE '%鱼塘%' AND dept_id IN (1100, 1110, 1111, 1112, 1120, 1121)`,
      ],
      [
        { type: 2, params: { areaBegin: 10, areaEnd: 12 }, statusStr: '8' },
        sql`type = 2 AND status = 8 AND area BETWEEN 10 AND 12 AND dept_id IN (1100, 1110, 1111, 1112, 1120, 1121)`,
      ],
    ];
    for (const [payload, where] of cases) {
      const ids = await truth(where);
      for (const pageNum of [1, 2, 40]) {
        const data = (await call('/api/projectList', TENANT_A, { ...payload, pageNum, pageSize: 10 })).json().data;
        expect(
          data.rows.map((r: { id: number }) => r.id),
          JSON.stringify(payload),
        ).toEqual(ids.slice((pageNum - 1) * 10, pageNum * 10));
        expect(data.total, JSON.stringify(payload)).toBe(ids.length);
        expect(data.totalApprox).toBeUndefined();
      }
    }
  });

  it('estimates a common keyword’s total over many candidates as 约 N (two digits), and says so', async () => {
    const exact = (await truth(sql`type = 2 AND project_name LIKE '%鱼塘%' AND dept_id IN (1100, 1110, 1111, 1112, 1120, 1121)`)).length;
    expect(exact).toBeGreaterThan(100);
    const data = (await call('/api/projectList', TENANT_A, { type: 2, keyword: '鱼塘' })).json().data;
    expect(data.totalApprox).toBe(true);
    expect(data.total % 10).toBe(0);
    expect(Math.abs(data.total - exact) / exact).toBeLessThan(0.5);
    // The rows are exact all the same.
    expect(data.rows.map((r: { id: number }) => r.id)).toEqual(
      (await truth(sql`type = 2 AND project_name LIKE '%鱼塘%' AND dept_id IN (1100, 1110, 1111, 1112, 1120, 1121)`)).slice(0, 7),
    );
    // The last, part-filled page knows the exact total.
    const pageSize = exact % 100 ? 100 : 99; // a last page that is not full
    const last = (await call('/api/projectList', TENANT_A, { type: 2, keyword: '鱼塘', pageSize, pageNum: Math.ceil(exact / pageSize) })).json().data;
    expect(last).toEqual(expect.objectContaining({ total: exact }));
    expect(last.totalApprox).toBeUndefined();
  });

  it('counts a keyword exactly when too few of the newest candidates match for an estimate', async () => {
    expect(TOTAL_SAMPLE_ROWS).toBeLessThan(1800);
    // 甲镇耕地7, 7x and 7xx: older than the newest 500 candidates.
    const exact = (await truth(sql`type = 2 AND project_name LIKE '%耕地7%' AND dept_id IN (1100, 1110, 1111, 1112, 1120, 1121)`)).length;
    expect(exact).toBeGreaterThan(50);
    const data = (await call('/api/projectList', TENANT_A, { type: 2, keyword: '耕地7' })).json().data;
    expect(data.total).toBe(exact);
    expect(data.totalApprox).toBeUndefined();
  });

  it('pages by afterId (keyset) through the same rows as by pageNum, and refuses a bad afterId', async () => {
    const ids = await truth(sql`type = 2 AND status IN (4, 9) AND dept_id IN (1100, 1110, 1111, 1112, 1120, 1121)`);
    let afterId: number | undefined;
    const walked: number[] = [];
    for (let page = 0; page < 5; page++) {
      const data = (await call('/api/projectList', TENANT_A, { type: 2, statusStr: '4,9', pageSize: 50, ...(afterId ? { afterId } : {}) })).json().data;
      expect(data.total).toBe(ids.length);
      const pageIds = data.rows.map((r: { id: number }) => r.id);
      walked.push(...pageIds);
      afterId = pageIds.at(-1);
    }
    expect(walked).toEqual(ids.slice(0, 250));
    const out = (await call('/api/outProjectList', TENANT_A, { afterId: ids[9] })).json().data;
    expect(out.rows.map((r: { id: number }) => r.id)).toEqual(
      (await truth(sql`type = 2 AND dept_id IN (1100, 1110, 1111, 1112, 1120, 1121) AND id < ${ids[9]}`)).slice(0, 10),
    );
    const bad = await call('/api/projectList', TENANT_A, { type: 2, afterId: 'x1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('afterId');
  });

  it('keeps outProjectList’s rows, order and total', async () => {
    const ids = await truth(sql`type = 2 AND dept_id IN (1100, 1110, 1111, 1112, 1120, 1121)`);
    const data = (await call('/api/outProjectList', TENANT_A, { pageNum: 3 })).json().data;
    expect(data.total).toBe(ids.length);
    expect(data.rows.map((r: { id: number }) => r.id)).toEqual(ids.slice(20, 30));
  });

  it('empties the tally with the table (the seed’s reset truncates it)', async () => {
    await sql`TRUNCATE project CASCADE`.execute(server.db);
    const state = await tallyAndTruth();
    expect(state.truth).toEqual([]);
    expect(state.tally).toEqual([]);
    expect((await call('/api/projectList', TENANT_A, { type: 2 })).json().data.total).toBe(0);
  });
});
