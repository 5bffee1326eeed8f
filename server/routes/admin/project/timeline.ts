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
