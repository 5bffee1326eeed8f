import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type EventObject } from 'xstate';
import { DEMO_PASSWORD, DEMO_PHONES } from '../../server/seed/index.js';
import { clientFor } from '../engine/http/client-setup.js';
import { startSeededServer } from '../engine/http/real-server.js';
import { sessionFor } from '../server/users-helpers.js';
import { SESSION_MESSAGES, sessionActors, sessionMachine } from '../../machines/session.js';
import type { Notice } from '../../machines/sms-countdown.js';
import { coverage, transitionPaths } from '../../machines/testing/model-coverage.js';

let server: Awaited<ReturnType<typeof startSeededServer>>;
let demoUserId: number;
const PHONE = DEMO_PHONES[0];
/** Not registered: a login with it is refused without counting towards any account's lock. */
const UNKNOWN_PHONE = '13700000000';

beforeAll(async () => {
  server = await startSeededServer();
  const row = await server.db.selectFrom('appUser').select('userId').where('phone', '=', PHONE).executeTakeFirstOrThrow();
  demoUserId = row.userId;
}, 120_000);
afterAll(() => server?.close());

/**
 * A session machine wired as the browser wires it: the real client against the real server, the session store in
 * memory, notices and reloads recorded. `logoutVia` picks the client the logout call goes through (a refused
 * connection is how a real logout fails).
 */
function wire() {
  const chunan = server.region('chunan');
  const c = clientFor(server.baseURL);
  c.session.setDept({ deptId: chunan.deptId, deptName: chunan.deptName, deptCode: chunan.deptCode });
  const refused = clientFor('http://127.0.0.1:9/prod-api');
  const notices: Notice[] = [];
  const log = { reloads: 0, loginCalls: 0, logoutVia: c };
  const actors = sessionActors(c.client);
  const machine = sessionMachine.provide({
    actors: {
      ...actors,
      login: fromPromise(async ({ input }) => {
        log.loginCalls++;
        return c.client.call('login', { body: input });
      }),
      logout: fromPromise<unknown>(() => log.logoutVia.client.call('logout')),
    },
    actions: {
      notify: (_, n) => void notices.push(n),
      storeLogin: (_, p) => c.session.setLogin(p.token, p.phone),
      clearLogin: () => c.session.logout(),
      reload: () => void log.reloads++,
    },
  });
  return { c, refused, notices, log, machine, chunan };
}

/** A live session for the demo user, straight into the store (no password hashing). */
async function storeLiveToken(c: ReturnType<typeof clientFor>) {
  c.session.setLogin(await sessionFor(server, demoUserId), PHONE);
}

// ---- model-based ----------------------------------------------------------------------------------------------

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new Error(id) });
const modelEvents = [
  { type: 'CHECK' },
  { type: 'LOGIN', username: '   ', password: 'x' },
  { type: 'LOGIN', username: PHONE, password: '  ' },
  { type: 'LOGIN', username: ` ${PHONE} `, password: 'either' },
  { type: 'LOGOUT' },
  { type: 'SESSION_EXPIRED' },
  done('checkToken', { userId: 1, phone: '138****0001', name: 'x' }),
  failed('checkToken'),
  done('login', { token: 't', userId: 1, phone: '138****0001', name: 'x', deptId: 1 }),
  failed('login'),
  done('logout', null),
  failed('logout'),
] as EventObject[];

function describeEvent(event: EventObject & { username?: string; password?: string }): string {
  if (event.type === 'LOGIN') return `LOGIN(${JSON.stringify(event.username)}, ${JSON.stringify(event.password)})`;
  return event.type.replace('xstate.', '');
}

describe('session: model-based, against the real server', () => {
  const paths = transitionPaths(sessionMachine, { events: modelEvents, key: (s) => s.value });

  it('the generated paths reach every state node and take every transition of the machine', () => {
    coverage(sessionMachine).addPaths(paths).expectComplete();
  });

  for (const path of paths) {
    it(`drives: ${path.steps.map((s) => describeEvent(s.event)).join(' → ')}`, async () => {
      const { c, refused, notices, log, machine } = wire();
      const succeeds = (i: number) => path.steps[i + 1]?.event.type.startsWith('xstate.done.actor');
      // The first check runs as the actor starts: the store holds a live token exactly when the model says it passes.
      if (succeeds(0)) await storeLiveToken(c);
      const actor = createActor(machine).start();
      for (const [i, step] of path.steps.entries()) {
        const event = step.event as EventObject & { username?: string; password?: string };
        if (i === 0) {
          // xstate.init
        } else if (event.type === 'CHECK') {
          if (succeeds(i)) await storeLiveToken(c);
          else c.session.logout();
          actor.send({ type: 'CHECK' });
        } else if (event.type === 'LOGIN') {
          const valid = event.username!.trim() && event.password!.trim();
          const [username, password] = !valid
            ? [event.username!, event.password!]
            : succeeds(i)
              ? [event.username!, DEMO_PASSWORD]
              : [UNKNOWN_PHONE, 'Wrong@123'];
          const before = notices.length;
          actor.send({ type: 'LOGIN', username, password });
          if (!valid) expect(notices.slice(before)).toEqual([{ kind: 'warning', text: event.username!.trim() ? '密码不可为空' : '手机号不可为空' }]);
        } else if (event.type === 'LOGOUT') {
          log.logoutVia = succeeds(i) ? c : refused;
          actor.send({ type: 'LOGOUT' });
        } else if (event.type === 'SESSION_EXPIRED') {
          // What the client does on a 401 with a stored login, before anyone sends SESSION_EXPIRED.
          c.session.clearLogin();
          actor.send({ type: 'SESSION_EXPIRED' });
        } else {
          const from = path.steps[i - 1].state.value as never;
          await waitFor(actor, (s) => !s.matches(from), { timeout: 10_000 });
        }
        const snapshot = actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        if (snapshot.matches('loggedIn')) {
          expect(c.session.token).not.toBeNull();
          expect(snapshot.context.user?.phone).toBe('138****0001');
        }
        if (event.type === 'xstate.done.actor.login') {
          expect(c.session.phone).toBe(PHONE);
          expect(notices.at(-1)).toEqual({ kind: 'success', text: '登录成功' });
        }
        if (event.type.startsWith('xstate.done.actor.logout') || event.type.startsWith('xstate.error.actor.logout')) {
          expect([c.session.token, c.session.phone, c.session.deptId]).toEqual([null, null, null]);
          expect(notices.at(-1)).toEqual({ kind: 'success', text: '退出登录成功' });
          expect(log.reloads).toBe(1);
        }
      }
      actor.stop();
    });
  }
});

// ---- the rules, by example ----------------------------------------------------------------------------------

describe('session: the rules', () => {
  it('logs in against the real server: token and phone stored, 登录成功, and the next token check passes', async () => {
    const { c, notices, machine, chunan } = wire();
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches('loggedOut'), { timeout: 10_000 });
    actor.send({ type: 'LOGIN', username: ` ${PHONE} `, password: DEMO_PASSWORD, areaId: chunan.deptId });
    expect(actor.getSnapshot().value).toBe('loggingIn');
    await waitFor(actor, (s) => s.matches('loggedIn'), { timeout: 10_000 });
    expect(c.session.phone).toBe(PHONE);
    expect(c.session.token).toMatch(/\S{16,}/);
    expect(notices).toEqual([{ kind: 'success', text: '登录成功' }]);
    expect(actor.getSnapshot().context.user).toMatchObject({ userId: demoUserId, phone: '138****0001' });

    actor.send({ type: 'CHECK' });
    await waitFor(actor, (s) => !s.matches('checking'), { timeout: 10_000 });
    expect(actor.getSnapshot().value).toBe('loggedIn');
  });

  it('a refused login shows the server msg once (the client’s notification) and stays logged out', async () => {
    const { c, notices, machine } = wire();
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches('loggedOut'), { timeout: 10_000 });
    actor.send({ type: 'LOGIN', username: UNKNOWN_PHONE, password: 'Wrong@123' });
    await waitFor(actor, (s) => !s.matches('loggingIn'), { timeout: 10_000 });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(c.notifier.entries).toEqual([{ via: 'notification', kind: 'error', text: '用户名或密码错误' }]);
    expect(notices).toEqual([]);
    expect(c.session.token).toBeNull();
  });

  it('blank phone or password after trimming: the spec texts, and no call', async () => {
    const { notices, log, machine } = wire();
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches('loggedOut'), { timeout: 10_000 });
    actor.send({ type: 'LOGIN', username: ' \t', password: DEMO_PASSWORD });
    actor.send({ type: 'LOGIN', username: PHONE, password: '   ' });
    actor.send({ type: 'LOGIN', username: '', password: '' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(log.loginCalls).toBe(0);
    expect(notices.map((n) => n.text)).toEqual(['手机号不可为空', '密码不可为空', '手机号不可为空']);
    expect(SESSION_MESSAGES).toMatchObject({ phoneBlank: '手机号不可为空', passwordBlank: '密码不可为空' });
  });

  it('logout ends the server session, clears token, phone and dept id, says 退出登录成功 and reloads', async () => {
    const { c, notices, log, machine } = wire();
    await storeLiveToken(c);
    const token = c.session.token!;
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches('loggedIn'), { timeout: 10_000 });
    actor.send({ type: 'LOGOUT' });
    await waitFor(actor, (s) => s.matches('loggedOut'), { timeout: 10_000 });
    expect([c.session.token, c.session.phone, c.session.deptId]).toEqual([null, null, null]);
    expect(notices).toEqual([{ kind: 'success', text: '退出登录成功' }]);
    expect(log.reloads).toBe(1);
    // The old token no longer opens a session on the server.
    const other = clientFor(server.baseURL);
    other.session.setLogin(token, PHONE);
    await expect(other.client.call('checkToken')).rejects.toMatchObject({ kind: 'session-expired' });
  });

  it('a stale stored token: the check fails, the session is logged out', async () => {
    const { c, machine } = wire();
    c.session.setLogin('not-a-live-token', PHONE);
    const actor = createActor(machine).start();
    expect(actor.getSnapshot().value).toBe('checking');
    await waitFor(actor, (s) => !s.matches('checking'), { timeout: 10_000 });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('SESSION_EXPIRED while logged in logs out without another call or message', async () => {
    const { c, notices, machine } = wire();
    await storeLiveToken(c);
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches('loggedIn'), { timeout: 10_000 });
    actor.send({ type: 'SESSION_EXPIRED' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(notices).toEqual([]);
    // Ignored where it means nothing.
    actor.send({ type: 'LOGOUT' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
  });

  it('unwired, nobody is logged in', async () => {
    const actor = createActor(sessionMachine).start();
    await waitFor(actor, (s) => s.matches('loggedOut'));
  });
});
