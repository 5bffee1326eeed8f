import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../runtime/config.js';
import { databaseOutage } from '../db/outage.js';
import { MESSAGES } from '../api/messages.js';
import { metricsAccess } from './access.js';
import { BID_ROUTE, isBidReplay, namedRule, refusalRule } from './bid-outcomes.js';
import type { AppMetrics } from './metrics.js';

/** Methods kept as a label as they are; anything else is OTHER (a label must not take what a visitor sends). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The route's name in schemas/api, else the URL pattern it matched (`/image-api/*`), else `unmatched`: never the raw URL. */
export function routeLabel(request: FastifyRequest): string {
  const options = request.routeOptions;
  return options.config?.routeName ?? options.url ?? 'unmatched';
}

/** Counts every answer (method, route, status class, time), and the bid call's answers as accepted, replayed or refused bids. */
function countAnswers(app: FastifyInstance, metrics: AppMetrics): void {
  // What the bid call's error named, read when its answer is counted.
  const bidRules = new WeakMap<FastifyRequest, string>();
  app.addHook('onError', (request, _reply, error, done) => {
    const outage = databaseOutage(error);
    if (outage) metrics.observeOutage(outage);
    const rule = request.routeOptions.config?.routeName === BID_ROUTE ? namedRule(error) : undefined;
    if (rule) bidRules.set(request, rule);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    metrics.observeRequest(METHODS.has(request.method) ? request.method : 'OTHER', routeLabel(request), status, reply.elapsedTime);
    if (request.routeOptions.config?.routeName === BID_ROUTE) {
      if (status === 200) (isBidReplay(request) ? metrics.bidsReplayed : metrics.bidsAccepted).inc();
      else if (status >= 400 && status < 500) metrics.bidsRefused.inc({ rule: refusalRule(bidRules.get(request), status) });
    }
    done();
  });
}

/**
 * `GET /metrics` in Prometheus's text format, at the root beside the probes: unsigned, never rate-limited or shed,
 * never cached, and answered only to an address on METRICS_ALLOW or a caller with METRICS_TOKEN (else 403).
 * Register right after the health plugin: its hooks then count every route registered after it.
 */
export function registerMetrics(app: FastifyInstance, metrics: AppMetrics, config: Pick<ServerConfig, 'metricsAllow' | 'metricsToken'>): void {
  const mayRead = metricsAccess({ allow: config.metricsAllow, token: config.metricsToken });
  countAnswers(app, metrics);
  app.get('/metrics', { config: { pressureHandler: () => undefined } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!mayRead(request)) {
      reply.status(403);
      return { code: 403, msg: MESSAGES.health.metricsForbidden };
    }
    reply.type(metrics.contentType);
    return metrics.text();
  });
}
