import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formSignatureFor } from '../../server/plugins/guards/index.js';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces } from './fixtures.js';

// The replay guard of the form-encoded api/index/{name} style (timestamp + random + signature). A 3-second window
// here so a request stamped near the window's future edge can be replayed after its nonce was first seen + window.
const WINDOW_MS = 3000;
const CODE_A = '110000';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServerWithPlaces({ signWindowMs: WINDOW_MS });
});
afterAll(() => server.close());
afterEach(() => vi.restoreAllMocks());

function signedAt(timestamp: number, random = crypto.randomBytes(8).toString('hex')): Record<string, string> {
  const ts = String(timestamp);
  return { timestamp: ts, random, signature: formSignatureFor(server.config.formSecret, random, ts), dm: CODE_A };
}
async function post(fields: Record<string, string>) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/prod-api/api/index/xinwenliebiao',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string } };
}
const REPLAY = { code: 403, msg: '重复的请求（random 已使用），请求被拒绝' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('form-signature nonces', () => {
  it('refuses a stamp outside the window, saying the window the server is configured with', async () => {
    expect(await post(signedAt(Date.now() + WINDOW_MS + 5000))).toEqual({
      status: 403,
      body: { code: 403, msg: '请求时间戳无效或已过期（与服务器时间相差超过3秒），请校准本机时间后重试' },
    });
  });

  it('keeps a future-stamped nonce until its own timestamp leaves the window, whatever trims meanwhile', async () => {
    const fields = signedAt(Date.now() + WINDOW_MS - 200);
    expect((await post(fields)).status).toBe(200);
    // Longer than the window after it was first seen, but its timestamp is still inside the window.
    await sleep(WINDOW_MS + 300);
    // Make every request trim the nonce table (the guard trims on a random draw).
    vi.spyOn(Math, 'random').mockReturnValue(0);
    expect((await post(signedAt(Date.now()))).status).toBe(200);
    const replay = await post(fields);
    expect(replay).toEqual({ status: 403, body: REPLAY });
  });

  it('does not burn the nonce of a request whose body is refused', async () => {
    const fields = signedAt(Date.now());
    const invalid = await post({ ...fields, page_size: '0' });
    expect(invalid).toEqual({ status: 400, body: { code: 400, msg: '参数 每页条数（page_size） 不能小于 1' } });
    expect((await post({ ...fields, page_size: '5' })).status).toBe(200);
    expect(await post({ ...fields, page_size: '5' })).toEqual({ status: 403, body: REPLAY });
  });

  it('refuses a random longer than 64 characters before storing anything; 64 is fine', async () => {
    for (const length of [65, 10_000]) {
      const res = await post(signedAt(Date.now(), 'r'.repeat(length)));
      expect(res.status, String(length)).toBe(400);
      expect(res.body).toEqual({ code: 400, msg: '参数 随机串（random） 长度不能超过 64 个字符' });
    }
    const stored = await server.db
      .selectFrom('usedNonce')
      .select('nonce')
      .where('nonce', 'like', 'rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr%')
      .execute();
    expect(stored).toEqual([]);
    expect((await post(signedAt(Date.now(), 'r'.repeat(64)))).status).toBe(200);
  });
});
