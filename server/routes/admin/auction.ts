import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import { ok } from '../../api/errors.js';
import { formatDateTime, toNumber } from '../../api/format.js';
import { MESSAGES } from '../../api/messages.js';
import { PROJECT_STATUS } from '../../../machines/project-status.js';
import { findInScope } from '../../api/scoped-record.js';
import { consoleScope } from './common.js';

/** The most bids one bid log shows (newest first). */
const BID_LOG_LIMIT = 200;

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

  defineRoute(app, 'adminAuctionBids', async (request) => {
    const project = await findInScope(db, 'project', request.input.projectId, consoleScope(request, places), MESSAGES.admin.projectMissing);
    const bids = db.selectFrom('bid').where('projectId', '=', project.id);
    const [rows, count, top] = await Promise.all([
      bids.select(['bidderCode', 'amount', 'createdAt']).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(BID_LOG_LIMIT).execute(),
      bids.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      // The leader: the highest amount, the earlier bid on a tie (the engine accepts only higher bids).
      bids.select(['bidderCode', 'amount', 'createdAt']).orderBy('amount', 'desc').orderBy('id', 'asc').limit(1).executeTakeFirst(),
    ]);
    const out = (b: { bidderCode: string; amount: unknown; createdAt: Date }) => ({
      bidderCode: b.bidderCode,
      amount: toNumber(b.amount as never) ?? 0,
      createdAt: formatDateTime(b.createdAt) ?? '',
    });
    return ok({ leader: top ? out(top) : null, rows: rows.map(out), total: Number(count.n) }, MESSAGES.common.queried);
  });
}
