/**
 * Which failures mean "the database cannot answer now" rather than a bug: the server answers them 503 with
 * Retry-After (a load balancer or a person retries), logs one line instead of a stack, and the background work
 * (scheduler, real-time channel) waits them out instead of crashing.
 */

/** Why the database could not answer: each kind has its own Chinese msg (MESSAGES.requests.databaseOutage). */
export type OutageKind = 'unavailable' | 'timeout' | 'busy' | 'full';

/** Seconds a client is told to wait (Retry-After) after an outage answer. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/** node-postgres's own texts for a connection it lost, could not open in time, or gave up waiting on. */
const DRIVER_MESSAGES: ReadonlyArray<[RegExp, OutageKind]> = [
  [/^Query read timeout$/, 'timeout'],
  [/^timeout exceeded when trying to connect$/, 'busy'],
  [/^Connection terminated/, 'unavailable'],
  [/not queryable|Client was closed and is not queryable|Cannot use a pool after calling end/, 'unavailable'],
];

/** Network errors of the socket to the database (and a full disk for anything the server writes itself). */
const SYSTEM_CODES: Readonly<Record<string, OutageKind>> = {
  ECONNREFUSED: 'unavailable',
  ECONNRESET: 'unavailable',
  ECONNABORTED: 'unavailable',
  EPIPE: 'unavailable',
  ETIMEDOUT: 'unavailable',
  EHOSTUNREACH: 'unavailable',
  ENETUNREACH: 'unavailable',
  EAI_AGAIN: 'unavailable',
  ENOSPC: 'full',
};

/** A PostgreSQL SQLSTATE: class 08 (connection), 57P01-57P03 (shutdown, crash, cannot connect now), 53 (resources), 57014. */
function kindOfSqlState(code: string): OutageKind | undefined {
  if (code.startsWith('08')) return 'unavailable';
  if (code === '57P01' || code === '57P02' || code === '57P03') return 'unavailable';
  if (code === '57014') return 'timeout';
  if (code === '53100') return 'full';
  if (code.startsWith('53')) return 'busy';
  return undefined;
}

function kindOfOne(error: { code?: unknown; message?: unknown }): OutageKind | undefined {
  const code = typeof error.code === 'string' ? error.code : undefined;
  if (code) {
    const kind = /^[0-9A-Z]{5}$/.test(code) ? kindOfSqlState(code) : SYSTEM_CODES[code];
    if (kind) return kind;
  }
  const message = typeof error.message === 'string' ? error.message : '';
  return DRIVER_MESSAGES.find(([pattern]) => pattern.test(message))?.[1];
}

/**
 * The outage an error stands for, or undefined for any other error. Looks through `cause` and an AggregateError's
 * `errors` (a refused connection to a host with several addresses is one), a few levels deep.
 *
 * @example databaseOutage(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })) // → 'unavailable'
 */
export function databaseOutage(error: unknown, depth = 0): OutageKind | undefined {
  if (!error || typeof error !== 'object' || depth > 4) return undefined;
  const own = kindOfOne(error as { code?: unknown; message?: unknown });
  if (own) return own;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  const fromCause = databaseOutage(cause, depth + 1);
  if (fromCause) return fromCause;
  if (!Array.isArray(errors)) return undefined;
  for (const member of errors) {
    const kind = databaseOutage(member, depth + 1);
    if (kind) return kind;
  }
  return undefined;
}

/**
 * A log line per `intervalMs` at most: during an outage every request and every background pass fails the same way,
 * and one line saying so (with how many were left out) is what an operator needs, not thousands.
 */
export function throttledLog(write: (line: string) => void, intervalMs = 10_000): (line: string) => void {
  let last = -Infinity;
  let dropped = 0;
  return (line) => {
    const now = Date.now();
    if (now - last < intervalMs) {
      dropped++;
      return;
    }
    last = now;
    write(dropped ? `${line}（此前 ${dropped} 条同类记录已省略）` : line);
    dropped = 0;
  };
}
