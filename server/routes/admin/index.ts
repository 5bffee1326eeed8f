import type { FastifyInstance } from 'fastify';
import { defineRoute, definedRoutes } from '../../api-schemas.js';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../errors.js';
import { MESSAGES } from '../../messages.js';
import { API_ROUTES, type ApiRouteName } from '../../../schemas/types/api.js';
import { registerAdminAuditRoutes } from './audit.js';
import { registerAdminArticleRoutes } from './article.js';
import { registerAdminProjectRoutes } from './project.js';
import { registerAdminAuctionRoutes } from './auction.js';
import { registerAdminRequestRoutes } from './request.js';

/** The staff console's routes (schemas/api/admin.json), one module per entity. */
export async function registerAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerAdminAuditRoutes(app, ctx);
  await registerAdminArticleRoutes(app, ctx);
  await registerAdminProjectRoutes(app, ctx);
  await registerAdminAuctionRoutes(app, ctx);
  await registerAdminRequestRoutes(app, ctx);
  // Routes whose handler has not landed yet answer 404.
  const done = new Set(definedRoutes(app));
  const names = (Object.keys(API_ROUTES) as ApiRouteName[]).filter((name) => API_ROUTES[name].url.startsWith('/api/admin/') && !done.has(name));
  for (const name of names)
    defineRoute(app, name, async () => {
      throw new ApiError(404, MESSAGES.common.notFound);
    });
}
