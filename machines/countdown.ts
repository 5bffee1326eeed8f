import { assign, setup } from 'xstate';

export interface CountdownInput {
  /** The moment counted down to (ms epoch on the server's clock), or null for none. */
  target: number | null;
  /** Server time − local time: the countdown runs on the server's clock so every viewer ends together. */
  offset?: number;
  /** The local clock; `Date.now` in the browser, the simulated clock's `now` in tests. */
  now?: () => number;
}

export interface CountdownContext {
  target: number | null;
  offset: number;
  now: () => number;
  /** Whole milliseconds left, 0 when reached; what the page shows (rounded down to seconds by the formatter). */
  remaining: number;
}

export type CountdownEvent =
  /** The end moved (a `delayTime` message) or a new phase started. */
  | { type: 'RETARGET'; target: number | null }
  /** A new measure of the server's clock (a heartbeat reply). */
  | { type: 'OFFSET'; offset: number };

const remainingOf = (c: Pick<CountdownContext, 'target' | 'offset' | 'now'>) => (c.target === null ? 0 : Math.max(0, c.target - (c.now() + c.offset)));

/**
 * A countdown to a moment on the server's clock (the auction end, the sign-up close): `running` ticks on each whole
 * second of what remains, so the display changes exactly when the second does; `reached` at zero; `idle` without a
 * target. `RETARGET` (an extended end) and `OFFSET` (a re-measured clock) recompute at once, from any state.
 *
 * @example
 * const countdown = createActor(countdownMachine, { input: { target: state.biddingStopTime, offset } }).start();
 * countdown.subscribe((s) => render(formatCountdown(s.context.remaining)));
 * countdown.send({ type: 'RETARGET', target: delay.biddingStopTime });
 */
export const countdownMachine = setup({
  types: {
    context: {} as CountdownContext,
    events: {} as CountdownEvent,
    input: {} as CountdownInput,
  },
  actions: {
    recompute: assign({ remaining: ({ context }) => remainingOf(context) }),
  },
  guards: {
    noTarget: ({ context }) => context.target === null,
    reached: ({ context }) => remainingOf(context) === 0,
  },
  delays: {
    // To the next whole second of what remains (1 000 ms when exactly on one).
    toNextSecond: ({ context }) => remainingOf(context) % 1000 || 1000,
  },
}).createMachine({
  id: 'countdown',
  context: ({ input }) => {
    const base = { target: input.target, offset: input.offset ?? 0, now: input.now ?? Date.now };
    return { ...base, remaining: remainingOf(base) };
  },
  initial: 'deciding',
  on: {
    RETARGET: { target: '.deciding', actions: assign({ target: ({ event }) => event.target }) },
    OFFSET: { target: '.deciding', actions: assign({ offset: ({ event }) => event.offset }) },
  },
  states: {
    deciding: {
      entry: 'recompute',
      always: [{ guard: 'noTarget', target: 'idle' }, { guard: 'reached', target: 'reached' }, { target: 'running' }],
    },
    running: {
      after: { toNextSecond: { target: 'deciding', reenter: true } },
    },
    reached: {},
    idle: {},
  },
});
