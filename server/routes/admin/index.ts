import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../api/context.js';
import { registerAdminAuditRoutes } from './audit.js';
import { registerAdminArticleRoutes } from './article/index.js';
import { registerAdminProjectRoutes } from './project/index.js';
import { registerAdminAuctionRoutes } from './auction.js';
import { registerAdminRequestRoutes } from './request/index.js';
import { registerAdminStaffRoutes } from './staff/index.js';
import { registerAdminImportRoutes } from './import.js';
import { registerAdminRoleRoutes } from './role/index.js';
import { registerAdminOnsiteRoutes } from './onsite.js';
import { registerAdminPrintRoutes } from './print.js';
import { registerAdminDashboardRoutes } from './dashboard/index.js';
import { registerAdminExportRoutes } from './export/index.js';
import { registerAdminBatchRoutes } from './batch.js';
import { registerAdminAttachmentRoutes } from './attachments.js';
import { registerAdminEditorPlaceRoutes } from './editor-places.js';

/** The staff console's routes (schemas/api/admin.json), one module per entity. */
export async function registerAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerAdminAuditRoutes(app, ctx);
  await registerAdminArticleRoutes(app, ctx);
  await registerAdminProjectRoutes(app, ctx);
  await registerAdminAuctionRoutes(app, ctx);
  await registerAdminRequestRoutes(app, ctx);
  await registerAdminStaffRoutes(app, ctx);
  await registerAdminImportRoutes(app, ctx);
  await registerAdminRoleRoutes(app, ctx);
  await registerAdminOnsiteRoutes(app, ctx);
  await registerAdminPrintRoutes(app, ctx);
  await registerAdminDashboardRoutes(app, ctx);
  await registerAdminExportRoutes(app, ctx);
  await registerAdminBatchRoutes(app, ctx);
  await registerAdminAttachmentRoutes(app, ctx);
  await registerAdminEditorPlaceRoutes(app, ctx);
}
