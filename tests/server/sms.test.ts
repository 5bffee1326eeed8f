import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmsCodeService, startOfCstDay } from '../../server/services/sms-codes.js';
import { startTestServer, type TestServer } from './harness.js';
import { insertTestPlaces, TENANT_A } from './fixtures.js';
import { bearer, GOOD_PASSWORD, insertUser, latestSmsCode, OTHER_PASSWORD, sessionFor } from './users-helpers.js';

let server: TestServer;
beforeAll(async () => {
  // A daily cap of 2 so the cap is reached in a few sends.
  server = await startTestServer({ smsDailyCap: 2 });
  await insertTestPlaces(server.db);
  await server.reloadPlaces();
});
afterAll(() => server.close());

const post = (url: string, body?: Record<string, unknown>, headers?: Record<string, string>) =>
  server.app.inject({ method: 'POST', url: `/prod-api${url}`, payload: body, headers });
const getCode = (phone: string) => post('/getPhoneCode', { platForm: 2, phone });
const resetPassword = (body: Record<string, unknown>) => post('/updatePwdForMobile', body);

/** Moves a phone's codes into the past, as if `seconds` had gone by. */
const age = (phone: string, seconds: number) =>
  sql`UPDATE sms_code SET created_at = created_at - make_interval(secs => ${seconds}), expires_at = expires_at - make_interval(secs => ${seconds}) WHERE phone = ${phone}`.execute(
    server.db,
  );

describe('POST /getPhoneCode', () => {
  it('uses the spec’s phone texts', async () => {
    expect((await getCode('')).json()).toEqual({ code: 400, msg: '请输入电话号码' });
    for (const bad of ['15412345678', '12345678901', '1381234567', '1721234567a', '17212345678']) {
      const res = await getCode(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().msg).toBe('请输入正确的电话号码');
    }
  });

  it('accepts every prefix the spec lists', async () => {
    const { PHONE_PATTERN } = await import('../../server/services/passwords.js');
    for (const prefix of ['130', '139', '150', '153', '155', '159', '170', '171', '176', '177', '178', '180', '189']) {
      expect(PHONE_PATTERN.test(`${prefix}12345678`), prefix).toBe(true);
    }
    for (const prefix of ['154', '172', '175', '179', '140', '190', '110']) {
      expect(PHONE_PATTERN.test(`${prefix}12345678`), prefix).toBe(false);
    }
  });

  it('sends a 6-digit code valid 10 minutes, by text message, and returns its uuid', async () => {
    const phone = '13800000001';
    const res = await getCode(phone);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.msg).toBe('验证码已发送');
    const row = await server.db.selectFrom('smsCode').selectAll().where('phone', '=', phone).executeTakeFirstOrThrow();
    expect(body.data).toEqual({ uuid: row.uuid });
    expect(row.code).toMatch(/^\d{6}$/);
    expect((row.expiresAt.getTime() - row.createdAt.getTime()) / 60_000).toBe(10);
    expect(row.usedAt).toBeNull();
    const outbox = await server.db.selectFrom('smsOutbox').selectAll().where('phone', '=', phone).execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0].content).toBe(`【田亩】您的验证码为${row.code}，10分钟内有效。`);
    // The code is never echoed back to the caller.
    expect(res.body).not.toContain(row.code);
  });

  it('accepts the phone in the query and as form-encoded data too', async () => {
    expect((await server.app.inject({ method: 'POST', url: '/prod-api/getPhoneCode?platForm=2&phone=13800000002' })).statusCode).toBe(200);
    const form = await server.app.inject({
      method: 'POST',
      url: '/prod-api/getPhoneCode',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'platForm=2&phone=13800000003',
    });
    expect(form.statusCode).toBe(200);
  });

  it('sends at most one code per phone per 60 seconds', async () => {
    const phone = '13800000004';
    expect((await getCode(phone)).statusCode).toBe(200);
    const again = await getCode(phone);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({ code: 429, msg: '验证码发送过于频繁，请60秒后再试' });
    // Another phone is not held up.
    expect((await getCode('13800000005')).statusCode).toBe(200);
    await age(phone, 61);
    expect((await getCode(phone)).statusCode).toBe(200);
    expect(await server.db.selectFrom('smsOutbox').select('id').where('phone', '=', phone).execute()).toHaveLength(2);
  });

  it('lets one of several simultaneous requests for a phone through', async () => {
    const results = await Promise.all([1, 2, 3].map(() => getCode('13800000007')));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 429, 429]);
  });

  it('stops at the daily cap (2 here) until the next day in China Standard Time', async () => {
    const phone = '13800000006';
    expect((await getCode(phone)).statusCode).toBe(200);
    await age(phone, 61);
    expect((await getCode(phone)).statusCode).toBe(200);
    await age(phone, 61);
    const third = await getCode(phone);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ code: 429, msg: '今日验证码发送次数已达上限，请明天再试' });
    expect(await server.db.selectFrom('smsOutbox').select('id').where('phone', '=', phone).execute()).toHaveLength(2);
    // Yesterday's sends do not count today.
    const midnight = startOfCstDay(new Date());
    await sql`UPDATE sms_code SET created_at = ${new Date(midnight.getTime() - 1000)} WHERE phone = ${phone}`.execute(server.db);
    expect((await getCode(phone)).statusCode).toBe(200);
  });

  it('startOfCstDay is midnight UTC+8', () => {
    expect(startOfCstDay(new Date('2024-05-01T15:59:59Z')).toISOString()).toBe('2024-04-30T16:00:00.000Z');
    expect(startOfCstDay(new Date('2024-05-01T16:00:00Z')).toISOString()).toBe('2024-05-01T16:00:00.000Z');
  });
});

describe('POST /updatePwdForMobile and the life of a code', () => {
  it('resets the password, clears the lock and ends every session', async () => {
    const phone = '13900000001';
    const userId = await insertUser(server.db, { phone, password: GOOD_PASSWORD });
    const token = await sessionFor(server, userId);
    // Locked out by wrong passwords, from this address and from everywhere.
    await sql`INSERT INTO rate_limit (name, key, count, reset_at) VALUES
      ('loginFailuresPerPhoneIp', ${`${phone}|127.0.0.1`}, 5, now() + interval '10 minutes'),
      ('loginFailuresPerPhone', ${phone}, 30, now() + interval '50 minutes')`.execute(server.db);

    const { uuid } = (await getCode(phone)).json().data;
    const { code } = await latestSmsCode(server.db, phone);
    const res = await resetPassword({ phone, code, newPassword: OTHER_PASSWORD, uuid });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, msg: '密码重置成功' });

    expect(await server.db.selectFrom('rateLimit').select('name').where('name', 'like', 'loginFailures%').where('key', 'like', `${phone}%`).execute()).toEqual(
      [],
    );
    expect((await post('/userInfo/checkToken', undefined, bearer(token))).statusCode).toBe(401);
    const login = await post('/api/user/login', { username: phone, password: OTHER_PASSWORD }, server.signed(TENANT_A));
    expect(login.statusCode).toBe(200);

    // Single use.
    const reuse = await resetPassword({ phone, code, newPassword: GOOD_PASSWORD, uuid });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().msg).toBe('验证码已使用，请重新获取');
  });

  it('checks the phone, the code’s presence and the password rule with the spec’s texts', async () => {
    expect((await resetPassword({ phone: '', code: '123456', newPassword: OTHER_PASSWORD })).json().msg).toBe('请输入电话号码');
    expect((await resetPassword({ phone: '15400000000', code: '123456', newPassword: OTHER_PASSWORD })).json().msg).toBe('请输入正确的电话号码');
    expect((await resetPassword({ phone: '13900000002', code: '', newPassword: OTHER_PASSWORD })).json().msg).toBe('请输入验证码');
    expect((await resetPassword({ phone: '13900000002', code: '123456', newPassword: 'password' })).json().msg).toBe(
      '密码中必须包含大小写字母、数字、特殊字符,长度在8到20位之间。',
    );
    expect((await resetPassword({ phone: '13900000002', code: '123456', newPassword: OTHER_PASSWORD })).json().msg).toBe('请先获取短信验证码');
  });

  it('refuses an expired code', async () => {
    const phone = '13900000003';
    await insertUser(server.db, { phone });
    await getCode(phone);
    const { code } = await latestSmsCode(server.db, phone);
    await sql`UPDATE sms_code SET expires_at = now() - interval '1 second' WHERE phone = ${phone}`.execute(server.db);
    const res = await resetPassword({ phone, code, newPassword: OTHER_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('验证码已过期，请重新获取');
  });

  it('burns a code after five wrong guesses', async () => {
    const phone = '13900000004';
    await insertUser(server.db, { phone });
    await getCode(phone);
    const { code } = await latestSmsCode(server.db, phone);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 1; i <= 4; i++) expect((await resetPassword({ phone, code: wrong, newPassword: OTHER_PASSWORD })).json().msg).toBe('验证码错误，请重新输入');
    expect((await resetPassword({ phone, code: wrong, newPassword: OTHER_PASSWORD })).json().msg).toBe('验证码错误次数过多，请重新获取');
    // The right code no longer helps.
    expect((await resetPassword({ phone, code, newPassword: OTHER_PASSWORD })).json().msg).toBe('验证码错误次数过多，请重新获取');
  });

  it('judges at most five guesses of a code however many arrive at once, and the right code after them fails', async () => {
    const phone = '13900000007';
    await getCode(phone);
    const { code } = await latestSmsCode(server.db, phone);
    const wrong = code === '999999' ? '888888' : '999999';
    // The service itself, so no rate limit in front of it decides the outcome.
    const codes = createSmsCodeService(server.app.ctx);
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, () =>
        codes.consume(phone, wrong).then(
          () => 'accepted',
          (e: Error) => e.message,
        ),
      ),
    );
    const tally = (msg: string) => outcomes.filter((o) => o === msg).length;
    console.log(
      `200 parallel wrong guesses: ${tally('验证码错误，请重新输入')} judged wrong, ${tally('验证码错误次数过多，请重新获取')} too many, ${tally('验证码已使用，请重新获取')} already used`,
    );
    expect(tally('accepted')).toBe(0);
    expect(tally('验证码错误，请重新输入')).toBe(4);
    expect(outcomes.filter((o) => o !== '验证码错误，请重新输入')).toEqual(Array(196).fill('验证码错误次数过多，请重新获取'));
    await expect(codes.consume(phone, code)).rejects.toThrow('验证码错误次数过多，请重新获取');
  });

  it('accepts only the newest code, and a uuid must name it', async () => {
    const phone = '13900000005';
    await insertUser(server.db, { phone });
    const first = (await getCode(phone)).json().data.uuid as string;
    const { code: firstCode } = await latestSmsCode(server.db, phone);
    await age(phone, 61);
    const second = (await getCode(phone)).json().data.uuid as string;
    const { code: secondCode } = await latestSmsCode(server.db, phone);
    expect(second).not.toBe(first);

    const stale = await resetPassword({ phone, code: firstCode, newPassword: OTHER_PASSWORD, uuid: first });
    expect(stale.json().msg).toBe('验证码已失效（不是最新发送的验证码），请使用最新收到的验证码');
    const ok = await resetPassword({ phone, code: secondCode, newPassword: OTHER_PASSWORD, uuid: second });
    expect(ok.statusCode).toBe(200);
  });

  it('says the phone is not registered only after a good code', async () => {
    const phone = '13900000006';
    await getCode(phone);
    const { code } = await latestSmsCode(server.db, phone);
    const res = await resetPassword({ phone, code, newPassword: OTHER_PASSWORD });
    expect(res.json()).toEqual({ code: 400, msg: '该手机号未注册' });
  });
});
