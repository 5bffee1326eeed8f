import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.js';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A, TENANT_A_COUNTY, TENANT_A_TOWN } from './fixtures.js';
import { approve, insertBiddingProject, userWithToken, type TestUser } from './auction-helpers.js';

// On PostgreSQL the bid statement, the session lookup (every bid runs both) and the project list's
// statements go as named prepared statements, parsed once per pooled connection instead of per request: PostgreSQL's
// CPU per bid ~950 → ~350 µs (bench:auction), per uncached list ~290-330 → ~230-250 µs (bench:api).
// pg_prepared_statements lists a session's own statements, so the instance here has a pool of one connection: every
// request, and the check, run on it.
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('named statements on PostgreSQL (skipped on PGlite, which PREPAREs them itself: prepared.test.ts)', () => {
  let server: TestServer;
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let approved: TestUser;
  let outsider: TestUser;

  beforeAll(async () => {
    // Every list call reaches the database (no response cache, no kept estimates).
    server = await startTestServerWithPlaces({ listCacheMs: 0, listEstimateMs: 0 });
    const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(server.db);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${rows[0].name}`;
    handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    app = await buildApp({ config: server.config, db: handle.db, dbKind: 'postgres', listen: handle.listen, logger: false });
    approved = await userWithToken(server, '13700000001', '张三丰');
    outsider = await userWithToken(server, '13700000002', '李四光');
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await server?.close();
  });

  const bid = (user: TestUser, projectId: number, amount: number) =>
    app.inject({ method: 'POST', url: '/prod-api/api/auction/bid', headers: { ...server.signed(TENANT_A), ...user.headers }, payload: { projectId, amount } });

  it('bids and their token checks run as named statements, each rule still deciding past the fifth run (from which PostgreSQL may plan it once for all values)', async () => {
    const projectId = await insertBiddingProject(server.db, { price: 1000, increment: 100 });
    await approve(server.db, projectId, [approved.userId]);

    for (let k = 0; k < 8; k++) {
      const res = await bid(approved, projectId, 1000 + k * 100);
      expect(res.json(), `bid ${k}`).toMatchObject({ code: 200, data: { currentPrice: 1000 + k * 100, bidCount: k + 1 } });
    }
    const low = await bid(approved, projectId, 1500);
    expect(low.statusCode).toBe(409);
    expect(low.json().msg).toBe('出价不能低于当前价加加价幅度（¥1,800）');
    const notMultiple = await bid(approved, projectId, 1850);
    expect(notMultiple.statusCode).toBe(409);
    expect(notMultiple.json().msg).toBe('出价须为加价幅度的整数倍（起始价¥1,000，加价幅度¥100）');
    const unregistered = await bid(outsider, projectId, 1900);
    expect(unregistered.statusCode).toBe(403);
    expect(unregistered.json().msg).toBe('您未获得竞价资格');
    const stranger = await app.inject({
      method: 'POST',
      url: '/prod-api/api/auction/bid',
      headers: { ...server.signed(TENANT_A), authorization: 'Bearer not-a-token' },
      payload: { projectId, amount: 1900 },
    });
    expect(stranger.json().code).toBe(401);

    const stored = await server.db.selectFrom('project').select(['currentPrice', 'bidCount']).where('id', '=', projectId).executeTakeFirstOrThrow();
    expect({ price: Number(stored.currentPrice), count: stored.bidCount }).toEqual({ price: 1700, count: 8 });

    const byName = await preparedRuns();
    // 11 bids; the token check ran for the 10 with a known token and once for the unknown one.
    expect(byName).toMatchObject({ auction_bid: 11, session_by_token: 12 });
  });

  it('a list statement run by name for a city, then a town, then pages deep, answers what a plain query says', async () => {
    const values = Array.from({ length: 40 }, (_, i) => ({
      deptId: i % 4 === 0 ? TENANT_A_TOWN : TENANT_A_COUNTY,
      type: 2 as const,
      number: '001',
      status: 4,
      projectName: `命名语句地块${i}`,
      price: 1000 + i,
      area: i + 1,
    }));
    await server.db.insertInto('project').values(values).execute();
    const truth = async (deptIds: readonly number[], offset: number) =>
      (
        await server.db
          .selectFrom('project')
          .select('id')
          .where('type', '=', 2)
          .where('deptId', 'in', deptIds)
          .orderBy('id', 'desc')
          .limit(7)
          .offset(offset)
          .execute()
      ).map((r) => r.id);
    // The city and every place under it, by the place tree's own ancestors.
    const cityScope = (
      await server.db
        .selectFrom('place')
        .select('deptId')
        .where((eb) => eb.or([eb('deptId', '=', TENANT_A), eb('ancestors', 'like', `%,${TENANT_A}`), eb('ancestors', 'like', `%,${TENANT_A},%`)]))
        .execute()
    ).map((r) => r.deptId);
    const before = await preparedRuns();
    let pastTheEnd = 0;
    // Past five runs of one statement PostgreSQL may plan it once for all values: each answer must still be right.
    for (let round = 0; round < 8; round++) {
      for (const [deptId, scope] of [
        [TENANT_A, cityScope],
        [TENANT_A_TOWN, [TENANT_A_TOWN]],
      ] as const) {
        const pageNum = (round % 3) + 1;
        const res = await app.inject({
          method: 'POST',
          url: '/prod-api/api/projectList',
          headers: server.signed(deptId),
          payload: { type: 2, pageNum, pageSize: 7 },
        });
        const ids = (res.json().data.rows as Array<{ id: number }>).map((r) => r.id);
        const expected = await truth(scope, (pageNum - 1) * 7);
        expect(ids, `${deptId} page ${pageNum}`).toEqual(expected);
        if (!expected.length) pastTheEnd++;
      }
    }
    // The page of a type filter (rows, tally total) is one statement, run by name for each of the 16 calls, and once
    // more for a page past the end (the town's third: its total comes from the first page).
    const after = await preparedRuns();
    expect(pastTheEnd).toBeGreaterThan(0);
    expect((after.project_list_pagetoffset ?? 0) - (before.project_list_pagetoffset ?? 0)).toBe(16 + pastTheEnd);
  });

  /** This connection's named statements and how often each ran. */
  async function preparedRuns(): Promise<Record<string, number>> {
    const { rows } = await sql<{ name: string; runs: number }>`
      SELECT name, (generic_plans + custom_plans)::int AS runs FROM pg_prepared_statements ORDER BY name`.execute(handle.db);
    return Object.fromEntries(rows.map((r) => [r.name, r.runs]));
  }
});
