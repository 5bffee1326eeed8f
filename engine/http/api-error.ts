// The failure every call rejects with is part of the port the machines own (machines/ports.ts).
export { ApiError, isApiError } from '../../machines/ports.js';
export type { ApiErrorKind } from '../../machines/ports.js';
