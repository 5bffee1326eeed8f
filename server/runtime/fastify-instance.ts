import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { apiSchemaKeywords } from '../api/schemas.js';
import type { ServerConfig } from './config.js';
import { checkedTrustProxy } from './trust-proxy.js';
import { frameworkErrors } from '../plugins/errors.js';
import { loggerOptions } from '../plugins/log-redaction.js';
import { logFormat, prettyStream } from './log-format.js';
import { isAllowedUrl, URL_FORMAT } from '../../engine/security/url-policy.js';

export interface InstanceOptions {
  /** false silences request logs (tests). */
  logger?: boolean;
  /** Where log lines go instead of stdout (a test reading the real log). */
  logStream?: NodeJS.WritableStream;
}

/**
 * Request ids for the log (and the 500 msg that quotes one): a random prefix per process and a counter. Unique, which
 * is all an id is for; crypto.randomBytes per request cost ~25 µs (a system call each), a tenth of a cached list call.
 */
function requestIds(): () => string {
  const prefix = crypto.randomBytes(3).toString('hex');
  let n = 0;
  return () => prefix + (++n).toString(36).padStart(6, '0');
}

/** Where the log goes: the stream given (tests), else standard output, as readable lines when a person reads it there. */
function logDestination(config: ServerConfig, options: InstanceOptions): NodeJS.WritableStream | undefined {
  if (options.logStream) return options.logStream;
  return logFormat(config.logFormat, process.stdout.isTTY) === 'pretty' ? prettyStream() : undefined;
}

/** The Fastify instance: its log, request ids, body limit, proxy trust and how its schemas validate. */
export function createFastify(config: ServerConfig, options: InstanceOptions): FastifyInstance {
  return Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, logDestination(config, options)),
    genReqId: requestIds(),
    ajv: {
      customOptions: {
        allowUnionTypes: true,
        coerceTypes: 'array',
        useDefaults: true,
        removeAdditional: false,
        allErrors: false,
        verbose: true,
        formats: { [URL_FORMAT]: isAllowedUrl },
      },
      plugins: [apiSchemaKeywords],
    },
    bodyLimit: 1024 * 1024,
    trustProxy: checkedTrustProxy(config.trustProxy),
    frameworkErrors,
    // While the instance stops, requests on connections already open are served (plugins/health.ts closes them after).
    return503OnClosing: false,
  });
}
