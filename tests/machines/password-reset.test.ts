import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, waitFor, type EventObject } from 'xstate';
import { clientFor } from '../engine/http/client-setup.js';
import { startSeededServer } from '../engine/http/real-server.js';
import { insertUser, latestSmsCode } from '../server/users-helpers.js';
import { CODE_MISSING, passwordResetActors, passwordResetMachine } from '../../machines/password-reset.js';
import { PASSWORD_HINT, passwordProblem } from '../../machines/password-rule.js';
import type { Notice } from '../../machines/sms-countdown.js';
import { coverage, transitionPaths } from '../../machines/testing/model-coverage.js';

let server: Awaited<ReturnType<typeof startSeededServer>>;
let phoneSeq = 0;
/** A registered account of its own for each test: the 60 s per-phone rule never meets another test's send. */
async function freshUser(): Promise<string> {
  const phone = `188${String(++phoneSeq).padStart(8, '0')}`;
  await insertUser(server.db, { phone });
  return phone;
}

beforeAll(async () => {
  server = await startSeededServer();
}, 120_000);
afterAll(() => server?.close());

/** The dialog wired as the browser wires it: the real client and server, on a simulated clock. */
function wire() {
  const c = clientFor(server.baseURL);
  const notices: Notice[] = [];
  const notify = (_: unknown, n: Notice) => void notices.push(n);
  const clock = new SimulatedClock();
  const machine = passwordResetMachine.provide({
    actors: passwordResetActors(c.client, { notify }),
    actions: { notify },
  });
  const actor = createActor(machine, { clock, input: {} }).start();
  const sms = () => actor.getSnapshot().children.sms!.getSnapshot();
  /** Presses the code button and waits for the countdown; returns the code the text message carried. */
  async function sendCode(phone: string) {
    actor.send({ type: 'SEND_CODE', phone });
    await waitFor(actor.getSnapshot().children.sms!, (s) => !s.matches('sending'), { timeout: 10_000 });
    return latestSmsCode(server.db, phone);
  }
  return { c, notices, clock, actor, sms, sendCode };
}

const GOOD = 'Reset@2026x';

// ---- model-based ----------------------------------------------------------------------------------------------

const MODEL_PHONE = '18800000000';
const submit = (phone: string, newPassword: string, code: string) => ({ type: 'SUBMIT', phone, newPassword, code });
const modelEvents = [
  { type: 'SEND_CODE', phone: MODEL_PHONE },
  submit('', GOOD, '123456'),
  submit('15400000000', GOOD, '123456'),
  submit(MODEL_PHONE, 'weakpass', '123456'),
  submit(MODEL_PHONE, GOOD, '  '),
  submit(MODEL_PHONE, GOOD, '123456'),
  { type: 'xstate.done.actor.resetPassword', output: null },
  { type: 'xstate.error.actor.resetPassword', error: new Error('refused') },
] as EventObject[];

function describeEvent(e: EventObject & { phone?: string; newPassword?: string; code?: string }): string {
  if (e.type === 'SUBMIT') return `SUBMIT(${JSON.stringify(e.phone)}, ${JSON.stringify(e.newPassword)}, ${JSON.stringify(e.code)})`;
  if (e.type === 'SEND_CODE') return 'SEND_CODE';
  return e.type.replace('xstate.', '');
}

/** What step 0 says for a submit, in the spec's order: phone, then the (silent) password rule, then the code. */
function expectedNotices(e: { phone: string; newPassword: string; code: string }): string[] {
  if (!e.phone.trim()) return ['请输入电话号码'];
  if (e.phone.startsWith('154')) return ['请输入正确的电话号码'];
  if (passwordProblem(e.newPassword)) return [];
  if (!e.code.trim()) return [CODE_MISSING];
  return [];
}

describe('password reset: model-based, against the real server', () => {
  const paths = transitionPaths(passwordResetMachine, {
    input: {},
    events: modelEvents,
    key: (s) => [s.value, s.context.passwordHint],
  });

  it('the generated paths reach every state node and take every transition of the machine', () => {
    coverage(passwordResetMachine).addPaths(paths).expectComplete();
  });

  for (const path of paths) {
    it(`drives: ${path.steps.map((s) => describeEvent(s.event)).join(' → ')}`, async () => {
      const { notices, actor, sms, sendCode } = wire();
      const phone = await freshUser();
      const real = (p: string) => (p === MODEL_PHONE ? phone : p);
      for (const [i, step] of path.steps.entries()) {
        const event = step.event as EventObject & { phone: string; newPassword: string; code: string };
        const before = notices.length;
        if (event.type === 'SEND_CODE') {
          await sendCode(real(event.phone));
          expect(sms().value).toBe('counting');
        } else if (event.type === 'SUBMIT') {
          let code = event.code;
          const goesThrough = step.state.matches('submitting');
          if (goesThrough) {
            // The model says whether the server accepts: the real code when it does, a wrong one when it does not.
            const accepted = path.steps[i + 1]?.event.type === 'xstate.done.actor.resetPassword';
            const sent = sms().matches('counting') ? await latestSmsCode(server.db, phone) : accepted ? await sendCode(phone) : undefined;
            code = accepted ? sent!.code : sent?.code === '000000' ? '111111' : '000000';
          }
          actor.send({ type: 'SUBMIT', phone: real(event.phone), newPassword: event.newPassword, code });
          const said = notices.slice(before).map((n) => n.text);
          expect(said).toEqual(expectedNotices(event));
        } else if (i > 0) {
          await waitFor(actor, (s) => !s.matches('submitting'), { timeout: 10_000 });
        }
        expect(actor.getSnapshot().value).toEqual(step.state.value);
        expect(actor.getSnapshot().context.passwordHint).toBe(step.state.context.passwordHint);
      }
      actor.stop();
    });
  }
});

// ---- the rules, by example ----------------------------------------------------------------------------------

describe('password reset: the rules', () => {
  it('resets with the texted code: success step, and the new password logs in', async () => {
    const { c, notices, actor, sms, sendCode } = wire();
    const phone = await freshUser();
    const sent = await sendCode(phone);
    expect(sms().context).toMatchObject({ secondsLeft: 60, uuid: sent.uuid });
    actor.send({ type: 'SUBMIT', phone: ` ${phone} `, newPassword: GOOD, code: ` ${sent.code} ` });
    expect(actor.getSnapshot().value).toBe('submitting');
    await waitFor(actor, (s) => s.matches('success'), { timeout: 10_000 });
    expect(actor.getSnapshot().status).toBe('done');
    expect(notices).toEqual([]);
    const chunan = server.region('chunan');
    c.session.setDept({ deptId: chunan.deptId, deptCode: chunan.deptCode });
    const login = await c.client.call('login', { body: { username: phone, password: GOOD, loginType: 1 } });
    expect(login.token).toBeTruthy();
  });

  it('a refused code shows the server msg once and stays on step 0; the countdown goes on', async () => {
    const { c, notices, actor, sms, clock, sendCode } = wire();
    const phone = await freshUser();
    const sent = await sendCode(phone);
    for (let ms = 0; ms < 3_000; ms++) clock.increment(1);
    actor.send({ type: 'SUBMIT', phone, newPassword: GOOD, code: sent.code === '000000' ? '111111' : '000000' });
    await waitFor(actor, (s) => !s.matches('submitting'), { timeout: 10_000 });
    expect(actor.getSnapshot().value).toBe('form');
    expect(c.notifier.entries.map((e) => e.text)).toEqual(['验证码错误，请重新输入']);
    expect(notices).toEqual([]);
    expect(sms().value).toBe('counting');
    expect(sms().context.secondsLeft).toBe(57);
  });

  it('a password breaking the rule: the hint, no call, no message; a good one clears it', async () => {
    const { notices, actor } = wire();
    const phone = await freshUser();
    for (const weak of ['Ab1@', 'abcdefg1@', 'ABCDEFG1@', 'Abcdefgh@', 'Abcdefgh1', 'Abc 1234@x', `Ab1@${'x'.repeat(17)}`]) {
      actor.send({ type: 'SUBMIT', phone, newPassword: weak, code: '123456' });
      expect(actor.getSnapshot().value, weak).toBe('form');
      expect(actor.getSnapshot().context.passwordHint, weak).toBe('密码中必须包含大小写字母、数字、特殊字符,长度在8到20位之间。');
    }
    expect(notices).toEqual([]);
    expect(PASSWORD_HINT).toBe('密码中必须包含大小写字母、数字、特殊字符,长度在8到20位之间。');
    expect(passwordProblem(`Ab1@${'x'.repeat(16)}`)).toBeUndefined();
    actor.send({ type: 'SUBMIT', phone, newPassword: GOOD, code: '' });
    expect(actor.getSnapshot().context.passwordHint).toBeNull();
    expect(notices.map((n) => n.text)).toEqual(['请输入验证码']);
  });

  it('the code button checks the phone and counts 60 s on the dialog’s clock', async () => {
    const { notices, actor, sms, clock, sendCode } = wire();
    actor.send({ type: 'SEND_CODE', phone: '' });
    actor.send({ type: 'SEND_CODE', phone: '1540000000' });
    expect(notices.map((n) => n.text)).toEqual(['请输入电话号码', '请输入正确的电话号码']);
    await sendCode(await freshUser());
    for (let ms = 0; ms < 59_999; ms++) clock.increment(1);
    expect(sms().context.secondsLeft).toBe(1);
    clock.increment(1);
    expect(sms().value).toBe('idle');
  });
});
