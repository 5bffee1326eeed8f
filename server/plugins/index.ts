import type { FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { addSharedSchemas } from '../api/schemas.js';
import type { AppContext } from '../api/context.js';
import { registerResponseCompression } from '../delivery/compression.js';
import { registerErrorHandling } from './errors.js';
import { registerHealth } from './health.js';
import { registerMetrics } from '../metrics/plugin.js';
import { registerRateLimits } from './rate-limits.js';
import { registerSecurityHeaders } from './security-headers.js';
import { registerInputChecks } from './input-checks.js';

/**
 * What every request passes through before its route, in this order: error answers, health, metrics, security headers,
 * compression, input checks, the shared schemas, the form and multipart body parsers and the rate limits.
 */
export async function registerPlugins(app: FastifyInstance, { config, db, dbKind, auction }: AppContext): Promise<void> {
  registerErrorHandling(app);
  await registerHealth(app, { db, dbKind, hub: auction, config });
  registerMetrics(app, app.metrics, config);
  await registerSecurityHeaders(app, { hsts: config.production });
  registerResponseCompression(app);
  registerInputChecks(app);
  addSharedSchemas(app);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 50 } });
  await registerRateLimits(app, db, config.rateLimits);
}
