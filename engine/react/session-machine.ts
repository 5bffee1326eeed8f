import { fromPromise } from 'xstate';
import type { ApiClient } from '../http/index.js';
import { sessionActors, sessionMachine, type SessionUser } from '../../machines/session.js';

/**
 * The session machine wired to the portal's client (loaded by {@link SessionProvider} when the page needs it):
 * the client's calls, its notifier and its session store, and `reload` after 退出登录成功.
 */
export function portalSessionMachine(client: ApiClient, reload: () => void) {
  return sessionMachine.provide({
    actors: {
      ...sessionActors(client),
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
}
