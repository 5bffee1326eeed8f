import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, preHandlerHookHandler, RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { RateLimits } from '../runtime/config.js';
import type { Database } from '../db/schema.js';
import { ApiError } from '../api/errors.js';
import { MESSAGES } from '../api/messages.js';
import { paramsOf } from '../api/request-params.js';
import { RateLimitCounters, windowMsOf } from '../services/rate-limits.js';

/** Whose requests a limit counts: the address, the logged-in account, or the phone named in the request. */
type Subject = 'ip' | 'user' | 'phone';

interface RouteLimit {
  rule: keyof RateLimits;
  by: Subject;
}

const SUBMIT: RouteLimit[] = [
  { rule: 'submitPerIp', by: 'ip' },
  { rule: 'submitPerUser', by: 'user' },
];
const CODE_CHECK: RouteLimit[] = [
  { rule: 'codeCheckPerIp', by: 'ip' },
  { rule: 'codeCheckPerPhone', by: 'phone' },
];

/**
 * The limited routes, by their name in schemas/api. Wrong passwords are counted by the login route itself (only
 * failures count, per phone), SMS sends per phone by the SMS code service (60 s apart, a daily cap).
 */
export const ROUTE_LIMITS: Readonly<Record<string, RouteLimit[]>> = {
  login: [{ rule: 'loginPerIp', by: 'ip' }],
  getPhoneCode: [{ rule: 'smsSendPerIp', by: 'ip' }],
  register: CODE_CHECK,
  updatePwdForMobile: CODE_CHECK,
  updatePwd: [{ rule: 'passwordChangePerUser', by: 'user' }],
  upload: [
    { rule: 'uploadPerIp', by: 'ip' },
    { rule: 'uploadPerUser', by: 'user' },
  ],
  adminImport: [{ rule: 'importPerUser', by: 'user' }],
  // Documents count with the pictures: one budget of uploads per account and address.
  adminAttachmentUpload: [
    { rule: 'uploadPerIp', by: 'ip' },
    { rule: 'uploadPerUser', by: 'user' },
  ],
  desiredSubmit: SUBMIT,
  complaintSubmit: SUBMIT,
  consultSubmit: SUBMIT,
  propertyRegister: SUBMIT,
  auctionRegister: SUBMIT,
  feedback: SUBMIT,
};

/** The visitor's address as the limits count it (an IPv6 address by its /64, as @fastify/rate-limit does). */
export const clientAddress = (request: FastifyRequest) => normalizeIP(request.ip);

/** Refuses with 429, a Chinese msg and Retry-After (whole seconds, at least 1). */
export function tooMany(reply: FastifyReply, ttlMs: number, msg: string = MESSAGES.requests.tooMany): ApiError {
  reply.header('retry-after', Math.max(1, Math.ceil(ttlMs / 1000)));
  return new ApiError(429, msg);
}

/** @fastify/rate-limit's store protocol over the rate_limit table; each limit's counters carry its name. */
function databaseStore(counters: RateLimitCounters) {
  return class DatabaseStore {
    private readonly name: string;
    // The plugin hands the store the limiter's merged options, limitName included.
    constructor(params: object) {
      this.name = (params as { limitName?: string }).limitName ?? 'global';
    }
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      counters.hit(this.name, key, timeWindow).then(
        (state) => callback(null, { current: state.count, ttl: state.ttlMs }),
        (error: Error) => callback(error),
      );
    }
    read(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void): void {
      counters.read(this.name, key).then(
        (state) => callback(null, { current: state.count, ttl: state.ttlMs }),
        (error: Error) => callback(error),
      );
    }
    child(params: object): DatabaseStore {
      return new DatabaseStore(params);
    }
  };
}

function addHook<H>(route: RouteOptions, hook: 'onRequest' | 'preHandler', handler: H): void {
  const current = (route as unknown as Record<string, H | H[] | undefined>)[hook];
  (route as unknown as Record<string, H[]>)[hook] = current === undefined ? [handler] : Array.isArray(current) ? [...current, handler] : [current, handler];
}

/**
 * Rate limits on logins, SMS codes, uploads and submits, with @fastify/rate-limit and its counters in the
 * database. Per-address limits run on request, before the body is read; per-account and per-phone ones once the
 * guards know the account and the body is validated. Register before the routes.
 */
export async function registerRateLimits(app: FastifyInstance, db: Kysely<Database>, limits: RateLimits): Promise<void> {
  const counters = new RateLimitCounters(db);
  // Not global: only the routes of ROUTE_LIMITS are limited, each by several limiters (the plugin's own route hook
  // runs one limiter per request, so the hooks below call createRateLimit's limiters themselves).
  await app.register(rateLimit, { global: false, store: databaseStore(counters) });

  const keyFor: Record<Subject, (request: FastifyRequest) => string> = {
    ip: clientAddress,
    user: (request) => (request.user ? String(request.user.userId) : ''),
    phone: (request) => {
      const phone = paramsOf(request).phone;
      return typeof phone === 'string' || typeof phone === 'number' ? String(phone).trim() : '';
    },
  };

  app.addHook('onRoute', (route) => {
    const name = route.config?.routeName;
    for (const { rule, by } of (name && ROUTE_LIMITS[name]) || []) {
      const { max, windowSeconds } = limits[rule];
      const limiter = app.createRateLimit({
        max,
        timeWindow: windowSeconds * 1000,
        keyGenerator: keyFor[by],
        limitName: rule,
      } as Parameters<FastifyInstance['createRateLimit']>[0]);
      const check = async (request: FastifyRequest, reply: FastifyReply) => {
        if (!keyFor[by](request)) return; // an anonymous submit, or no phone (the route says what is missing)
        const result = await limiter(request);
        if (!result.isAllowed && result.isExceeded) throw tooMany(reply, result.ttl);
      };
      if (by === 'ip') addHook<onRequestHookHandler>(route, 'onRequest', check);
      else addHook<preHandlerHookHandler>(route, 'preHandler', check);
    }
  });
}

export { RateLimitCounters, windowMsOf };
