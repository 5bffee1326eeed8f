import { assign, enqueueActions, fromPromise, not, setup, stateIn, type SnapshotFrom } from 'xstate';
import { unshownFailure, type Notice } from './sms-countdown.js';

/**
 * A user's registration for one project. The database's `registration.state` is 1 approved, 2 awaiting review,
 * 3 rejected; 0 (the spec's "not registered") is the absence of a row.
 */
export type RegistrationState = 0 | 1 | 2 | 3;

/** The machine's name for each stored state. */
export const REGISTRATION_STATES = { 0: 'unregistered', 1: 'approved', 2: 'pending', 3: 'rejected' } as const;

/** Spec §4 button texts (the detail screen), plus the two this machine adds for a refusal and a visitor. */
export const REGISTRATION_LABELS = {
  register: '立即报名',
  approved: '报名成功',
  pending: '已报名，待审核',
  bid: '立即竞价',
  notRegistered: '未报名',
  /** Decided here: a rejected registration (state 3) says so rather than offering a second sign-up. */
  rejected: '报名未通过',
  /** Decided here: a visitor is asked to log in first (the click sends LOGIN). */
  login: '请先登录',
} as const;

export interface RegistrationInput {
  /** The project's status 2..11 (the project status machine's `context.status`). */
  status: number;
  loggedIn: boolean;
  /** The user's stored registration state; 0 or absent when there is none. */
  registrationState?: RegistrationState;
}

export interface RegistrationContext {
  status: number;
  /** The user's registration as a stored state (0 none): kept in step with the `account` region. */
  registrationState: RegistrationState;
  loggedIn: boolean;
}

export type RegistrationEvent =
  /** The project's status changed (from the project status machine). */
  | { type: 'STATUS'; status: number }
  /** The user logged in; their stored registration for this project comes with it. */
  | { type: 'LOGGED_IN'; registrationState: RegistrationState }
  | { type: 'LOGGED_OUT' }
  /** Clicks the button sends (see {@link registrationButton}). */
  | { type: 'REGISTER' }
  | { type: 'BID' }
  | { type: 'LOGIN' }
  /** News about the registration (a notice, a refresh, another tab). */
  | { type: 'SUBMITTED' }
  | { type: 'APPROVED' }
  | { type: 'REJECTED' };

/** What the `register` actor resolves: the stored state the server gave the new registration (2, or 1 if approved at once). */
export interface RegisterOutput {
  state: 1 | 2;
}

const phaseOf = (status: number) => (status === 4 ? 'signUp' : status === 6 ? 'bidding' : 'closed');

/**
 * Registration and bidding rights on a project's detail screen (spec §4, §6). Two parallel regions:
 * `phase` follows the project status — `signUp` (4), `bidding` (6), `closed` (any other: no action) — and
 * `account` the user — `anonymous`, `unregistered` (0), `submitting`, `pending` (2), `approved` (1),
 * `rejected` (3). {@link registrationButton} turns a snapshot into the button: label, enabled, and the event a click
 * sends (`REGISTER`, `BID`, `LOGIN`).
 *
 * Provide `register` (resolves {@link RegisterOutput}; rejects with the reason), `openBidding` (show the bid panel),
 * `requestLogin` (the login prompt or page) and `notify` (a failed registration's reason, unless the client showed it).
 *
 * @example
 * const actor = createActor(registrationMachine.provide({
 *   actors: { register: fromPromise(() => client.call('registerProject', { body: { id } })) },
 *   actions: { openBidding: () => setPanel(true), requestLogin: () => navigate('/login'), notify: (_, n) => notifier.message(n.kind, n.text) },
 * }), { input: { status: 4, loggedIn: true, registrationState: 0 } }).start();
 * const button = registrationButton(actor.getSnapshot()); // { label: '立即报名', enabled: true, event: 'REGISTER' }
 * if (button?.event) actor.send({ type: button.event });
 */
export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    input: {} as RegistrationInput,
  },
  actors: {
    // Safe default: no wiring, no registration sent (the button comes back and says why).
    register: fromPromise<RegisterOutput>(async () => {
      throw new Error('register is not provided');
    }),
  },
  actions: {
    openBidding: () => {},
    requestLogin: () => {},
    notify: (_, _notice: Notice) => {},
  },
  guards: {
    signUpPhase: ({ context }) => phaseOf(context.status) === 'signUp',
    biddingPhase: ({ context }) => phaseOf(context.status) === 'bidding',
    loggedIn: ({ context }) => context.loggedIn,
    isApproved: ({ context }) => context.registrationState === 1,
    isPending: ({ context }) => context.registrationState === 2,
    isRejected: ({ context }) => context.registrationState === 3,
    approvedAtOnce: ({ event }) => (event as unknown as { output: RegisterOutput }).output.state === 1,
  },
}).createMachine({
  id: 'registration',
  type: 'parallel',
  context: ({ input }) => ({
    status: input.status,
    loggedIn: input.loggedIn,
    registrationState: input.loggedIn ? (input.registrationState ?? 0) : 0,
  }),
  on: {
    STATUS: { target: ['.phase.init'], actions: assign({ status: ({ event }) => event.status }) },
    LOGGED_OUT: { target: ['.account.anonymous'], actions: assign({ loggedIn: false, registrationState: 0 }) },
  },
  states: {
    phase: {
      initial: 'init',
      states: {
        init: {
          always: [{ guard: 'signUpPhase', target: 'signUp' }, { guard: 'biddingPhase', target: 'bidding' }, { target: 'closed' }],
        },
        signUp: {},
        bidding: {},
        closed: {},
      },
    },
    account: {
      initial: 'init',
      states: {
        init: {
          always: [
            { guard: not('loggedIn'), target: 'anonymous' },
            { guard: 'isApproved', target: 'approved' },
            { guard: 'isPending', target: 'pending' },
            { guard: 'isRejected', target: 'rejected' },
            { target: 'unregistered' },
          ],
        },
        anonymous: {
          on: {
            LOGIN: { guard: not(stateIn({ phase: 'closed' })), actions: 'requestLogin' },
            LOGGED_IN: {
              target: 'init',
              actions: assign({ loggedIn: true, registrationState: ({ event }) => event.registrationState }),
            },
          },
        },
        unregistered: {
          entry: assign({ registrationState: 0 }),
          on: {
            // Only while sign-up is open (the button offers it only then).
            REGISTER: { guard: stateIn({ phase: 'signUp' }), target: 'submitting' },
            SUBMITTED: { target: 'pending' },
          },
        },
        submitting: {
          invoke: {
            id: 'register',
            src: 'register',
            onDone: [{ guard: 'approvedAtOnce', target: 'approved' }, { target: 'pending' }],
            onError: {
              target: 'unregistered',
              actions: enqueueActions(({ event, enqueue }) => {
                const text = unshownFailure(event.error);
                if (text) enqueue({ type: 'notify', params: { kind: 'error', text } });
              }),
            },
          },
        },
        pending: {
          entry: assign({ registrationState: 2 }),
          on: { APPROVED: { target: 'approved' }, REJECTED: { target: 'rejected' } },
        },
        approved: {
          entry: assign({ registrationState: 1 }),
          on: {
            BID: { guard: stateIn({ phase: 'bidding' }), actions: 'openBidding' },
          },
        },
        rejected: { entry: assign({ registrationState: 3 }) },
      },
    },
  },
});

export type RegistrationSnapshot = SnapshotFrom<typeof registrationMachine>;

/** What the detail screen's button shows; `event` is what a click sends (null: nothing to do). */
export interface RegistrationButton {
  label: string;
  enabled: boolean;
  event: 'REGISTER' | 'BID' | 'LOGIN' | null;
  /** A registration is on its way. */
  loading?: boolean;
}

/** Where the user stands, as the machine's `account` region names it. */
export type RegistrationAccount = 'anonymous' | 'unregistered' | 'submitting' | 'pending' | 'approved' | 'rejected';

/**
 * The spec §4 label rule as a pure function: the detail screen's button for a project status and where the user
 * stands, or null when the status offers no action (not 4 or 6).
 * Status 4: 0 立即报名, 1 报名成功, 2 已报名，待审核 (3 报名未通过). Status 6: 1 立即竞价, otherwise 未报名.
 * A visitor gets 请先登录 (LOGIN) in both.
 *
 * @example registrationButtonFor(6, 'approved') // { label: '立即竞价', enabled: true, event: 'BID' }
 */
export function registrationButtonFor(status: number, account: RegistrationAccount): RegistrationButton | null {
  const phase = phaseOf(status);
  if (phase === 'closed') return null;
  if (account === 'anonymous') return { label: REGISTRATION_LABELS.login, enabled: true, event: 'LOGIN' };
  if (phase === 'bidding') {
    return account === 'approved'
      ? { label: REGISTRATION_LABELS.bid, enabled: true, event: 'BID' }
      : { label: REGISTRATION_LABELS.notRegistered, enabled: false, event: null };
  }
  switch (account) {
    case 'unregistered':
      return { label: REGISTRATION_LABELS.register, enabled: true, event: 'REGISTER' };
    case 'submitting':
      return { label: REGISTRATION_LABELS.register, enabled: false, event: null, loading: true };
    case 'pending':
      return { label: REGISTRATION_LABELS.pending, enabled: false, event: null };
    case 'approved':
      return { label: REGISTRATION_LABELS.approved, enabled: false, event: null };
    default:
      return { label: REGISTRATION_LABELS.rejected, enabled: false, event: null };
  }
}

/**
 * The button for a snapshot of {@link registrationMachine} ({@link registrationButtonFor} of its status and account),
 * or null when the status offers no action (not 4 or 6).
 *
 * @example registrationButton(actor.getSnapshot()) // { label: '立即竞价', enabled: true, event: 'BID' }
 */
export function registrationButton(snapshot: RegistrationSnapshot): RegistrationButton | null {
  const phase = snapshot.matches({ phase: 'signUp' }) ? 4 : snapshot.matches({ phase: 'bidding' }) ? 6 : null;
  if (phase === null) return null;
  const account = (snapshot.value as { account: RegistrationAccount | 'init' }).account;
  return registrationButtonFor(phase, account === 'init' ? 'unregistered' : account);
}
