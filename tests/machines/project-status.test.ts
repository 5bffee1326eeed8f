import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type EventObject, type InspectionEvent, type Snapshot } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { DEMO_REGIONS } from '../../server/seed/index.js';
import { timelineFor } from '../../server/seed/projects.js';
import { DAY, HOUR, MINUTE, Rng } from '../../server/seed/random.js';
import { clientFor } from '../engine/http/client-setup.js';
import { startSeededServer } from '../engine/http/real-server.js';
import {
  MAX_TIMER_MS,
  nextStatusChangeAt,
  parseApiTime,
  projectStatusMachine,
  statusAt,
  timelineOf,
  type ProjectStatusContext,
  type ProjectTimeline,
} from '../../machines/project-status.js';
import { coverage, stateNodesOf, transitionPaths } from '../../machines/testing/model-coverage.js';

const BASE = Date.UTC(2026, 10, 20, 2, 0, 0);

/** A transfer project whose times are 1 s apart from BASE: publicity ends at +1 s … bidding ends at +5 s. */
const small = (over: Partial<ProjectTimeline> = {}): ProjectTimeline => ({
  type: 2,
  status: 2,
  publicityStopTime: BASE + 1000,
  applyStartTime: BASE + 2000,
  applyStopTime: BASE + 3000,
  biddingStartTime: BASE + 4000,
  biddingStopTime: BASE + 5000,
  ...over,
});

function startOn(project: ProjectTimeline, now = BASE, inspect?: (e: InspectionEvent) => void) {
  const clock = new SimulatedClock();
  clock.set(now);
  const actor = createActor(projectStatusMachine, { clock, input: { project, now }, inspect }).start();
  return { actor, clock };
}

// ---- model-based -----------------------------------------------------------------------------------------------

type Snap = Snapshot<unknown> & { value: unknown; context: ProjectStatusContext };

/** Timer events are named by xstate after the delay and the state node that armed them. */
const isTimer = (e: EventObject) => e.type.startsWith('xstate.after.');
const TIMERS = stateNodesOf(projectStatusMachine).flatMap((n) => [...n.transitions.keys()].filter((t) => t.startsWith('xstate.after.')));

/**
 * The events a driver can send in a state: the state's own timer; TICKs at fixed times strictly before the armed
 * wake-up (the clock reaches them without firing the timer first); EXTENDED with and without the sender's time;
 * the outcomes. The paths keep only those the machine takes there, so each step is a transition.
 */
function eventsFor(snapshot: unknown): EventObject[] {
  const s = snapshot as Snap;
  const c = s.context;
  const before = (t: number) => t > c.now && (c.wakeAt === null || t < c.wakeAt);
  return [
    ...TIMERS.map((type) => ({ type })),
    ...[BASE + 500, BASE + 4500, BASE + 6000].filter(before).map((now) => ({ type: 'TICK', now })),
    { type: 'EXTENDED', biddingStopTime: BASE + 5500 },
    ...(before(BASE + 4600) || c.now === BASE + 4600 ? [{ type: 'EXTENDED', biddingStopTime: BASE + 5500, now: BASE + 4600 }] : []),
    { type: 'DEAL', status: 7 },
    { type: 'DEAL', status: 4 },
    { type: 'NO_DEAL', status: 10 },
    { type: 'NO_DEAL', status: 11 },
  ] as EventObject[];
}

/** The models: a transfer and a tender from publicity, and projects stored as concluded and as ended. */
const MODEL_INPUTS: ProjectTimeline[] = [small(), small({ type: 1 }), small({ status: 8 }), small({ status: 11 })];
const modelPaths = MODEL_INPUTS.map((project) => ({
  project,
  paths: transitionPaths<Snap>(projectStatusMachine, {
    input: { project, now: BASE },
    events: eventsFor,
    key: (s) => [s.value, s.context],
  }),
}));

/** Drives a real actor on a simulated clock along a generated path, asserting each state (and the timers to the ms). */
function drive(project: ProjectTimeline, path: StatePath<Snap, EventObject>, inspect?: (e: InspectionEvent) => void) {
  const { actor, clock } = startOn(project, BASE, inspect);
  for (const [i, step] of path.steps.entries()) {
    const event = step.event as EventObject & { now?: number };
    if (isTimer(event)) {
      const wakeAt = path.steps[i - 1].state.context.wakeAt!;
      const before = actor.getSnapshot().value;
      clock.set(wakeAt - 1);
      expect(actor.getSnapshot().value, 'nothing 1 ms before the armed time').toEqual(before);
      clock.set(wakeAt);
    } else if (event.type === 'TICK') {
      clock.set(event.now!);
      actor.send(event as never);
    } else if (event.type !== 'xstate.init') {
      if (event.now !== undefined && event.now > clock.now()) clock.set(event.now);
      actor.send(event as never);
    }
    const snap = actor.getSnapshot();
    expect(snap.value).toEqual(step.state.value);
    expect(snap.context).toEqual(step.state.context);
  }
  actor.stop();
}

describe('project status: model-based', () => {
  it('the generated paths reach every state node and take every transition of the machine', () => {
    const seen = coverage(projectStatusMachine);
    for (const { project, paths } of modelPaths) for (const path of paths) drive(project, path, seen.inspect);
    seen.expectComplete();
  });

  for (const { project, paths } of modelPaths) {
    for (const path of paths) {
      const name = path.steps
        .map((s) =>
          isTimer(s.event) ? 'timer' : s.event.type === 'xstate.init' ? `start(type ${project.type}, stored ${project.status})` : JSON.stringify(s.event),
        )
        .join(' → ');
      it(`drives: ${name} ⇒ ${JSON.stringify(path.state.value)} ${path.state.context.status}`, () => drive(project, path));
    }
  }
});

// ---- the walk on a simulated clock -------------------------------------------------------------------------------

describe('project status: the clock', () => {
  it('a project created before its publicity end walks 2 → 3 → 4 → 5 → 6 → (extended) → 7 at the exact millisecond of each time', () => {
    const t0 = BASE;
    const project: ProjectTimeline = {
      type: 2,
      status: 2,
      publicityStopTime: t0 + 3 * DAY,
      applyStartTime: t0 + 3 * DAY + 2 * HOUR,
      applyStopTime: t0 + 10 * DAY,
      biddingStartTime: t0 + 11 * DAY,
      biddingStopTime: t0 + 11 * DAY + 2 * HOUR,
    };
    const { actor, clock } = startOn(project, t0);
    const at = () => ({ value: actor.getSnapshot().value, status: actor.getSnapshot().context.status });
    const step = (time: number, before: number, after: number) => {
      clock.set(time - 1);
      expect(at().status, `still ${before} at ${time - 1 - t0} ms`).toBe(before);
      clock.set(time);
      expect(at().status, `${after} at ${time - t0} ms`).toBe(after);
    };
    expect(at()).toEqual({ value: 'publicity', status: 2 });
    expect(actor.getSnapshot().context).toMatchObject({
      nextChangeAt: project.publicityStopTime,
      countdownField: 'publicityStopTime',
    });
    step(project.publicityStopTime!, 2, 3);
    expect(actor.getSnapshot().context).toMatchObject({
      nextChangeAt: project.applyStartTime,
      countdownField: 'applyStartTime',
    });
    step(project.applyStartTime!, 3, 4);
    expect(actor.getSnapshot().context.countdownField).toBe('applyStopTime');
    step(project.applyStopTime!, 4, 5);
    expect(actor.getSnapshot().context.countdownField).toBe('biddingStartTime');
    step(project.biddingStartTime!, 5, 6);
    expect(at().value).toEqual({ bidding: 'open' });
    expect(actor.getSnapshot().context).toMatchObject({
      nextChangeAt: project.biddingStopTime,
      countdownField: 'biddingStopTime',
    });

    // A late bid 2 minutes before the end moves it to bid time + 5 minutes (the delayTime message, no time given).
    const extended = project.biddingStopTime! + 3 * MINUTE;
    clock.set(project.biddingStopTime! - 2 * MINUTE);
    actor.send({ type: 'EXTENDED', biddingStopTime: extended });
    expect(actor.getSnapshot().context.nextChangeAt).toBe(extended);
    // A stale or repeated message changes nothing.
    actor.send({ type: 'EXTENDED', biddingStopTime: project.biddingStopTime! });
    expect(actor.getSnapshot().context.nextChangeAt).toBe(extended);
    clock.set(project.biddingStopTime!);
    expect(at().value, 'the old end passes: still open').toEqual({ bidding: 'open' });
    clock.set(extended - 1);
    expect(at().value).toEqual({ bidding: 'open' });
    clock.set(extended);
    expect(at()).toEqual({ value: { bidding: 'ended' }, status: 6 });
    expect(actor.getSnapshot().context).toMatchObject({ nextChangeAt: null, countdownField: null });

    actor.send({ type: 'DEAL', status: 7 });
    expect(at()).toEqual({ value: 'concluded', status: 7 });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ status: 7 });
  });

  it('an extension that carries the sender time re-arms at once, and one heard after our end reopens bidding', () => {
    const { actor, clock } = startOn(small(), BASE + 4000);
    clock.set(BASE + 4900);
    actor.send({ type: 'EXTENDED', biddingStopTime: BASE + 5300, now: BASE + 4900 });
    clock.set(BASE + 5299);
    expect(actor.getSnapshot().value).toEqual({ bidding: 'open' });
    clock.set(BASE + 5300);
    expect(actor.getSnapshot().value).toEqual({ bidding: 'ended' });
    // Our clock ran ahead of the server's: its extension arrives after we ended.
    clock.set(BASE + 5310);
    actor.send({ type: 'EXTENDED', biddingStopTime: BASE + 5600, now: BASE + 5310 });
    expect(actor.getSnapshot().value).toEqual({ bidding: 'open' });
    expect(actor.getSnapshot().context.nextChangeAt).toBe(BASE + 5600);
    clock.set(BASE + 5599);
    expect(actor.getSnapshot().value).toEqual({ bidding: 'open' });
    clock.set(BASE + 5600);
    expect(actor.getSnapshot().value).toEqual({ bidding: 'ended' });
    actor.send({ type: 'NO_DEAL', status: 11 });
    expect(actor.getSnapshot().context.status).toBe(11);
    expect(actor.getSnapshot().value).toBe('ended');
  });

  it('a change further away than a JavaScript timer can wait wakes at the cap, re-arms, and still lands on the exact ms', () => {
    const far = BASE + 30 * DAY;
    const { actor, clock } = startOn(
      small({
        publicityStopTime: far,
        applyStartTime: far + DAY,
        applyStopTime: far + 2 * DAY,
        biddingStartTime: far + 3 * DAY,
        biddingStopTime: far + 4 * DAY,
      }),
    );
    expect(actor.getSnapshot().context).toMatchObject({ nextChangeAt: far, wakeAt: BASE + MAX_TIMER_MS });
    clock.set(BASE + MAX_TIMER_MS);
    expect(actor.getSnapshot().context).toMatchObject({ status: 2, now: BASE + MAX_TIMER_MS, wakeAt: far });
    clock.set(far - 1);
    expect(actor.getSnapshot().context.status).toBe(2);
    clock.set(far);
    expect(actor.getSnapshot().context.status).toBe(3);
  });

  it('a tender stops at 5 (报名结束) until staff close it (10); an auction outcome does not apply to it there', () => {
    const { actor, clock } = startOn(small({ type: 1 }));
    // A simulated clock arms a new timer from where it stands, so it moves as real time does: boundary by boundary.
    for (const t of [1000, 2000, 3000]) clock.set(BASE + t);
    expect(actor.getSnapshot().value).toBe('signUpEnded');
    expect(actor.getSnapshot().context).toMatchObject({ status: 5, nextChangeAt: null });
    clock.set(BASE + 10 * DAY);
    expect(actor.getSnapshot().context.status).toBe(5);
    actor.send({ type: 'DEAL', status: 7 });
    actor.send({ type: 'NO_DEAL', status: 11 });
    expect(actor.getSnapshot().value).toBe('signUpEnded');
    actor.send({ type: 'NO_DEAL', status: 10 });
    expect(actor.getSnapshot().value).toBe('ended');
    expect(actor.getSnapshot().context.status).toBe(10);
  });

  it('outcomes outside the contract numbers are ignored', () => {
    const { actor } = startOn(small(), BASE + 6000);
    actor.send({ type: 'DEAL', status: 10 as never });
    actor.send({ type: 'NO_DEAL', status: 7 as never });
    expect(actor.getSnapshot().value).toEqual({ bidding: 'ended' });
  });
});

// ---- statusAt, the scheduler's view ----------------------------------------------------------------------------

describe('statusAt', () => {
  const p = small();
  it('reads each window at its exact boundaries', () => {
    const cases: Array<[number, number, number | null, boolean]> = [
      [0, 2, 1000, false],
      [999, 2, 1000, false],
      [1000, 3, 2000, false],
      [2000, 4, 3000, false],
      [2999, 4, 3000, false],
      [3000, 5, 4000, false],
      [4000, 6, 5000, false],
      [4999, 6, 5000, false],
      [5000, 6, null, true],
      [90 * DAY, 6, null, true],
    ];
    for (const [dt, status, next, biddingEnded] of cases) {
      expect(statusAt(p, BASE + dt), `at +${dt}`).toEqual({
        status,
        nextChangeAt: next === null ? null : BASE + next,
        biddingEnded,
      });
      expect(nextStatusChangeAt(p, BASE + dt)).toBe(next === null ? null : BASE + next);
    }
  });

  it('never moves backwards, and 7..11 are final', () => {
    expect(statusAt({ ...p, status: 6 }, BASE)).toEqual({ status: 6, nextChangeAt: BASE + 5000, biddingEnded: false });
    expect(statusAt({ ...p, status: 4 }, BASE + 500)).toEqual({
      status: 4,
      nextChangeAt: BASE + 3000,
      biddingEnded: false,
    });
    for (const status of [7, 8, 9, 10, 11]) expect(statusAt({ ...p, status }, BASE)).toEqual({ status, nextChangeAt: null, biddingEnded: false });
  });

  it('tenders: no bidding; the clock stops at 5', () => {
    expect(statusAt({ ...p, type: 1 }, BASE + 2500)).toEqual({
      status: 4,
      nextChangeAt: BASE + 3000,
      biddingEnded: false,
    });
    expect(statusAt({ ...p, type: 1 }, BASE + 4500)).toEqual({ status: 5, nextChangeAt: null, biddingEnded: false });
  });

  it('a missing time is never reached; an equal publicity end and sign-up start skip 3', () => {
    expect(statusAt({ ...p, publicityStopTime: null }, BASE + 1500)).toEqual({
      status: 2,
      nextChangeAt: BASE + 2000,
      biddingEnded: false,
    });
    expect(statusAt({ ...p, biddingStopTime: null }, BASE + 9000)).toEqual({
      status: 6,
      nextChangeAt: null,
      biddingEnded: false,
    });
    expect(statusAt({ ...p, applyStartTime: BASE + 1000 }, BASE + 1000)).toEqual({
      status: 4,
      nextChangeAt: BASE + 3000,
      biddingEnded: false,
    });
  });

  it('agrees with the demo seed: the times it writes for each status give that status (7..11: bidding over)', () => {
    const now = new Date(BASE);
    for (let seed = 1; seed <= 40; seed++) {
      for (const status of [2, 3, 4, 5, 6, 7, 8, 9, 10, 11]) {
        const tl = timelineFor(new Rng(seed), status, now);
        const timeline: ProjectTimeline = {
          type: 2,
          status: 2,
          publicityStopTime: tl.publicityStopTime.getTime(),
          applyStartTime: tl.applyStartTime.getTime(),
          applyStopTime: tl.applyStopTime.getTime(),
          biddingStartTime: tl.biddingStartTime.getTime(),
          biddingStopTime: tl.biddingStopTime.getTime(),
        };
        const got = statusAt(timeline, BASE);
        if (status <= 6) expect(got, `seed ${seed} status ${status}`).toMatchObject({ status, biddingEnded: false });
        else expect(got, `seed ${seed} status ${status}`).toEqual({ status: 6, nextChangeAt: null, biddingEnded: true });
      }
    }
  });
});

// ---- the API's records -----------------------------------------------------------------------------------------

describe('timelineOf: the real server’s project cards', () => {
  let server: Awaited<ReturnType<typeof startSeededServer>>;
  beforeAll(async () => {
    server = await startSeededServer();
  }, 120_000);
  afterAll(() => server?.close());

  it('parses CST text: 2026-11-20 10:00:00 is 02:00 UTC', () => {
    expect(parseApiTime('2026-11-20 10:00:00')).toBe(BASE);
    expect(parseApiTime('2026-11-20T10:00')).toBe(BASE);
    expect(parseApiTime(BASE)).toBe(BASE);
    for (const bad of [null, undefined, '', 'soon']) expect(parseApiTime(bad)).toBeNull();
  });

  it('each listed card’s times, read at the seed’s moment, give its stored status (bidding statuses: their end passed)', async () => {
    const { client } = clientFor(server.baseURL);
    const region = DEMO_REGIONS[0];
    let checked = 0;
    for (const type of [2, 3] as const) {
      const data = await client.call('projectList', {
        deptId: region.deptId,
        body: { type, pageNum: 1, pageSize: 100 },
      });
      for (const card of data.rows) {
        const timeline = timelineOf(card);
        expect(timeline.type).toBe(type);
        const clockOnly = statusAt({ ...timeline, status: 2 }, BASE);
        if (card.status <= 6) expect(clockOnly.status, `project ${card.id}`).toBe(card.status);
        else expect(clockOnly, `project ${card.id}`).toMatchObject({ status: 6, biddingEnded: true });
        expect(statusAt(timeline, BASE).status).toBe(card.status);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(10);
  });
});
