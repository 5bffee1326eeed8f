import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { ApiPort } from './ports.js';
import type { CheckTokenData, LoginData } from '../schemas/types/api.js';
import { unshownFailure, type Notice } from './sms-countdown.js';

/** The spec's session texts (§4, §5, §8), copied exactly. */
export const SESSION_MESSAGES = {
  phoneBlank: '手机号不可为空',
  passwordBlank: '密码不可为空',
  loggedIn: '登录成功',
  loggedOut: '退出登录成功',
} as const;

/** What the login form sends. `username` is the phone. */
export interface LoginCredentials {
  username: string;
  password: string;
  /** The region's tenant (lessee) number, or a place inside the signed region; the deptId header's place when absent. */
  areaId?: number;
  /** 1: password login, the only kind there is. */
  loginType?: number;
}

/** Who is logged in, as the token check or the login answered (the phone is masked by the server). */
export type SessionUser = Pick<CheckTokenData, 'userId' | 'phone' | 'name' | 'role' | 'mustChangePassword' | 'permissions' | 'staffRoleName' | 'placeName'>;

export interface SessionContext {
  user: SessionUser | null;
  /** The phone of the login under way, as typed (trimmed). */
  loginPhone: string;
}

export type SessionEvent =
  /** Ask the server again (e.g. the stored token changed in another tab). */
  | { type: 'CHECK' }
  | ({ type: 'LOGIN' } & LoginCredentials)
  | { type: 'LOGOUT' }
  /** A 401 seen by any other call: the client has already cleared the login and said so. */
  | { type: 'SESSION_EXPIRED' };

const trimmed = (value: string | undefined) => (value ?? '').trim();

/**
 * Login and session (spec §4, §5, §8): `checking` (the token check runs at start) → `loggedIn` when it answers
 * code 200, else `loggedOut`; `LOGIN` → `loggingIn` → `loggedIn` (token and phone stored, 登录成功) or back to
 * `loggedOut` (the failure shown once); `LOGOUT` → `loggingOut` → `loggedOut` (token, phone and dept id cleared,
 * 退出登录成功, page reloaded); `SESSION_EXPIRED` → `loggedOut`.
 *
 * Provide the actors `checkToken`, `login`, `logout` (each resolves on code 200 and rejects otherwise:
 * {@link sessionActors} builds them from the portal's client) and the actions `notify`, `storeLogin`
 * (`SessionStore.setLogin`), `clearLogin` (`SessionStore.logout`) and `reload`.
 *
 * @example
 * const actor = createActor(
 *   sessionMachine.provide({
 *     actors: sessionActors(client),
 *     actions: {
 *       notify: (_, n) => notifier.message(n.kind, n.text),
 *       storeLogin: (_, p) => session.setLogin(p.token, p.phone),
 *       clearLogin: () => session.logout(),
 *       reload: () => window.location.reload(),
 *     },
 *   }),
 * ).start();
 * actor.send({ type: 'LOGIN', username: '13800000001', password: 'Demo@12345', areaId: 330127 });
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    // Safe defaults: unwired, nobody is logged in.
    checkToken: fromPromise<SessionUser>(async () => {
      throw new Error('checkToken is not provided');
    }),
    login: fromPromise<LoginData, Required<Pick<LoginCredentials, 'username' | 'password' | 'loginType'>> & Pick<LoginCredentials, 'areaId'>>(async () => {
      throw new Error('login is not provided');
    }),
    logout: fromPromise<unknown>(async () => undefined),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    storeLogin: (_, _login: { token: string; phone: string }) => {},
    clearLogin: () => {},
    reload: () => {},
  },
  guards: {
    phoneBlank: ({ event }) => event.type === 'LOGIN' && !trimmed(event.username),
    passwordBlank: ({ event }) => event.type === 'LOGIN' && !trimmed(event.password),
  },
}).createMachine({
  id: 'session',
  context: { user: null, loginPhone: '' },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'checkToken',
        src: 'checkToken',
        onDone: { target: 'loggedIn', actions: assign({ user: ({ event }) => event.output }) },
        // Any other code means logged out; nothing to tell a visitor.
        onError: { target: 'loggedOut', actions: assign({ user: null }) },
      },
    },
    loggedOut: {
      on: {
        LOGIN: [
          { guard: 'phoneBlank', actions: { type: 'notify', params: { kind: 'warning', text: SESSION_MESSAGES.phoneBlank } } },
          { guard: 'passwordBlank', actions: { type: 'notify', params: { kind: 'warning', text: SESSION_MESSAGES.passwordBlank } } },
          { target: 'loggingIn', actions: assign({ loginPhone: ({ event }) => trimmed(event.username) }) },
        ],
        CHECK: { target: 'checking' },
      },
    },
    loggingIn: {
      invoke: {
        id: 'login',
        src: 'login',
        // The password stays out of the context: it is read from the LOGIN event that entered this state.
        input: ({ event }) => {
          const e = event as Extract<SessionEvent, { type: 'LOGIN' }>;
          return {
            username: trimmed(e.username),
            password: e.password,
            loginType: e.loginType ?? 1,
            ...(e.areaId === undefined ? {} : { areaId: e.areaId }),
          };
        },
        onDone: {
          target: 'loggedIn',
          actions: [
            // The phone as typed: the server answers with it masked.
            { type: 'storeLogin', params: ({ context, event }) => ({ token: event.output.token, phone: context.loginPhone }) },
            { type: 'notify', params: { kind: 'success', text: SESSION_MESSAGES.loggedIn } },
            assign({
              user: ({ event }) => ({
                userId: event.output.userId,
                phone: event.output.phone,
                name: event.output.name,
                role: event.output.role,
                // A one-time password: the pages offer only its change until it is done.
                ...(event.output.mustChangePassword ? { mustChangePassword: true } : {}),
                // Staff: the console pages of the account's role, its role's and its place's names (the console frame).
                ...(event.output.permissions ? { permissions: event.output.permissions } : {}),
                ...(event.output.staffRoleName !== undefined ? { staffRoleName: event.output.staffRoleName } : {}),
                ...(event.output.placeName !== undefined ? { placeName: event.output.placeName } : {}),
              }),
            }),
          ],
        },
        onError: {
          target: 'loggedOut',
          actions: enqueueActions(({ event, enqueue }) => {
            const text = unshownFailure(event.error);
            if (text) enqueue({ type: 'notify', params: { kind: 'error', text } });
          }),
        },
      },
    },
    loggedIn: {
      on: {
        LOGOUT: { target: 'loggingOut' },
        SESSION_EXPIRED: { target: 'loggedOut', actions: assign({ user: null }) },
        CHECK: { target: 'checking' },
      },
    },
    loggingOut: {
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: {
          target: 'loggedOut',
          actions: ['clearLogin', { type: 'notify', params: { kind: 'success', text: SESSION_MESSAGES.loggedOut } }, 'reload', assign({ user: null })],
        },
        // Ending the server's session is best effort: the browser forgets the login either way.
        onError: {
          target: 'loggedOut',
          actions: ['clearLogin', { type: 'notify', params: { kind: 'success', text: SESSION_MESSAGES.loggedOut } }, 'reload', assign({ user: null })],
        },
      },
    },
  },
});

/**
 * The real actors, through the portal's client: `checkToken` (bearer from the session store), `login`
 * (`POST /api/user/login`), `logout` (ends the server's session).
 *
 * @example sessionMachine.provide({ actors: sessionActors(client), actions: { ... } })
 */
export function sessionActors(client: ApiPort) {
  return {
    checkToken: fromPromise<SessionUser>(() => client.call('checkToken')),
    login: fromPromise<LoginData, Required<Pick<LoginCredentials, 'username' | 'password' | 'loginType'>> & Pick<LoginCredentials, 'areaId'>>(({ input }) =>
      client.call('login', { body: input }),
    ),
    logout: fromPromise<unknown>(() => client.call('logout')),
  };
}
