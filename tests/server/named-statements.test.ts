import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.js';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A } from './fixtures.js';
import { approve, insertBiddingProject, userWithToken, type TestUser } from './auction-helpers.js';

// Issue 17: on PostgreSQL the bid statement and the session lookup (every bid runs both) go as named prepared
// statements, parsed once per pooled connection instead of per request: PostgreSQL's CPU per bid ~950 → ~350 µs
// (bench:auction). pg_prepared_statements lists a session's own statements, so the instance here has a pool of one
// connection: every request, and the check, run on it.
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('named statements on PostgreSQL (skipped on PGlite, which PREPAREs them itself: prepared.test.ts)', () => {
  let server: TestServer;
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let approved: TestUser;
  let outsider: TestUser;

  beforeAll(async () => {
    server = await startTestServerWithPlaces();
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

  it('bids and their token checks run as named statements, each rule still deciding past the fifth run (the generic plan)', async () => {
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

    const prepared = await sql<{ name: string; runs: number }>`
      SELECT name, (generic_plans + custom_plans)::int AS runs FROM pg_prepared_statements ORDER BY name`.execute(handle.db);
    const byName = Object.fromEntries(prepared.rows.map((r) => [r.name, r.runs]));
    // 11 bids; the token check ran for the 10 with a known token and once for the unknown one.
    expect(byName).toEqual({ auction_bid: 11, session_by_token: 12 });
  });
});
