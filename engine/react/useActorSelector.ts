import { useCallback, useRef, useSyncExternalStore } from 'react';

/** What an actor offers to be read from: XState's `ActorRef` is one. */
export interface SnapshotSource<TSnapshot> {
  getSnapshot(): TSnapshot;
  subscribe(observer: { next: (snapshot: TSnapshot) => void; error: (error: unknown) => void }): { unsubscribe(): void };
}

/**
 * A value read from an actor's snapshot, kept current: `@xstate/react`'s `useSelector` without importing XState, so
 * code the first view draws (the shell, the form block) does not bring it. `actor` may be null before it runs (see
 * {@link useLaterActor}): the selector then gets undefined. The selector must return a primitive or a reference the
 * snapshot keeps (a context field), not a new object each call.
 *
 * @example const status = useActorSelector(actor, (s) => (s ? String(s.value) : 'idle'));
 */
export function useActorSelector<TSnapshot, T>(actor: SnapshotSource<TSnapshot> | null | undefined, select: (snapshot: TSnapshot | undefined) => T): T {
  const selectRef = useRef(select);
  selectRef.current = select;
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!actor) return () => {};
      const { unsubscribe } = actor.subscribe({ next: onChange, error: onChange });
      return unsubscribe;
    },
    [actor],
  );
  const read = () => selectRef.current(actor?.getSnapshot());
  return useSyncExternalStore(subscribe, read, read);
}
