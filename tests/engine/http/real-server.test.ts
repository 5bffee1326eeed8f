import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_PHONES } from '../../../server/seed/index.js';
import { ApiError } from '../../../engine/http/index.js';
import { clientFor } from './client-setup.js';
import { startSeededServer } from './real-server.js';

// The client against the project's own server: its sign and bearer guards, its validation and its data.
let server: Awaited<ReturnType<typeof startSeededServer>>;
beforeAll(async () => {
  server = await startSeededServer();
}, 120_000);
afterAll(() => server?.close());

describe('the client against the real server', () => {
  it('a signed call passes the server’s sign check and reads the region’s own rows', async () => {
    const chunan = server.region('chunan');
    const c = clientFor(server.baseURL);
    c.session.setDept({ deptId: chunan.deptId, deptName: chunan.deptName, deptCode: chunan.deptCode });
    const news = await c.client.call('newsList', { body: { number: '001017', pageNum: 1, pageSize: 10 } });
    expect(news.total).toBeGreaterThan(10);
    expect(news.rows).toHaveLength(10);
    const towns = await c.client.call('townList');
    expect(towns.length).toBeGreaterThan(0);
    expect(towns.map((t) => t.deptName).join('')).not.toContain('信阳');
    expect(c.notifier.entries).toEqual([]);
  });

  it('a wrong sign key is refused by the server: a notification titled with its msg', async () => {
    const c = clientFor(server.baseURL, { signKey: 'not-the-key' });
    c.session.setDept({ deptId: server.region('lantian').deptId });
    const error = await c.client.call('newsList', { body: {} }).catch((e: ApiError) => e);
    expect(error).toMatchObject({ kind: 'code', code: 403, status: 403 });
    expect(c.notifier.entries).toHaveLength(1);
    expect(c.notifier.entries[0]).toMatchObject({ via: 'notification', kind: 'error' });
    expect(c.notifier.entries[0].text).toMatch(/签名/);
  });

  it('a bad parameter is refused with the server’s Chinese msg as the notification title', async () => {
    const c = clientFor(server.baseURL, { defaultDeptId: () => server.region('chunan').deptId });
    await expect(c.client.call('newsList', { body: { pageNum: 'abc' as never } })).rejects.toMatchObject({ code: 400 });
    expect(c.notifier.entries[0].via).toBe('notification');
    expect(c.notifier.entries[0].text).toContain('pageNum');
  });

  it('a staff call carries the login: the demo staff account lists its registrations, and its role comes with the login', async () => {
    const c = clientFor(server.baseURL, { defaultDeptId: () => server.region('chunan').deptId });
    const login = await c.client.call('login', { body: { username: DEMO_PHONES[2], password: DEMO_PASSWORD, loginType: 1 } });
    expect(login.role).toBe('staff');
    c.session.setLogin(login.token, DEMO_PHONES[2]);
    const list = await c.client.call('auctionRegistrations', { body: { pageNum: 1, pageSize: 5 } });
    expect(list.total).toBeGreaterThanOrEqual(list.rows.length);
    expect(c.notifier.entries).toEqual([]);
    expect(c.session.token).toBe(login.token);
  });

  it('login, bearer token check, then an expired session: 会话已过期，请重新登录。 and back to log in', async () => {
    const chunan = server.region('chunan');
    const c = clientFor(server.baseURL, { homeShowLogin: () => true });
    c.session.setDept({ deptId: chunan.deptId, deptCode: chunan.deptCode });
    const login = await c.client.call('login', { body: { username: DEMO_PHONES[0], password: DEMO_PASSWORD, loginType: 1 } });
    c.session.setLogin(login.token, DEMO_PHONES[0]);
    expect(c.session.getSnapshot().maskedPhone).toBe('138****0001');

    const check = await c.client.request('checkToken');
    expect(check.code).toBe(200);

    // The session ends on the server (logged out elsewhere); the next user call meets a 401 with a stored login.
    await server.db.deleteFrom('userSession').execute();
    await expect(c.client.request('checkToken')).rejects.toMatchObject({ kind: 'session-expired' });
    expect(c.session.token).toBeNull();
    expect(c.session.phone).toBeNull();
    expect(c.navigations).toEqual(['/']);
    expect(c.notifier.entries).toEqual([{ via: 'message', kind: 'warning', text: '会话已过期，请重新登录。' }]);

    // Now logged out: a token check is a plain 401 passed through, as the header's login check expects.
    const after = await c.client.request('checkToken');
    expect(after.code).toBe(401);
    expect(c.notifier.entries).toHaveLength(1);
  });

  it('the form-encoded style reads the region by dm and signs with the shared secret', async () => {
    const chunan = server.region('chunan');
    const c = clientFor(server.baseURL, { defaultDeptCode: () => chunan.deptCode });
    const news = await c.client.form('indexXinwenliebiao', { number: '001017', page: 1, page_size: 5 });
    expect(news).toBeDefined();
    expect(news!.rows).toHaveLength(5);
    const map = await c.client.form('indexDitudaohang');
    expect(Array.isArray(map) || typeof map === 'object').toBe(true);
    expect(c.logs).toEqual([]);
  });

  it('the form-encoded style never throws: a refused signature only logs 错误 and returns nothing', async () => {
    const c = clientFor(server.baseURL, { formSecret: 'wrong-secret', defaultDeptCode: () => server.region('chunan').deptCode });
    await expect(c.client.form('indexXinwenliebiao', { number: '001017' })).resolves.toBeUndefined();
    expect(c.logs.map(([message]) => message)).toEqual(['错误']);
    expect(c.notifier.entries).toEqual([]);
  });
});
