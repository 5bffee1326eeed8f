import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import { auctionState, bidOutcome, myAuctions, placeBid, PROJECT_MISSING, register, registrationOf } from '../../auction/index.js';
import { badRequest, notFound, ok } from '../../api/errors.js';
import { formatDateTime, formatRequiredDateTime } from '../../api/format.js';
import { scopeIds } from '../../plugins/guards/index.js';
import { paging } from '../../api/request-params.js';
import { MESSAGES } from '../../api/messages.js';
import { markBidReplay } from '../../metrics/bid-outcomes.js';
import { projectIdOf, registrationOut } from './common.js';

/** A bidder's side: registering for a project, its own registrations and auctions, bidding, the auction's state. */
export async function registerBidderRoutes(app: FastifyInstance, { db, places, dbKind }: AppContext): Promise<void> {
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
    const { outcome, replayed } = await placeBid(db, {
      projectId,
      userId: request.user.userId,
      amount: p.amount,
      key: p.key,
      deptIds: scopeIds(request, places),
      singleSession: dbKind === 'pglite',
    });
    if (replayed) markBidReplay(request);
    return ok({ ...outcome, serverTime: Date.now() }, MESSAGES.auction.bidAccepted);
  });

  defineRoute(app, 'auctionBidOutcome', async (request) => {
    const p = request.input;
    const projectId = projectIdOf(p);
    if (p.key === undefined) throw badRequest(MESSAGES.auction.missingBidKey);
    const result = await bidOutcome(db, { projectId, userId: request.user.userId, key: p.key, deptIds: scopeIds(request, places) });
    return result
      ? ok({ accepted: true, result: { ...result, serverTime: Date.now() } }, MESSAGES.auction.bidAccepted)
      : ok({ accepted: false, result: null }, MESSAGES.auction.bidNotLanded);
  });

  defineRoute(app, 'auctionState', async (request) => {
    const projectId = projectIdOf(request.input);
    const state = await auctionState(db, projectId, scopeIds(request, places));
    if (!state) throw notFound(PROJECT_MISSING);
    return ok(state, MESSAGES.common.queried);
  });
}
