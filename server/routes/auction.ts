import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../api/context.js';
import { registerBidderRoutes } from './auction/bidders.js';
import { registerReviewRoutes } from './auction/review.js';

/** Registration, review, bidding and the auction state; real-time pushes are in websocket.ts. */
export async function registerAuctionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerBidderRoutes(app, ctx);
  await registerReviewRoutes(app, ctx);
}
