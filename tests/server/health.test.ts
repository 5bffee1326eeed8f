import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { migrateTo, migrateToLatest, openDatabase, pendingMigrations, type DatabaseHandle } from '../../server/db/database.js';
import { databaseOutage } from '../../server/db/outage.js';
import { MESSAGES } from '../../server/api/messages.js';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A } from './fixtures.js';
import { approve, insertBiddingProject, userWithToken } from './auction-helpers.js';

const H = MESSAGES.health;
const onPostgres = Boolean(process.env.DATABASE_URL);

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('/healthz and /readyz', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServerWithPlaces({ listCacheMs: 0 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('/healthz answers 200 without a database, a signature or a cache; HEAD too', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, msg: H.alive, data: { status: 'ok' } });
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await server.app.inject({ method: 'HEAD', url: '/healthz' })).statusCode).toBe(200);
  });

  it('/readyz answers 200 with every check when the database answers, is migrated and LISTEN is up; never rate-limited', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, () => server.app.inject({ method: 'GET', url: '/readyz' })));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect(answers[0].json()).toEqual({
      code: 200,
      msg: H.ready,
      data: { status: 'ready', checks: { database: true, migrations: true, listen: true, notDraining: true, notOverloaded: true } },
    });
  });

  it('/readyz is 503 naming each migration the database lacks, and 200 again once it is migrated', async () => {
    await migrateTo(server.db, '016_project_counts_recount');
    try {
      // Every migration after 016, whatever later ones are added.
      const pending = await pendingMigrations(server.db);
      expect(pending[0]).toBe('017_project_tally_place');
      const res = await server.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({
        code: 503,
        msg: H.unready([H.migrationsPending(pending)]),
        data: { status: 'unready', checks: { database: true, migrations: false } },
      });
    } finally {
      await migrateToLatest(server.db);
    }
    expect((await server.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it.skipIf(!onPostgres)('/readyz is 503 while the LISTEN connection is lost, and 200 once it is back (PostgreSQL)', async () => {
    const { rows } = await sql<{ ended: boolean }>`
      SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
      WHERE datname = current_database() AND query LIKE 'LISTEN %'`.execute(server.db);
    expect(rows.length).toBeGreaterThan(0);
    const lost = await until(
      () => server.app.inject({ method: 'GET', url: '/readyz' }),
      (res) => res.statusCode === 503,
      2000,
    );
    expect(lost.json()).toMatchObject({ code: 503, msg: H.unready([H.listenDown]), data: { checks: { listen: false, database: true } } });
    const back = await until(
      () => server.app.inject({ method: 'GET', url: '/readyz' }),
      (res) => res.statusCode === 200,
      5000,
    );
    expect(back.statusCode).toBe(200);
  });

  it('draining: /readyz is 503 at once while requests on open connections are still served, each closing its connection', async () => {
    const other = await startTestServerWithPlaces();
    try {
      other.app.health.drain();
      const ready = await other.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ msg: H.unready([H.draining]), data: { checks: { notDraining: false } } });
      expect((await other.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      const api = await other.app.inject({ method: 'POST', url: '/prod-api/api/auction/state', headers: other.signed(TENANT_A), payload: { projectId: 1 } });
      expect(api.statusCode).not.toBe(503);
      expect(api.headers.connection).toBe('close');
    } finally {
      await other.close();
    }
  });
});

describe('a saturated event loop sheds requests with 503', () => {
  it('API calls get 503 with Retry-After and a Chinese msg while the delay lasts, /healthz stays 200, /readyz says why', async () => {
    const server = await startTestServerWithPlaces({ maxEventLoopDelayMs: 50 });
    const call = () => server.app.inject({ method: 'POST', url: '/prod-api/api/auction/state', headers: server.signed(TENANT_A), payload: { projectId: 1 } });
    try {
      // One long synchronous stretch is one high sample, not saturation: requests after it are served.
      const blockUntil = Date.now() + 1200;
      while (Date.now() < blockUntil) {
        // a runaway computation holding the loop once
      }
      for (let i = 0; i < 12; i++) {
        expect((await call()).statusCode).not.toBe(503);
        await new Promise((r) => setTimeout(r, 100));
      }
      // A loop that stays busy (200 ms stretches with a breath between them, as under a flood) is saturated.
      let saturating = true;
      const saturate = (async () => {
        while (saturating) {
          const until = Date.now() + 200;
          while (Date.now() < until) {
            // busy
          }
          await new Promise((r) => setImmediate(r));
        }
      })();
      let shed: Awaited<ReturnType<typeof call>> | undefined;
      let ready: Awaited<ReturnType<typeof call>> | undefined;
      let alive: number | undefined;
      try {
        shed = await until(call, (res) => res.statusCode === 503, 8000);
        ready = await server.app.inject({ method: 'GET', url: '/readyz' });
        alive = (await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode;
      } finally {
        saturating = false;
        await saturate;
      }
      expect(shed.statusCode).toBe(503);
      expect(shed.headers['retry-after']).toBe('5');
      expect(shed.json()).toEqual({ code: 503, msg: MESSAGES.requests.overloaded });
      expect(alive).toBe(200);
      expect(ready.statusCode).toBe(503);
      expect(ready.json().msg).toContain(H.overloaded);
      // The pressure passes with the next quiet sample.
      const calm = await until(
        () => server.app.inject({ method: 'GET', url: '/readyz' }),
        (res) => res.statusCode === 200,
        5000,
      );
      expect(calm.statusCode).toBe(200);
      expect((await call()).statusCode).not.toBe(503);
    } finally {
      await server.close();
    }
  });
});

describe('database failures are recognised as outages, other errors are not', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
  it.each([
    ['57P01 administrator shutdown', withCode('57P01'), 'unavailable'],
    ['57P03 cannot connect now', withCode('57P03'), 'unavailable'],
    ['08006 connection failure', withCode('08006'), 'unavailable'],
    ['53300 too many connections', withCode('53300'), 'busy'],
    ['53100 disk full', withCode('53100'), 'full'],
    ['57014 statement timeout', withCode('57014'), 'timeout'],
    ['ECONNREFUSED inside an AggregateError', new AggregateError([withCode('ECONNREFUSED')], ''), 'unavailable'],
    ['ENOSPC as a cause', new Error('write failed', { cause: withCode('ENOSPC') }), 'full'],
    ['node-postgres lost connection', new Error('Connection terminated unexpectedly'), 'unavailable'],
    ['node-postgres read timeout', new Error('Query read timeout'), 'timeout'],
    ['pool wait timeout', new Error('timeout exceeded when trying to connect'), 'busy'],
  ])('%s', (_name, error, kind) => {
    expect(databaseOutage(error)).toBe(kind);
  });
  it.each([
    ['23505 unique violation', withCode('23505')],
    ['42P01 undefined table', withCode('42P01')],
    ['a plain bug', new TypeError('x is undefined')],
    ['not an error', 'boom'],
  ])('%s is not an outage', (_name, error) => {
    expect(databaseOutage(error)).toBeUndefined();
  });
});

describe.skipIf(!onPostgres)('statement timeout (PostgreSQL; skipped on PGlite, which runs in this process)', () => {
  let server: TestServer;
  let handle: DatabaseHandle;
  let bounded: FastifyInstance;
  beforeAll(async () => {
    server = await startTestServerWithPlaces();
    const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(server.db);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${rows[0].name}`;
    handle = await openDatabase({ databaseUrl: url.toString(), statementTimeoutMs: 300, connectTimeoutMs: 1000 });
    bounded = await buildApp({
      config: { ...server.config, dbStatementTimeoutMs: 300 },
      db: handle.db,
      dbKind: 'postgres',
      listen: handle.listen,
      logger: false,
    });
  });
  afterAll(async () => {
    await bounded?.close();
    await handle?.close();
    await server?.close();
  });

  it('a bid stuck behind a lock answers 503 with Retry-After after the timeout, not 500 and not a hang; the next one succeeds', async () => {
    const projectId = await insertBiddingProject(server.db, { price: 1000, increment: 10 });
    const bidder = await userWithToken(server, '13700000091', '竞买人');
    await approve(server.db, projectId, [bidder.userId]);
    const bid = (amount: number) =>
      bounded.inject({
        method: 'POST',
        url: '/prod-api/api/auction/bid',
        headers: { ...server.signed(TENANT_A), ...bidder.headers },
        payload: { projectId, amount },
      });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const holder = server.db.transaction().execute(async (trx) => {
      await sql`SELECT id FROM project WHERE id = ${projectId} FOR UPDATE`.execute(trx);
      locked();
      await held;
    });
    await isLocked;
    const t0 = Date.now();
    const stuck = await bid(1010);
    const took = Date.now() - t0;
    release();
    await holder;
    expect(stuck.statusCode, stuck.body).toBe(503);
    expect(stuck.headers['retry-after']).toBe('5');
    expect(stuck.json()).toEqual({ code: 503, msg: MESSAGES.requests.databaseOutage.timeout });
    // Bounded by the statement timeout (300 ms), not by the lock holder (who held on until the answer came).
    expect(took).toBeLessThan(5000);
    const next = await bid(1010);
    expect(next.statusCode, next.body).toBe(200);
  });
});
