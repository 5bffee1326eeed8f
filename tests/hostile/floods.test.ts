import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { DEFAULT_RATE_LIMITS } from '../../server/runtime/config.js';
import { startTestServerWithPlaces, TENANT_A } from '../server/fixtures.js';
import type { TestServer } from '../server/harness.js';
import { loggedInUser } from '../server/listings-helpers.js';
import { bearer, GOOD_PASSWORD, insertUser, latestSmsCode, multipart } from '../server/users-helpers.js';

// Floods against every rate limit, with the real defaults: logins from one address, SMS codes to many
// phones, code guesses in parallel, uploads, submits. Each flood counts what was accepted, refused (429) and failed
// (5xx), prints the figures and asserts the limit held.
const L = DEFAULT_RATE_LIMITS;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServerWithPlaces({ rateLimits: DEFAULT_RATE_LIMITS });
});
afterAll(() => server.close());

interface Tally {
  sent: number;
  byStatus: Record<number, number>;
  byMsg: Record<string, number>;
}
function tally(responses: LightMyRequestResponse[]): Tally {
  const t: Tally = { sent: responses.length, byStatus: {}, byMsg: {} };
  for (const r of responses) {
    t.byStatus[r.statusCode] = (t.byStatus[r.statusCode] ?? 0) + 1;
    const msg = (r.json() as { msg?: string }).msg ?? '';
    t.byMsg[msg] = (t.byMsg[msg] ?? 0) + 1;
  }
  return t;
}
const count = (t: Tally, status: number) => t.byStatus[status] ?? 0;
const fivexx = (t: Tally) =>
  Object.entries(t.byStatus)
    .filter(([s]) => Number(s) >= 500)
    .reduce((n, [, c]) => n + c, 0);
const figures: string[] = [];
function report(name: string, t: Tally, extra = '') {
  const line = `${name}: sent ${t.sent}, accepted ${count(t, 200)}, refused 429 ${count(t, 429)}, other 4xx ${t.sent - count(t, 200) - count(t, 429) - fivexx(t)}, 5xx ${fivexx(t)}${extra ? `; ${extra}` : ''}`;
  figures.push(line);
  console.log(line);
}
afterAll(() => console.log(`\nFlood figures (real default limits):\n  ${figures.join('\n  ')}`));

const inject = (options: InjectOptions, app: { inject: (o: InjectOptions) => Promise<LightMyRequestResponse> } = server.app) => app.inject(options);
/** Sends `n` requests made by `make`, `width` at a time. */
async function flood(n: number, make: (i: number) => Promise<LightMyRequestResponse>, width = 50): Promise<LightMyRequestResponse[]> {
  const out: LightMyRequestResponse[] = [];
  for (let start = 0; start < n; start += width) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(width, n - start) }, (_, k) => make(start + k)))));
  }
  return out;
}
const login = (ip: string, username: string, password: string) =>
  inject({
    method: 'POST',
    url: '/prod-api/api/user/login',
    headers: server.signed(TENANT_A),
    payload: { username, password, loginType: 1 },
    remoteAddress: ip,
  } as InjectOptions);
const phoneOf = (prefix: string, i: number) => `${prefix}${String(i).padStart(11 - prefix.length, '0')}`;

describe('logins', () => {
  it(`200 logins from one address: at most ${L.loginPerIp.max} get past the address limit, also across two instances`, async () => {
    const other = await buildApp({ config: server.config, db: server.db, dbKind: server.kind, logger: false });
    try {
      const res = await flood(200, (i) =>
        inject(
          {
            method: 'POST',
            url: '/prod-api/api/user/login',
            headers: server.signed(TENANT_A),
            payload: { username: phoneOf('1361', i), password: 'Wrong@2024' },
            remoteAddress: '192.0.2.1',
          } as InjectOptions,
          i % 2 ? other : server.app,
        ),
      );
      const t = tally(res);
      report('logins, one address, two instances', t);
      expect(fivexx(t)).toBe(0);
      expect(t.sent - count(t, 429)).toBeLessThanOrEqual(L.loginPerIp.max);
      expect(count(t, 429)).toBeGreaterThanOrEqual(200 - L.loginPerIp.max);
      expect(res.filter((r) => r.statusCode === 429).every((r) => Number(r.headers['retry-after']) > 0)).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('wrong passwords in parallel: a known and an unknown phone get the same answers, at most 5 judged per address', async () => {
    const known = '18900000001';
    const unknown = '18900000002';
    await insertUser(server.db, { phone: known, password: GOOD_PASSWORD });
    const burst = (phone: string, ip: string) => flood(L.loginPerIp.max, () => login(ip, phone, 'Wrong@2024x'), L.loginPerIp.max);
    const k = tally(await burst(known, '192.0.2.10'));
    const u = tally(await burst(unknown, '192.0.2.11'));
    report('parallel wrong passwords, registered phone', k, `judged wrong ${k.byMsg['用户名或密码错误'] ?? 0}`);
    report('parallel wrong passwords, unknown phone', u, `judged wrong ${u.byMsg['用户名或密码错误'] ?? 0}`);
    expect(fivexx(k) + fivexx(u)).toBe(0);
    expect(u.byMsg).toEqual(k.byMsg);
    expect(k.byMsg['用户名或密码错误']).toBe(L.loginFailuresPerPhoneIp.max - 1);

    // Timing: a registered phone's wrong password and an unknown phone both cost one password hash.
    const time = async (phone: string, ip: string) => {
      const started = performance.now();
      await login(ip, phone, 'Wrong@2024y');
      return performance.now() - started;
    };
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    for (let i = 0; i < 4; i++) {
      knownMs.push(await time(known, `192.0.2.${20 + i}`));
      unknownMs.push(await time(unknown, `192.0.2.${30 + i}`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const line = `login timing: registered phone median ${median(knownMs).toFixed(0)} ms, unknown phone ${median(unknownMs).toFixed(0)} ms`;
    figures.push(line);
    console.log(line);
    expect(median(unknownMs)).toBeGreaterThan(median(knownMs) / 3);
    expect(median(unknownMs)).toBeLessThan(median(knownMs) * 3);
  });

  it(`wrong passwords for one phone from 100 addresses: at most ${L.loginFailuresPerPhone.max} judged; the owner gets in after an SMS reset`, async () => {
    const phone = '18900000003';
    await insertUser(server.db, { phone, password: GOOD_PASSWORD });
    const res = await flood(100, (i) => login(`198.18.${Math.floor(i / 200)}.${i % 200}`, phone, 'Wrong@2024z'), 25);
    const t = tally(res);
    report('wrong passwords for one phone, 100 addresses', t, `judged wrong ${t.byMsg['用户名或密码错误'] ?? 0}`);
    expect(fivexx(t)).toBe(0);
    expect(count(t, 200)).toBe(0);
    expect(t.byMsg['用户名或密码错误'] ?? 0).toBeLessThan(L.loginFailuresPerPhone.max);
    expect((await login('192.0.2.99', phone, GOOD_PASSWORD)).statusCode).toBe(429);
    // The holder of the phone resets the password by SMS and is back in.
    await inject({ method: 'POST', url: '/prod-api/getPhoneCode', payload: { phone }, remoteAddress: '192.0.2.98' } as InjectOptions);
    const { code } = await latestSmsCode(server.db, phone);
    const reset = await inject({
      method: 'POST',
      url: '/prod-api/updatePwdForMobile',
      payload: { phone, code, newPassword: 'Other#Pass99' },
      remoteAddress: '192.0.2.98',
    } as InjectOptions);
    expect(reset.statusCode).toBe(200);
    expect((await login('192.0.2.99', phone, 'Other#Pass99')).statusCode).toBe(200);
  });
});

describe('SMS codes', () => {
  it(`100 sends to 100 phones from one address: at most ${L.smsSendPerIp.max} sent`, async () => {
    const res = await flood(100, (i) =>
      inject({ method: 'POST', url: '/prod-api/getPhoneCode', payload: { phone: phoneOf('1362', i) }, remoteAddress: '192.0.2.40' } as InjectOptions),
    );
    const t = tally(res);
    const sent = await server.db.selectFrom('smsOutbox').select('id').where('phone', 'like', '1362%').execute();
    report('SMS sends, one address, 100 phones', t, `text messages sent ${sent.length}`);
    expect(fivexx(t)).toBe(0);
    expect(count(t, 200)).toBeLessThanOrEqual(L.smsSendPerIp.max);
    expect(sent.length).toBe(count(t, 200));
  });

  it('200 parallel code guesses for one phone from 200 addresses: none accepted, at most 5 judged, the right code after fails', async () => {
    const phone = '13900000101';
    await insertUser(server.db, { phone, password: GOOD_PASSWORD });
    await inject({ method: 'POST', url: '/prod-api/getPhoneCode', payload: { phone }, remoteAddress: '192.0.2.50' } as InjectOptions);
    const { code } = await latestSmsCode(server.db, phone);
    const wrong = code === '999999' ? '888888' : '999999';
    const guess = (ip: string, c: string) =>
      inject({
        method: 'POST',
        url: '/prod-api/updatePwdForMobile',
        payload: { phone, code: c, newPassword: 'Other#Pass99' },
        remoteAddress: ip,
      } as InjectOptions);
    const res = await flood(200, (i) => guess(`198.19.${Math.floor(i / 200)}.${i % 200}`, wrong), 200);
    const t = tally(res);
    const judged = (t.byMsg['验证码错误，请重新输入'] ?? 0) + (t.byMsg['验证码错误次数过多，请重新获取'] ?? 0);
    // The per-phone limit lets a few through, at once; the code's own count judges at most 5 of them (the fast
    // tests/server/sms.test.ts sends 200 guesses straight at the code).
    report(
      'code guesses, one phone, 200 addresses at once',
      t,
      `judged wrong ${t.byMsg['验证码错误，请重新输入'] ?? 0}, burnt ${t.byMsg['验证码错误次数过多，请重新获取'] ?? 0}`,
    );
    expect(fivexx(t)).toBe(0);
    expect(count(t, 200)).toBe(0);
    expect(t.byMsg['验证码错误，请重新输入'] ?? 0).toBeLessThanOrEqual(4);
    expect(count(t, 429)).toBeGreaterThanOrEqual(200 - L.codeCheckPerPhone.max);
    expect(judged).toBeLessThanOrEqual(L.codeCheckPerPhone.max);
    expect((await guess('192.0.2.51', code)).statusCode).not.toBe(200);
  });

  it(`code checks from one address: at most ${L.codeCheckPerIp.max} per ${L.codeCheckPerIp.windowSeconds / 60} minutes`, async () => {
    const res = await flood(100, (i) =>
      inject({
        method: 'POST',
        url: '/prod-api/updatePwdForMobile',
        payload: { phone: phoneOf('1363', i), code: '123456', newPassword: 'Other#Pass99' },
        remoteAddress: '192.0.2.60',
      } as InjectOptions),
    );
    const t = tally(res);
    report('code checks, one address, 100 phones', t);
    expect(fivexx(t)).toBe(0);
    expect(t.sent - count(t, 429)).toBeLessThanOrEqual(L.codeCheckPerIp.max);
  });
});

/** A noisy PNG of about `bytes` (noise does not compress). */
function noisyPng(bytes: number): Buffer {
  const side = Math.ceil(Math.sqrt(bytes / 4));
  const png = new PNG({ width: side, height: side });
  let x = 12345;
  for (let i = 0; i < png.data.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    png.data[i] = x >>> 24;
  }
  return PNG.sync.write(png);
}

describe('uploads', () => {
  const big = noisyPng(1.9 * 1024 * 1024);
  const small = noisyPng(200);
  const upload = (ip: string, file: Buffer, headers: Record<string, string> = {}) => {
    const body = multipart([{ name: 'file', filename: 'a.png', contentType: 'image/png', data: file }]);
    return inject({
      method: 'POST',
      url: '/prod-api/common/upload',
      payload: body.payload,
      headers: { ...body.headers, ...headers },
      remoteAddress: ip,
    } as InjectOptions);
  };

  it('20 anonymous 1.9 MB uploads: all refused, nothing stored', async () => {
    expect(big.length).toBeGreaterThan(1.8 * 1024 * 1024);
    expect(big.length).toBeLessThan(2 * 1024 * 1024);
    const t = tally(await flood(20, () => upload('192.0.2.70', big), 10));
    report('anonymous 1.9 MB uploads', t);
    expect(count(t, 401)).toBe(20);
    expect(await server.db.selectFrom('upload').select('id').execute()).toEqual([]);
  });

  it(`60 uploads of 1.9 MB from one account: at most ${L.uploadPerUser.max} stored`, async () => {
    const { token, userId } = await loggedInUser(server, '13300000101', TENANT_A);
    const t = tally(await flood(60, (i) => upload(`192.0.2.${71 + (i % 3)}`, big, bearer(token)), 10));
    const stored = await server.db.selectFrom('upload').select('id').where('userId', '=', userId).execute();
    report('1.9 MB uploads, one account', t, `stored ${stored.length}`);
    expect(fivexx(t)).toBe(0);
    expect(stored.length).toBeLessThanOrEqual(L.uploadPerUser.max);
    expect(count(t, 429)).toBe(60 - stored.length);
  });

  it(`uploads from one address by several accounts: at most ${L.uploadPerIp.max}`, async () => {
    const accounts = await Promise.all([1, 2, 3, 4].map((i) => loggedInUser(server, `1330000020${i}`, TENANT_A)));
    const t = tally(await flood(160, (i) => upload('192.0.2.80', small, bearer(accounts[i % 4].token)), 40));
    report('small uploads, one address, 4 accounts', t);
    expect(fivexx(t)).toBe(0);
    expect(count(t, 200)).toBeLessThanOrEqual(L.uploadPerIp.max);
  });
});

describe('submits', () => {
  const complaint = (ip: string, headers: Record<string, string> = {}) =>
    inject({
      method: 'POST',
      url: '/prod-api/api/complaintSubmit',
      headers: { ...server.signed(TENANT_A), ...headers },
      payload: { name: '王小明', phone: '13912345678', type: '投诉', content: '报名审核太慢。' },
      remoteAddress: ip,
    } as InjectOptions);

  it(`100 anonymous complaints from one address: at most ${L.submitPerIp.max} stored`, async () => {
    const before = (await server.db.selectFrom('complaint').select('id').execute()).length;
    const t = tally(await flood(100, () => complaint('192.0.2.90')));
    const stored = (await server.db.selectFrom('complaint').select('id').execute()).length - before;
    report('complaints, one address', t, `stored ${stored}`);
    expect(fivexx(t)).toBe(0);
    expect(stored).toBeLessThanOrEqual(L.submitPerIp.max);
    expect(stored).toBe(count(t, 200));
  });

  it(`submits of every kind from one account over many addresses: at most ${L.submitPerUser.max} in all`, async () => {
    const { token } = await loggedInUser(server, '13300000301', TENANT_A);
    const calls: Array<[string, Record<string, unknown>]> = [
      ['complaintSubmit', { name: '王小明', phone: '13912345678', content: '建议。' }],
      ['consultSubmit', { name: '赵六', phone: '18612345678', project: '某项目', content: '问题' }],
      ['desiredSubmit', { type: 1, projectname: '茶园转出', contact: '吴十', phone: '17612345678', content: '茶园50亩。' }],
    ];
    const res = await flood(
      60,
      (i) => {
        const [name, body] = calls[i % calls.length];
        return inject({
          method: 'POST',
          url: `/prod-api/api/${name}`,
          headers: { ...server.signed(TENANT_A), ...bearer(token) },
          payload: body,
          remoteAddress: `198.20.0.${i}`,
        } as InjectOptions);
      },
      20,
    );
    const t = tally(res);
    report('submits of three kinds, one account, 60 addresses', t);
    expect(fivexx(t)).toBe(0);
    expect(count(t, 200)).toBeLessThanOrEqual(L.submitPerUser.max);
    expect(count(t, 429)).toBeGreaterThanOrEqual(60 - L.submitPerUser.max);
  });
});
