import type { SignedInRequest } from '../api/schemas.js';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../api/schemas.js';
import type { AppContext } from '../api/context.js';
import {
  auctionState,
  listRegistrations,
  myAuctions,
  placeBid,
  PROJECT_MISSING,
  register,
  registrationOf,
  review,
  type RegistrationView,
} from '../auction/index.js';
import { badRequest, notFound, ok } from '../api/errors.js';
import { formatDateTime, formatRequiredDateTime, maskPhone } from '../api/format.js';
import { scopeIds } from '../plugins/guards.js';
import type { PlaceTree } from '../plugins/places.js';
import { paging } from '../api/request-params.js';
import { MESSAGES } from '../api/messages.js';

/** The schema types and bounds projectId; that it is there at all (in the query or the body) is checked here. */
function projectIdOf(p: { projectId?: number }): number {
  if (p.projectId === undefined) throw badRequest(MESSAGES.auction.missingProjectId);
  return p.projectId;
}

const registrationOut = (r: RegistrationView) => ({
  projectId: r.projectId,
  state: r.state,
  bidderCode: r.bidderCode,
  createdAt: formatDateTime(r.createdAt),
  reviewedAt: formatDateTime(r.reviewedAt),
});

/**
 * What a staff account may review: the request's tenant, narrowed to the staff member's own place when the
 * account has one (a town clerk reviews that town); admins are limited by the tenant only. Never empty: a scope
 * that covers no place is [-1], which matches no row.
 */
export function staffScope(request: SignedInRequest, places: PlaceTree): number[] {
  const ids = scopeIds(request, places);
  const { user } = request;
  const own = user.role === 'admin' || user.deptId === null ? undefined : new Set(places.subtree(user.deptId));
  const scope = own ? ids.filter((id) => own.has(id)) : ids;
  // A staff member of another tenant's place reviews nothing here. No place has id -1, and SQL has no empty IN list.
  return scope.length ? scope : [-1];
}

/** Registration, review, bidding and the auction state; real-time pushes are in websocket.ts. */
export async function registerAuctionRoutes(app: FastifyInstance, { db, places, dbKind }: AppContext): Promise<void> {
  defineRoute(app, 'auctionRegister', async (request) => {
    const projectId = projectIdOf(request.input);
    const row = await register(db, { projectId, userId: request.user.userId, deptIds: scopeIds(request, places) });
    app.projectListCache?.clear();
    return ok(registrationOut(row), MESSAGES.auction.registered);
  });

  defineRoute(app, 'auctionRegistration', async (request) => {
    const projectId = projectIdOf(request.input);
    return ok(
      registrationOut(await registrationOf(db, { projectId, userId: request.user.userId, deptIds: scopeIds(request, places) })),
      MESSAGES.common.queried,
    );
  });

  defineRoute(app, 'auctionMine', async (request) => {
    const { pageSize, offset } = paging(request.input, 10);
    const result = await myAuctions(db, { userId: request.user.userId, deptIds: scopeIds(request, places), limit: pageSize, offset });
    return ok(
      {
        rows: result.rows.map((r) => ({
          ...r,
          registeredAt: formatRequiredDateTime(r.registeredAt),
          reviewedAt: formatDateTime(r.reviewedAt),
          biddingStopTime: formatDateTime(r.biddingStopTime),
        })),
        total: result.total,
      },
      MESSAGES.common.queried,
    );
  });

  defineRoute(app, 'auctionBid', async (request) => {
    const p = request.input;
    const projectId = projectIdOf(p);
    if (p.amount === undefined) throw badRequest(MESSAGES.auction.missingAmount);
    const outcome = await placeBid(db, {
      projectId,
      userId: request.user.userId,
      amount: p.amount,
      deptIds: scopeIds(request, places),
      singleSession: dbKind === 'pglite',
    });
    return ok({ ...outcome, serverTime: Date.now() }, MESSAGES.auction.bidAccepted);
  });

  defineRoute(app, 'auctionState', async (request) => {
    const projectId = projectIdOf(request.input);
    const state = await auctionState(db, projectId, scopeIds(request, places));
    if (!state) throw notFound(PROJECT_MISSING);
    return ok(state, MESSAGES.common.queried);
  });

  defineRoute(app, 'auctionRegistrations', async (request) => {
    const p = request.input;
    const { pageSize, offset } = paging(p, 10);
    const result = await listRegistrations(db, {
      deptIds: staffScope(request, places),
      projectId: p.projectId === undefined ? undefined : projectIdOf(p),
      state: p.state,
      limit: pageSize,
      offset,
    });
    return ok(
      {
        rows: result.rows.map((r) => ({
          ...r,
          phone: maskPhone(r.phone),
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
