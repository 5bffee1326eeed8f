import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../api-schemas.js';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../errors.js';
import { MESSAGES } from '../../messages.js';
import { API_ROUTES, type ApiRouteName } from '../../../schemas/types/api.js';

/** The staff console's routes (schemas/api/admin.json). First commit: every route answers 404 until its handler lands. */
export async function registerAdminRoutes(app: FastifyInstance, _ctx: AppContext): Promise<void> {
  const names = (Object.keys(API_ROUTES) as ApiRouteName[]).filter((name) => API_ROUTES[name].url.startsWith('/api/admin/'));
  for (const name of names)
    defineRoute(app, name, async () => {
      throw new ApiError(404, MESSAGES.common.notFound);
    });
}
