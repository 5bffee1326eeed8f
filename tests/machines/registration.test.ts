import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type EventObject, type InspectionEvent, type Snapshot } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { ApiError } from '../../machines/ports.js';
import { REGISTRATION_LABELS, registrationButton, registrationMachine, type RegisterOutput, type RegistrationInput } from '../../machines/registration.js';
import type { Notice } from '../../machines/sms-countdown.js';
import { coverage, transitionPaths } from '../../machines/testing/model-coverage.js';

/**
 * The machine wired with a deterministic `register` boundary (there is no project sign-up call in the API yet):
 * each registration waits until the test settles it.
 */
function start(input: RegistrationInput, inspect?: (e: InspectionEvent) => void) {
  const calls = { openBidding: 0, requestLogin: 0, register: 0 };
  const notices: Notice[] = [];
  let settle: { resolve: (o: RegisterOutput) => void; reject: (e: unknown) => void } | undefined;
  const machine = registrationMachine.provide({
    actors: {
      register: fromPromise<RegisterOutput>(() => {
        calls.register++;
        return new Promise((resolve, reject) => (settle = { resolve, reject }));
      }),
    },
    actions: {
      openBidding: () => void calls.openBidding++,
      requestLogin: () => void calls.requestLogin++,
      notify: (_, n) => void notices.push(n),
    },
  });
  const actor = createActor(machine, { input, inspect }).start();
  return { actor, calls, notices, settle: () => settle! };
}

// ---- model-based -----------------------------------------------------------------------------------------------

type Snap = Snapshot<unknown> & { value: unknown; context: Record<string, unknown> };

const EVENTS = [
  { type: 'STATUS', status: 4 },
  { type: 'STATUS', status: 6 },
  { type: 'STATUS', status: 7 },
  ...[0, 1, 2, 3].map((registrationState) => ({ type: 'LOGGED_IN', registrationState })),
  { type: 'LOGGED_OUT' },
  { type: 'REGISTER' },
  { type: 'BID' },
  { type: 'LOGIN' },
  { type: 'SUBMITTED' },
  { type: 'APPROVED' },
  { type: 'REJECTED' },
  { type: 'xstate.done.actor.register', output: { state: 2 } },
  { type: 'xstate.done.actor.register', output: { state: 1 } },
  { type: 'xstate.error.actor.register', error: new Error('本项目报名已截止') },
] as EventObject[];

const MODEL_INPUT: RegistrationInput = { status: 4, loggedIn: false };
const paths = transitionPaths<Snap>(registrationMachine, {
  input: MODEL_INPUT,
  events: EVENTS,
  key: (s) => [s.value, s.context],
});

/** Drives a real actor along a path: clicks and news are sent, the registration's outcome is settled at the boundary. */
async function drive(path: StatePath<Snap, EventObject>, inspect?: (e: InspectionEvent) => void) {
  const { actor, calls, notices, settle } = start(MODEL_INPUT, inspect);
  for (const step of path.steps) {
    const event = step.event as EventObject & { output?: RegisterOutput; error?: Error };
    const before = { ...calls };
    if (event.type === 'xstate.done.actor.register') {
      settle().resolve(event.output!);
      await waitFor(actor, (s) => !s.matches({ account: 'submitting' }));
    } else if (event.type === 'xstate.error.actor.register') {
      settle().reject(event.error);
      await waitFor(actor, (s) => !s.matches({ account: 'submitting' }));
      expect(notices.at(-1)).toEqual({ kind: 'error', text: '本项目报名已截止' });
    } else if (event.type !== 'xstate.init') {
      actor.send(event as never);
    }
    if (event.type === 'BID') expect(calls.openBidding).toBe(before.openBidding + 1);
    if (event.type === 'LOGIN') expect(calls.requestLogin).toBe(before.requestLogin + 1);
    if (event.type === 'REGISTER') expect(calls.register).toBe(before.register + 1);
    expect(actor.getSnapshot().value).toEqual(step.state.value);
    expect(actor.getSnapshot().context).toEqual(step.state.context);
  }
  actor.stop();
}

describe('registration: model-based', () => {
  it('the generated paths reach every state node and take every transition of the machine', async () => {
    const seen = coverage(registrationMachine);
    for (const path of paths) await drive(path, seen.inspect);
    seen.expectComplete();
  });

  for (const path of paths) {
    const name = path.steps
      .map(
        (s) =>
          s.event.type.replace('xstate.', '') +
          ('status' in s.event ? `(${s.event.status})` : '') +
          ('registrationState' in s.event ? `(${s.event.registrationState})` : '') +
          ('output' in s.event ? `(${(s.event.output as RegisterOutput).state})` : ''),
      )
      .join(' → ');
    it(`drives: ${name}`, () => drive(path));
  }
});

// ---- the rules, by example ----------------------------------------------------------------------------------

describe('registration: the button', () => {
  const button = (input: RegistrationInput) => registrationButton(start(input).actor.getSnapshot());

  it('status 4: 0 立即报名, 1 报名成功, 2 已报名，待审核; 3 (rejected) 报名未通过', () => {
    expect(button({ status: 4, loggedIn: true, registrationState: 0 })).toEqual({
      label: '立即报名',
      enabled: true,
      event: 'REGISTER',
    });
    expect(button({ status: 4, loggedIn: true })).toEqual({ label: '立即报名', enabled: true, event: 'REGISTER' });
    expect(button({ status: 4, loggedIn: true, registrationState: 1 })).toEqual({
      label: '报名成功',
      enabled: false,
      event: null,
    });
    expect(button({ status: 4, loggedIn: true, registrationState: 2 })).toEqual({
      label: '已报名，待审核',
      enabled: false,
      event: null,
    });
    expect(button({ status: 4, loggedIn: true, registrationState: 3 })).toEqual({
      label: '报名未通过',
      enabled: false,
      event: null,
    });
  });

  it('status 6: 1 立即竞价, otherwise 未报名', () => {
    expect(button({ status: 6, loggedIn: true, registrationState: 1 })).toEqual({
      label: '立即竞价',
      enabled: true,
      event: 'BID',
    });
    for (const registrationState of [0, 2, 3] as const) {
      expect(button({ status: 6, loggedIn: true, registrationState })).toEqual({
        label: '未报名',
        enabled: false,
        event: null,
      });
    }
  });

  it('other statuses: no action', () => {
    for (const status of [2, 3, 5, 7, 8, 9, 10, 11]) expect(button({ status, loggedIn: true, registrationState: 1 })).toBeNull();
  });

  it('a visitor is asked to log in first, in 4 and 6; logging in brings their registration', () => {
    expect(button({ status: 4, loggedIn: false, registrationState: 1 })).toEqual({
      label: REGISTRATION_LABELS.login,
      enabled: true,
      event: 'LOGIN',
    });
    const { actor, calls } = start({ status: 6, loggedIn: false });
    expect(registrationButton(actor.getSnapshot())).toEqual({ label: '请先登录', enabled: true, event: 'LOGIN' });
    actor.send({ type: 'LOGIN' });
    expect(calls.requestLogin).toBe(1);
    actor.send({ type: 'LOGGED_IN', registrationState: 1 });
    expect(registrationButton(actor.getSnapshot())).toEqual({ label: '立即竞价', enabled: true, event: 'BID' });
    actor.send({ type: 'LOGGED_OUT' });
    expect(registrationButton(actor.getSnapshot())?.event).toBe('LOGIN');
  });

  it('a registration: the button waits while it is sent, then reads 已报名，待审核; approval and bidding open 立即竞价', async () => {
    const { actor, calls, settle } = start({ status: 4, loggedIn: true, registrationState: 0 });
    actor.send({ type: registrationButton(actor.getSnapshot())!.event! });
    expect(registrationButton(actor.getSnapshot())).toEqual({
      label: '立即报名',
      enabled: false,
      event: null,
      loading: true,
    });
    actor.send({ type: 'REGISTER' });
    expect(calls.register).toBe(1);
    settle().resolve({ state: 2 });
    await waitFor(actor, (s) => s.matches({ account: 'pending' }));
    expect(registrationButton(actor.getSnapshot())?.label).toBe('已报名，待审核');
    actor.send({ type: 'APPROVED' });
    expect(registrationButton(actor.getSnapshot())?.label).toBe('报名成功');
    actor.send({ type: 'BID' });
    expect(calls.openBidding).toBe(0);
    actor.send({ type: 'STATUS', status: 5 });
    expect(registrationButton(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'STATUS', status: 6 });
    actor.send({ type: registrationButton(actor.getSnapshot())!.event! });
    expect(calls.openBidding).toBe(1);
    expect(actor.getSnapshot().context.registrationState).toBe(1);
  });

  it('a refused registration puts the button back; the reason is said once (not again when the client showed it)', async () => {
    const { actor, notices, settle } = start({ status: 4, loggedIn: true });
    actor.send({ type: 'REGISTER' });
    settle().reject(new Error('保证金未缴纳'));
    await waitFor(actor, (s) => s.matches({ account: 'unregistered' }));
    expect(notices).toEqual([{ kind: 'error', text: '保证金未缴纳' }]);
    actor.send({ type: 'REGISTER' });
    settle().reject(new ApiError('code', '系统未知错误，请反馈给管理员', 500));
    await waitFor(actor, (s) => s.matches({ account: 'unregistered' }));
    expect(notices).toHaveLength(1);
    expect(registrationButton(actor.getSnapshot())?.event).toBe('REGISTER');
  });

  it('the default register actor refuses (nothing is sent without wiring)', async () => {
    const actor = createActor(registrationMachine, { input: { status: 4, loggedIn: true } }).start();
    actor.send({ type: 'REGISTER' });
    await waitFor(actor, (s) => s.matches({ account: 'unregistered' }));
  });
});
