import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../api/context.js';
import { registerAdminArticleReadRoutes } from './reads.js';
import { registerAdminArticleSaveRoutes } from './save.js';
import { registerAdminArticlePublishingRoutes } from './publishing.js';

/** Staff reads and writes of articles (any status); the portal's reads show published ones only. */
export async function registerAdminArticleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerAdminArticleReadRoutes(app, ctx);
  await registerAdminArticleSaveRoutes(app, ctx);
  await registerAdminArticlePublishingRoutes(app, ctx);
}
