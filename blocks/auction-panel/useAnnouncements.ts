import { useEffect, useRef, useState } from 'react';
import { clockText, formatYuan, priceAnnouncement, watchClock, type ClockWatch, type HeadlinePrice } from '../../machines/index.js';
import { hhmmss } from './time.js';

/**
 * What the panel's two polite live regions say (machines/auction-announcements): the visible clock is not live — a
 * reader would hear it every second — so one says the remaining time at milestones and an extended end, the other
 * the price, once per change. Both start empty: what the page shows as it loads is read with the page.
 */
export function useAnnouncements({
  stopTime,
  remaining,
  offset,
  headline,
}: {
  stopTime: number | null;
  remaining: number;
  offset: number;
  headline: HeadlinePrice | null;
}) {
  const clockWatch = useRef<ClockWatch | null>(null);
  const [clockSaid, setClockSaid] = useState('');
  useEffect(() => {
    if (stopTime === null) {
      clockWatch.current = null;
      return;
    }
    const step = watchClock(clockWatch.current, { stopTime, remaining: Math.max(0, stopTime - (Date.now() + offset)) });
    clockWatch.current = step.watch;
    if (step.say) setClockSaid(clockText(step.say, hhmmss));
  }, [stopTime, remaining, offset]);
  const lastHeadline = useRef<HeadlinePrice | null>(null);
  const [priceSaid, setPriceSaid] = useState('');
  useEffect(() => {
    if (!headline) return;
    const previous = lastHeadline.current;
    setPriceSaid((current) => priceAnnouncement(previous, headline, current, formatYuan));
    lastHeadline.current = headline;
  }, [headline?.label, headline?.amount]); // eslint-disable-line react-hooks/exhaustive-deps
  return { clockSaid, priceSaid };
}
