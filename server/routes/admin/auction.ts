import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import { ok } from '../../api/errors.js';
import { formatDateTime, toNumber } from '../../api/format.js';
import { MESSAGES } from '../../api/messages.js';
import { PROJECT_STATUS } from '../../../machines/project-status.js';
import { consoleScope } from './common.js';

/**
 * The live auctions of the caller's places. There is no manual close: the project-status machine lets only the
 * auction engine end a bidding project (DEAL / NO_DEAL when its end has passed), and staff may close only a tender
 * after sign-up, which is not an auction.
 */
export async function registerAdminAuctionRoutes(app: FastifyInstance, { db, places, auction }: AppContext): Promise<void> {
  defineRoute(app, 'adminAuctionMonitor', async (request) => {
    const rows = await db
      .selectFrom('project')
      .select(['id', 'code', 'projectName', 'deptId', 'price', 'currentPrice', 'bidCount', 'extensionCount', 'biddingStopTime'])
      .where('deptId', 'in', consoleScope(request, places))
      .where('status', '=', PROJECT_STATUS.bidding)
      .orderBy('biddingStopTime')
      .orderBy('id')
      .limit(200)
      .execute();
    return ok(
      rows.map((r) => ({
        projectId: r.id,
        code: r.code || String(r.id),
        projectName: r.projectName,
        deptId: r.deptId,
        currentPrice: toNumber(r.currentPrice) ?? toNumber(r.price) ?? 0,
        bidCount: r.bidCount,
        extensions: r.extensionCount,
        biddingStopTime: formatDateTime(r.biddingStopTime),
        // The sockets watching it on this instance (the hub knows its own; a second instance counts its own).
        viewers: auction.counts(r.id).watchers,
      })),
      MESSAGES.common.queried,
    );
  });
}
