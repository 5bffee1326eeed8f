import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../api/context.js';
import { registerFinancingRoutes } from './financing.js';
import { registerIntentRoutes } from './intents.js';
import { registerMyIntentRoutes } from './my-intents.js';
import { registerIntentReviewRoutes } from './intent-review.js';
import { registerInvestmentRoutes } from './investment.js';
import { registerLandRoutes } from './land.js';
import { registerDealRoutes } from './deals.js';

/** Financing records, transfer intents (and their review), investment projects, land information and deal announcements. */
export async function registerListingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerFinancingRoutes(app, ctx);
  await registerIntentRoutes(app, ctx);
  await registerMyIntentRoutes(app, ctx);
  await registerIntentReviewRoutes(app, ctx);
  await registerInvestmentRoutes(app, ctx);
  await registerLandRoutes(app, ctx);
  await registerDealRoutes(app, ctx);
}
