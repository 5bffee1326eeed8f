import pretty from 'pino-pretty';

/** How log lines are written: readable lines for a person at a terminal, one JSON object a line for machines. */
export type LogFormat = 'pretty' | 'json';

/**
 * The log's format from `LOG_FORMAT` (`pretty`, `json`; anything else: decide by the output) and whether standard
 * output is a terminal: `npm start` in a terminal reads as lines, the same server under a supervisor, in a container
 * or into a pipe (`| jq`, a log shipper) writes JSON.
 *
 * @example logFormat(undefined, true)  // → 'pretty'
 * logFormat(undefined, undefined)        // → 'json' (a pipe or a file: isTTY is undefined)
 * logFormat('json', true)                // → 'json'
 */
export function logFormat(setting: string | undefined, stdoutIsTTY: boolean | undefined): LogFormat {
  const chosen = setting?.trim().toLowerCase();
  if (chosen === 'pretty' || chosen === 'json') return chosen;
  return stdoutIsTTY === true ? 'pretty' : 'json';
}

/**
 * A stream that turns pino's JSON lines into readable ones (time, level, message, then the fields) onto
 * `destination`. It reads what pino wrote, so the redaction of secrets (plugins/log-redaction.ts) has already happened.
 */
export function prettyStream(destination: NodeJS.WritableStream = process.stdout, colorize = true): NodeJS.WritableStream {
  return pretty({ destination, colorize, sync: true, translateTime: 'SYS:yyyy-mm-dd HH:MM:ss.l', ignore: 'pid,hostname' });
}
