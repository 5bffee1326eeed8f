import type { ApiRouteName, ApiRoutes } from '../schemas/types/api.js';

// The ports the machines need from the outside world: declared here, where the machines own them, so
// machines import no other layer. The engine implements them (engine/http's client and notifier) and tests pass
// their own.

/** The kinds of message the portal shows. */
export type MessageKind = 'success' | 'info' | 'warning' | 'error';

/** The texts of the spec's error catalogue (§8), copied exactly. */
export const ERROR_TEXTS = {
  sessionExpired: '会话已过期，请重新登录。',
  networkError: '后端接口连接异常',
  timeout: '系统接口请求超时',
  /** `系统接口{status}异常` */
  httpStatus: (status: number | string) => `系统接口${status}异常`,
  unknown: '系统未知错误，请反馈给管理员',
  /** What the form-encoded call style logs on any failure; it never throws. */
  formCallFailed: '错误',
  /** Not the spec's: a staff console page whose login ended (signed out elsewhere, the account disabled or reset). */
  staffSessionEnded: '登录已失效（可能已在别处退出，或账号已被停用、密码已被重置），请使用工作人员账号重新登录',
} as const;

/**
 * Why a call failed:
 * - `code`: the server answered with an envelope whose code is not 200 (the user was already told);
 * - `session-expired`: a 401 while logged in — the login was cleared and the user sent to log in again;
 * - `network` / `timeout` / `http`: transport failures (the user was told for 5 s);
 * - `canceled`: the caller aborted (nobody is told).
 */
export type ApiErrorKind = 'code' | 'session-expired' | 'network' | 'timeout' | 'http' | 'canceled';

/** The rejection of every failed call. `shown` says whether the user has already been told. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly code?: number,
    readonly status?: number,
    readonly shown = kind !== 'canceled',
  ) {
    super(message);
  }
}

/** True for an ApiError; useful in `catch` blocks where the value is `unknown`. */
export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

type Present<T> = [T] extends [never] ? false : true;

/** A call's route-typed part, from the generated route types: a wrong name or field fails the type check. */
export type RouteCallOptions<N extends ApiRouteName> = {
  signal?: AbortSignal;
  /**
   * The caller tells the person itself that the login has expired (the transfer-entry guard asks
   * 登录状态失效,请重新登录账号?): a 401 still clears the stale login, but without §8's message and redirect, so the
   * person sees one prompt, not two.
   */
  quietExpiry?: boolean;
} & (Present<ApiRoutes[N]['query']> extends true ? { query?: ApiRoutes[N]['query'] } : { query?: never }) &
  (Present<ApiRoutes[N]['body']> extends true ? { body?: ApiRoutes[N]['body'] } : { body?: never }) &
  (Present<ApiRoutes[N]['params']> extends true ? { params: ApiRoutes[N]['params'] } : { params?: never });

/**
 * The API as a machine calls it: `data` of the route, or a rejection with an {@link ApiError}. The browser's
 * client (engine/http `createApiClient`) is one.
 *
 * @example
 * const actors = sessionActors(client); // client: ApiPort
 */
export interface ApiPort {
  call<N extends ApiRouteName>(name: N, options?: RouteCallOptions<N>): Promise<ApiRoutes[N]['data']>;
}
