import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import { listRegistrations, review } from '../../auction/index.js';
import { badRequest, ok } from '../../api/errors.js';
import { formatDateTime, formatRequiredDateTime } from '../../api/format.js';
import { paging } from '../../api/request-params.js';
import { MESSAGES } from '../../api/messages.js';
import { projectIdOf, registrationOut } from './common.js';
import { staffScope } from './staff-scope.js';
import { auditPhoneView } from '../admin/phone-views.js';

/** Staff's side: the registrations of their places and approving or rejecting one. */
export async function registerReviewRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  defineRoute(app, 'auctionRegistrations', async (request) => {
    const p = request.input;
    const { pageSize, offset } = paging(p, 10);
    const result = await listRegistrations(db, {
      deptIds: staffScope(request, places),
      projectId: p.projectId === undefined ? undefined : projectIdOf(p),
      projectName: p.projectName,
      state: p.state,
      sort: p,
      limit: pageSize,
      offset,
    });
    await auditPhoneView(
      db,
      request,
      'auctionRegistrations',
      'registration',
      result.rows.map((r) => ({ projectId: r.projectId, userId: r.userId })),
    );
    return ok(
      {
        rows: result.rows.map((r) => ({
          ...r,
          // In full: staff of the project's place call the bidder back about the registration.
          phone: r.phone,
          createdAt: formatRequiredDateTime(r.createdAt),
          reviewedAt: formatDateTime(r.reviewedAt),
        })),
        total: result.total,
      },
      MESSAGES.common.queried,
    );
  });

  defineRoute(app, 'auctionReview', async (request) => {
    const p = request.input;
    const projectId = projectIdOf(p);
    if (p.userId === undefined) throw badRequest(MESSAGES.auction.missingUserId);
    if (p.approve === undefined) throw badRequest(MESSAGES.auction.missingApprove);
    const approve = p.approve;
    const row = await review(db, {
      projectId,
      userId: p.userId,
      approve,
      reviewerId: request.user.userId,
      deptIds: staffScope(request, places),
      reason: p.reason,
      actor: request.user,
    });
    return ok(registrationOut(row), approve ? MESSAGES.auction.approved(row.bidderCode) : MESSAGES.auction.rejected);
  });
}
