import { assign, fromPromise, setup } from 'xstate';
import { bidProblem, type AuctionState } from './auction-view.js';
import { newBidKey } from './bid-key.js';
import { isApiError } from './ports.js';

/** Said when a bid fails for a reason the server did not word (the connection, say). */
export const BID_FAILED_TEXT = '出价失败，请稍后重试';
/** The server's answer (MESSAGES.auction.bidNotLanded) for a key no bid landed with: the bid did not land. */
export const BID_NOT_LANDED_TEXT = '出价未成功';
/** Said when, after a lost request, the outcome could not be learnt either (the network stayed down). */
export const BID_UNKNOWN_TEXT = '网络异常，暂时无法确认出价结果，请稍后刷新页面查看出价记录';
/** How often the outcome is asked while the network is down, and how long apart (ms). */
export const OUTCOME_ATTEMPTS = 10;
export const OUTCOME_RETRY_MS = 2000;

/** What became of a bid's key (the `auctionBidOutcome` call): accepted with its amount, or not landed. */
export interface BidKeyOutcome {
  accepted: boolean;
  amount?: number;
}

/** A failure after which the request may have reached the server: a timeout, no connection, a proxy's 5xx page. */
const lostInTransit = (error: unknown) =>
  isApiError(error) && (error.kind === 'timeout' || error.kind === 'network' || (error.kind === 'http' && (error.status ?? 0) >= 500));
/** Worth asking again: lost in transit, or the server's own 5xx (its database briefly away: 503). */
const askAgain = (error: unknown) => lostInTransit(error) || (isApiError(error) && error.kind === 'code' && (error.code ?? 0) >= 500);

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
  /** The key of the bid being confirmed or sent: made once per press, sent with the bid, asked about after a loss. */
  key: string | null;
  /** How often the outcome has been asked for this bid. */
  checks: number;
}

export type BidSubmissionEvent =
  /** The form is submitted with an amount, checked against the auction as the bidder sees it now. */
  { type: 'SUBMIT'; amount: number; auction: AuctionState } | { type: 'CONFIRM' } | { type: 'CANCEL' };

/**
 * One bid from the form to the server (the panel's bid submission as a machine like the others). The
 * amount is checked by the rule the server's test shares (`bidProblem`) before anything is sent; where the region
 * asks, it is confirmed first; it is sent once — a second press while it travels is ignored —; the server's
 * refusal comes back as `problem`. Each press makes a key the bid carries; when the request is lost (timed out, the
 * connection dropped) the bid may still have landed, so the machine asks the server what became of that key
 * (`askOutcome`, again every few seconds while the network is down) and tells the truth: accepted, or
 * 出价未成功. Actions the caller provides: `refused` (focus the amount), `accepted` (say so, reset the stepper),
 * `failed` (reload the auction: the price may have moved).
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
    // The key is optional in the type only so that a caller sending no key (an older test double) still fits.
    sendBid: fromPromise<unknown, { amount: number; key?: string }>(async () => {
      throw new Error('sendBid is provided by the caller');
    }),
    /** Asks what became of the bid sent with `key`; the caller's client (`auctionBidOutcome`). */
    askOutcome: fromPromise<BidKeyOutcome, { key: string }>(async () => {
      throw new Error('askOutcome is provided by the caller');
    }),
  },
  delays: { outcomeRetry: OUTCOME_RETRY_MS },
  actions: {
    /** A press: the amount and a new key for it. */
    pressed: assign(({ event }) => (event.type === 'SUBMIT' ? { amount: event.amount, problem: null, key: newBidKey(), checks: 0 } : {})),
    settled: assign({ amount: null, key: null }),
    refused: () => {},
    accepted: (_, _params: { amount: number }) => {},
    failed: () => {},
  },
  guards: {
    refusedHere: ({ event }) => event.type === 'SUBMIT' && bidProblem(event.auction, event.amount) !== null,
    confirmFirst: ({ context }) => context.confirmFirst,
    lostInTransit: ({ event }) => lostInTransit((event as { error?: unknown }).error),
    askAgain: ({ context, event }) => context.checks < OUTCOME_ATTEMPTS && askAgain((event as { error?: unknown }).error),
    landed: ({ event }) => (event as { output?: BidKeyOutcome }).output?.accepted === true,
  },
}).createMachine({
  id: 'bidSubmission',
  context: ({ input }) => ({ confirmFirst: input.confirmFirst, amount: null, problem: null, key: null, checks: 0 }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        SUBMIT: [
          {
            guard: 'refusedHere',
            actions: [assign({ problem: ({ event }) => bidProblem(event.auction, event.amount) }), 'refused'],
          },
          { guard: 'confirmFirst', target: 'confirming', actions: 'pressed' },
          { target: 'sending', actions: 'pressed' },
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
        input: ({ context }) => ({ amount: context.amount!, key: context.key! }),
        onDone: { target: 'idle', actions: [{ type: 'accepted', params: ({ context }) => ({ amount: context.amount! }) }, 'settled'] },
        onError: [
          // No answer: the bid may have landed all the same. Ask rather than guess.
          { guard: 'lostInTransit', target: 'checking' },
          // The server's reason (below the minimum, not on the grid, ended, not approved…), said by the form as well.
          {
            target: 'idle',
            actions: [assign({ problem: ({ event }) => (isApiError(event.error) ? event.error.message : BID_FAILED_TEXT) }), 'settled', 'failed'],
          },
        ],
      },
    },
    checking: {
      entry: assign({ checks: ({ context }) => context.checks + 1 }),
      invoke: {
        src: 'askOutcome',
        input: ({ context }) => ({ key: context.key! }),
        onDone: [
          {
            guard: 'landed',
            target: 'idle',
            actions: [{ type: 'accepted', params: ({ context, event }) => ({ amount: event.output.amount ?? context.amount! }) }, 'settled'],
          },
          { target: 'idle', actions: [assign({ problem: BID_NOT_LANDED_TEXT }), 'settled', 'failed'] },
        ],
        onError: [
          { guard: 'askAgain', target: 'waiting' },
          { target: 'idle', actions: [assign({ problem: BID_UNKNOWN_TEXT }), 'settled', 'failed'] },
        ],
      },
    },
    /** The network is down (or the server briefly unwell): ask again in a moment. */
    waiting: { after: { outcomeRetry: 'checking' } },
  },
});
