import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { ApiPort } from './ports.js';

/** The prompts of spec §6, copied exactly. */
export const TRANSFER_PROMPTS = {
  noToken: '请先登录账号?',
  expired: '登录状态失效,请重新登录账号?',
} as const;

export interface TransferEntryInput {
  /** The region's flag: confirming a prompt goes home (`/`) when it shows login there, else to `/login`. */
  homeShowLogin: boolean;
}

export interface TransferEntryContext {
  homeShowLogin: boolean;
  /** Where `ENTER` wants to go once allowed (e.g. the transfer-out route); null to stay where it is. */
  to: string | null;
  /** The open prompt's text (confirm and cancel buttons), or null. */
  prompt: string | null;
}

export type TransferEntryEvent =
  /** The user asks to enter transfer-out or transfer-in. `hasToken`: the session store holds a token right now. */
  { type: 'ENTER'; hasToken: boolean; to?: string } | { type: 'CONFIRM' } | { type: 'CANCEL' };

/**
 * The transfer-out / transfer-in entry guard (spec §6): `ENTER` without a stored token → `askLogin`
 * (请先登录账号?); with one → `checking` (the server's token check) → `allowed` on code 200, else `askRelogin`
 * (登录状态失效,请重新登录账号?). `CONFIRM` on a prompt navigates to `/` when the region's `homeShowLogin`, else
 * to `/login`; `CANCEL` stays. Both return to `idle`. Entering `allowed` navigates to the event's `to`, if any.
 *
 * Provide the actor `checkToken` (resolves on code 200, rejects otherwise: {@link transferEntryActors}) and the
 * action `navigate` (a hash route).
 *
 * @example
 * const guard = createActor(
 *   transferEntryMachine.provide({ actors: transferEntryActors(client), actions: { navigate: (_, route) => router.navigate(route) } }),
 *   { input: { homeShowLogin: region.flags.homeShowLogin === true } },
 * ).start();
 * guard.send({ type: 'ENTER', hasToken: session.token !== null, to: '/turnOut' });
 * // askLogin / askRelogin → a confirm dialog with context.prompt
 */
export const transferEntryMachine = setup({
  types: {
    context: {} as TransferEntryContext,
    events: {} as TransferEntryEvent,
    input: {} as TransferEntryInput,
  },
  actors: {
    // Safe default: unwired, nobody passes.
    checkToken: fromPromise<unknown>(async () => {
      throw new Error('checkToken is not provided');
    }),
  },
  actions: {
    navigate: (_, _route: string) => {},
  },
  guards: {
    noToken: ({ event }) => event.type === 'ENTER' && !event.hasToken,
  },
}).createMachine({
  id: 'transferEntry',
  context: ({ input }) => ({ homeShowLogin: input.homeShowLogin, to: null, prompt: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        ENTER: [
          { guard: 'noToken', target: 'askLogin', actions: assign({ to: ({ event }) => event.to ?? null }) },
          { target: 'checking', actions: assign({ to: ({ event }) => event.to ?? null }) },
        ],
      },
    },
    checking: {
      invoke: {
        id: 'checkToken',
        src: 'checkToken',
        onDone: { target: 'allowed' },
        // Any answer but code 200, or none at all.
        onError: { target: 'askRelogin' },
      },
    },
    askLogin: {
      entry: assign({ prompt: TRANSFER_PROMPTS.noToken }),
      exit: assign({ prompt: null }),
      on: {
        CONFIRM: { target: 'idle', actions: { type: 'navigate', params: ({ context }) => (context.homeShowLogin ? '/' : '/login') } },
        CANCEL: { target: 'idle' },
      },
    },
    askRelogin: {
      entry: assign({ prompt: TRANSFER_PROMPTS.expired }),
      exit: assign({ prompt: null }),
      on: {
        CONFIRM: { target: 'idle', actions: { type: 'navigate', params: ({ context }) => (context.homeShowLogin ? '/' : '/login') } },
        CANCEL: { target: 'idle' },
      },
    },
    allowed: {
      entry: enqueueActions(({ context, enqueue }) => {
        if (context.to) enqueue({ type: 'navigate', params: context.to });
      }),
      on: {
        // Entering again checks again: the session may have ended meanwhile.
        ENTER: [
          { guard: 'noToken', target: 'askLogin', actions: assign({ to: ({ event }) => event.to ?? null }) },
          { target: 'checking', actions: assign({ to: ({ event }) => event.to ?? null }) },
        ],
      },
    },
  },
});

/**
 * The real `checkToken` actor (`POST /userInfo/checkToken` with the stored bearer token).
 *
 * @example transferEntryMachine.provide({ actors: transferEntryActors(client) })
 */
export function transferEntryActors(client: ApiPort) {
  // The guard's own prompt is the message: the client clears a stale login without also saying 会话已过期.
  return { checkToken: fromPromise<unknown>(() => client.call('checkToken', { quietExpiry: true })) };
}
