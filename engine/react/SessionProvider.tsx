import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { sessionActors, sessionMachine, type SessionUser } from '../../machines/session.js';
import { useApiClient } from './PortalClientProvider.js';

type SessionActor = ActorRefFrom<typeof sessionMachine>;
const SessionActorContext = createContext<SessionActor | null>(null);

/** After 退出登录成功 the page reloads; the pause lets the message be seen (and read out). */
export function delayedReload(): void {
  window.setTimeout(() => window.location.reload(), 800);
}

/**
 * Runs the one session machine of the page (spec §4): the token check at start, login, logout, expiry. The
 * session store stays the record of the token; this keeps the two in step both ways:
 * - a failed token check (any code but 200) clears a stored login — logged out means logged out;
 * - a login cleared elsewhere (the client's 401 rule) sends `SESSION_EXPIRED`; a login stored elsewhere, `CHECK`.
 */
export function SessionProvider({ reload = delayedReload, children }: { reload?: () => void; children: ReactNode }) {
  const client = useApiClient();
  const machine = useMemo(() => {
    const real = sessionActors(client);
    return sessionMachine.provide({
      actors: {
        ...real,
        // A visitor without a token is logged out: no request needed to know that.
        checkToken: fromPromise<SessionUser>(async () => {
          if (!client.session.getSnapshot().token) throw new Error('no token');
          return client.call('checkToken');
        }),
      },
      actions: {
        notify: (_, notice) => client.notifier.message(notice.kind, notice.text),
        storeLogin: (_, login) => client.session.setLogin(login.token, login.phone),
        clearLogin: () => client.session.logout(),
        reload: () => reload(),
      },
    });
  }, [client, reload]);
  const actor = useActorRef(machine);

  useEffect(() => {
    let previous = actor.getSnapshot().value;
    const states = actor.subscribe((snapshot) => {
      if (previous === 'checking' && snapshot.value === 'loggedOut' && client.session.getSnapshot().loggedIn) client.session.clearLogin();
      previous = snapshot.value;
    });
    const store = client.session.subscribe(() => {
      const stored = client.session.getSnapshot().loggedIn;
      const state = actor.getSnapshot().value;
      if (!stored && state === 'loggedIn') actor.send({ type: 'SESSION_EXPIRED' });
      if (stored && state === 'loggedOut') actor.send({ type: 'CHECK' });
    });
    return () => {
      states.unsubscribe();
      store();
    };
  }, [actor, client]);

  return <SessionActorContext.Provider value={actor}>{children}</SessionActorContext.Provider>;
}

/** The session machine's actor: `send({ type: 'LOGIN', … })`, `send({ type: 'LOGOUT' })`. */
export function useSessionActor(): SessionActor {
  const actor = useContext(SessionActorContext);
  if (!actor) throw new Error('useSessionActor needs a <SessionProvider> above it');
  return actor;
}

/** The session machine's state: checking, loggedOut, loggingIn, loggedIn, loggingOut; and who, once known. */
export function useSessionState(): { status: string; user: SessionUser | null } {
  const actor = useSessionActor();
  const status = useSelector(actor, (s) => String(s.value));
  const user = useSelector(actor, (s) => s.context.user);
  return { status, user };
}
