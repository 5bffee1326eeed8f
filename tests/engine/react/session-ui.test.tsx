// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_PHONES } from '../../../server/seed/index.js';
import { latestSmsCode } from '../../server/users-helpers.js';
import { clientFor } from '../http/client-setup.js';
import { withSeededPortal } from './seeded-portal.js';

// The session machine wired into the portal (login form, header, logout, expiry) and the password reset dialog,
// in jsdom against the real server.
const portal = withSeededPortal('chunan');
const { region, portalClient, renderAt } = portal;

/** The token check's code with `token` as the bearer token, from a client of its own (not the portal's). */
async function checkWith(token: string): Promise<number | undefined> {
  const c = clientFor(portal.server.baseURL, { adapter: 'http' });
  c.session.setLogin(token, DEMO_PHONES[0]);
  return c.client.request('checkToken', { quietExpiry: true }).then(
    (envelope) => envelope.code,
    (e: { code?: number }) => e.code,
  );
}

const form = () => screen.getByRole('button', { name: '登录' }).closest('form') as HTMLFormElement;

describe('logging in and out through the session machine', () => {
  it('blank fields get the spec texts and no call; a real login says 登录成功 and the header shows the masked phone; logout clears and reloads', async () => {
    const c = renderAt('#/login');
    await screen.findByRole('button', { name: '登录' }, { timeout: 10_000 });
    fireEvent.change(within(form()).getByLabelText('手机号'), { target: { value: '   ' } });
    await act(async () => {
      fireEvent.submit(form());
    });
    // The session machine comes after the first view (or with this first press): its word may take a moment.
    await waitFor(() => expect(c.notifier.entries).toEqual([{ via: 'message', kind: 'warning', text: '手机号不可为空' }]));
    expect(document.activeElement?.getAttribute('name')).toBe('phone');
    fireEvent.change(within(form()).getByLabelText('手机号'), { target: { value: DEMO_PHONES[0] } });
    await act(async () => {
      fireEvent.submit(form());
    });
    await waitFor(() => expect(c.notifier.entries.at(-1)).toEqual({ via: 'message', kind: 'warning', text: '密码不可为空' }));
    expect(c.session.getSnapshot().token).toBeNull();

    fireEvent.change(within(form()).getByLabelText('密码'), { target: { value: DEMO_PASSWORD } });
    await act(async () => {
      fireEvent.submit(form());
    });
    await waitFor(() => expect(c.notifier.entries.at(-1)).toEqual({ via: 'message', kind: 'success', text: '登录成功' }));
    expect(c.session.getSnapshot().phone).toBe(DEMO_PHONES[0]);
    expect(await screen.findByText('138****0001')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '进入工作台' })).toBeNull();
    // The form is gone: the keyboard's place moves to the greeting's link, not back to the top of the page.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('进入个人中心'));

    const token = c.session.getSnapshot().token!;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '退出' }));
    });
    await waitFor(() => expect(c.notifier.entries.at(-1)).toEqual({ via: 'message', kind: 'success', text: '退出登录成功' }));
    expect(c.reloads).toHaveLength(1);
    expect(c.session.getSnapshot()).toMatchObject({ token: null, phone: null, deptId: null });
    // The server's session ended too: the old token, sent as a bearer token, no longer passes the check.
    expect(await checkWith(token)).toBe(401);
  });

  it('a staff account, once logged in, is offered 进入工作台 (the console), beside 进入个人中心', async () => {
    renderAt('#/login');
    await screen.findByRole('button', { name: '登录' }, { timeout: 10_000 });
    fireEvent.change(within(form()).getByLabelText('手机号'), { target: { value: DEMO_PHONES[2] } });
    fireEvent.change(within(form()).getByLabelText('密码'), { target: { value: DEMO_PASSWORD } });
    await act(async () => {
      fireEvent.submit(form());
    });
    const toConsole = await screen.findByRole('link', { name: '进入工作台' }, { timeout: 10_000 });
    expect(toConsole.getAttribute('href')).toBe('#/admin');
    expect(screen.getByRole('link', { name: '进入个人中心' })).toBeTruthy();
  });

  it('a stored token the server no longer knows is logged out at start (the token check decides)', async () => {
    const c = portalClient();
    c.session.setLogin('not-a-real-token', DEMO_PHONES[1]);
    renderAt('#/login', c);
    await waitFor(() => expect(c.session.getSnapshot().loggedIn).toBe(false), { timeout: 10_000 });
    expect(await screen.findByRole('button', { name: '登录' })).toBeTruthy();
  });
});

describe('the password reset dialog', () => {
  it('opens from 忘记密码, blocks a weak password silently with the hint, counts down the code button, and resets for real', async () => {
    const c = renderAt('#/login');
    fireEvent.click(await screen.findByRole('button', { name: '忘记密码' }, { timeout: 10_000 }));
    // The dialog is a chunk of its own (a schema form), loaded on the first 忘记密码.
    const dialog = await screen.findByRole('dialog', { name: '找回密码' }, { timeout: 10_000 });
    const d = within(dialog);
    // A schema form's label carries the required mark (*) before the name.
    const field = (name: string) => d.getByLabelText(new RegExp(`^\\*?${name}$`));
    const phone = DEMO_PHONES[2];
    fireEvent.change(field('手机号'), { target: { value: phone } });
    fireEvent.change(field('新密码'), { target: { value: 'weakpass' } });
    fireEvent.change(field('验证码'), { target: { value: '123456' } });
    await act(async () => {
      fireEvent.click(d.getByRole('button', { name: '确认重置' }));
    });
    // The one message said is the password's, by its field; nothing else is called out.
    const said = () =>
      d
        .getAllByRole('alert')
        .map((a) => a.textContent)
        .filter(Boolean);
    expect(said()).toEqual(['密码中必须包含大小写字母、数字、特殊字符,长度在8到20位之间。']);
    expect(field('新密码').getAttribute('aria-invalid')).toBe('true');
    expect(c.notifier.entries).toEqual([]);

    await act(async () => {
      fireEvent.click(d.getByRole('button', { name: '获取验证码' }));
    });
    await d.findByRole('button', { name: '60秒后重新获取' });
    const { code } = await latestSmsCode(portal.server.db, phone);
    fireEvent.change(field('新密码'), { target: { value: 'Reset#2026a' } });
    fireEvent.change(field('验证码'), { target: { value: code } });
    await act(async () => {
      fireEvent.click(d.getByRole('button', { name: '确认重置' }));
    });
    expect(await d.findByText('密码重置成功，请使用新密码登录。')).toBeTruthy();
    const login = await c.client.request('login', { body: { username: phone, password: 'Reset#2026a', areaId: region.deptId, loginType: 1 } as never });
    expect(login.code).toBe(200);
    fireEvent.click(d.getByRole('button', { name: '返回登录' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('the transfer-out / transfer-in entry (spec §6)', () => {
  it('without a token: 请先登录账号? and no form; 确定 goes home, where 淳安 shows the login box (homeShowLogin)', async () => {
    renderAt('#/turnOut?id=1');
    const prompt = await screen.findByRole('alertdialog', {}, { timeout: 10_000 });
    expect(within(prompt).getByText('请先登录账号?')).toBeTruthy();
    expect(screen.queryByLabelText(/项目名称/)).toBeNull();
    fireEvent.click(within(prompt).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(window.location.hash).toBe('#/'));
  });

  it('a login that ended on the server meanwhile: one prompt, 登录状态失效,请重新登录账号?, and not also §8’s expiry toast', async () => {
    const c = portalClient();
    const login = await c.client.request('login', {
      body: { username: DEMO_PHONES[1], password: DEMO_PASSWORD, areaId: region.deptId, loginType: 1 } as never,
    });
    c.session.setLogin(login.data.token, DEMO_PHONES[1]);
    renderAt('#/', c);
    expect(await screen.findByText('138****0002', {}, { timeout: 10_000 })).toBeTruthy();
    // The session ends elsewhere (another tab logs out), then the user opens 我要转出.
    const other = clientFor(portal.server.baseURL, { adapter: 'http' });
    other.session.setLogin(login.data.token, DEMO_PHONES[1]);
    expect((await other.client.request('logout')).code).toBe(200);
    expect(await checkWith(login.data.token)).toBe(401);
    await act(async () => {
      window.location.hash = '#/turnOut?id=1';
    });
    const prompt = await screen.findByRole('alertdialog', {}, { timeout: 10_000 });
    expect(within(prompt).getByText('登录状态失效,请重新登录账号?')).toBeTruthy();
    expect(screen.queryByLabelText(/项目名称/)).toBeNull();
    expect(c.notifier.entries.map((e) => e.text)).not.toContain('会话已过期，请重新登录。');
    expect(c.session.getSnapshot().token).toBeNull();
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
  });

  it('logged in: the form opens with its title by ?id, and the intent is stored for real', async () => {
    const c = portalClient();
    const login = await c.client.request('login', {
      body: { username: DEMO_PHONES[0], password: DEMO_PASSWORD, areaId: region.deptId, loginType: 1 } as never,
    });
    c.session.setLogin(login.data.token, DEMO_PHONES[0]);
    renderAt('#/turnOut?id=1', c);
    expect(await screen.findByRole('heading', { name: '我要转出' }, { timeout: 10_000 })).toBeTruthy();
    const labelled = (label: string) => (content: string) => content.replace(/^\*/, '') === label;
    fireEvent.change(screen.getByLabelText(labelled('项目名称')), { target: { value: '千岛湖镇测试村茶园经营权' } });
    fireEvent.change(screen.getByLabelText(labelled('联系人')), { target: { value: '王测试' } });
    fireEvent.change(screen.getByLabelText(labelled('联系电话')), { target: { value: '13900001111' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '提交意向' }));
    });
    // Intents are public only once staff review them: the form says so.
    await waitFor(() => expect(c.notifier.entries.at(-1)).toEqual({ via: 'message', kind: 'success', text: '提交成功，等待审核' }));
    const row = await portal.server.db
      .selectFrom('intent')
      .select(['type', 'projectname', 'contact', 'state'])
      .where('projectname', '=', '千岛湖镇测试村茶园经营权')
      .executeTakeFirst();
    expect(row).toEqual({ type: 1, projectname: '千岛湖镇测试村茶园经营权', contact: '王测试', state: 0 });
  });

  it('from 我要转出 (?id=1) to 我要转入 (?id=2) the second form starts empty, and back again the first is empty too', async () => {
    const c = portalClient();
    const login = await c.client.request('login', {
      body: { username: DEMO_PHONES[0], password: DEMO_PASSWORD, areaId: region.deptId, loginType: 1 } as never,
    });
    c.session.setLogin(login.data.token, DEMO_PHONES[0]);
    renderAt('#/turnOut?id=1', c);
    expect(await screen.findByRole('heading', { name: '我要转出' }, { timeout: 10_000 })).toBeTruthy();
    const labelled = (label: string) => (content: string) => content.replace(/^\*/, '') === label;
    const field = (label: string) => screen.getByLabelText(labelled(label)) as HTMLInputElement;
    fireEvent.change(field('项目名称'), { target: { value: '转出的茶园' } });
    fireEvent.change(field('联系电话'), { target: { value: '13900002222' } });
    expect(field('联系电话').value).toBe('13900002222');
    await act(async () => {
      window.location.hash = '#/turnOut?id=2';
    });
    expect(await screen.findByRole('heading', { name: '我要转入' }, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(field('联系电话').value).toBe(''));
    expect(field('项目名称').value).toBe('');
    fireEvent.change(field('联系人'), { target: { value: '转入人' } });
    await act(async () => {
      window.location.hash = '#/turnOut?id=1';
    });
    expect(await screen.findByRole('heading', { name: '我要转出' }, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(field('联系人').value).toBe(''));
    expect(field('联系电话').value).toBe('');
  });
});
