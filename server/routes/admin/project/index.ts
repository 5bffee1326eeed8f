import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../api/context.js';
import { registerAdminProjectReadRoutes } from './read.js';
import { registerAdminProjectSaveRoutes } from './save.js';
import { registerAdminProjectEndRoutes } from './end.js';

/** Staff reads and writes of trading projects; statuses follow the shared project-status machine (statusAt). */
export async function registerAdminProjectRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerAdminProjectReadRoutes(app, ctx);
  await registerAdminProjectSaveRoutes(app, ctx);
  await registerAdminProjectEndRoutes(app, ctx);
}
