import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../server/app.js';
import { StatusScheduler } from '../../server/auction/scheduler.js';
import { MESSAGES } from '../../server/api/messages.js';
import { allowList, MetricsAllowError } from '../../server/metrics/access.js';
import { loadConfig } from '../../server/runtime/config.js';
import { productionSettingProblems } from '../../server/runtime/production.js';
import { startTestServer, type TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A } from './fixtures.js';
import { approve, dbClock, insertBiddingProject, insertProject, userWithToken, Viewer } from './auction-helpers.js';

const TOKEN = 'metrics-token-for-the-test-0123456789';
const OUTSIDE = '203.0.113.9';
const onPostgres = Boolean(process.env.DATABASE_URL);

/** One sample of the exposition text: `name{labels} value`, matched on exactly these labels; undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([A-Za-z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    const want = Object.entries(labels);
    if (want.length === Object.keys(got).length && want.every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return undefined;
}
/** A counter's value, 0 before its first count. */
const count = (text: string, name: string, labels: Record<string, string> = {}) => sample(text, name, labels) ?? 0;
/** Every value a label takes in the text. */
const labelValues = (text: string, label: string) => new Set([...text.matchAll(new RegExp(`[{,]${label}="([^"]*)"`, 'g'))].map((m) => m[1]));

let server: TestServer;
let bidder: Awaited<ReturnType<typeof userWithToken>>;

async function scrape(remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) {
  return server.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
}
async function figures(): Promise<string> {
  const res = await scrape();
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}
const bid = (projectId: number, amount: number, key?: string) =>
  server.app.inject({
    method: 'POST',
    url: '/prod-api/api/auction/bid',
    headers: { ...server.signed(TENANT_A), ...bidder.headers },
    payload: { projectId, amount, ...(key ? { key } : {}) },
  });

beforeAll(async () => {
  server = await startTestServerWithPlaces({ metricsToken: TOKEN });
  bidder = await userWithToken(server, '13800000071', '张三丰');
});
afterAll(() => server.close());

describe('GET /metrics', () => {
  it('from an allowed address shows the figures, each moved by exactly the traffic that happened', async () => {
    const projectId = await insertBiddingProject(server.db, { price: 1000, increment: 100 });
    await approve(server.db, projectId, [bidder.userId]);
    const before = await figures();

    const state = await server.app.inject({ method: 'POST', url: '/prod-api/api/auction/state', headers: server.signed(TENANT_A), payload: { projectId } });
    expect(state.statusCode).toBe(200);
    expect((await bid(projectId, 1000)).statusCode).toBe(200);
    const refused = await bid(projectId, 1000);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(MESSAGES.auction.belowNext('¥1,100'));
    const after = await figures();

    const stateLabels = { method: 'POST', route: 'auctionState', status_class: '2xx' };
    expect(count(after, 'tianmu_http_requests_total', stateLabels) - count(before, 'tianmu_http_requests_total', stateLabels)).toBe(1);
    expect(
      count(after, 'tianmu_http_request_duration_seconds_count', stateLabels) - count(before, 'tianmu_http_request_duration_seconds_count', stateLabels),
    ).toBe(1);
    const bidOk = { method: 'POST', route: 'auctionBid', status_class: '2xx' };
    const bidRefused = { method: 'POST', route: 'auctionBid', status_class: '4xx' };
    expect(count(after, 'tianmu_http_requests_total', bidOk) - count(before, 'tianmu_http_requests_total', bidOk)).toBe(1);
    expect(count(after, 'tianmu_http_requests_total', bidRefused) - count(before, 'tianmu_http_requests_total', bidRefused)).toBe(1);
    expect(count(after, 'tianmu_bids_accepted_total') - count(before, 'tianmu_bids_accepted_total')).toBe(1);
    expect(count(after, 'tianmu_bids_refused_total', { rule: 'belowNext' }) - count(before, 'tianmu_bids_refused_total', { rule: 'belowNext' })).toBe(1);
    // The previous scrape itself was one more /metrics request.
    const scrapes = { method: 'GET', route: '/metrics', status_class: '2xx' };
    expect(count(after, 'tianmu_http_requests_total', scrapes) - count(before, 'tianmu_http_requests_total', scrapes)).toBe(1);

    // The live figures and the process's own.
    expect(sample(after, 'tianmu_listen_up')).toBe(1);
    expect(sample(after, 'tianmu_realtime_sockets')).toBe(0);
    expect(sample(after, 'tianmu_backup_age_seconds')).toBeNaN();
    expect(sample(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(after, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    // A pool on PostgreSQL; PGlite is one session in this process and has none.
    if (onPostgres) {
      expect(sample(after, 'tianmu_db_pool_waiting')).toBe(0);
      expect(sample(after, 'tianmu_db_pool_max')).toBe(12);
    } else expect(after).not.toContain('tianmu_db_pool_');
  });

  it('names each rule that refused a bid, and counts the schema refusals as invalid', async () => {
    const projectId = await insertBiddingProject(server.db, { price: 1000, increment: 100 });
    await approve(server.db, projectId, [bidder.userId]);
    const notStarted = await insertProject(server.db, {
      deptId: 1111,
      status: 5,
      price: 1000,
      increment: 100,
      biddingStartTime: (await dbClock(server.db)) + 3_600_000,
    });
    await approve(server.db, notStarted, [bidder.userId]);
    const before = await figures();
    expect((await bid(projectId, 950)).statusCode).toBe(409); // below the start price
    expect((await bid(projectId, 1050)).statusCode).toBe(409); // not a multiple of the increment
    expect((await bid(notStarted, 1000)).statusCode).toBe(409);
    expect((await bid(projectId, -5)).statusCode).toBe(400);
    const after = await figures();
    const moved = (rule: string) => count(after, 'tianmu_bids_refused_total', { rule }) - count(before, 'tianmu_bids_refused_total', { rule });
    expect({ belowStart: moved('belowStart'), notMultiple: moved('notMultiple'), notStarted: moved('notStarted'), invalid: moved('invalid') }).toEqual({
      belowStart: 1,
      notMultiple: 1,
      notStarted: 1,
      invalid: 1,
    });
    expect(count(after, 'tianmu_bids_accepted_total')).toBe(count(before, 'tianmu_bids_accepted_total'));
  });

  it('counts a bid key sent again (its first answer replayed) as a replay, not as another accepted bid', async () => {
    const projectId = await insertBiddingProject(server.db, { price: 1000, increment: 100 });
    await approve(server.db, projectId, [bidder.userId]);
    const key = crypto.randomUUID();
    const before = await figures();
    const first = await bid(projectId, 1000, key);
    const again = await bid(projectId, 1000, key);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json().data.bid.id).toBe(first.json().data.bid.id);
    const after = await figures();
    const moved = (name: string) => count(after, name) - count(before, name);
    expect({ accepted: moved('tianmu_bids_accepted_total'), replayed: moved('tianmu_bids_replayed_total') }).toEqual({ accepted: 1, replayed: 1 });
  });

  it('labels routes by name or URL pattern, never by the raw URL or an id', async () => {
    await server.app.inject({
      method: 'POST',
      url: '/prod-api/api/auction/state?projectId=987654',
      headers: server.signed(TENANT_A),
      payload: { projectId: 987654 },
    });
    await server.app.inject({ method: 'GET', url: '/no-such-page-876543?x=765432' });
    await server.app.inject({ method: 'GET', url: '/prod-api/api/no-such-route-654321' });
    await server.app.inject({ method: 'GET', url: '/image-api/profile/2024/543210.png' });
    const text = await figures();
    for (const raw of ['987654', '876543', '765432', '654321', '543210', 'no-such', '?']) expect(text).not.toContain(raw);
    const routes = labelValues(text, 'route');
    expect(routes).toContain('auctionState');
    expect(routes).toContain('unmatched');
    for (const route of routes) expect(route).toMatch(/^(unmatched|[A-Za-z]+|\/[\w/*:.-]*)$/);
    expect([...labelValues(text, 'status_class')].every((c) => /^[1-5]xx$/.test(c))).toBe(true);
  });

  it('refuses any other address with 403 and a Chinese msg, whatever X-Forwarded-For says (TRUST_PROXY unset)', async () => {
    const attempts: Array<Record<string, string>> = [{}, { 'x-forwarded-for': '127.0.0.1' }, { authorization: 'Bearer wrong-token' }, { authorization: TOKEN }];
    for (const headers of attempts) {
      const res = await scrape(OUTSIDE, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 403, msg: MESSAGES.health.metricsForbidden });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const ok = await scrape('::1');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    // An IPv4 visitor on a dual-stack socket is its IPv4 address.
    expect((await scrape('::ffff:127.0.0.1')).statusCode).toBe(200);
  });

  it('opens to the bearer token from any address', async () => {
    const res = await scrape(OUTSIDE, { authorization: `Bearer ${TOKEN}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('tianmu_http_requests_total');
  });

  it('is never rate-limited', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => scrape()));
    expect(answers.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
  });

  it('shows the live viewers and the frames sent to them', async () => {
    const address = await server.app.listen({ host: '127.0.0.1', port: 0 });
    const projectId = await insertBiddingProject(server.db, { price: 1000, increment: 100 });
    await approve(server.db, projectId, [bidder.userId]);
    const viewer = await Viewer.open(`${address.replace(/^http/, 'ws')}/websocket/0`);
    try {
      await viewer.watch(projectId);
      const before = await figures();
      expect(sample(before, 'tianmu_realtime_sockets')).toBe(1);
      expect((await bid(projectId, 1000)).statusCode).toBe(200);
      await viewer.waitFor((f) => f.type === 'auctionBid' && f.data?.projectId === projectId);
      const after = await figures();
      expect(count(after, 'tianmu_realtime_frames_total') - count(before, 'tianmu_realtime_frames_total')).toBe(1);
      expect(count(after, 'tianmu_realtime_socket_writes_total') - count(before, 'tianmu_realtime_socket_writes_total')).toBe(1);
    } finally {
      await viewer.close();
    }
    for (let i = 0; i < 50 && sample(await figures(), 'tianmu_realtime_sockets') !== 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(sample(await figures(), 'tianmu_realtime_sockets')).toBe(0);
  });

  it('shows how late the scheduler ran a due change, and when it last passed', async () => {
    const start = (await dbClock(server.db)) + 300;
    const projectId = await insertProject(server.db, {
      deptId: 1111,
      status: 5,
      price: 1000,
      increment: 100,
      biddingStartTime: start,
      biddingStopTime: start + 3_600_000,
    });
    const scheduler = new StatusScheduler(server.db, { minSleepMs: 10, onPass: (pass) => server.app.metrics.observeSchedulerPass(pass) });
    const before = await figures();
    scheduler.start();
    try {
      for (let i = 0; i < 100; i++) {
        const row = await server.db.selectFrom('project').select('status').where('id', '=', projectId).executeTakeFirstOrThrow();
        if (row.status === 6) break;
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await scheduler.stop();
    }
    const after = await figures();
    expect(count(after, 'tianmu_scheduler_lag_seconds_count') - count(before, 'tianmu_scheduler_lag_seconds_count')).toBeGreaterThanOrEqual(1);
    // Due 300 ms after the first pass: the pass that moved it ran within seconds of that (not, say, since the epoch).
    expect(count(after, 'tianmu_scheduler_lag_seconds_bucket', { le: '5' })).toBe(count(after, 'tianmu_scheduler_lag_seconds_count'));
    expect(
      count(after, 'tianmu_scheduler_passes_total', { result: 'ok' }) - count(before, 'tianmu_scheduler_passes_total', { result: 'ok' }),
    ).toBeGreaterThanOrEqual(2);
    expect(sample(after, 'tianmu_scheduler_last_pass_timestamp_seconds')).toBeGreaterThan(Date.now() / 1000 - 60);
  });

  it('shows the backup age once a source is set, NaN while none is known', async () => {
    server.app.metrics.setBackupStatusSource(async () => new Date(Date.now() - 3600_000));
    try {
      const age = sample(await figures(), 'tianmu_backup_age_seconds')!;
      expect(age).toBeGreaterThanOrEqual(3600);
      expect(age).toBeLessThan(3700);
      server.app.metrics.setBackupStatusSource(() => null);
      expect(sample(await figures(), 'tianmu_backup_age_seconds')).toBeNaN();
    } finally {
      server.app.metrics.setBackupStatusSource(undefined);
    }
  });

  it.skipIf(!onPostgres)('counts LISTEN losses and reconnects (PostgreSQL; PGlite listens on its own session, which never drops)', async () => {
    const before = await figures();
    const { rows } = await sql<{ ended: boolean }>`
      SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
      WHERE datname = current_database() AND query LIKE 'LISTEN %'`.execute(server.db);
    expect(rows.length).toBe(1);
    let after = before;
    for (let i = 0; i < 100; i++) {
      after = await figures();
      if (count(after, 'tianmu_listen_reconnects_total') > count(before, 'tianmu_listen_reconnects_total')) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(count(after, 'tianmu_listen_losses_total') - count(before, 'tianmu_listen_losses_total')).toBe(1);
    expect(count(after, 'tianmu_listen_reconnects_total') - count(before, 'tianmu_listen_reconnects_total')).toBe(1);
    expect(sample(after, 'tianmu_listen_up')).toBe(1);
  });

  it.skipIf(!onPostgres)('counts a statement cancelled under a request as a database timeout (PostgreSQL)', async () => {
    const projectId = await insertBiddingProject(server.db);
    const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(server.db);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${rows[0].name}`;
    const locker = new pg.Client({ connectionString: url.toString() });
    await locker.connect();
    try {
      const before = await figures();
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE project IN ACCESS EXCLUSIVE MODE');
      const answer = server.app.inject({ method: 'POST', url: '/prod-api/api/auction/state', headers: server.signed(TENANT_A), payload: { projectId } });
      // The request's statement waits for the lock; cancelled, it fails as a statement timeout would (57014).
      for (let cancelled = 0, i = 0; !cancelled && i < 100; i++) {
        const res = await locker.query(
          `SELECT count(pg_cancel_backend(pid)) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        cancelled = Number(res.rows[0].n);
        if (!cancelled) await new Promise((r) => setTimeout(r, 20));
      }
      const res = await answer;
      expect(res.statusCode).toBe(503);
      expect(res.json().msg).toBe(MESSAGES.requests.databaseOutage.timeout);
      await locker.query('ROLLBACK');
      const after = await figures();
      expect(count(after, 'tianmu_database_outages_total', { kind: 'timeout' }) - count(before, 'tianmu_database_outages_total', { kind: 'timeout' })).toBe(1);
    } finally {
      await locker.end();
    }
  });
});

describe('who may read /metrics', () => {
  it('behind a trusted proxy, the visitor address the proxy gives is checked against the allowed ranges', async () => {
    const behindProxy = await startTestServer({ trustProxy: true, metricsAllow: ['10.0.0.0/8', 'fd00::/8'] });
    try {
      const from = (forwarded: string) =>
        behindProxy.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': forwarded } });
      expect((await from('10.1.2.3')).statusCode).toBe(200);
      expect((await from('fd12::5')).statusCode).toBe(200);
      expect((await from(OUTSIDE)).statusCode).toBe(403);
      // Loopback is not on this list: the proxy's own address does not open it.
      expect((await behindProxy.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(403);
    } finally {
      await behindProxy.close();
    }
  });

  it('refuses to start on an entry that is no address or range, naming it', async () => {
    expect(() => allowList(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8'])).not.toThrow();
    for (const bad of ['localhost', '10.0.0.0/33', '10.0.0.1/x', '::1/129', '1.2.3.4/8/9', '300.1.1.1']) {
      expect(() => allowList([bad])).toThrow(MetricsAllowError);
    }
    const config = { ...server.config, metricsAllow: ['127.0.0.1', 'intranet'] };
    await expect(buildApp({ config, db: server.db, dbKind: server.kind, logger: false })).rejects.toThrow(/METRICS_ALLOW 中有无法识别的地址：intranet（/);
  });
});

describe('METRICS_TOKEN in production', () => {
  it('refuses a short token, names neither it nor its value, and takes a long one or none', () => {
    const secrets = { NODE_ENV: 'production', API_SIGN_KEY: 'a-centre-sign-key', API_FORM_SECRET: 'a-centre-form-secret-0123456789' };
    const short = productionSettingProblems(loadConfig({ ...secrets, METRICS_TOKEN: 'abc123' }));
    expect(short).toHaveLength(1);
    expect(short[0]).toMatch(/^METRICS_TOKEN 太短（6 个字符）/);
    expect(short[0]).not.toContain('abc123');
    expect(productionSettingProblems(loadConfig({ ...secrets, METRICS_TOKEN: TOKEN }))).toEqual([]);
    expect(productionSettingProblems(loadConfig(secrets))).toEqual([]);
  });
});
