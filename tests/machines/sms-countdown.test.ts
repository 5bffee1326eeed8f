import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, waitFor, type EventObject } from 'xstate';
import { ApiError } from '../../machines/ports.js';
import { clientFor } from '../engine/http/client-setup.js';
import { startSeededServer } from '../engine/http/real-server.js';
import { PHONE_MESSAGES, phoneProblem } from '../../machines/phone-rule.js';
import { SMS_COUNTDOWN_SECONDS, smsCountdownActors, smsCountdownMachine, unshownFailure, type Notice } from '../../machines/sms-countdown.js';
import { coverage, transitionPaths } from '../../machines/testing/model-coverage.js';

let server: Awaited<ReturnType<typeof startSeededServer>>;
/** A phone whose code was sent moments ago: the server refuses another for 60 s (a real failure). */
const LIMITED_PHONE = '13999999999';
let phoneSeq = 0;
const freshPhone = () => `139${String(++phoneSeq).padStart(8, '0')}`;

beforeAll(async () => {
  server = await startSeededServer();
  await clientFor(server.baseURL).client.call('getPhoneCode', { body: { platForm: 2, phone: LIMITED_PHONE } });
}, 120_000);
afterAll(() => server?.close());

/** Moves a simulated clock on one millisecond at a time, as real time passes (a timer set on a tick counts from it). */
function advance(clock: SimulatedClock, ms: number): void {
  for (let i = 0; i < ms; i++) clock.increment(1);
}

/** A countdown wired as the browser wires it (real client, real server), on a simulated clock. */
function start(seconds?: number) {
  const clock = new SimulatedClock();
  const wired = clientFor(server.baseURL);
  const notices: Notice[] = [];
  const machine = smsCountdownMachine.provide({
    actors: smsCountdownActors(wired.client),
    actions: { notify: (_, notice) => void notices.push(notice) },
  });
  const actor = createActor(machine, { clock, input: { seconds } }).start();
  return { actor, clock, notices, client: wired };
}

// ---- model-based: every generated path is driven against the real server --------------------------------------

const TICK = 'xstate.after.second.smsCountdown.counting';
const MODEL_SECONDS = 3;
const modelEvents = [
  { type: 'SEND', phone: '' },
  { type: 'SEND', phone: '15412345678' },
  { type: 'SEND', phone: '13900000000' },
  { type: 'xstate.done.actor.sendCode', output: { uuid: 'model' } },
  { type: 'xstate.error.actor.sendCode', error: new Error('refused') },
  { type: TICK },
] as unknown as EventObject[];

function describeEvent(event: EventObject & { phone?: string }): string {
  if (event.type === TICK) return 'tick';
  if (event.type === 'SEND') return `SEND(${JSON.stringify(event.phone)})`;
  return event.type.replace('xstate.', '');
}

describe('SMS countdown: model-based, against the real server', () => {
  const paths = transitionPaths(smsCountdownMachine, {
    input: { seconds: MODEL_SECONDS },
    events: modelEvents,
    key: (s) => [s.value, s.context.secondsLeft],
  });

  it('the generated paths reach every state node and take every transition of the machine', () => {
    coverage(smsCountdownMachine).addPaths(paths).expectComplete();
  });

  for (const path of paths) {
    it(`drives: ${path.steps.map((s) => describeEvent(s.event)).join(' → ')}`, async () => {
      const { actor, clock, notices } = start(MODEL_SECONDS);
      for (const [i, step] of path.steps.entries()) {
        const event = step.event as EventObject & { phone?: string };
        const next = path.steps[i + 1]?.event.type;
        if (event.type === 'SEND') {
          // The model says whether the send succeeds; the real server decides by the phone it gets.
          const phone = !phoneProblem(event.phone) ? (next === 'xstate.error.actor.sendCode' ? LIMITED_PHONE : freshPhone()) : event.phone!;
          actor.send({ type: 'SEND', phone });
          if (phoneProblem(phone)) expect(notices.at(-1)).toEqual({ kind: 'warning', text: phoneProblem(phone) });
        } else if (event.type.startsWith('xstate.done.actor') || event.type.startsWith('xstate.error.actor')) {
          await waitFor(actor, (s) => !s.matches('sending'), { timeout: 10_000 });
        } else if (event.type === TICK) {
          clock.increment(1000);
        }
        expect(actor.getSnapshot().value).toEqual(step.state.value);
        expect(actor.getSnapshot().context.secondsLeft).toBe(step.state.context.secondsLeft);
      }
      actor.stop();
    });
  }
});

// ---- the rules, by example ----------------------------------------------------------------------------------

describe('SMS countdown: the rules', () => {
  it('counts down 60 s to the millisecond: 60 at send, 59 at 1 000 ms, 1 at 59 999 ms, enabled at exactly 60 000 ms', async () => {
    const { actor, clock, notices } = start();
    const phone = freshPhone();
    actor.send({ type: 'SEND', phone: ` ${phone} ` });
    expect(actor.getSnapshot().value).toBe('sending');
    await waitFor(actor, (s) => s.matches('counting'), { timeout: 10_000 });
    const code = await server.db.selectFrom('smsCode').select(['uuid']).where('phone', '=', phone).executeTakeFirstOrThrow();
    expect(actor.getSnapshot().context).toMatchObject({ secondsLeft: SMS_COUNTDOWN_SECONDS, phone, uuid: code.uuid });
    advance(clock, 999);
    expect(actor.getSnapshot().context.secondsLeft).toBe(60);
    advance(clock, 1);
    expect(actor.getSnapshot().context.secondsLeft).toBe(59);
    advance(clock, 58_999);
    expect(actor.getSnapshot().value).toBe('counting');
    expect(actor.getSnapshot().context.secondsLeft).toBe(1);
    advance(clock, 1);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.secondsLeft).toBe(0);
    expect(notices).toEqual([]);
  });

  it('while counting a second press sends nothing (the button is disabled)', async () => {
    const { actor, clock } = start();
    const phone = freshPhone();
    actor.send({ type: 'SEND', phone });
    await waitFor(actor, (s) => s.matches('counting'), { timeout: 10_000 });
    advance(clock, 5_000);
    actor.send({ type: 'SEND', phone });
    expect(actor.getSnapshot().value).toBe('counting');
    expect(actor.getSnapshot().context.secondsLeft).toBe(55);
    const rows = await server.db.selectFrom('smsCode').select('id').where('phone', '=', phone).execute();
    expect(rows).toHaveLength(1);
  });

  it('checks the phone first with the spec texts, and makes no call', async () => {
    const { actor, notices } = start();
    const before = await server.db.selectFrom('smsCode').select('id').execute();
    for (const phone of ['', '   ', '1380000000', '15400000000', '17200000000', '23800000000']) actor.send({ type: 'SEND', phone });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(notices.map((n) => n.text)).toEqual([
      PHONE_MESSAGES.missing,
      PHONE_MESSAGES.missing,
      PHONE_MESSAGES.malformed,
      PHONE_MESSAGES.malformed,
      PHONE_MESSAGES.malformed,
      PHONE_MESSAGES.malformed,
    ]);
    expect(PHONE_MESSAGES).toEqual({ missing: '请输入电话号码', malformed: '请输入正确的电话号码' });
    expect(await server.db.selectFrom('smsCode').select('id').execute()).toHaveLength(before.length);
  });

  it('the phone rule: 13x, 15x but 154, 170/171/176/177/178, 18x; 11 digits', () => {
    for (const ok of [
      '13012345678',
      '13912345678',
      '15012345678',
      '15912345678',
      '17012345678',
      '17112345678',
      '17612345678',
      '17712345678',
      '17812345678',
      '18012345678',
      '18912345678',
    ]) {
      expect(phoneProblem(ok), ok).toBeUndefined();
    }
    for (const bad of ['15412345678', '17212345678', '17912345678', '16612345678', '19912345678', '1391234567', '139123456789', '1391234567a']) {
      expect(phoneProblem(bad), bad).toBe('请输入正确的电话号码');
    }
  });

  it('a send refused by the server (60 s per phone) resets the button; the message is shown once, by the client', async () => {
    const { actor, notices, client } = start();
    actor.send({ type: 'SEND', phone: LIMITED_PHONE });
    await waitFor(actor, (s) => !s.matches('sending'), { timeout: 10_000 });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(client.notifier.entries.map((e) => e.text)).toEqual(['验证码发送过于频繁，请60秒后再试']);
    expect(notices).toEqual([]);
  });

  it('a refused connection resets the button too (the client shows 后端接口连接异常)', async () => {
    const clock = new SimulatedClock();
    const closed = clientFor('http://127.0.0.1:9/prod-api');
    const notices: Notice[] = [];
    const actor = createActor(
      smsCountdownMachine.provide({
        actors: smsCountdownActors(closed.client),
        actions: { notify: (_, n) => void notices.push(n) },
      }),
      { clock, input: {} },
    ).start();
    actor.send({ type: 'SEND', phone: freshPhone() });
    await waitFor(actor, (s) => !s.matches('sending'), { timeout: 10_000 });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(closed.notifier.entries.map((e) => e.text)).toEqual(['后端接口连接异常']);
    expect(notices).toEqual([]);
  });

  it('a failure nobody has shown yet goes out through notify', () => {
    expect(unshownFailure(new ApiError('code', '验证码发送失败', 401, undefined, false))).toBe('验证码发送失败');
    expect(unshownFailure(new ApiError('code', '已提示', 429))).toBeUndefined();
    expect(unshownFailure(new Error('sendCode is not provided'))).toBe('sendCode is not provided');
    expect(unshownFailure('?')).toBe('系统未知错误，请反馈给管理员');
  });

  it('unwired, it sends nothing and says so', async () => {
    const notices: Notice[] = [];
    const actor = createActor(smsCountdownMachine.provide({ actions: { notify: (_, n) => void notices.push(n) } }), {
      input: {},
    }).start();
    actor.send({ type: 'SEND', phone: '13800000001' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(notices).toEqual([{ kind: 'error', text: 'sendCode is not provided' }]);
  });
});
