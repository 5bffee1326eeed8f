// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useCallback, useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { assign, setup } from 'xstate';
import { useActorSelector } from '../../../engine/react/useActorSelector.js';
import { useLaterActor, type LaterActorStart } from '../../../engine/react/useLaterActor.js';

// Machines loaded when the page needs them (XState is not in the shell): useLaterActor and useActorSelector.
afterEach(cleanup);

const counter = setup({
  types: { context: {} as { seen: string[] }, events: {} as { type: 'SAY'; word: string }, input: {} as { first?: string } },
}).createMachine({
  context: ({ input }) => ({ seen: input.first ? [input.first] : [] }),
  on: { SAY: { actions: assign({ seen: ({ context, event }) => [...context.seen, event.word] }) } },
});

function Probe({ start, loads, sendAtMount = [] as string[] }: { start: LaterActorStart; loads: { count: number }; sendAtMount?: string[] }) {
  const load = useCallback(() => {
    loads.count++;
    return Promise.resolve(counter);
  }, [loads]);
  const { actor, send } = useLaterActor(load, { input: { first: 'input' }, start });
  const seen = useActorSelector(actor, (s) => s?.context.seen.join(',') ?? 'not running');
  useEffect(() => {
    for (const word of sendAtMount) send({ type: 'SAY', word });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <>
      <p data-testid="seen">{seen}</p>
      <button type="button" onClick={() => send({ type: 'SAY', word: 'click' })}>
        say
      </button>
    </>
  );
}

describe('useLaterActor', () => {
  it('onDemand: nothing is loaded until an event is sent; events sent before it runs arrive in order, after its input', async () => {
    const loads = { count: 0 };
    render(<Probe start="onDemand" loads={loads} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loads.count).toBe(0);
    expect(screen.getByTestId('seen').textContent).toBe('not running');
    act(() => {
      screen.getByRole('button').click();
      screen.getByRole('button').click();
    });
    await waitFor(() => expect(screen.getByTestId('seen').textContent).toBe('input,click,click'));
    expect(loads.count).toBe(1);
  });

  it('now: runs from mount, and an event sent in the same breath is not lost', async () => {
    const loads = { count: 0 };
    render(<Probe start="now" loads={loads} sendAtMount={['mounted']} />);
    await waitFor(() => expect(screen.getByTestId('seen').textContent).toBe('input,mounted'));
    expect(loads.count).toBe(1);
  });

  it('afterFirstView: waits while a block shows its loading state, then runs', async () => {
    const loads = { count: 0 };
    const loading = document.createElement('div');
    loading.className = 'tm-status tm-status--loading';
    document.body.append(loading);
    render(<Probe start="afterFirstView" loads={loads} />);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(loads.count).toBe(0);
    loading.remove();
    await waitFor(() => expect(screen.getByTestId('seen').textContent).toBe('input'));
    expect(loads.count).toBe(1);
  });

  it('stops the actor when the component goes', async () => {
    const started: Array<{ getSnapshot(): { status: string } }> = [];
    function Watched() {
      const load = useCallback(() => Promise.resolve(counter), []);
      const { actor } = useLaterActor(load, { input: {}, start: 'now' });
      useEffect(() => void (actor && started.push(actor)), [actor]);
      return <p>{actor ? 'running' : 'loading'}</p>;
    }
    const { unmount } = render(<Watched />);
    await screen.findByText('running');
    expect(started.map((actor) => actor.getSnapshot().status)).toEqual(['active']);
    unmount();
    expect(started[0]!.getSnapshot().status).toBe('stopped');
  });

  it('a failed load tells only when an event was waiting, and the next event tries again', async () => {
    let attempts = 0;
    const failures: unknown[] = [];
    function Flaky() {
      const load = useCallback(() => (++attempts === 1 ? Promise.reject(new Error('chunk')) : Promise.resolve(counter)), []);
      const { actor, send } = useLaterActor(load, { input: {}, start: 'onDemand', onFailure: (e) => failures.push(e) });
      const seen = useActorSelector(actor, (s) => s?.context.seen.join(',') ?? 'not running');
      return (
        <button type="button" onClick={() => send({ type: 'SAY', word: 'again' })}>
          {seen}
        </button>
      );
    }
    render(<Flaky />);
    act(() => screen.getByRole('button').click());
    await waitFor(() => expect(failures).toHaveLength(1));
    expect(screen.getByRole('button').textContent).toBe('not running');
    act(() => screen.getByRole('button').click());
    await waitFor(() => expect(screen.getByRole('button').textContent).toBe('again'));
    expect(attempts).toBe(2);
  });
});
