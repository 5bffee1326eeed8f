import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor, type EventObject } from 'xstate';
import { DEMO_PHONES } from '../../server/seed/index.js';
import { clientFor } from '../engine/http/client-setup.js';
import { startSeededServer } from '../engine/http/real-server.js';
import { sessionFor } from '../server/users-helpers.js';
import { TRANSFER_PROMPTS, transferEntryActors, transferEntryMachine } from '../../machines/transfer-entry.js';
import { coverage, transitionPaths } from '../../machines/testing/model-coverage.js';

let server: Awaited<ReturnType<typeof startSeededServer>>;
let demoUserId: number;
const PHONE = DEMO_PHONES[0];

beforeAll(async () => {
  server = await startSeededServer();
  demoUserId = (await server.db.selectFrom('appUser').select('userId').where('phone', '=', PHONE).executeTakeFirstOrThrow()).userId;
}, 120_000);
afterAll(() => server?.close());

/** The guard wired as the browser wires it: the real client and server; the machine's navigations recorded. */
function wire(homeShowLogin: boolean) {
  const c = clientFor(server.baseURL, { homeShowLogin: () => homeShowLogin });
  const routes: string[] = [];
  const machine = transferEntryMachine.provide({
    actors: transferEntryActors(c.client),
    actions: { navigate: (_, route) => void routes.push(route) },
  });
  const actor = createActor(machine, { input: { homeShowLogin } }).start();
  return { c, routes, actor };
}

const storeLiveToken = async (c: ReturnType<typeof clientFor>) => c.session.setLogin(await sessionFor(server, demoUserId), PHONE);

// ---- model-based ----------------------------------------------------------------------------------------------

const modelEvents = [
  { type: 'ENTER', hasToken: false, to: '/turnIn' },
  { type: 'ENTER', hasToken: true, to: '/turnOut' },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'xstate.done.actor.checkToken', output: {} },
  { type: 'xstate.error.actor.checkToken', error: new Error('not 200') },
] as EventObject[];

const describeEvent = (e: EventObject & { hasToken?: boolean }) =>
  e.type === 'ENTER' ? `ENTER(${e.hasToken ? 'token' : 'no token'})` : e.type.replace('xstate.', '');

for (const homeShowLogin of [true, false]) {
  describe(`transfer entry, homeShowLogin ${homeShowLogin}: model-based, against the real server`, () => {
    const paths = transitionPaths(transferEntryMachine, {
      input: { homeShowLogin },
      events: modelEvents,
      key: (s) => s.value,
    });
    const loginRoute = homeShowLogin ? '/' : '/login';

    it('the generated paths reach every state node and take every transition of the machine', () => {
      coverage(transferEntryMachine).addPaths(paths).expectComplete();
    });

    for (const path of paths) {
      it(`drives: ${path.steps.map((s) => describeEvent(s.event)).join(' → ')}`, async () => {
        const { c, routes, actor } = wire(homeShowLogin);
        for (const [i, step] of path.steps.entries()) {
          const event = step.event as EventObject & { hasToken?: boolean; to?: string };
          const before = routes.length;
          if (event.type === 'ENTER') {
            // The model says whether the check passes; the server decides by the token it gets.
            if (!event.hasToken) c.session.clearLogin();
            else if (path.steps[i + 1]?.event.type === 'xstate.done.actor.checkToken') await storeLiveToken(c);
            else c.session.setLogin('a-token-the-server-never-issued', PHONE);
            actor.send({ type: 'ENTER', hasToken: c.session.token !== null, to: event.to });
          } else if (event.type === 'CONFIRM' || event.type === 'CANCEL') {
            actor.send({ type: event.type });
          } else if (i > 0) {
            await waitFor(actor, (s) => !s.matches('checking'), { timeout: 10_000 });
          }
          const snapshot = actor.getSnapshot();
          expect(snapshot.value).toEqual(step.state.value);
          const prompt = { askLogin: TRANSFER_PROMPTS.noToken, askRelogin: TRANSFER_PROMPTS.expired }[snapshot.value as string] ?? null;
          expect(snapshot.context.prompt).toBe(prompt);
          const added = routes.slice(before);
          if (event.type === 'CONFIRM') expect(added).toEqual([loginRoute]);
          else if (event.type === 'xstate.done.actor.checkToken') expect(added).toEqual([snapshot.context.to]);
          else expect(added).toEqual([]);
        }
        actor.stop();
      });
    }
  });
}

// ---- the rules, by example ----------------------------------------------------------------------------------

describe('transfer entry: the rules', () => {
  it('the prompts are the spec’s texts', () => {
    expect(TRANSFER_PROMPTS).toEqual({ noToken: '请先登录账号?', expired: '登录状态失效,请重新登录账号?' });
  });

  it('no stored token: no call, 请先登录账号?; confirm goes to /login (homeShowLogin false)', async () => {
    const { c, routes, actor } = wire(false);
    actor.send({ type: 'ENTER', hasToken: false, to: '/turnOut' });
    expect(actor.getSnapshot().value).toBe('askLogin');
    expect(actor.getSnapshot().context.prompt).toBe('请先登录账号?');
    actor.send({ type: 'CONFIRM' });
    expect(routes).toEqual(['/login']);
    expect(actor.getSnapshot().context.prompt).toBeNull();
    expect(c.notifier.entries).toEqual([]);
  });

  it('a live token: the server check passes and the transfer page opens', async () => {
    const { c, routes, actor } = wire(true);
    await storeLiveToken(c);
    actor.send({ type: 'ENTER', hasToken: true, to: '/turnOut' });
    expect(actor.getSnapshot().value).toBe('checking');
    await waitFor(actor, (s) => s.matches('allowed'), { timeout: 10_000 });
    expect(routes).toEqual(['/turnOut']);
  });

  it('a token the server no longer knows: 登录状态失效,请重新登录账号?; cancel stays put; confirm goes home (homeShowLogin)', async () => {
    const { c, routes, actor } = wire(true);
    const token = await sessionFor(server, demoUserId);
    c.session.setLogin(token, PHONE);
    await server.db.deleteFrom('userSession').where('userId', '=', demoUserId).execute();
    actor.send({ type: 'ENTER', hasToken: true, to: '/turnIn' });
    await waitFor(actor, (s) => !s.matches('checking'), { timeout: 10_000 });
    expect(actor.getSnapshot().value).toBe('askRelogin');
    expect(actor.getSnapshot().context.prompt).toBe('登录状态失效,请重新登录账号?');
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(routes).toEqual([]);
    actor.send({ type: 'ENTER', hasToken: c.session.token !== null });
    actor.send({ type: 'CONFIRM' });
    expect(routes).toEqual(['/']);
  });

  it('while a prompt is open, another ENTER is ignored', () => {
    const { actor } = wire(false);
    actor.send({ type: 'ENTER', hasToken: false });
    actor.send({ type: 'ENTER', hasToken: true });
    expect(actor.getSnapshot().value).toBe('askLogin');
  });
});
