import type { TimelineField } from '../../../../machines/project-status.js';

/** The timeline in the order it must run, with the labels a refusal (or an import's column) names. */
export const TIMELINE: ReadonlyArray<{ field: TimelineField; label: string }> = [
  { field: 'publicityStopTime', label: '公示结束时间' },
  { field: 'applyStartTime', label: '报名开始时间' },
  { field: 'applyStopTime', label: '报名结束时间' },
  { field: 'biddingStartTime', label: '竞价开始时间' },
  { field: 'biddingStopTime', label: '竞价结束时间' },
];

/** Whether the five times (ms, in {@link TIMELINE}'s order) run in order: 公示结束 ≤ 报名开始 < 报名结束 ≤ 竞价开始 < 竞价结束. */
export const timelineInOrder = (t: readonly number[]): boolean => t[0] <= t[1] && t[1] < t[2] && t[2] <= t[3] && t[3] < t[4];

/** How far ahead of the server's clock a 公示开始 may be: the minute the form gives, or a clock a little fast. */
export const PUBLICITY_START_LEEWAY_MS = 10 * 60_000;

/**
 * 公示开始 (publicity start), the timeline's first date: before 公示结束, and not later than now, for a saved project is
 * in publicity at once (the status clock has no state before it). Empty: the time it was (the stored one on an edit,
 * now for a new project). A failed rule is named, so the editor can say which date to change.
 */
export function publicityStartRule(
  start: number | undefined,
  publicityStop: number,
  now: number,
  stored: number | null,
): { start: number } | { refused: 'order' | 'future' } {
  const value = start ?? stored ?? Math.min(now, publicityStop - 1);
  if (value >= publicityStop) return { refused: 'order' };
  if (start !== undefined && start > now + PUBLICITY_START_LEEWAY_MS) return { refused: 'future' };
  return { start: value };
}
