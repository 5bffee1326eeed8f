import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { ApiPort } from './ports.js';
import { ERROR_TEXTS, isApiError } from './ports.js';
import type { MessageKind } from './ports.js';
import { phoneProblem } from './phone-rule.js';

/** Spec §9: the code button counts down 60 s. */
export const SMS_COUNTDOWN_SECONDS = 60;

/** Something the user is told (the caller shows it, e.g. through `Notifier.message`). */
export interface Notice {
  kind: MessageKind;
  text: string;
}

/**
 * The text to show for a failed call, or `undefined` when the portal's client has already shown it (an
 * `ApiError` with `shown`): one failure, one message.
 */
export function unshownFailure(error: unknown): string | undefined {
  if (isApiError(error) && error.shown) return undefined;
  return error instanceof Error && error.message ? error.message : ERROR_TEXTS.unknown;
}

export interface SmsCountdownInput {
  /** Length of the countdown; spec §9's 60 s unless a test wants a shorter model. */
  seconds?: number;
}

export interface SmsCountdownContext {
  seconds: number;
  /** What the button shows while counting (60, 59 … 1); 0 when it can be pressed. */
  secondsLeft: number;
  /** The trimmed phone of the last accepted send. */
  phone: string;
  /** The uuid the server gave the last code (the password reset sends it back). */
  uuid: string | null;
}

export type SmsCountdownEvent = { type: 'SEND'; phone: string };

/**
 * The SMS code button (spec §4, §9): `idle` → `sending` → `counting` (one tick a second, `secondsLeft` 60 … 1) →
 * `idle`. The phone is checked first (spec §5 texts, no call); a send failure puts the button back to `idle` and
 * says why through `notify` unless the client already did.
 *
 * Provide `sendCode` (resolves `{ uuid }` on code 200, rejects otherwise: {@link smsCountdownActors} builds it from
 * the portal's client) and `notify`.
 *
 * @example
 * const actor = createActor(
 *   smsCountdownMachine.provide({ actors: smsCountdownActors(client), actions: { notify: (_, n) => notifier.message(n.kind, n.text) } }),
 *   { input: {} }, // or { seconds: n }; 60 by default
 * ).start();
 * actor.send({ type: 'SEND', phone: '13800000001' });
 * // button: idle → enabled; sending → loading; counting → `${context.secondsLeft}s`, disabled
 */
export const smsCountdownMachine = setup({
  types: {
    context: {} as SmsCountdownContext,
    events: {} as SmsCountdownEvent,
    input: {} as SmsCountdownInput,
  },
  actors: {
    // Safe default: no wiring, no code sent (and the button resets).
    sendCode: fromPromise<{ uuid: string }, { phone: string }>(async () => {
      throw new Error('sendCode is not provided');
    }),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
  },
  guards: {
    phoneRefused: ({ event }) => phoneProblem(event.phone) !== undefined,
    lastSecond: ({ context }) => context.secondsLeft <= 1,
  },
  delays: {
    second: 1000,
  },
}).createMachine({
  id: 'smsCountdown',
  context: ({ input }) => ({ seconds: input.seconds ?? SMS_COUNTDOWN_SECONDS, secondsLeft: 0, phone: '', uuid: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        SEND: [
          {
            guard: 'phoneRefused',
            actions: { type: 'notify', params: ({ event }) => ({ kind: 'warning' as const, text: phoneProblem(event.phone)! }) },
          },
          { target: 'sending', actions: assign({ phone: ({ event }) => event.phone.trim() }) },
        ],
      },
    },
    sending: {
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ phone: context.phone }),
        onDone: {
          target: 'counting',
          actions: assign({ uuid: ({ event }) => event.output.uuid, secondsLeft: ({ context }) => context.seconds }),
        },
        onError: {
          target: 'idle',
          actions: enqueueActions(({ event, enqueue }) => {
            const text = unshownFailure(event.error);
            if (text) enqueue({ type: 'notify', params: { kind: 'error', text } });
          }),
        },
      },
    },
    counting: {
      after: {
        second: [
          { guard: 'lastSecond', target: 'idle', actions: assign({ secondsLeft: 0 }) },
          { target: 'counting', reenter: true, actions: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1 }) },
        ],
      },
    },
  },
});

/**
 * The real `sendCode` actor: `POST /getPhoneCode` with `{ platForm: 2, phone }` through the portal's client.
 *
 * @example smsCountdownMachine.provide({ actors: smsCountdownActors(client) })
 */
export function smsCountdownActors(client: ApiPort) {
  return {
    sendCode: fromPromise<{ uuid: string }, { phone: string }>(({ input }) => client.call('getPhoneCode', { body: { platForm: 2, phone: input.phone } })),
  };
}
