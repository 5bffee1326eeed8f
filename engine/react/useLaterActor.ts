import { useCallback, useEffect, useRef, useState } from 'react';
import type { ActorRefFrom, AnyActorLogic, AnyActorRef, EventFromLogic, InputFrom } from 'xstate';
import { afterFirstView } from './after-first-view.js';

/**
 * When a later actor starts:
 * - `now`: at mount (a stored login to check, a live auction to watch);
 * - `afterFirstView`: once the page's first view stands and the browser is idle, so a click then finds it running;
 * - `onDemand`: at the first event sent or `start()` (a guard only some forms need).
 */
export type LaterActorStart = 'now' | 'afterFirstView' | 'onDemand';

export interface LaterActor<TLogic extends AnyActorLogic> {
  /** The running actor; null until its machine (and XState, ~13 KB gzip) has come. */
  actor: ActorRefFrom<TLogic> | null;
  /** Sends to the actor; before it runs, the event waits for it and the loading starts now. */
  send(event: EventFromLogic<TLogic>): void;
  /** Starts loading now, if not already under way. */
  start(): void;
}

/**
 * An actor whose machine is loaded when the page needs it, not with the shell: XState and a machine are code a
 * first view rarely draws from (the 获取验证码 button is drawn idle, a visitor is logged out), and every route's
 * first view is held to 150 KB of JS. Events sent meanwhile are kept and delivered in order once it runs.
 *
 * A new `load` (keep it memoized) stops the running actor and starts one from it, with the `input` of that render.
 *
 * @example
 * const load = useCallback(() => import('../../machines/sms-countdown.js').then((m) => m.smsCountdownMachine), []);
 * const { actor, send } = useLaterActor(load, { input: {}, start: 'afterFirstView' });
 */
export function useLaterActor<TLogic extends AnyActorLogic>(
  load: () => Promise<TLogic>,
  { input, start: when, onFailure }: { input?: InputFrom<TLogic>; start: LaterActorStart; onFailure?: (error: unknown) => void },
): LaterActor<TLogic> {
  const [actor, setActor] = useState<ActorRefFrom<TLogic> | null>(null);
  const control = useRef<{ start(): void; send(event: EventFromLogic<TLogic>): void } | null>(null);
  const latest = useRef({ input, onFailure });
  latest.current = { input, onFailure };

  useEffect(() => {
    let alive = true;
    let loading = false;
    let running: AnyActorRef | null = null;
    const waiting: Array<EventFromLogic<TLogic>> = [];
    const begin = () => {
      if (loading || running) return;
      loading = true;
      Promise.all([import('xstate'), load()]).then(
        ([{ createActor }, logic]) => {
          if (!alive) return;
          const started: AnyActorRef = createActor(logic, { input: latest.current.input }).start();
          running = started;
          for (const event of waiting.splice(0)) started.send(event);
          setActor(started as ActorRefFrom<TLogic>);
        },
        (error: unknown) => {
          // A chunk that did not come (offline a moment): the next event or start tries again.
          loading = false;
          if (alive && waiting.splice(0).length > 0) latest.current.onFailure?.(error);
        },
      );
    };
    control.current = {
      start: begin,
      send: (event) => {
        if (running) running.send(event);
        else {
          waiting.push(event);
          begin();
        }
      },
    };
    const cancel = when === 'now' ? (begin(), undefined) : when === 'afterFirstView' ? afterFirstView(begin) : undefined;
    return () => {
      alive = false;
      cancel?.();
      (running as AnyActorRef | null)?.stop();
      control.current = null;
      setActor(null);
    };
    // `when` is read at mount: a later change of mind does not restart what runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load]);

  const send = useCallback((event: EventFromLogic<TLogic>) => control.current?.send(event), []);
  const start = useCallback(() => control.current?.start(), []);
  return { actor, send, start };
}
