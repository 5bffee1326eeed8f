import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import { badRequest, ok } from '../../api/errors.js';
import { formatRequiredDateTime } from '../../api/format.js';
import { MESSAGES } from '../../api/messages.js';
import { markDeposit } from '../../auction/deposit.js';
import { recordOnsiteResult } from '../../auction/onsite.js';
import { consoleScope, cstTimeOf } from './common.js';

const M = MESSAGES.onsite;

/** Closing the loop of a county that auctions on site: its result, and the deposits marked before approval. */
export async function registerAdminOnsiteRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  defineRoute(app, 'adminOnsiteRecord', async (request) => {
    const p = request.input!;
    const at = cstTimeOf(p.dealtAt);
    if (at === undefined) throw badRequest(M.dealtAtInvalid);
    const deal = p.outcome === 'deal';
    const record = await recordOnsiteResult(db, {
      projectId: p.projectId,
      deal,
      bidderCode: p.bidderCode,
      amount: p.amount,
      dealtAt: new Date(at),
      note: p.note?.trim() ?? '',
      actor: request.user,
      deptIds: consoleScope(request, places),
    });
    app.projectListCache?.clear();
    return ok(
      {
        projectId: record.projectId,
        outcome: p.outcome,
        status: record.status,
        bidderCode: record.bidderCode,
        amount: record.amount,
        dealtAt: formatRequiredDateTime(record.dealtAt),
        note: record.note,
      },
      M.recorded,
    );
  });

  defineRoute(app, 'adminDepositMark', async (request) => {
    const p = request.input!;
    const marked = await markDeposit(db, {
      projectId: p.projectId,
      userId: p.userId,
      amount: p.amount,
      paidOn: p.paidOn,
      ref: p.ref,
      actor: request.user,
      deptIds: consoleScope(request, places),
    });
    return ok(marked, M.depositMarked);
  });
}
