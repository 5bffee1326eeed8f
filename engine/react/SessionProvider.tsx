import { useActorSelector } from './useActorSelector.js';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import type { SessionEvent, SessionUser } from '../../machines/session.js';
import { ERROR_TEXTS } from '../http/index.js';
import { useApiClient } from './PortalClientProvider.js';
import { useLaterActor } from './useLaterActor.js';

/** What the page knows of the session: checking, loggedOut, loggingIn, loggedIn, loggingOut; and who, once known. */
export interface SessionView {
  status: string;
  user: SessionUser | null;
}

/** Sends to the page's session machine: `send({ type: 'LOGIN', … })`, `send({ type: 'LOGOUT' })`. */
export interface SessionHandle {
  send(event: SessionEvent): void;
}

const SessionContext = createContext<{ handle: SessionHandle; view: SessionView } | null>(null);

/** After 退出登录成功 the page reloads; the pause lets the message be seen (and read out). */
export function delayedReload(): void {
  window.setTimeout(() => window.location.reload(), 800);
}

/**
 * Runs the one session machine of the page (spec §4): the token check at start, login, logout, expiry. The
 * session store stays the record of the token; this keeps the two in step both ways:
 * - a failed token check (any code but 200) clears a stored login — logged out means logged out;
 * - a login cleared elsewhere (the client's 401 rule) sends `SESSION_EXPIRED`; a login stored elsewhere, `CHECK`.
 *
 * The machine (and XState) comes when the page needs it, not with the shell: at once with a stored login (its
 * check), else once the first view stands, or at the first event sent (登录 pressed before that). Until it runs, a
 * visitor without a token is shown logged out — where the machine settles at once — and one with a token as being
 * checked. An event sent meanwhile, or during the check, is delivered once the check is over: `checking` takes none.
 */
export function SessionProvider({ reload = delayedReload, children }: { reload?: () => void; children: ReactNode }) {
  const client = useApiClient();
  const load = useCallback(() => import('./session-machine.js').then((m) => m.portalSessionMachine(client, reload)), [client, reload]);
  const stored = client.session.getSnapshot().token !== null;
  const { actor, start } = useLaterActor(load, {
    start: stored ? 'now' : 'afterFirstView',
    onFailure: () => client.notifier.message('error', ERROR_TEXTS.networkError),
  });
  const waiting = useRef<SessionEvent[]>([]);

  useEffect(() => {
    // A login stored before the machine runs (another form logged in): it runs now and checks it.
    if (!actor) return client.session.subscribe(() => client.session.getSnapshot().loggedIn && start());
    const deliver = () => {
      if (actor.getSnapshot().value === 'checking') return;
      for (const event of waiting.current.splice(0)) actor.send(event);
    };
    let previous = actor.getSnapshot().value;
    const states = actor.subscribe((snapshot) => {
      if (previous === 'checking' && snapshot.value === 'loggedOut' && client.session.getSnapshot().loggedIn) client.session.clearLogin();
      previous = snapshot.value;
      deliver();
    });
    deliver();
    const store = client.session.subscribe(() => {
      const loggedIn = client.session.getSnapshot().loggedIn;
      const state = actor.getSnapshot().value;
      if (!loggedIn && state === 'loggedIn') actor.send({ type: 'SESSION_EXPIRED' });
      if (loggedIn && state === 'loggedOut') actor.send({ type: 'CHECK' });
    });
    return () => {
      states.unsubscribe();
      store();
    };
  }, [actor, client, start]);

  const handle = useMemo<SessionHandle>(
    () => ({
      send: (event) => {
        if (actor && actor.getSnapshot().value !== 'checking') actor.send(event);
        else {
          waiting.current.push(event);
          start();
        }
      },
    }),
    [actor, start],
  );
  const status = useActorSelector(actor ?? undefined, (s) => (s ? String(s.value) : undefined));
  const user = useActorSelector(actor ?? undefined, (s) => s?.context.user ?? null) ?? null;
  // The machine starts by checking; without a token that settles on loggedOut at once, which is what was shown.
  const shown = status === undefined || (status === 'checking' && !stored) ? (stored ? 'checking' : 'loggedOut') : status;
  const view = useMemo(() => ({ status: shown, user }), [shown, user]);
  const value = useMemo(() => ({ handle, view }), [handle, view]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

function useSessionContext() {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSessionActor/useSessionState need a <SessionProvider> above them');
  return value;
}

/** Sends to the session machine: `send({ type: 'LOGIN', … })`, `send({ type: 'LOGOUT' })`. */
export function useSessionActor(): SessionHandle {
  return useSessionContext().handle;
}

/** The session machine's state: checking, loggedOut, loggingIn, loggedIn, loggingOut; and who, once known. */
export function useSessionState(): SessionView {
  return useSessionContext().view;
}
