import { assign, initialTransition, setup } from 'xstate';
import type { ProjectCard, ReleaseRecord } from '../schemas/types/api.js';

/**
 * What the status clock reads from a project: its type, its stored status and its `releaseRecord` times (ms epoch
 * numbers, or null when not scheduled). Shared contract with the server's scheduler.
 */
export interface ProjectTimeline {
  /** 1 tender/procurement, 2 property transfer, 3 demand. */
  type: 1 | 2 | 3;
  /** The stored status 2..11. */
  status: number;
  publicityStopTime: number | null;
  applyStartTime: number | null;
  applyStopTime: number | null;
  biddingStartTime: number | null;
  biddingStopTime: number | null;
}

/** The `releaseRecord` time a status change happens at (and a countdown runs to). */
export type TimelineField = 'publicityStopTime' | 'applyStartTime' | 'applyStopTime' | 'biddingStartTime' | 'biddingStopTime';

/**
 * Project status numbers (spec §4). Outcome meanings follow the seed and the auction engine:
 * 7 deal by competitive bidding (two or more bidders), 8 deal with a sole bidder, 9 deal confirmed by staff
 * afterwards (never set by the clock); 10 ended with no valid bid (流拍) — also how staff close a tender —,
 * 11 ended because the highest bid was below the reserve price.
 */
export const PROJECT_STATUS = {
  publicity: 2,
  publicityEnded: 3,
  signUp: 4,
  signUpEnded: 5,
  bidding: 6,
  dealByBidding: 7,
  dealSoleBidder: 8,
  dealConfirmed: 9,
  noValidBid: 10,
  belowReserve: 11,
} as const;

/** Deal outcomes (spec §9 "Deal statuses 7, 8, 9"). */
export type DealStatus = 7 | 8 | 9;
/** Ended without a deal. */
export type NoDealStatus = 10 | 11;

/** The status a time boundary raises a project to: reaching `field` gives `status`. */
const BOUNDARIES: ReadonlyArray<{ field: TimelineField; status: number }> = [
  { field: 'publicityStopTime', status: 3 },
  { field: 'applyStartTime', status: 4 },
  { field: 'applyStopTime', status: 5 },
  { field: 'biddingStartTime', status: 6 },
];

/**
 * Longest timer a JavaScript clock keeps (2^31 − 1 ms, ~24.8 days): a longer `setTimeout` fires at once. A project
 * whose next change is further away wakes at this limit and re-arms.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** Where the clock has brought a project: never below `floor` (statuses never move backwards). */
interface ClockReading {
  status: number;
  nextChangeAt: number | null;
  countdownField: TimelineField | null;
  biddingEnded: boolean;
}

/**
 * The pure reading behind the machine: the highest status whose boundary time has passed (a boundary is passed at
 * its exact millisecond; a null time is never passed), never below `floor`. Tenders have no bidding, so their clock
 * stops at 5. In 6 the next change is the bidding end; past it the status stays 6 (`biddingEnded`) until the auction
 * engine says DEAL or NO_DEAL.
 */
function readClock(project: ProjectTimeline, now: number, floor: number): ClockReading {
  if (floor >= 7) return { status: floor, nextChangeAt: null, countdownField: null, biddingEnded: false };
  const boundaries = project.type === 1 ? BOUNDARIES.slice(0, 3) : BOUNDARIES;
  let status = Math.max(2, floor);
  for (const b of boundaries) {
    const at = project[b.field];
    if (at !== null && at <= now) status = Math.max(status, b.status);
  }
  if (status >= 6) {
    const stop = project.biddingStopTime;
    const ended = stop !== null && stop <= now;
    return { status, nextChangeAt: ended ? null : stop, countdownField: ended || stop === null ? null : 'biddingStopTime', biddingEnded: ended };
  }
  let next: { at: number; field: TimelineField } | null = null;
  for (const b of boundaries) {
    const at = project[b.field];
    if (at !== null && at > now && b.status > status && (next === null || at < next.at)) next = { at, field: b.field };
  }
  return { status, nextChangeAt: next?.at ?? null, countdownField: next?.field ?? null, biddingEnded: false };
}

export interface ProjectStatusInput {
  project: ProjectTimeline;
  /** The clock's time when the machine starts (ms); on a SimulatedClock, `clock.now()`. */
  now: number;
}

export interface ProjectStatusContext {
  /** The timeline as last known (EXTENDED moves `biddingStopTime` later). */
  project: ProjectTimeline;
  /** The time the machine last knew for sure: its start, a TICK, or the moment its own timer fired. */
  now: number;
  /** The status number 2..11 (7..11 final). */
  status: number;
  /** When the status changes next by the clock (the countdown target); null when the clock will not change it. */
  nextChangeAt: number | null;
  /** Which `releaseRecord` time `nextChangeAt` is, so the client can say what the countdown runs to. */
  countdownField: TimelineField | null;
  /** When the armed timer fires: `nextChangeAt`, or sooner when that is beyond {@link MAX_TIMER_MS}; null: none. */
  wakeAt: number | null;
}

export type ProjectStatusEvent =
  /** The clock says `now` (a resync, e.g. on the server's scheduler or after the page slept). */
  | { type: 'TICK'; now: number }
  /** The auction end moved later (the `delayTime` message); `now` (its serverTime) re-arms the timer exactly. */
  | { type: 'EXTENDED'; biddingStopTime: number; now?: number }
  /** The auction engine (or staff) concluded a deal. */
  | { type: 'DEAL'; status: DealStatus }
  /** Ended without a deal (the auction engine; staff closing a tender send 10). */
  | { type: 'NO_DEAL'; status: NoDealStatus };

/**
 * A project's status lifecycle (spec §4): 2 公示中 → 3 公示结束 → 4 报名中 → 5 报名结束 → 6 竞价中 → 7/8/9 已成交
 * or 10/11 已结束, advanced by its `releaseRecord` times. Each status state arms one `after` timer to `nextChangeAt`
 * (capped at {@link MAX_TIMER_MS}), so on a SimulatedClock a project walks through its statuses by itself; every
 * change passes through the transient `sync` state, which reads the clock and never lowers the status.
 * Tenders (type 1) stop at 5 (`signUpEnded`) until staff close them (`NO_DEAL` 10). Bidding past its end stays 6
 * (`bidding.ended`) until the auction engine sends `DEAL` (7/8/9) or `NO_DEAL` (10/11). `EXTENDED` moves the end
 * later: the running timer fires at the old end and re-arms to the new one, so no wall-clock reading is needed.
 *
 * States: `publicity` (2), `publicityEnded` (3), `signUp` (4), `signUpEnded` (5), `bidding.open` / `bidding.ended`
 * (6), `concluded` (7–9, final), `ended` (10–11, final). No side effects: nothing to provide.
 *
 * @example
 * const clock = new SimulatedClock(); clock.set(Date.now());
 * const actor = createActor(projectStatusMachine, { clock, input: { project, now: clock.now() } }).start();
 * actor.getSnapshot().context; // { status: 2, nextChangeAt: publicityStopTime, countdownField: 'publicityStopTime', … }
 * socket.on('delayTime', (d) => actor.send({ type: 'EXTENDED', biddingStopTime: d.biddingStopTime, now: d.serverTime }));
 */
export const projectStatusMachine = setup({
  types: {
    context: {} as ProjectStatusContext,
    events: {} as ProjectStatusEvent,
    input: {} as ProjectStatusInput,
    output: {} as { status: number },
  },
  guards: {
    open: ({ context }) => context.status < 7,
    isConcluded: ({ context }) => context.status >= 7 && context.status <= 9,
    isEnded: ({ context }) => context.status >= 10,
    biddingOver: ({ context }) => context.status === 6 && readClock(context.project, context.now, 6).biddingEnded,
    isBidding: ({ context }) => context.status === 6,
    isSignUpEnded: ({ context }) => context.status === 5,
    isSignUp: ({ context }) => context.status === 4,
    isPublicityEnded: ({ context }) => context.status === 3,
    timerArmed: ({ context }) => context.wakeAt !== null,
    // The end only moves later (a stale or repeated delayTime changes nothing).
    endsLater: ({ context, event }) =>
      event.type === 'EXTENDED' && (context.project.biddingStopTime === null || event.biddingStopTime > context.project.biddingStopTime),
    endsLaterWithTime: ({ context, event }) =>
      event.type === 'EXTENDED' &&
      event.now !== undefined &&
      (context.project.biddingStopTime === null || event.biddingStopTime > context.project.biddingStopTime),
    // Staff close a tender after its sign-up (10); it has no auction to fail.
    tenderClosed: ({ context, event }) => context.project.type === 1 && event.type === 'NO_DEAL' && event.status === 10,
    // Wire data is checked: only the contract's outcome numbers end a project.
    validDeal: ({ event }) => event.type === 'DEAL' && [7, 8, 9].includes(event.status),
    validNoDeal: ({ event }) => event.type === 'NO_DEAL' && [10, 11].includes(event.status),
  },
  delays: {
    // Dynamic: from the record and the time the machine knows; capped so a real clock's timer cannot overflow.
    nextChange: ({ context }) => (context.wakeAt === null ? MAX_TIMER_MS : Math.max(0, context.wakeAt - context.now)),
  },
  actions: {
    // Reads the clock into the context (never lowering the status) and arms the next wake-up.
    resolve: assign(({ context }) => {
      const { status, nextChangeAt, countdownField } = readClock(context.project, context.now, context.status);
      return { status, nextChangeAt, countdownField, wakeAt: nextChangeAt === null ? null : Math.min(nextChangeAt, context.now + MAX_TIMER_MS) };
    }),
    // The timer fired, so the time is exactly the one it was armed for.
    timerFired: assign({ now: ({ context }) => context.wakeAt ?? context.now }),
  },
}).createMachine({
  id: 'projectStatus',
  context: ({ input }) => ({
    project: input.project,
    now: input.now,
    status: Math.min(11, Math.max(2, input.project.status)),
    nextChangeAt: null,
    countdownField: null,
    wakeAt: null,
  }),
  initial: 'sync',
  on: {
    // Final statuses have nothing left to read from the clock.
    TICK: { guard: 'open', target: '.sync', actions: assign({ now: ({ event }) => event.now }) },
  },
  states: {
    sync: {
      entry: 'resolve',
      always: [
        { guard: 'isConcluded', target: 'concluded' },
        { guard: 'isEnded', target: 'ended' },
        { guard: 'biddingOver', target: 'bidding.ended' },
        { guard: 'isBidding', target: 'bidding.open' },
        { guard: 'isSignUpEnded', target: 'signUpEnded' },
        { guard: 'isSignUp', target: 'signUp' },
        { guard: 'isPublicityEnded', target: 'publicityEnded' },
        { target: 'publicity' },
      ],
    },
    publicity: {
      after: { nextChange: { guard: 'timerArmed', target: 'sync', actions: 'timerFired' } },
    },
    publicityEnded: {
      after: { nextChange: { guard: 'timerArmed', target: 'sync', actions: 'timerFired' } },
    },
    signUp: {
      after: { nextChange: { guard: 'timerArmed', target: 'sync', actions: 'timerFired' } },
    },
    signUpEnded: {
      after: { nextChange: { guard: 'timerArmed', target: 'sync', actions: 'timerFired' } },
      on: {
        NO_DEAL: { guard: 'tenderClosed', target: 'ended', actions: assign({ status: ({ event }) => event.status }) },
      },
    },
    bidding: {
      initial: 'open',
      on: {
        DEAL: { guard: 'validDeal', target: 'concluded', actions: assign({ status: ({ event }) => event.status }) },
        NO_DEAL: { guard: 'validNoDeal', target: 'ended', actions: assign({ status: ({ event }) => event.status }) },
      },
      states: {
        open: {
          after: { nextChange: { guard: 'timerArmed', target: '#projectStatus.sync', actions: 'timerFired' } },
          on: {
            EXTENDED: [
              // With the sender's time the timer re-arms at once to the new end.
              {
                guard: 'endsLaterWithTime',
                target: '#projectStatus.sync',
                actions: assign({
                  project: ({ context, event }) => ({ ...context.project, biddingStopTime: event.biddingStopTime }),
                  now: ({ context, event }) => Math.max(context.now, event.now ?? context.now),
                }),
              },
              // Without it the running timer fires at the old end and re-arms from there: exact either way.
              {
                guard: 'endsLater',
                actions: assign({
                  project: ({ context, event }) => ({ ...context.project, biddingStopTime: event.biddingStopTime }),
                  nextChangeAt: ({ event }) => event.biddingStopTime,
                }),
              },
            ],
          },
        },
        ended: {
          on: {
            // A late bid the server took before its end, heard after ours: bidding reopens to the new end.
            EXTENDED: {
              guard: 'endsLater',
              target: '#projectStatus.sync',
              actions: assign({
                project: ({ context, event }) => ({ ...context.project, biddingStopTime: event.biddingStopTime }),
                now: ({ context, event }) => Math.max(context.now, event.now ?? context.now),
              }),
            },
          },
        },
      },
    },
    concluded: { type: 'final' },
    ended: { type: 'final' },
  },
  output: ({ context }) => ({ status: context.status }),
});

/**
 * The status the clock gives a project at `now`, read from {@link projectStatusMachine}'s first snapshot (the same
 * rules the client's actor runs). Never below the stored status; 7..11 are final. Status 6 past `biddingStopTime`
 * stays 6 with `biddingEnded: true` and `nextChangeAt: null`: the auction engine decides the outcome.
 *
 * @example
 * statusAt({ type: 2, status: 2, publicityStopTime: t, applyStartTime: t, applyStopTime: t + DAY, biddingStartTime: t + DAY, biddingStopTime: t + 2 * DAY }, t);
 * // { status: 4, nextChangeAt: t + DAY, biddingEnded: false }
 */
export function statusAt(project: ProjectTimeline, now: number): { status: number; nextChangeAt: number | null; biddingEnded: boolean } {
  const [snapshot] = initialTransition(projectStatusMachine, { project, now });
  return { status: snapshot.context.status, nextChangeAt: snapshot.context.nextChangeAt, biddingEnded: snapshot.matches({ bidding: 'ended' }) };
}

/**
 * The next time the clock changes a project's status after `now`, or null (final, a tender after sign-up, bidding
 * over, or no later time recorded). The server's scheduler sleeps until then.
 *
 * @example nextStatusChangeAt(project, Date.now()) // e.g. the publicity end while in 2
 */
export function nextStatusChangeAt(project: ProjectTimeline, now: number): number | null {
  return statusAt(project, now).nextChangeAt;
}

/** The API's times are China Standard Time text `YYYY-MM-DD HH:mm:ss` (server/api/format.ts). */
const CST_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/;

/**
 * A `releaseRecord` time from the API (CST text, or ms) as ms epoch; null when absent or unreadable.
 *
 * @example parseApiTime('2024-05-01 08:00:00') // Date.UTC(2024, 4, 1, 0, 0, 0)
 */
export function parseApiTime(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const m = CST_DATE_TIME.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  return Date.UTC(+y, +mo - 1, +d, +h - 8, +mi, s ? +s : 0);
}

/**
 * The timeline of a project card or detail as the API returns it (type from `releaseRecord.projectType`).
 *
 * @example createActor(projectStatusMachine, { input: { project: timelineOf(card), now: Date.now() } })
 */
export function timelineOf(card: Pick<ProjectCard, 'status' | 'type'> & { releaseRecord: ReleaseRecord }): ProjectTimeline {
  const r = card.releaseRecord;
  return {
    type: r.projectType ?? card.type ?? 2,
    status: card.status,
    publicityStopTime: parseApiTime(r.publicityStopTime),
    applyStartTime: parseApiTime(r.applyStartTime),
    applyStopTime: parseApiTime(r.applyStopTime),
    biddingStartTime: parseApiTime(r.biddingStartTime),
    biddingStopTime: parseApiTime(r.biddingStopTime),
  };
}
