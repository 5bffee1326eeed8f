import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { DEFAULT_RATE_LIMITS } from '../../server/runtime/config.js';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A } from './fixtures.js';
import { loggedInUser } from './listings-helpers.js';
import { bearer, GOOD_PASSWORD, insertUser, multipart } from './users-helpers.js';

// Rate limits with the real defaults (the harness raises the per-address and per-account ones for the other suites,
// whose every request comes from 127.0.0.1). Each test speaks from addresses of its own, so the tests do not share
// counters. The figures come from DEFAULT_RATE_LIMITS; the comments give them at the time of writing.
const L = DEFAULT_RATE_LIMITS;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServerWithPlaces({ rateLimits: DEFAULT_RATE_LIMITS });
});
afterAll(() => server.close());

const TOO_MANY = { code: 429, msg: '请求过于频繁，请稍后再试' };
const LOGIN_FAILED = { code: 400, msg: '用户名或密码错误' };

function from(ip: string, options: InjectOptions): Promise<LightMyRequestResponse> {
  return server.app.inject({ ...options, remoteAddress: ip } as InjectOptions);
}
const login = (ip: string, username: string, password: string) =>
  from(ip, { method: 'POST', url: '/prod-api/api/user/login', headers: server.signed(TENANT_A), payload: { username, password, loginType: 1 } });
const getCode = (ip: string, phone: string) => from(ip, { method: 'POST', url: '/prod-api/getPhoneCode', payload: { platForm: 2, phone } });
const resetPassword = (ip: string, phone: string) =>
  from(ip, { method: 'POST', url: '/prod-api/updatePwdForMobile', payload: { phone, code: '000000', newPassword: 'Other#Pass99' } });
const complaint = (ip: string, headers: Record<string, string> = {}) =>
  from(ip, {
    method: 'POST',
    url: '/prod-api/api/complaintSubmit',
    headers: { ...server.signed(TENANT_A), ...headers },
    payload: { name: '王小明', phone: '13912345678', type: '投诉', content: '报名审核太慢。' },
  });
function png(seed: number): Buffer {
  const image = new PNG({ width: 2, height: 2 });
  for (let i = 0; i < image.data.length; i++) image.data[i] = (i * 17 + seed * 5) % 256;
  return PNG.sync.write(image);
}
const upload = (ip: string, headers: Record<string, string>, seed: number) => {
  const body = multipart([{ name: 'file', filename: 'a.png', contentType: 'image/png', data: png(seed) }]);
  return from(ip, { method: 'POST', url: '/prod-api/common/upload', payload: body.payload, headers: { ...body.headers, ...headers } });
};
/** Eleven-digit mobile numbers nobody registered, distinct per call. */
let nextPhone = 0;
const freshPhone = () => `1360000${String(nextPhone++).padStart(4, '0')}`;

function expectTooMany(res: LightMyRequestResponse, maxSeconds: number) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual(TOO_MANY);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

describe('login', () => {
  it('takes 10 attempts a minute from one address, then answers 429 with Retry-After; another address goes on', async () => {
    for (let i = 0; i < L.loginPerIp.max; i++) expect((await login('203.0.113.1', freshPhone(), 'Wrong@2024')).json()).toEqual(LOGIN_FAILED);
    expectTooMany(await login('203.0.113.1', freshPhone(), 'Wrong@2024'), L.loginPerIp.windowSeconds);
    expect((await login('203.0.113.2', freshPhone(), 'Wrong@2024')).json()).toEqual(LOGIN_FAILED);
  });

  it('answers an unknown phone exactly like a known one with a wrong password, lock included', async () => {
    const known = '18800002222';
    const unknown = '18800003333';
    await insertUser(server.db, { phone: known, password: GOOD_PASSWORD });
    const pairs: Array<[LightMyRequestResponse, LightMyRequestResponse]> = [];
    for (let i = 1; i <= 6; i++) pairs.push([await login('198.51.100.1', known, `Wrong@${i}xyz`), await login('198.51.100.2', unknown, `Wrong@${i}xyz`)]);
    for (const [i, [k, u]] of pairs.entries()) {
      expect(u.statusCode, `attempt ${i + 1}`).toBe(k.statusCode);
      expect(u.json(), `attempt ${i + 1}`).toEqual(k.json());
      expect(u.headers['retry-after'] === undefined, `attempt ${i + 1}`).toBe(k.headers['retry-after'] === undefined);
    }
    for (const [k] of pairs.slice(0, 4)) expect(k.json()).toEqual(LOGIN_FAILED);
    // The fifth wrong password locks, for a quarter of an hour, whatever the phone.
    for (const [k] of pairs.slice(4)) {
      expect(k.statusCode).toBe(429);
      expect(k.json()).toEqual({ code: 429, msg: '密码错误次数过多，请15分钟后再试' });
      expect(Number(k.headers['retry-after'])).toBeGreaterThan(14 * 60);
    }
    // Locked from that address even with the right password…
    expect((await login('198.51.100.1', known, GOOD_PASSWORD)).statusCode).toBe(429);
    // …but a stranger's five guesses do not lock the owner out of their account from elsewhere.
    expect((await login('198.51.100.3', known, GOOD_PASSWORD)).statusCode).toBe(200);
  });
});

describe('SMS codes', () => {
  it('sends at most 10 codes an hour from one address, whatever the phones', async () => {
    for (let i = 0; i < L.smsSendPerIp.max; i++) expect((await getCode('203.0.113.10', freshPhone())).statusCode).toBe(200);
    expectTooMany(await getCode('203.0.113.10', freshPhone()), L.smsSendPerIp.windowSeconds);
    expect((await getCode('203.0.113.11', freshPhone())).statusCode).toBe(200);
  });

  it('counts in the database: two servers over one database (or one restarted) share the count', async () => {
    const other = await buildApp({ config: server.config, db: server.db, dbKind: server.kind, logger: false });
    try {
      const half = Math.floor(L.smsSendPerIp.max / 2);
      for (let i = 0; i < half; i++) expect((await getCode('203.0.113.12', freshPhone())).statusCode).toBe(200);
      for (let i = half; i < L.smsSendPerIp.max; i++) {
        const res = await other.inject({
          method: 'POST',
          url: '/prod-api/getPhoneCode',
          payload: { phone: freshPhone() },
          remoteAddress: '203.0.113.12',
        } as InjectOptions);
        expect(res.statusCode).toBe(200);
      }
      expectTooMany(await getCode('203.0.113.12', freshPhone()), L.smsSendPerIp.windowSeconds);
    } finally {
      await other.close();
    }
  });

  it('checks at most 20 codes per 10 minutes from one address, and 10 per phone from anywhere', async () => {
    for (let i = 0; i < L.codeCheckPerIp.max; i++) expect((await resetPassword('203.0.113.20', freshPhone())).json().msg).toBe('请先获取短信验证码');
    expectTooMany(await resetPassword('203.0.113.20', freshPhone()), L.codeCheckPerIp.windowSeconds);

    const phone = freshPhone();
    for (let i = 0; i < L.codeCheckPerPhone.max; i++) expect((await resetPassword(`198.18.0.${i}`, phone)).statusCode).toBe(400);
    expectTooMany(await resetPassword('203.0.113.50', phone), L.codeCheckPerPhone.windowSeconds);
    // register consumes a code too and shares the phone's count.
    const register = await from('203.0.113.51', {
      method: 'POST',
      url: '/prod-api/api/user/register',
      headers: server.signed(TENANT_A),
      payload: { phone, password: GOOD_PASSWORD, code: '000000' },
    });
    expectTooMany(register, L.codeCheckPerPhone.windowSeconds);
  });
});

describe('uploads', () => {
  it('need a login', async () => {
    const res = await upload('203.0.113.60', {}, 1);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 401, msg: '请先登录' });
    expect(await server.db.selectFrom('upload').select('id').execute()).toEqual([]);
  });

  it('take 40 per 10 minutes from one account', async () => {
    const { token } = await loggedInUser(server, '13300000001', TENANT_A);
    for (let i = 0; i < L.uploadPerUser.max; i++) expect((await upload(`203.0.113.${61 + (i % 2)}`, bearer(token), i)).statusCode).toBe(200);
    expectTooMany(await upload('203.0.113.63', bearer(token), 999), L.uploadPerUser.windowSeconds);
  });
});

describe('submits', () => {
  it('take 30 an hour from one address', async () => {
    for (let i = 0; i < L.submitPerIp.max; i++) expect((await complaint('203.0.113.70')).statusCode).toBe(200);
    expectTooMany(await complaint('203.0.113.70'), L.submitPerIp.windowSeconds);
  });

  it('take 20 an hour from one account, whatever its addresses', async () => {
    const { token } = await loggedInUser(server, '13300000002', TENANT_A);
    for (let i = 0; i < L.submitPerUser.max; i++) expect((await complaint(`198.18.1.${i}`, bearer(token))).statusCode).toBe(200);
    expectTooMany(await complaint('203.0.113.99', bearer(token)), L.submitPerUser.windowSeconds);
  });
});

describe('password changes', () => {
  it('take 5 per 15 minutes from one account: a stolen session cannot guess the old password', async () => {
    const { token } = await loggedInUser(server, '13300000003', TENANT_A);
    const change = (ip: string) =>
      from(ip, {
        method: 'PUT',
        url: `/prod-api/system/user/profile/updatePwd?oldPassword=${encodeURIComponent('Wrong@2024x')}&newPassword=${encodeURIComponent('Other#Pass99')}`,
        headers: bearer(token),
      });
    for (let i = 0; i < L.passwordChangePerUser.max; i++) {
      const res = await change(`198.18.2.${i}`);
      expect(res.json()).toEqual({ code: 400, msg: '修改密码失败，旧密码错误' });
    }
    expectTooMany(await change('198.18.2.200'), L.passwordChangePerUser.windowSeconds);
  });
});
