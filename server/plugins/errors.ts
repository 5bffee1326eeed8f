import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, httpStatusFor } from '../api/errors.js';
import { MESSAGES } from '../api/messages.js';
import { URL_FORMAT } from '../../engine/security/url-policy.js';
import { databaseOutage, OUTAGE_RETRY_AFTER_SECONDS, throttledLog } from '../db/outage.js';

const V = MESSAGES.validation;
const R = MESSAGES.requests;

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
  parentSchema?: { title?: string; properties?: Record<string, { title?: string }> };
  schema?: unknown;
}

const NO_NUL_PATTERN = '^[^\\u0000]*$';

/** A Chinese sentence for one schema violation, naming the field by its title and its name. */
export function describeValidationError(error: AjvError, context?: string): string {
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const labelFor = (name: string, title?: string) => (title ? `${title}（${name}）` : name);
  const where = context && V.places[context] ? V.places[context] : V.anyPlace;
  switch (error.keyword) {
    case 'required': {
      const name = String(error.params.missingProperty);
      const title = error.parentSchema?.properties?.[name]?.title;
      return V.missing(labelFor(path ? `${path}.${name}` : name, title));
    }
    case 'additionalProperties':
      return V.unsupportedField(where, String(error.params.additionalProperty));
    default: {
      const label = labelFor(path || where, error.parentSchema?.title);
      switch (error.keyword) {
        case 'type': {
          const types = String(error.params.type)
            .split(',')
            .map((t) => V.typeNames[t] ?? t);
          return V.wrongType(label, types);
        }
        case 'pattern':
          // Some schemas still carry their own "no NUL" pattern (the app-wide check usually answers first).
          if (String(error.params.pattern) === NO_NUL_PATTERN) return V.nul(label);
          return V.malformed(label);
        case 'format':
          if (error.params.format === URL_FORMAT) return V.urlNotAllowed(label);
          return V.malformed(label);
        case 'minLength':
          return V.tooShort(label, String(error.params.limit));
        case 'maxLength':
          return V.tooLong(label, String(error.params.limit));
        case 'minimum':
        case 'exclusiveMinimum':
          return V.belowMinimum(label, String(error.params.limit));
        case 'maximum':
        case 'exclusiveMaximum':
          return V.aboveMaximum(label, String(error.params.limit));
        case 'enum':
          return V.notAllowed(label, error.params.allowedValues as unknown[]);
        case 'minItems':
          return V.tooFewItems(label, String(error.params.limit));
        case 'maxItems':
          return V.tooManyItems(label, String(error.params.limit));
        default:
          return V.invalid(label);
      }
    }
  }
}

/**
 * Errors the router raises before any route, hook or error handler runs (Fastify's `frameworkErrors` option):
 * a path that cannot be percent-decoded, a path parameter longer than the router keeps (100 characters).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const msg = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? R.paramTooLong : error.code === 'FST_ERR_BAD_URL' ? R.badUrl : R.badParams;
  void reply.status(400).send({ code: 400, msg });
}

/**
 * Every failure leaves as the envelope { code, msg }: refusals with their own Chinese msg, validation
 * errors naming the field, malformed bodies said plainly, the database unable to answer as 503 with Retry-After
 * (db/outage.ts), and anything unexpected as a generic 500 whose details go only to the log, under the request id
 * quoted in the msg.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  const warnOutage = throttledLog((line) => app.log.warn(line));
  app.setErrorHandler((error: FastifyError & { validationContext?: string }, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(httpStatusFor(error.code)).send({ code: error.code, msg: error.msg });
    }
    if (error.validation) {
      const msg = describeValidationError(error.validation[0] as unknown as AjvError, error.validationContext);
      return reply.status(400).send({ code: 400, msg });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const msg =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? R.bodyNotJson
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413
            ? R.bodyTooLarge
            : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415
              ? R.unsupportedMediaType
              : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
                ? R.bodyEmpty
                : R.badParams;
      return reply.status(status).send({ code: status, msg });
    }
    // The database down, paused, timed out or full: the request may succeed later, here or on another instance.
    const outage = databaseOutage(error);
    if (outage) {
      warnOutage(`数据库暂时不可用（${outage}）：${error.message}（请求编号 ${request.id}）`);
      reply.header('retry-after', OUTAGE_RETRY_AFTER_SECONDS);
      return reply.status(503).send({ code: 503, msg: R.databaseOutage[outage] });
    }
    request.log.error({ err: error, reqId: request.id }, 'unexpected error');
    return reply.status(500).send({ code: 500, msg: R.unexpected(request.id) });
  });
}
