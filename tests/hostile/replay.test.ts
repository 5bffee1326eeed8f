import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formSignatureFor } from '../../server/plugins/guards/index.js';
import { startTestServerWithPlaces } from '../server/fixtures.js';
import type { TestServer } from '../server/harness.js';

// Replays of the form-encoded api/index/{name} call style (timestamp + random + signature): inside the window, after
// the nonce was first seen + a window, stamped up to a window in the future, with oversized randoms, and after a
// refused body. One server with the real 5-minute window, one with a 3-second window so "later" fits in a test.
const CODE_A = '110000';
let real: TestServer;
let short: TestServer;
const SHORT_WINDOW_MS = 3000;
beforeAll(async () => {
  [real, short] = await Promise.all([startTestServerWithPlaces(), startTestServerWithPlaces({ signWindowMs: SHORT_WINDOW_MS })]);
});
afterAll(async () => {
  await Promise.all([real.close(), short.close()]);
  console.log(`\nReplay figures:\n  ${figures.join('\n  ')}`);
});
afterEach(() => vi.restoreAllMocks());

const figures: string[] = [];
function report(line: string) {
  figures.push(line);
  console.log(line);
}

const REPLAY = { code: 403, msg: '重复的请求（random 已使用），请求被拒绝' };
const ROUTES = ['xinwenliebiao', 'ditudaohang', 'news/rotation'];
function signedAt(server: TestServer, timestamp: number | string, random = crypto.randomBytes(8).toString('hex')): Record<string, string> {
  const ts = String(timestamp);
  return { timestamp: ts, random, signature: formSignatureFor(server.config.formSecret, random, ts), dm: CODE_A };
}
async function post(server: TestServer, fields: Record<string, string>, route = 'xinwenliebiao') {
  const res = await server.app.inject({
    method: 'POST',
    url: `/prod-api/api/index/${route}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string } };
}
const statuses = (results: Array<{ status: number }>) =>
  results.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('replays inside the window', () => {
  it('100 copies of one signed request at once, on every form route: exactly one accepted each', async () => {
    for (const route of ROUTES) {
      const fields = signedAt(real, Date.now());
      const results = await Promise.all(Array.from({ length: 100 }, () => post(real, fields, route)));
      const s = statuses(results);
      report(`${route}: 100 simultaneous copies → ${JSON.stringify(s)}`);
      expect(s).toEqual({ 200: 1, 403: 99 });
      expect(results.filter((r) => r.status === 403).every((r) => r.body.msg === REPLAY.msg)).toBe(true);
    }
  });

  it('requests stamped +290 s (and +299 s, in seconds too) are accepted once; their nonces are kept to their own window’s end', async () => {
    const now = Date.now();
    const stamps = [now + 290_000, now + 299_000, Math.floor((now + 290_000) / 1000)];
    let replaysRefused = 0;
    for (const stamp of stamps) {
      const fields = signedAt(real, stamp);
      expect((await post(real, fields)).status).toBe(200);
      // Every request now trims the nonce table.
      vi.spyOn(Math, 'random').mockReturnValue(0);
      for (let i = 0; i < 10; i++) {
        const replay = await post(real, fields);
        expect(replay).toEqual({ status: 403, body: REPLAY });
        replaysRefused++;
      }
      vi.restoreAllMocks();
      const row = await real.db.selectFrom('usedNonce').select('expiresAt').where('nonce', '=', fields.random).executeTakeFirstOrThrow();
      const stampMs = stamp < 1e12 ? stamp * 1000 : stamp;
      expect(row.expiresAt.getTime()).toBe(stampMs + real.config.signWindowMs);
    }
    report(`future stamps (+290 s, +299 s, +290 s in seconds): 3 accepted, ${replaysRefused} replays refused with trims running`);
    // Beyond the window ahead: refused by its timestamp, nothing stored.
    const ahead = signedAt(real, Date.now() + 310_000);
    expect((await post(real, ahead)).status).toBe(403);
    expect(await real.db.selectFrom('usedNonce').select('nonce').where('nonce', '=', ahead.random).execute()).toEqual([]);
  });
});

describe('replays later (3-second window)', () => {
  it('a request stamped near the window’s future edge cannot be replayed after a window since it was seen, nor after its own', async () => {
    const t0 = Date.now();
    const fields = signedAt(short, t0 + SHORT_WINDOW_MS - 200);
    expect((await post(short, fields)).status).toBe(200);
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const outcomes: string[] = [];
    // At 1 s, 3.3 s (a window after it was seen: a nonce trimmed by its seen time would be gone) and 6 s (past its
    // own timestamp's window).
    for (const at of [1000, 3300, 6000]) {
      await sleep(Math.max(0, t0 + at - Date.now()));
      // A fresh request first, so the trim runs before the replay.
      expect((await post(short, signedAt(short, Date.now()))).status).toBe(200);
      const replay = await post(short, fields);
      outcomes.push(`${((Date.now() - t0) / 1000).toFixed(1)} s → ${replay.status} ${replay.body.msg}`);
      expect(replay.status).toBe(403);
    }
    report(`replay of a request stamped +2.8 s (3 s window): ${outcomes.join('; ')}`);
    expect(outcomes[2]).toContain('时间戳');
    // Its row is trimmed once its window has closed.
    expect(await short.db.selectFrom('usedNonce').select('nonce').where('nonce', '=', fields.random).execute()).toEqual([]);
  });
});

describe('hostile randoms and bodies', () => {
  it('oversized or odd randoms are refused with 400 before anything is stored; no 5xx', async () => {
    const randoms = [
      'r'.repeat(65),
      'x'.repeat(1000),
      'y'.repeat(10_000),
      crypto.randomBytes(5000).toString('base64'),
      crypto.randomBytes(5000).toString('latin1'),
      '中'.repeat(65),
      '\u0000'.repeat(100),
    ];
    const results = [];
    for (const random of randoms) results.push(await post(real, signedAt(real, Date.now(), random)));
    const s = statuses(results);
    report(`oversized randoms (65 B … 10 kB, binary, CJK, NUL): ${JSON.stringify(s)}`);
    expect(s).toEqual({ 400: randoms.length });
    // NUL characters are refused by the app-wide input check before the length is looked at.
    expect(results.map((r) => r.body.msg)).toEqual(
      randoms.map((random) => (random.includes('\u0000') ? '参数 随机串（random） 不能包含空字符' : '参数 随机串（random） 长度不能超过 64 个字符')),
    );
    const stored = await real.db.selectFrom('usedNonce').select('nonce').execute();
    expect(stored.filter((r) => r.nonce.length > 64)).toEqual([]);
  });

  it('a refused body does not burn the nonce: the same signed fields with a valid body pass once', async () => {
    const invalidBodies: Array<Record<string, string>> = [{ page_size: '0' }, { page_size: '1000' }, { page: 'abc' }, { number: '' }, { id: '-1' }];
    let accepted = 0;
    let replays = 0;
    for (const invalid of invalidBodies) {
      const fields = signedAt(real, Date.now());
      const refused = await post(real, { ...fields, ...invalid });
      expect(refused.status, JSON.stringify(invalid)).toBe(400);
      const valid = await post(real, { ...fields, page_size: '5' });
      expect(valid.status).toBe(200);
      accepted++;
      expect(await post(real, { ...fields, page_size: '5' })).toEqual({ status: 403, body: REPLAY });
      replays++;
    }
    report(`refused bodies: ${invalidBodies.length} refused (400), then ${accepted} accepted with the same nonce, ${replays} replays refused`);
  });

  it('hostile timestamps are refused with 403 and store nothing; no 5xx', async () => {
    const now = Date.now();
    const stamps = ['', 'abc', 'NaN', 'Infinity', '-1', '0', '1e308', String(now - 301_000), String(now + 301_000), '9'.repeat(400), ' ', `${now}abc`];
    const results = [];
    for (const stamp of stamps) results.push(await post(real, signedAt(real, stamp)));
    const s = statuses(results);
    report(`hostile timestamps (${stamps.length}): ${JSON.stringify(s)}`);
    expect(Object.keys(s).every((status) => Number(status) === 403)).toBe(true);
  });
});
