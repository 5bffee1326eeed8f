import { describe, expect, it } from 'vitest';
import { clockText, formatYuan, priceAnnouncement, remainingText, watchClock, type ClockAnnouncement, type ClockWatch } from '../../machines/index.js';

const END = Date.UTC(2026, 10, 22, 6, 0, 0);

/** Feeds remaining times (seconds) for one end, or `[stopTime, seconds]` pairs, and lists what was said. */
function said(observations: Array<number | [number, number]>): Array<ClockAnnouncement | null> {
  let watch: ClockWatch | null = null;
  return observations.map((o) => {
    const [stopTime, seconds] = typeof o === 'number' ? [END, o] : o;
    const step = watchClock(watch, { stopTime, remaining: seconds * 1000 });
    watch = step.watch;
    return step.say;
  });
}

describe('the auction clock says only its milestones', () => {
  it('counting down second by second: 5 min, 1 min, 30 s and the end, each once', () => {
    const seconds = Array.from({ length: 320 }, (_, i) => 319 - i);
    const spoken = said(seconds).flatMap((s, i) => (s ? [[seconds[i], s]] : []));
    expect(spoken).toEqual([
      [300, { kind: 'remaining', seconds: 300 }],
      [60, { kind: 'remaining', seconds: 60 }],
      [30, { kind: 'remaining', seconds: 30 }],
      [0, { kind: 'remaining', seconds: 0 }],
    ]);
  });

  it('the first look says nothing, even just under a milestone, and that milestone is not said later', () => {
    expect(said([299, 298, 61, 60])).toEqual([null, null, null, { kind: 'remaining', seconds: 60 }]);
  });

  it('a jump over several milestones (a sleeping tab) says only the most urgent', () => {
    expect(said([400, 25, 10])).toEqual([null, { kind: 'remaining', seconds: 30 }, null]);
  });

  it('a clock correction back above a milestone does not repeat it', () => {
    expect(said([62, 59, 61, 59, 58])).toEqual([null, { kind: 'remaining', seconds: 60 }, null, null, null]);
  });

  it('an extension is said; milestones below the new remaining time are armed again, those above stay passed', () => {
    const later = END + 300_000;
    expect(said([40, 29, [later, 300], [later, 299], [later, 60], [later, 30]])).toEqual([
      null,
      { kind: 'remaining', seconds: 30 },
      { kind: 'extended', stopTime: later },
      null,
      { kind: 'remaining', seconds: 60 },
      { kind: 'remaining', seconds: 30 },
    ]);
  });

  it('an earlier end (a stale message) is not an extension', () => {
    expect(said([100, [END - 10_000, 90]])).toEqual([null, null]);
  });

  it('the words', () => {
    expect([300, 60, 30, 90, 0].map(remainingText)).toEqual(['剩余5分钟', '剩余1分钟', '剩余30秒', '剩余1分30秒', '竞价时间已到']);
    expect(clockText({ kind: 'extended', stopTime: END }, () => '14:05:00')).toBe('竞价结束时间已延长至 14:05:00');
  });
});

describe('the price is said once per change', () => {
  it('not at first sight; then the label and amount that changed; the same price again changes nothing', () => {
    const start = { label: '起始价', amount: 10_000 };
    expect(priceAnnouncement(null, start, '', formatYuan)).toBe('');
    const first = priceAnnouncement(start, { label: '当前价', amount: 10_000 }, '', formatYuan);
    expect(first).toBe('当前价 ¥10,000.00');
    expect(priceAnnouncement({ label: '当前价', amount: 10_000 }, { label: '当前价', amount: 10_000 }, first, formatYuan)).toBe(first);
    expect(priceAnnouncement({ label: '当前价', amount: 10_000 }, { label: '当前价', amount: 10_500 }, first, formatYuan)).toBe('当前价 ¥10,500.00');
  });
});
