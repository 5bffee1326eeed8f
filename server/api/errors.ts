import { MESSAGES } from './messages.js';

/**
 * A refusal the client should see: `code` goes in the envelope (and becomes the HTTP status when it is one),
 * `msg` is Chinese and names what was wrong.
 */
export class ApiError extends Error {
  constructor(
    public readonly code: number,
    public readonly msg: string,
  ) {
    super(msg);
    this.name = 'ApiError';
  }
}

export const badRequest = (msg: string) => new ApiError(400, msg);
export const unauthorized = (msg: string = MESSAGES.common.unauthorized) => new ApiError(401, msg);
export const forbidden = (msg: string = MESSAGES.common.forbidden) => new ApiError(403, msg);
export const notFound = (msg: string = MESSAGES.common.notFound) => new ApiError(404, msg);

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export function ok<T>(data: T, msg: string = MESSAGES.common.done): Envelope<T> {
  return { code: 200, msg, data };
}

/** HTTP status for an envelope code: the code itself when it is an HTTP error status, else 200 (601 is a warning). */
export function httpStatusFor(code: number): number {
  return code >= 400 && code <= 599 ? code : 200;
}
