import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../api/context.js';
import { registerAdminRoleReadRoutes } from './reads.js';
import { registerAdminRoleSaveRoutes } from './save.js';

/** Administrator only: the staff roles (a name and the console pages it opens) the tenant's staff accounts are given. */
export async function registerAdminRoleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerAdminRoleReadRoutes(app, ctx);
  await registerAdminRoleSaveRoutes(app, ctx);
}
