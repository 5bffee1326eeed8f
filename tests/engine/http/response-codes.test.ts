import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../engine/http/index.js';
import { ERROR_TEXTS } from '../../../machines/ports.js';
import { clientFor } from './client-setup.js';
import { startScriptedServer, type ScriptedAnswer } from './scripted-server.js';

/** The scripted server answers `/prod-api/api/typeList?answer=<name>` with the named answer. */
const ANSWERS: Record<string, ScriptedAnswer> = {
  ok: { json: { code: 200, msg: '操作成功', data: [{ id: 1 }] } },
  unauthorized: { status: 401, json: { code: 401, msg: '请先登录' } },
  unauthorizedIn200: { json: { code: 401, msg: '认证失败' } },
  redirect: { json: { code: 302, msg: '跳转', data: { url: '/login' } } },
  serverError: { status: 500, json: { code: 500, msg: '数据库连接繁忙，请稍后再试' } },
  serverErrorNoMsg: { json: { code: 500 } },
  warning: { json: { code: 601, msg: '该项目已截止报名' } },
  forbidden: { status: 403, json: { code: 403, msg: '' } },
  notFound: { status: 404, json: { code: 404 } },
  notFoundWithMsg: { status: 404, json: { code: 404, msg: '文章不存在或已下线' } },
  teapot: { json: { code: 418 } },
  badRequest: { status: 400, json: { code: 400, msg: '参数 页码（pageNum）应为整数' } },
  binaryRefusal: { status: 200, json: { code: 500, msg: '导出失败' } },
};

describe('response code handling (spec §8)', () => {
  let server: Awaited<ReturnType<typeof startScriptedServer>>;
  beforeAll(async () => {
    server = await startScriptedServer((req) => ANSWERS[new URL(req.url, 'http://x').searchParams.get('answer') ?? 'ok'] ?? ANSWERS.ok);
  });
  afterAll(() => server.close());

  const ask = (c: ReturnType<typeof clientFor>, answer: string) =>
    c.client.request('typeList', { query: { answer } as never, body: { dictType: 'invest_type' } });

  it('200: resolves the envelope and tells the user nothing', async () => {
    const c = clientFor(server.baseURL);
    await expect(ask(c, 'ok')).resolves.toEqual({ code: 200, msg: '操作成功', data: [{ id: 1 }] });
    await expect(c.client.call('typeList', { query: { answer: 'ok' } as never })).resolves.toEqual([{ id: 1 }]);
    expect(c.notifier.entries).toEqual([]);
  });

  it('401 without a stored login, and 302: passed through to the caller untouched', async () => {
    const c = clientFor(server.baseURL);
    await expect(ask(c, 'unauthorized')).resolves.toEqual({ code: 401, msg: '请先登录' });
    await expect(ask(c, 'unauthorizedIn200')).resolves.toEqual({ code: 401, msg: '认证失败' });
    await expect(ask(c, 'redirect')).resolves.toEqual({ code: 302, msg: '跳转', data: { url: '/login' } });
    expect(c.notifier.entries).toEqual([]);
    expect(c.navigations).toEqual([]);
    // `call` wants data: a passed-through code is a silent rejection.
    const error = await c.client.call('typeList', { query: { answer: 'unauthorized' } as never }).catch((e: ApiError) => e);
    expect(error).toMatchObject({ kind: 'code', code: 401, shown: false });
  });

  for (const [homeShowLogin, target] of [
    [true, '/'],
    [false, '/login'],
  ] as const) {
    it(`401 with a stored token or phone: 会话已过期，请重新登录。, login cleared, to ${target} when homeShowLogin is ${homeShowLogin}`, async () => {
      const c = clientFor(server.baseURL, { homeShowLogin: () => homeShowLogin });
      c.session.setDept({ deptId: 330127, deptName: '淳安县', deptCode: '330127' });
      c.session.setLogin('stale-token', '13800000001');
      const error = await ask(c, 'unauthorized').catch((e: ApiError) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ kind: 'session-expired', code: 401, message: '会话已过期，请重新登录。' });
      expect(c.notifier.entries).toEqual([{ via: 'message', kind: 'warning', text: '会话已过期，请重新登录。' }]);
      expect(c.session.token).toBeNull();
      expect(c.session.phone).toBeNull();
      expect(c.session.deptId).toBe('330127');
      expect(c.navigations).toEqual([target]);
    });
  }

  for (const route of ['/admin', '/admin/articles', '/admin/staff/edit?id=3']) {
    it(`401 on a staff console page (${route}): the staff login at /admin, with a message that says why`, async () => {
      const c = clientFor(server.baseURL, { homeShowLogin: () => false, currentRoute: () => route });
      c.session.setLogin('disabled-staff-token', '13800000002');
      const error = await ask(c, 'unauthorized').catch((e: ApiError) => e);
      expect(error).toMatchObject({ kind: 'session-expired', code: 401 });
      expect(c.notifier.entries).toEqual([{ via: 'message', kind: 'warning', text: ERROR_TEXTS.staffSessionEnded }]);
      expect(ERROR_TEXTS.staffSessionEnded).toMatch(/停用/);
      expect(c.navigations).toEqual(['/admin']);
    });
  }

  it('401 on a portal page whose path only starts like the console (/administer): the visitor login', async () => {
    const c = clientFor(server.baseURL, { homeShowLogin: () => false, currentRoute: () => '/administer' });
    c.session.setLogin('stale-token', '13800000001');
    await ask(c, 'unauthorized').catch(() => undefined);
    expect(c.navigations).toEqual(['/login']);
  });

  it('401 with a stored login and quietExpiry (the caller prompts itself): login cleared, no message, no redirect', async () => {
    const c = clientFor(server.baseURL);
    c.session.setLogin('stale-token', '13800000001');
    const error = await c.client.request('typeList', { query: { answer: 'unauthorized' } as never, quietExpiry: true }).catch((e: ApiError) => e);
    expect(error).toMatchObject({ kind: 'session-expired', code: 401 });
    expect(c.session.token).toBeNull();
    expect(c.session.phone).toBeNull();
    expect(c.notifier.entries).toEqual([]);
    expect(c.navigations).toEqual([]);
  });

  it('401 with only a phone stored also counts as logged in; a burst of 401s tells the user once', async () => {
    const c = clientFor(server.baseURL);
    c.session.setLogin('', '13800000001');
    const results = await Promise.allSettled([ask(c, 'unauthorized'), ask(c, 'unauthorized'), ask(c, 'unauthorized')]);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    expect(c.notifier.entries).toHaveLength(1);
    expect(c.navigations).toEqual(['/login']);
  });

  it('500: an error message with the server msg (or the unknown-error text without one)', async () => {
    const c = clientFor(server.baseURL);
    await expect(ask(c, 'serverError')).rejects.toMatchObject({ kind: 'code', code: 500, message: '数据库连接繁忙，请稍后再试' });
    await expect(ask(c, 'serverErrorNoMsg')).rejects.toMatchObject({ code: 500, message: '系统未知错误，请反馈给管理员' });
    expect(c.notifier.entries).toEqual([
      { via: 'message', kind: 'error', text: '数据库连接繁忙，请稍后再试' },
      { via: 'message', kind: 'error', text: '系统未知错误，请反馈给管理员' },
    ]);
  });

  it('601: a warning message', async () => {
    const c = clientFor(server.baseURL);
    await expect(ask(c, 'warning')).rejects.toMatchObject({ code: 601, message: '该项目已截止报名' });
    expect(c.notifier.entries).toEqual([{ via: 'message', kind: 'warning', text: '该项目已截止报名' }]);
  });

  it('any other code: an error notification titled with the server msg or the default text', async () => {
    const c = clientFor(server.baseURL);
    for (const answer of ['forbidden', 'notFound', 'notFoundWithMsg', 'teapot', 'badRequest']) {
      await expect(ask(c, answer)).rejects.toBeInstanceOf(ApiError);
    }
    expect(c.notifier.entries).toEqual([
      { via: 'notification', kind: 'error', text: '当前操作没有权限' },
      { via: 'notification', kind: 'error', text: '访问资源不存在' },
      { via: 'notification', kind: 'error', text: '文章不存在或已下线' },
      { via: 'notification', kind: 'error', text: '系统未知错误，请反馈给管理员' },
      { via: 'notification', kind: 'error', text: '参数 页码（pageNum）应为整数' },
    ]);
  });

  it('blob and arraybuffer responses pass through untouched, whatever they contain', async () => {
    const c = clientFor(server.baseURL);
    const bytes = await c.client.binary('typeList', { query: { answer: 'binaryRefusal' } as never }, 'arraybuffer');
    const text = Buffer.from(bytes as ArrayBuffer).toString('utf8');
    expect(JSON.parse(text)).toEqual({ code: 500, msg: '导出失败' });
    // Node's adapter has no Blob type and hands 'blob' bodies over as the raw text; the browser's gives a Blob.
    // Either way the body is not read as an envelope: the 500 inside it tells nobody.
    const blob = await c.client.binary('typeList', { query: { answer: 'binaryRefusal' } as never }, 'blob');
    const raw = blob instanceof Blob ? await blob.text() : String(blob);
    expect(raw).toBe(JSON.stringify({ code: 500, msg: '导出失败' }));
    expect(c.notifier.entries).toEqual([]);
  });
});
