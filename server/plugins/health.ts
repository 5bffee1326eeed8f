import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuctionHub } from '../auction/hub.js';
import type { ServerConfig } from '../runtime/config.js';
import { pendingMigrations } from '../db/database.js';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../db/outage.js';
import type { Database } from '../db/schema.js';
import { ApiError } from '../api/errors.js';
import { MESSAGES } from '../api/messages.js';

const H = MESSAGES.health;

/** The longest /readyz waits for the database: a probe must answer before the prober gives up on it. */
export const READY_DB_TIMEOUT_MS = 2000;

/** The mean event-loop delay (ms) past which requests are shed on PostgreSQL when MAX_EVENT_LOOP_DELAY_MS is unset. */
export const DEFAULT_MAX_EVENT_LOOP_DELAY_MS = 1000;
/** How often the plugin's sample (taken each second) is read, and how many high ones in a row mean saturation. */
const SAMPLE_READ_MS = 200;
const HIGH_SAMPLES_TO_SHED = 2;

/** This instance's part in the rotation: draining takes it out (readiness 503) while it finishes what it has. */
export interface Health {
  readonly draining: boolean;
  /** From now on /readyz answers 503 and every response closes its connection (the instance is stopping). */
  drain(): void;
}

export interface HealthDeps {
  db: Kysely<Database>;
  dbKind: 'pglite' | 'postgres';
  hub: AuctionHub;
  config: Pick<ServerConfig, 'maxEventLoopDelayMs'>;
}

/** What /readyz found; each false names a reason in the msg. */
export interface ReadinessChecks {
  database: boolean;
  migrations: boolean;
  listen: boolean;
  notDraining: boolean;
  notOverloaded: boolean;
}

// The probes are answered whatever the load: /healthz says the process lives, /readyz says why it is not ready.
const answerAnyway = () => undefined;

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/**
 * `GET /healthz` (the process is alive; no database) and `GET /readyz` (the database answers within
 * READY_DB_TIMEOUT_MS, every migration is applied, the LISTEN connection is up, not draining, not overloaded), at
 * the root for the proxy and orchestrators: unsigned, not rate-limited, never cached. Requests are shed with 503
 * while the event loop's mean delay stays past config.maxEventLoopDelayMs for two seconds in a row
 * (@fastify/under-pressure's samples).
 * Register after the error handling and before the routes.
 */
export async function registerHealth(app: FastifyInstance, deps: HealthDeps): Promise<Health> {
  const { db, hub, config } = deps;
  let draining = false;
  const health: Health = {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
  };
  app.decorate('health', health);

  // On PGlite the database runs on the event loop, so its own long statements would count as overload: off unless
  // configured.
  const maxDelay = config.maxEventLoopDelayMs ?? (deps.dbKind === 'postgres' ? DEFAULT_MAX_EVENT_LOOP_DELAY_MS : 0);
  // Saturation is a delay that lasts: one long synchronous stretch (the start itself, a big computation) gives one
  // high sample of the plugin's (one a second), a loop that cannot keep up gives one after another. Each sample is
  // read once (a new mean is a new sample) and counted while they stay high.
  let lastSample = NaN;
  let highSamples = 0;
  const sampler = setInterval(() => {
    const { eventLoopDelay } = app.memoryUsage();
    if (eventLoopDelay === lastSample) return;
    lastSample = eventLoopDelay;
    highSamples = maxDelay > 0 && eventLoopDelay > maxDelay ? highSamples + 1 : 0;
  }, SAMPLE_READ_MS);
  sampler.unref();
  app.addHook('onClose', async () => clearInterval(sampler));
  const overloaded = () => highSamples >= HIGH_SAMPLES_TO_SHED;
  await app.register(underPressure, {
    maxEventLoopDelay: maxDelay,
    // Refused the way the rate limits refuse: Retry-After, then the envelope from the error handler.
    pressureHandler: async (_request, reply) => {
      if (!overloaded()) return;
      reply.header('retry-after', OUTAGE_RETRY_AFTER_SECONDS);
      throw new ApiError(503, MESSAGES.requests.overloaded);
    },
  });

  // While draining, requests that still arrive on open connections are served, and their connection then closed:
  // the client's next request opens a new one, which the proxy sends to another instance.
  app.addHook('onRequest', (_request, reply, done) => {
    if (draining) reply.header('connection', 'close');
    done();
  });

  // One database check at a time, however many probes ask: on a paused database each would hold a connection.
  let checking: Promise<string[]> | undefined;
  const migrationsLeft = async (): Promise<string[] | 'no answer'> => {
    checking ??= pendingMigrations(db).finally(() => (checking = undefined));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'no answer'>((resolve) => (timer = setTimeout(() => resolve('no answer'), READY_DB_TIMEOUT_MS)));
    try {
      return await Promise.race([checking.catch(() => 'no answer' as const), late]);
    } finally {
      clearTimeout(timer);
    }
  };

  app.get('/healthz', { config: { pressureHandler: answerAnyway } }, async (_request, reply) => {
    noStore(reply);
    return { code: 200, msg: H.alive, data: { status: 'ok' } };
  });

  app.get('/readyz', { config: { pressureHandler: answerAnyway } }, async (_request, reply) => {
    noStore(reply);
    const left = await migrationsLeft();
    const checks: ReadinessChecks = {
      database: left !== 'no answer',
      migrations: left !== 'no answer' && left.length === 0,
      listen: hub.listening,
      notDraining: !draining,
      notOverloaded: !overloaded(),
    };
    const reasons = [
      !checks.notDraining && H.draining,
      !checks.notOverloaded && H.overloaded,
      !checks.database && H.databaseDown,
      checks.database && !checks.migrations && H.migrationsPending(left as string[]),
      !checks.listen && H.listenDown,
    ].filter((reason): reason is string => typeof reason === 'string');
    if (!reasons.length) return { code: 200, msg: H.ready, data: { status: 'ready', checks } };
    reply.status(503).header('retry-after', OUTAGE_RETRY_AFTER_SECONDS);
    return { code: 503, msg: H.unready(reasons), data: { status: 'unready', checks } };
  });

  return health;
}

declare module 'fastify' {
  interface FastifyInstance {
    health: Health;
  }
  interface FastifyContextConfig {
    /** @fastify/under-pressure's per-route handler: the probes answer under load too. */
    pressureHandler?: (...args: unknown[]) => unknown;
  }
}
