import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../api/context.js';
import { registerAdminRequestListRoutes } from './list.js';
import { registerAdminRequestReplyRoutes } from './reply.js';

/**
 * Feedback (意见反馈, the personal centre's) and complaints/consultations (投诉/咨询, migration 009's visitor
 * requests): the review lists and one reply call. Intents are reviewed by intentReviewList / intentReview.
 */
export async function registerAdminRequestRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerAdminRequestListRoutes(app, ctx);
  await registerAdminRequestReplyRoutes(app, ctx);
}
