import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type InspectionEvent } from 'xstate';
import { countdownMachine } from '../../machines/countdown.js';
import { coverage } from '../../machines/testing/model-coverage.js';

const T0 = 1_795_000_000_000;

function start(target: number | null, offset = 0, inspect?: (event: InspectionEvent) => void) {
  const clock = new SimulatedClock();
  clock.set(T0);
  const input = { target, offset, now: () => clock.now() };
  const actor = createActor(countdownMachine, { clock, input, inspect }).start();
  // SimulatedClock moves to the end of an increment before firing what falls inside it; stepping a millisecond at a
  // time makes every timer fire at its own moment, as a real clock does.
  const advance = (ms: number) => {
    for (let i = 0; i < ms; i++) clock.increment(1);
  };
  return {
    clock: { increment: advance },
    actor,
    remaining: () => actor.getSnapshot().context.remaining,
    state: () => actor.getSnapshot().value,
  };
}

describe('countdown on a simulated clock', () => {
  it('ticks on each whole second and reaches zero exactly at the target', () => {
    const c = start(T0 + 3_500);
    expect([c.state(), c.remaining()]).toEqual(['running', 3_500]);
    c.clock.increment(499);
    expect(c.remaining()).toBe(3_500); // no tick before the second changes
    c.clock.increment(1);
    expect(c.remaining()).toBe(3_000);
    c.clock.increment(2_999);
    expect([c.state(), c.remaining()]).toEqual(['running', 1_000]);
    c.clock.increment(1);
    expect([c.state(), c.remaining()]).toEqual(['reached', 0]);
    c.clock.increment(10_000);
    expect(c.state()).toBe('reached');
  });

  it('runs on the server clock: an offset of +2 s ends 2 s earlier locally', () => {
    const c = start(T0 + 10_000, 2_000);
    expect(c.remaining()).toBe(8_000);
    c.clock.increment(7_999);
    expect(c.state()).toBe('running');
    c.clock.increment(1);
    expect(c.state()).toBe('reached');
  });

  it('an extension (RETARGET) restarts a reached countdown; OFFSET re-measures; no target is idle', () => {
    const c = start(T0 + 1_000);
    c.clock.increment(1_000);
    expect(c.state()).toBe('reached');
    c.actor.send({ type: 'RETARGET', target: T0 + 1_000 + 300_000 });
    expect([c.state(), c.remaining()]).toEqual(['running', 300_000]);
    c.actor.send({ type: 'OFFSET', offset: 1_500 });
    expect(c.remaining()).toBe(298_500);
    c.clock.increment(500);
    expect(c.remaining()).toBe(298_000);
    c.actor.send({ type: 'RETARGET', target: null });
    expect([c.state(), c.remaining()]).toEqual(['idle', 0]);
    expect(start(null).state()).toBe('idle');
    expect(start(T0 - 5).state()).toBe('reached');
  });

  it('no target, a past one and a running one, retargeted and re-measured: every state and transition is taken', () => {
    // `deciding` is left by eventless transitions, which generated paths do not show: the actors are recorded.
    const seen = coverage(countdownMachine);
    expect(start(null, 0, seen.inspect).state()).toBe('idle');
    expect(start(T0 - 5, 0, seen.inspect).state()).toBe('reached');
    const c = start(T0 + 1_000, 0, seen.inspect);
    c.clock.increment(1_000);
    expect(c.state()).toBe('reached');
    c.actor.send({ type: 'RETARGET', target: T0 + 5_000 });
    c.actor.send({ type: 'OFFSET', offset: 1_500 });
    expect([c.state(), c.remaining()]).toEqual(['running', 2_500]);
    seen.expectComplete();
  });
});
