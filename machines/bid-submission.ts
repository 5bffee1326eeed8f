import { assign, fromPromise, setup } from 'xstate';
import { bidProblem, type AuctionState } from './auction-view.js';
import { isApiError } from './ports.js';

/** Said when a bid fails for a reason the server did not word (the connection, say). */
export const BID_FAILED_TEXT = '出价失败，请稍后重试';

export interface BidSubmissionInput {
  /** The region's affirmMoney: every bid is confirmed in a dialog before it is sent. */
  confirmFirst: boolean;
}

export interface BidSubmissionContext {
  confirmFirst: boolean;
  /** The amount being confirmed or sent. */
  amount: number | null;
  /** Why the last bid was refused, here (the shared rule) or by the server; null when there is nothing to say. */
  problem: string | null;
}

export type BidSubmissionEvent =
  /** The form is submitted with an amount, checked against the auction as the bidder sees it now. */
  { type: 'SUBMIT'; amount: number; auction: AuctionState } | { type: 'CONFIRM' } | { type: 'CANCEL' };

/**
 * One bid from the form to the server (the panel's bid submission as a machine like the others). The
 * amount is checked by the rule the server's test shares (`bidProblem`) before anything is sent; where the region
 * asks, it is confirmed first; it is sent once — a second press while it travels is ignored —; the server's
 * refusal comes back as `problem`. Actions the caller provides: `refused` (focus the amount), `accepted` (say so,
 * reset the stepper), `failed` (reload the auction: the price may have moved).
 *
 * @example
 * const actor = createActor(bidSubmissionMachine.provide({ actors: { sendBid: fromPromise(({ input }) => client.call('auctionBid', { body: { projectId, amount: input.amount } })) } }), { input: { confirmFirst: false } });
 * actor.start().send({ type: 'SUBMIT', amount: 1100, auction });
 */
export const bidSubmissionMachine = setup({
  types: {
    input: {} as BidSubmissionInput,
    context: {} as BidSubmissionContext,
    events: {} as BidSubmissionEvent,
  },
  actors: {
    /** Sends the bid; the caller's client. */
    sendBid: fromPromise<unknown, { amount: number }>(async () => {
      throw new Error('sendBid is provided by the caller');
    }),
  },
  actions: {
    refused: () => {},
    accepted: (_, _params: { amount: number }) => {},
    failed: () => {},
  },
  guards: {
    refusedHere: ({ event }) => event.type === 'SUBMIT' && bidProblem(event.auction, event.amount) !== null,
    confirmFirst: ({ context }) => context.confirmFirst,
  },
}).createMachine({
  id: 'bidSubmission',
  context: ({ input }) => ({ confirmFirst: input.confirmFirst, amount: null, problem: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        SUBMIT: [
          {
            guard: 'refusedHere',
            actions: [assign({ problem: ({ event }) => bidProblem(event.auction, event.amount) }), 'refused'],
          },
          { guard: 'confirmFirst', target: 'confirming', actions: assign({ amount: ({ event }) => event.amount, problem: null }) },
          { target: 'sending', actions: assign({ amount: ({ event }) => event.amount, problem: null }) },
        ],
      },
    },
    confirming: {
      on: {
        CONFIRM: 'sending',
        CANCEL: { target: 'idle', actions: assign({ amount: null }) },
      },
    },
    sending: {
      invoke: {
        src: 'sendBid',
        input: ({ context }) => ({ amount: context.amount! }),
        onDone: { target: 'idle', actions: [{ type: 'accepted', params: ({ context }) => ({ amount: context.amount! }) }, assign({ amount: null })] },
        // The server's reason (below the minimum, not on the grid, ended, not approved…), said by the form as well.
        onError: {
          target: 'idle',
          actions: [assign({ amount: null, problem: ({ event }) => (isApiError(event.error) ? event.error.message : BID_FAILED_TEXT) }), 'failed'],
        },
      },
    },
  },
});
