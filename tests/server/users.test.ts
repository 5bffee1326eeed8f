import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A, TENANT_A_COUNTY, TENANT_A_TOWN, TENANT_B, TENANT_B_TOWN } from './fixtures.js';
import { bearer, GOOD_PASSWORD, insertUser, latestSmsCode, OTHER_PASSWORD, sessionFor } from './users-helpers.js';

let server: TestServer;
beforeAll(async () => {
  // A 30-minute idle expiry so the idle test moves last_seen_at by minutes, not hours.
  server = await startTestServerWithPlaces({ sessionIdleMinutes: 30, sessionAbsoluteHours: 24 });
});
afterAll(() => server.close());

const post = (url: string, options: { headers?: Record<string, string>; body?: unknown; query?: string } = {}) =>
  server.app.inject({ method: 'POST', url: `/prod-api${url}${options.query ?? ''}`, headers: options.headers, payload: options.body as object });

const login = (username: string, password: string, deptId = TENANT_A, extra: Record<string, unknown> = {}) =>
  post('/api/user/login', { headers: server.signed(deptId), body: { username, password, loginType: 1, ...extra } });

/** Wrong passwords counted against a phone in the live windows: from this test's address, and from all. */
async function failures(phone: string): Promise<{ fromHere: number; fromAnywhere: number }> {
  const count = async (name: string, key: string) =>
    (
      await server.db
        .selectFrom('rateLimit')
        .select('count')
        .where('name', '=', name)
        .where('key', '=', key)
        .where('resetAt', '>', new Date())
        .executeTakeFirst()
    )?.count ?? 0;
  return { fromHere: await count('loginFailuresPerPhoneIp', `${phone}|127.0.0.1`), fromAnywhere: await count('loginFailuresPerPhone', phone) };
}

const checkToken = (token?: string) => post('/userInfo/checkToken', { headers: token ? bearer(token) : {} });

describe('registration, login and the personal centre, end to end', () => {
  const phone = '13912345678';
  let token = '';
  let userId = 0;

  it('registers with an SMS code under the deptId header’s place', async () => {
    const sent = await post('/getPhoneCode', { body: { platForm: 2, phone } });
    expect(sent.statusCode).toBe(200);
    const { code, uuid } = await latestSmsCode(server.db, phone);
    expect(sent.json().data).toEqual({ uuid });

    const res = await post('/api/user/register', {
      headers: server.signed(TENANT_A_COUNTY),
      body: { phone, password: GOOD_PASSWORD, code, uuid, name: ' 张三 ' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, msg: '注册成功', data: { phone: '139****5678', name: '张三', deptId: TENANT_A_COUNTY } });
    userId = body.data.userId;
    const row = await server.db.selectFrom('appUser').selectAll().where('userId', '=', userId).executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain(GOOD_PASSWORD);
  });

  it('logs in and returns a token, the masked phone and the region logged in to', async () => {
    const res = await login(phone, GOOD_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.msg).toBe('登录成功');
    expect(body.data).toEqual({ token: expect.any(String), userId, phone: '139****5678', name: '张三', deptId: TENANT_A, role: 'user' });
    token = body.data.token;
    // Only the token's hash is stored.
    const sessions = await server.db.selectFrom('userSession').select('tokenHash').where('userId', '=', userId).execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0].tokenHash).not.toBe(token);
  });

  it('checkToken answers 200 for the live token', async () => {
    const res = await checkToken(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, msg: '登录状态有效', data: { userId, phone: '139****5678', name: '张三', role: 'user' } });
  });

  it('shows the profile, masked, with the place name', async () => {
    const res = await post('/system/userInfo/getUserInfoByUserId', { headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      userId,
      name: '张三',
      cover: '',
      phone: '139****5678',
      deptId: TENANT_A_COUNTY,
      deptName: '甲县',
      email: null,
      idCard: null,
      role: 'user',
      createTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
  });

  it('updates name, cover, email and identity number, and returns the new profile', async () => {
    const res = await post('/userInfo/updateUserInfo', {
      headers: bearer(token),
      body: { name: '张三丰', cover: '/image-api/upload/2024/01/02/abc.png', email: 'zs@example.com', idCard: '11010519491231002x' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 200,
      msg: '修改成功',
      data: { name: '张三丰', cover: '/image-api/upload/2024/01/02/abc.png', email: 'zs@example.com', idCard: '110105********002X' },
    });
    const row = await server.db.selectFrom('appUser').select('idCard').where('userId', '=', userId).executeTakeFirstOrThrow();
    expect(row.idCard).toBe('11010519491231002X');
  });

  it('changes the password: wrong old refused, other sessions ended, this one kept', async () => {
    const other = (await login(phone, GOOD_PASSWORD)).json().data.token as string;
    const put = (query: string) => server.app.inject({ method: 'PUT', url: `/prod-api/system/user/profile/updatePwd?${query}`, headers: bearer(token) });

    const wrong = await put(`oldPassword=${encodeURIComponent('Wrong@2024x')}&newPassword=${encodeURIComponent(OTHER_PASSWORD)}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 400, msg: '修改密码失败，旧密码错误' });

    const weak = await put(`oldPassword=${encodeURIComponent(GOOD_PASSWORD)}&newPassword=abc12345`);
    expect(weak.statusCode).toBe(400);
    expect(weak.json().msg).toBe('密码中必须包含大小写字母、数字、特殊字符,长度在8到20位之间。');

    const same = await put(`oldPassword=${encodeURIComponent(GOOD_PASSWORD)}&newPassword=${encodeURIComponent(GOOD_PASSWORD)}`);
    expect(same.json().msg).toBe('新密码不能与旧密码相同');

    const done = await put(`oldPassword=${encodeURIComponent(GOOD_PASSWORD)}&newPassword=${encodeURIComponent(OTHER_PASSWORD)}`);
    expect(done.statusCode).toBe(200);
    expect(done.json().msg).toBe('修改成功');
    expect((await checkToken(token)).statusCode).toBe(200);
    expect((await checkToken(other)).statusCode).toBe(401);

    expect((await login(phone, GOOD_PASSWORD)).json().msg).toBe('用户名或密码错误');
    expect((await login(phone, OTHER_PASSWORD)).statusCode).toBe(200);
  });

  it('logs out: the token stops working; logging out again still answers 200', async () => {
    const res = await post('/userInfo/logout', { headers: bearer(token) });
    expect(res.json()).toEqual({ code: 200, msg: '退出登录成功' });
    const after = await checkToken(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ code: 401, msg: '登录状态已过期，请重新登录' });
    expect((await post('/userInfo/logout', { headers: bearer(token) })).statusCode).toBe(200);
  });
});

describe('registration refusals', () => {
  const register = (body: Record<string, unknown>) => post('/api/user/register', { headers: server.signed(TENANT_A), body });

  it('uses the spec’s phone, code and password texts', async () => {
    expect((await register({ phone: '', password: GOOD_PASSWORD, code: '123456' })).json()).toEqual({ code: 400, msg: '请输入电话号码' });
    // 154 is not a mobile prefix; 12 digits is not a phone.
    expect((await register({ phone: '15412345678', password: GOOD_PASSWORD, code: '123456' })).json().msg).toBe('请输入正确的电话号码');
    expect((await register({ phone: '138123456789', password: GOOD_PASSWORD, code: '123456' })).json().msg).toBe('请输入正确的电话号码');
    expect((await register({ phone: '13812345678', password: GOOD_PASSWORD, code: ' ' })).json().msg).toBe('请输入验证码');
    for (const password of ['Ab1!', 'abcdefg1!', 'ABCDEFG1!', 'Abcdefgh!', 'Abcdefg12', 'Abc 1234!x', 'Aa1!'.repeat(6)]) {
      const res = await register({ phone: '13812345678', password, code: '123456' });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().msg).toBe('密码中必须包含大小写字母、数字、特殊字符,长度在8到20位之间。');
    }
  });

  it('refuses an unsigned call', async () => {
    const res = await post('/api/user/register', { body: { phone: '13812345678' } });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a wrong code and, with a good one, a phone already registered (409)', async () => {
    const phone = '13711112222';
    await insertUser(server.db, { phone });
    await post('/getPhoneCode', { body: { phone } });
    const { code } = await latestSmsCode(server.db, phone);
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await register({ phone, password: GOOD_PASSWORD, code: wrongCode })).json()).toEqual({ code: 400, msg: '验证码错误，请重新输入' });
    const dup = await register({ phone, password: GOOD_PASSWORD, code });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ code: 409, msg: '该手机号已注册' });
  });

  it('defaults the name to 用户 and the last four digits', async () => {
    const phone = '17012340001';
    await post('/getPhoneCode', { body: { phone } });
    const { code } = await latestSmsCode(server.db, phone);
    const res = await post('/api/user/register', { headers: server.signed(TENANT_B), body: { phone, password: GOOD_PASSWORD, code } });
    expect(res.json().data).toMatchObject({ name: '用户0001', deptId: TENANT_B });
  });
});

describe('login', () => {
  const phone = '18600001111';
  beforeAll(async () => {
    await insertUser(server.db, { phone, password: GOOD_PASSWORD, name: '李四', deptId: TENANT_A_TOWN });
  });

  it('says which field is blank after trimming', async () => {
    expect((await login('  ', GOOD_PASSWORD)).json()).toEqual({ code: 400, msg: '手机号不可为空' });
    expect((await login(phone, '   ')).json()).toEqual({ code: 400, msg: '密码不可为空' });
    expect((await login(` ${phone} `, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown phone alike', async () => {
    const wrong = await login(phone, 'Wrong@2024');
    const unknown = await login('13000000000', GOOD_PASSWORD);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 400, msg: '用户名或密码错误' });
    expect(unknown.json()).toEqual(wrong.json());
    // The successful logins of the test above gave their places back: this failure counts one, for each phone alike.
    expect(await failures(phone)).toEqual({ fromHere: 1, fromAnywhere: 1 });
    expect(await failures('13000000000')).toEqual({ fromHere: 1, fromAnywhere: 1 });
  });

  it('returns areaId as the region when it lies inside the signed region, and refuses one outside', async () => {
    const inside = await login(phone, GOOD_PASSWORD, TENANT_A, { areaId: TENANT_A_COUNTY });
    expect(inside.json().data.deptId).toBe(TENANT_A_COUNTY);
    const outside = await login(phone, GOOD_PASSWORD, TENANT_A, { areaId: TENANT_B_TOWN });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().msg).toBe('无权访问其他地区的数据');
  });

  it("accepts the signed region's lessee number as areaId (the portal sends region.lesseeId), and refuses another platform's", async () => {
    const own = await login(phone, GOOD_PASSWORD, TENANT_A, { areaId: 11 });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.deptId).toBe(TENANT_A);
    // From a town the platform is the nearest place above with a lessee number: 甲镇 → 甲县 (12).
    const fromTown = await login(phone, GOOD_PASSWORD, TENANT_A_TOWN, { areaId: 12 });
    expect(fromTown.statusCode).toBe(200);
    expect(fromTown.json().data.deptId).toBe(TENANT_A_TOWN);
    for (const [deptId, areaId] of [
      [TENANT_A, 21],
      [TENANT_A_TOWN, 11],
    ]) {
      const other = await login(phone, GOOD_PASSWORD, deptId, { areaId });
      expect(other.statusCode).toBe(403);
      expect(other.json().msg).toBe('无权访问其他地区的数据');
    }
  });

  it('refuses an unknown loginType', async () => {
    const res = await login(phone, GOOD_PASSWORD, TENANT_A, { loginType: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('loginType');
  });

  it('a success resets the failure count of its address', async () => {
    await login(phone, 'Wrong@2024');
    expect((await failures(phone)).fromHere).toBeGreaterThan(0);
    expect((await login(phone, GOOD_PASSWORD)).statusCode).toBe(200);
    expect((await failures(phone)).fromHere).toBe(0);
  });
});

describe('lockout after five wrong passwords', () => {
  const phone = '18800002222';
  const LOCKED = { code: 429, msg: '密码错误次数过多，请15分钟后再试' };
  beforeAll(async () => {
    await insertUser(server.db, { phone, password: GOOD_PASSWORD });
  });

  it('locks on the fifth failure in 15 minutes, for what is left of them, even against the right password', async () => {
    for (let i = 1; i <= 4; i++) expect((await login(phone, `Wrong@${i}xyz`)).json().msg).toBe('用户名或密码错误');
    const fifth = await login(phone, 'Wrong@5xyz');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual(LOCKED);
    const seconds = Number(fifth.headers['retry-after']);
    expect(seconds).toBeGreaterThan(14 * 60);
    expect(seconds).toBeLessThanOrEqual(15 * 60);

    const right = await login(phone, GOOD_PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual(LOCKED);
  });

  it('after the window ends, the count starts afresh and the right password works', async () => {
    await sql`UPDATE rate_limit SET reset_at = now() - interval '1 second' WHERE key LIKE ${`${phone}%`}`.execute(server.db);
    // One failure after the lock is the first of a new series, not the sixth.
    expect((await login(phone, 'Wrong@6xyz')).statusCode).toBe(400);
    expect(await failures(phone)).toEqual({ fromHere: 1, fromAnywhere: 1 });
    expect((await login(phone, GOOD_PASSWORD)).statusCode).toBe(200);
    expect(await failures(phone)).toEqual({ fromHere: 0, fromAnywhere: 1 });
  });
});

describe('session expiry', () => {
  let userId = 0;
  beforeAll(async () => {
    userId = await insertUser(server.db, { phone: '13500003333' });
  });
  const sessionRow = async (token: string) => {
    const { hashToken } = await import('../../server/services/sessions.js');
    return server.db.selectFrom('userSession').selectAll().where('tokenHash', '=', hashToken(token)).executeTakeFirst();
  };

  it('checkToken without a token says to log in', async () => {
    expect((await checkToken()).json()).toEqual({ code: 401, msg: '请先登录' });
    expect((await checkToken('not-a-token')).json()).toEqual({ code: 401, msg: '登录状态已过期，请重新登录' });
  });

  it('activity inside the idle window keeps the session alive and is recorded', async () => {
    const token = await sessionFor(server, userId);
    await sql`UPDATE user_session SET last_seen_at = now() - interval '20 minutes' WHERE user_id = ${userId}`.execute(server.db);
    expect((await checkToken(token)).statusCode).toBe(200);
    const row = await sessionRow(token);
    expect(Date.now() - row!.lastSeenAt.getTime()).toBeLessThan(60_000);
  });

  it('ends a session idle longer than SESSION_IDLE_MINUTES', async () => {
    const token = await sessionFor(server, userId);
    const { hashToken } = await import('../../server/services/sessions.js');
    await sql`UPDATE user_session SET last_seen_at = now() - interval '31 minutes' WHERE token_hash = ${hashToken(token)}`.execute(server.db);
    const res = await checkToken(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('登录状态已过期，请重新登录');
    expect(await sessionRow(token)).toBeUndefined();
    // Bearer routes refuse it the same way.
    expect((await post('/system/userInfo/getUserInfoByUserId', { headers: bearer(token) })).statusCode).toBe(401);
  });

  it('ends a session past its absolute expiry, however active', async () => {
    const token = await sessionFor(server, userId);
    const row = await sessionRow(token);
    // Issued with the configured absolute lifetime (24 h here).
    expect((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 3600_000).toBeCloseTo(24, 1);
    await sql`UPDATE user_session SET expires_at = now() - interval '1 second', last_seen_at = now() WHERE id = ${row!.id}`.execute(server.db);
    expect((await checkToken(token)).statusCode).toBe(401);
    expect(await sessionRow(token)).toBeUndefined();
  });
});

describe('profile access and edits', () => {
  let alice = 0;
  let bob = 0;
  let aliceToken = '';
  beforeAll(async () => {
    alice = await insertUser(server.db, { phone: '13600004444', name: '甲用户', deptId: TENANT_A_TOWN });
    bob = await insertUser(server.db, { phone: '13600005555', name: '乙用户', deptId: TENANT_B_TOWN });
    aliceToken = await sessionFor(server, alice);
  });
  const info = (token: string, userId?: number) =>
    post('/system/userInfo/getUserInfoByUserId', { headers: bearer(token), body: userId === undefined ? undefined : { userId } });
  const update = (body: Record<string, unknown>) => post('/userInfo/updateUserInfo', { headers: bearer(aliceToken), body });

  it('needs a login', async () => {
    const res = await post('/system/userInfo/getUserInfoByUserId');
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('请先登录');
    expect((await post('/userInfo/updateUserInfo', { body: { name: 'x' } })).statusCode).toBe(401);
  });

  it('refuses another user’s profile to a user (403)', async () => {
    expect((await info(aliceToken, alice)).statusCode).toBe(200);
    const res = await info(aliceToken, bob);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('无权查看其他用户的信息');
  });

  it('lets staff read users of their own region only, and admins any', async () => {
    const staff = await insertUser(server.db, { phone: '13600006666', role: 'staff', deptId: TENANT_A });
    const staffToken = await sessionFor(server, staff);
    const ok = await info(staffToken, alice);
    expect(ok.json().data).toMatchObject({ userId: alice, name: '甲用户', phone: '136****4444', deptName: '甲镇' });
    expect((await info(staffToken, bob)).statusCode).toBe(403);
    expect((await info(staffToken, 999999)).statusCode).toBe(404);
    const admin = await insertUser(server.db, { phone: '13600007777', role: 'admin' });
    expect((await info(await sessionFor(server, admin), bob)).json().data.name).toBe('乙用户');
  });

  it('refuses a bad identity number, saying which part is wrong', async () => {
    expect((await update({ idCard: '110105194912310021' })).json()).toEqual({ code: 400, msg: '身份证号码校验位不正确，请核对后重新输入' });
    expect((await update({ idCard: '110105194902300021' })).json().msg).toBe('身份证号码中的出生日期无效');
    expect((await update({ idCard: '11010519491231002' })).json().msg).toContain('身份证号码格式不正确');
  });

  it('refuses a blank name, a foreign cover URL and a bad email; empty clears email and idCard', async () => {
    expect((await update({ name: '  ' })).json()).toEqual({ code: 400, msg: '姓名不能为空' });
    expect((await update({ cover: 'javascript:alert(1)' })).json().msg).toContain('头像（cover）地址无效');
    expect((await update({ cover: '/image-api/../../etc/passwd' })).statusCode).toBe(400);
    expect((await update({ email: 'not-an-email' })).json()).toEqual({ code: 400, msg: '邮箱（email）格式不正确' });
    const set = await update({ email: 'a@b.cn', idCard: '110101199003074477' });
    expect(set.json().data).toMatchObject({ email: 'a@b.cn', idCard: '110101********4477' });
    const cleared = await update({ email: '', idCard: '' });
    expect(cleared.json().data).toMatchObject({ email: null, idCard: null, name: '甲用户' });
  });

  it('changes only the caller’s own row', async () => {
    await update({ name: '甲用户改' });
    const rows = await server.db.selectFrom('appUser').select(['userId', 'name']).where('userId', 'in', [alice, bob]).orderBy('userId').execute();
    expect(rows).toEqual([
      { userId: alice, name: '甲用户改' },
      { userId: bob, name: '乙用户' },
    ]);
  });
});
