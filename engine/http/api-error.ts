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
