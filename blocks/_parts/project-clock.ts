import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { MAX_TIMER_MS, statusAt, timelineOf } from '../../machines/project-status.js';
import type { ProjectCard, ReleaseRecord } from '../../schemas/types/api.js';

/**
 * What a page has learnt of the server's clock and of its projects' live state, shared by its blocks: the auction
 * panel measures the offset (server time − local time) from the server's messages and hears a project's status and
 * extended end; the detail block beside it reads the same, so the two never disagree about where a project is.
 */
interface LiveProject {
  status?: number;
  biddingStopTime?: number | null;
}

const shared = { offset: 0, live: new Map<number, LiveProject>(), version: 0 };
const listeners = new Set<() => void>();
const changed = () => {
  shared.version++;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** A new measure of the server's clock: server time − local time (ms). */
export function setServerOffset(offset: number): void {
  if (!Number.isFinite(offset) || offset === shared.offset) return;
  shared.offset = offset;
  changed();
}

/** What the server last said of a project: its status and (while bidding) its end, extensions included. */
export function setLiveProject(projectId: number, live: LiveProject): void {
  const known = shared.live.get(projectId);
  if (known && known.status === live.status && known.biddingStopTime === live.biddingStopTime) return;
  shared.live.set(projectId, live);
  changed();
}

/** The page showing the project is left: a later visit starts from what the server says then. */
export function forgetLiveProject(projectId: number): void {
  if (shared.live.delete(projectId)) changed();
}

export interface ProjectClock {
  /** The status by the project's timeline on the server's clock, never below what the server said. */
  status: number;
  /** In 竞价中 past its end, until the server gives the outcome (shown as 竞价已结束). */
  biddingEnded: boolean;
  /** The next change by the clock (server time, ms), null when none will come. */
  nextChangeAt: number | null;
  /** Server time − local time (ms). */
  offset: number;
}

/** A project card or detail as the API returns it (its `type` a number the timeline reads as 1, 2 or 3). */
type Timed = { id: number; status: number; type?: number | null; releaseRecord?: ReleaseRecord | null };

/**
 * A project's status as its timeline moves it, on the server's clock: a page left open turns 报名中 into 竞价中 at
 * the bidding start, and 竞价中 into 竞价已结束 at its end, by itself and without a reload, by a timer armed to each
 * boundary (the shared project-status machine's rules, `statusAt`). The server's word (a refresh, an outcome) wins
 * whenever it is further along.
 */
export function useProjectClock(project: Timed): ProjectClock {
  useSyncExternalStore(subscribe, () => shared.version);
  const live = shared.live.get(project.id);
  const offset = shared.offset;
  const timeline = useMemo(
    () =>
      timelineOf({ status: project.status, type: (project.type ?? 2) as ProjectCard['type'], releaseRecord: project.releaseRecord ?? ({} as ReleaseRecord) }),
    [project],
  );
  const served = Math.max(project.status, live?.status ?? 0);
  const stop = live?.biddingStopTime ?? timeline.biddingStopTime;
  const [tick, setTick] = useState(0);
  const reading = statusAt({ ...timeline, biddingStopTime: stop, status: served }, Date.now() + offset);
  useEffect(() => {
    if (reading.nextChangeAt === null) return;
    // A timer may fire a little early: the render it causes reads the clock again and re-arms (tick changes).
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, reading.nextChangeAt - (Date.now() + offset)));
    const timer = setTimeout(() => setTick((n) => n + 1), delay);
    return () => clearTimeout(timer);
  }, [reading.nextChangeAt, offset, tick]);
  return { status: reading.status, biddingEnded: reading.biddingEnded, nextChangeAt: reading.nextChangeAt, offset };
}
