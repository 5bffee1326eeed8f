import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { countdownMachine } from '../../machines/countdown.js';
import { COUNTDOWN_LABELS } from '../../machines/project-status-rules.js';
import { timelineOf, type ProjectTimeline } from '../../machines/project-status.js';
import type { ProjectDetail } from '../../schemas/types/api.js';
import type { ProjectClock } from '../_parts/project-clock.js';

/**
 * The panel's clock: what it counts down to (the bidding end from the live state while bidding, else the next status
 * change the project's clock sees), its label, and the countdown machine's reading of it.
 */
export function useAuctionClock(project: ProjectDetail, clock: ProjectClock, liveStopTime: number | null | undefined) {
  const timeline = useMemo(() => timelineOf({ ...project, releaseRecord: project.releaseRecord ?? {} } as never), [project]);
  const { status, offset } = clock;
  const target = status === 6 ? (liveStopTime ?? timeline.biddingStopTime) : clock.nextChangeAt;
  const countdown = useActorRef(countdownMachine, { input: { target, offset } });
  useEffect(() => countdown.send({ type: 'RETARGET', target }), [countdown, target]);
  useEffect(() => countdown.send({ type: 'OFFSET', offset }), [countdown, offset]);
  const remaining = useSelector(countdown, (s) => s.context.remaining);
  const reached = useSelector(countdown, (s) => s.matches('reached'));
  const label = status === 6 ? COUNTDOWN_LABELS.biddingStopTime : clock.nextChangeAt !== null ? COUNTDOWN_LABELS[countdownField(clock, timeline)] : null;
  return { remaining, reached, label };
}

/** Which release time the clock runs to: the field whose time is `nextChangeAt`. */
function countdownField(clock: { nextChangeAt: number | null }, timeline: ProjectTimeline): keyof typeof COUNTDOWN_LABELS {
  const fields = ['publicityStopTime', 'applyStartTime', 'applyStopTime', 'biddingStartTime', 'biddingStopTime'] as const;
  return fields.find((f) => timeline[f] === clock.nextChangeAt) ?? 'biddingStopTime';
}
