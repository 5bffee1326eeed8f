/**
 * What the bid panel says to screen readers, framework-free. The visible countdown changes every second and is not
 * live (a reader would hear nothing else); instead a polite live region speaks at a few milestones of the remaining
 * time and when the end is extended, and another speaks the headline price once per change.
 */

/** The remaining times (seconds) said aloud by default: 5 minutes, 1 minute, 30 seconds, and the end itself (0). */
export const DEFAULT_MILESTONES: readonly number[] = [300, 60, 30, 0];

/** What the time region has heard so far: the end it counts to, and the milestones already said for that end. */
export interface ClockWatch {
  stopTime: number;
  /** Milestones (seconds) passed for this end, said or skipped; never said twice. */
  passed: readonly number[];
}

export type ClockAnnouncement = { kind: 'remaining'; seconds: number } | { kind: 'extended'; stopTime: number };

/**
 * One observation of the auction clock: the end (`stopTime`, server ms) and what remains (ms). Returns the new watch
 * and what to say, if anything.
 * - The first observation says nothing (the page has just shown the time), but counts every milestone at or above the
 *   remaining time as passed.
 * - A later end (an extension) says so; milestones above the new remaining time stay passed, those below it are
 *   armed again for the new end.
 * - Otherwise, milestones crossed since the last observation are passed; when a jump (a sleeping tab, a clock
 *   correction) crosses several at once, only the smallest — the most urgent — is said. A milestone is never said
 *   twice for one end, even if a clock correction moves the remaining time back above it.
 *
 * @example
 * let w = watchClock(null, { stopTime: end, remaining: 301_000 }).watch;   // silent
 * watchClock(w, { stopTime: end, remaining: 299_000 }).say                  // → { kind: 'remaining', seconds: 300 }
 */
export function watchClock(
  watch: ClockWatch | null,
  { stopTime, remaining }: { stopTime: number; remaining: number },
  milestones: readonly number[] = DEFAULT_MILESTONES,
): { watch: ClockWatch; say: ClockAnnouncement | null } {
  const reached = (m: number) => remaining <= m * 1000;
  if (watch === null) return { watch: { stopTime, passed: milestones.filter(reached) }, say: null };
  if (stopTime > watch.stopTime) {
    return { watch: { stopTime, passed: milestones.filter(reached) }, say: { kind: 'extended', stopTime } };
  }
  const crossed = milestones.filter((m) => reached(m) && !watch.passed.includes(m));
  if (!crossed.length) return { watch, say: null };
  return { watch: { stopTime: watch.stopTime, passed: [...watch.passed, ...crossed] }, say: { kind: 'remaining', seconds: Math.min(...crossed) } };
}

/** `300` → `剩余5分钟`, `90` → `剩余1分30秒`, `30` → `剩余30秒`, `0` → `竞价时间已到`. */
export function remainingText(seconds: number): string {
  if (seconds <= 0) return '竞价时间已到';
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return `剩余${minutes ? `${minutes}分` : ''}${rest ? `${rest}秒` : minutes ? '钟' : ''}`;
}

/** The sentence for an announcement; `clock` formats the new end (e.g. `14:05:00`). */
export function clockText(say: ClockAnnouncement, clock: (ms: number) => string): string {
  return say.kind === 'extended' ? `竞价结束时间已延长至 ${clock(say.stopTime)}` : remainingText(say.seconds);
}

/**
 * The price region's next text: `当前价 ¥10,500.00` when the headline price (label or amount) differs from the one
 * last said, else the text already there (a live region that keeps its text says nothing). The first price seen is
 * not said: the page shows it as it loads.
 */
export function priceAnnouncement(
  previous: { label: string; amount: number } | null,
  next: { label: string; amount: number } | null,
  current: string,
  yuan: (n: number) => string,
): string {
  if (!previous || !next) return current;
  if (previous.label === next.label && previous.amount === next.amount) return current;
  return `${next.label} ${yuan(next.amount)}`;
}
