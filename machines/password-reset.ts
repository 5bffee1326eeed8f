import { assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import type { ApiPort } from './ports.js';
import { passwordProblem } from './password-rule.js';
import { phoneProblem } from './phone-rule.js';
import { smsCountdownActors, smsCountdownMachine, unshownFailure, type Notice } from './sms-countdown.js';

/** Spec §5, an empty code. */
export const CODE_MISSING = '请输入验证码';

export interface PasswordResetInput {
  /** Length of the code button's countdown; 60 s by default. */
  codeSeconds?: number;
}

export interface PasswordResetContext {
  codeSeconds: number | undefined;
  /** The hint under the new-password field, or null. */
  passwordHint: string | null;
}

/** What `updatePwdForMobile` takes. */
export interface ResetRequest {
  phone: string;
  code: string;
  newPassword: string;
  uuid?: string;
}

export type PasswordResetEvent =
  /** The code button: handed to the embedded SMS countdown (child `sms`). */
  { type: 'SEND_CODE'; phone: string } | { type: 'SUBMIT'; phone: string; newPassword: string; code: string };

type Submit = Extract<PasswordResetEvent, { type: 'SUBMIT' }>;

/**
 * The password reset dialog (spec §4, §5): step 0 is `form` (phone, new password, code) → `submitting` → the
 * `success` step (final). The code button is the embedded {@link smsCountdownMachine} (child `sms`, alive for the
 * whole dialog, so a refused submit does not restart its countdown): read its snapshot for the button. A broken
 * password rule sets `passwordHint` and blocks the reset silently; an empty or bad phone and an empty code are said
 * through `notify`; a refused reset is shown (once) and the dialog stays on step 0.
 *
 * Provide `resetPassword` and `smsCountdown` ({@link passwordResetActors} builds both from the portal's client)
 * and `notify`.
 *
 * @example
 * const notify = (_: unknown, n: Notice) => notifier.message(n.kind, n.text);
 * const dialog = createActor(
 *   passwordResetMachine.provide({ actors: passwordResetActors(client, { notify }), actions: { notify } }),
 *   { input: {} },
 * ).start();
 * dialog.send({ type: 'SEND_CODE', phone });
 * const button = dialog.getSnapshot().children.sms?.getSnapshot(); // idle | sending | counting, context.secondsLeft
 * dialog.send({ type: 'SUBMIT', phone, newPassword, code });
 */
export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    input: {} as PasswordResetInput,
  },
  actors: {
    smsCountdown: smsCountdownMachine,
    // Safe default: unwired, no password changes.
    resetPassword: fromPromise<unknown, ResetRequest>(async () => {
      throw new Error('resetPassword is not provided');
    }),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    checkPassword: assign({
      passwordHint: ({ event }) => (event.type === 'SUBMIT' ? (passwordProblem(event.newPassword) ?? null) : null),
    }),
  },
  guards: {
    phoneRefused: ({ event }) => event.type === 'SUBMIT' && phoneProblem(event.phone) !== undefined,
    passwordRefused: ({ event }) => event.type === 'SUBMIT' && passwordProblem(event.newPassword) !== undefined,
    codeMissing: ({ event }) => event.type === 'SUBMIT' && !event.code.trim(),
  },
}).createMachine({
  id: 'passwordReset',
  context: ({ input }) => ({ codeSeconds: input.codeSeconds, passwordHint: null }),
  invoke: { id: 'sms', src: 'smsCountdown', input: ({ context }) => ({ seconds: context.codeSeconds }) },
  initial: 'form',
  states: {
    form: {
      on: {
        SEND_CODE: { actions: sendTo('sms', ({ event }) => ({ type: 'SEND' as const, phone: event.phone })) },
        SUBMIT: [
          {
            guard: 'phoneRefused',
            actions: [
              'checkPassword',
              {
                type: 'notify',
                params: ({ event }) => ({ kind: 'warning' as const, text: phoneProblem(event.phone)! }),
              },
            ],
          },
          // Spec §5: the hint shows and the reset is blocked silently.
          { guard: 'passwordRefused', actions: 'checkPassword' },
          {
            guard: 'codeMissing',
            actions: ['checkPassword', { type: 'notify', params: { kind: 'warning', text: CODE_MISSING } }],
          },
          { target: 'submitting', actions: 'checkPassword' },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ event, self }) => {
          const e = event as Submit;
          // The uuid of the code the countdown sent, so the server checks the code against the right one.
          // (`children` is absent when a test model walks the machine without running it.)
          const uuid = self.getSnapshot().children?.sms?.getSnapshot().context.uuid;
          return { phone: e.phone.trim(), code: e.code.trim(), newPassword: e.newPassword, ...(uuid ? { uuid } : {}) };
        },
        onDone: { target: 'success' },
        onError: {
          target: 'form',
          actions: enqueueActions(({ event, enqueue }) => {
            const text = unshownFailure(event.error);
            if (text) enqueue({ type: 'notify', params: { kind: 'error', text } });
          }),
        },
      },
    },
    success: { type: 'final' },
  },
});

/**
 * The real actors: `resetPassword` (`POST /updatePwdForMobile`) and the code button's countdown wired to
 * `POST /getPhoneCode`, telling the user through `notify`.
 *
 * @example passwordResetMachine.provide({ actors: passwordResetActors(client, { notify }), actions: { notify } })
 */
export function passwordResetActors(client: ApiPort, actions: { notify: (_: unknown, notice: Notice) => void }) {
  return {
    resetPassword: fromPromise<unknown, ResetRequest>(({ input }) => client.call('updatePwdForMobile', { body: input })),
    smsCountdown: smsCountdownMachine.provide({
      actors: smsCountdownActors(client),
      actions: { notify: actions.notify },
    }),
  };
}
