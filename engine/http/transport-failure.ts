import type { AxiosError, AxiosStatic } from 'axios';
import { ApiError } from './api-error.js';
import { ERROR_TEXTS, TRANSPORT_MESSAGE_MS } from './error-catalogue.js';
import type { Notifier } from './notifier.js';

/** A call that got no usable answer (canceled, an HTTP error page, a timeout, no network): told (not with a null notifier: the caller tells), and its error. */
export function transportFailure(axios: AxiosStatic, error: unknown, notifier: Notifier | null): ApiError {
  if (axios.isCancel(error)) return new ApiError('canceled', '请求已取消');
  const e = error as AxiosError;
  const shown = notifier !== null;
  let failure: ApiError;
  if (e.response) {
    failure = new ApiError('http', ERROR_TEXTS.httpStatus(e.response.status), undefined, e.response.status, shown);
  } else if (e.code === 'ECONNABORTED' || e.code === 'ETIMEDOUT' || /timeout/i.test(e.message ?? '')) {
    failure = new ApiError('timeout', ERROR_TEXTS.timeout, undefined, undefined, shown);
  } else {
    // "Network Error" in the browser; ECONNREFUSED, ECONNRESET, ENOTFOUND… in Node: all mean no answer.
    failure = new ApiError('network', ERROR_TEXTS.networkError, undefined, undefined, shown);
  }
  notifier?.message('error', failure.message, TRANSPORT_MESSAGE_MS);
  return failure;
}
