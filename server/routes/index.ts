import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../api/context.js';
import { registerPlaceRoutes } from './places.js';
import { registerContentRoutes } from './content/index.js';
import { registerListingRoutes } from './listings/index.js';
import { registerUserRoutes } from './users/index.js';
import { registerBaseRoutes } from './base.js';
import { registerUploadRoutes } from './uploads.js';
import { registerProjectRoutes } from './projects/index.js';
import { registerPortalRoutes } from './portal.js';
import { registerAuctionRoutes } from './auction.js';
import { registerSearchRoutes } from './search.js';
import { registerAboutRoutes } from './about.js';
import { registerStatisticsRoutes } from './statistics/index.js';
import { registerShopRoutes } from './shop/index.js';
import { registerAdminRoutes } from './admin/index.js';

/** Every route module, by domain. A new module is one import and one line here. */
export const routeModules: Array<(app: FastifyInstance, ctx: AppContext) => Promise<void>> = [
  registerPlaceRoutes,
  registerContentRoutes,
  registerListingRoutes,
  registerUserRoutes,
  registerBaseRoutes,
  registerUploadRoutes,
  registerProjectRoutes,
  registerPortalRoutes,
  registerAuctionRoutes,
  registerSearchRoutes,
  registerAboutRoutes,
  registerStatisticsRoutes,
  registerShopRoutes,
  registerAdminRoutes,
];
