import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../api/context.js';
import { registerArticleRoutes } from './article-routes.js';
import { registerHelpRoutes } from './help.js';
import { registerDictionaryRoutes } from './dictionaries.js';
import { registerIndexFormRoutes } from './index-form.js';

/** Article lists and details, the help centre and dictionaries: the portal's public reads. */
export async function registerContentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerArticleRoutes(app, ctx);
  await registerHelpRoutes(app, ctx);
  await registerDictionaryRoutes(app, ctx);
  await registerIndexFormRoutes(app, ctx);
}
