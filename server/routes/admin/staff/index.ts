import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../api/context.js';
import { registerAdminPlaceTreeRoutes } from './place-tree.js';
import { registerAdminStaffListRoutes } from './list.js';
import { registerAdminStaffSaveRoutes } from './save.js';
import { registerAdminStaffGetRoutes } from './get.js';
import { registerAdminStaffResetRoutes } from './reset-password.js';

/** Administrator only (auth "admin" in admin.json): the place tree (read-only) and the staff accounts. */
export async function registerAdminStaffRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerAdminPlaceTreeRoutes(app, ctx);
  await registerAdminStaffListRoutes(app, ctx);
  await registerAdminStaffSaveRoutes(app, ctx);
  await registerAdminStaffGetRoutes(app, ctx);
  await registerAdminStaffResetRoutes(app, ctx);
}
