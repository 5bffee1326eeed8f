import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../api/context.js';
import { registerProjectListRoutes } from './lists.js';
import { registerProjectDetailRoutes } from './details.js';
import { registerOutProjectRoutes } from './out-projects.js';
import { registerProjectCategoryRoutes } from './categories.js';

/** Trading projects: lists by type, details, category options. */
export async function registerProjectRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerProjectListRoutes(app, ctx);
  await registerProjectDetailRoutes(app, ctx);
  await registerOutProjectRoutes(app, ctx);
  await registerProjectCategoryRoutes(app, ctx);
}
