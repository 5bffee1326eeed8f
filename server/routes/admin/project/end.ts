import type { FastifyInstance } from 'fastify';
import type { SignedInRequest } from '../../../api/schemas.js';
import { defineRoute } from '../../../api/schemas.js';
import type { AppContext } from '../../../api/context.js';
import { ApiError, ok } from '../../../api/errors.js';
import { MESSAGES } from '../../../api/messages.js';
import { findInScope } from '../../../api/scoped-record.js';
import { audit } from '../../../services/audit.js';
import { leaveMessages } from '../../../auction/index.js';
import { PROJECT_STATUS } from '../../../../machines/project-status.js';
import { statusLabel } from '../../../../machines/project-status-rules.js';
import { consoleScope } from '../common.js';
import { BEFORE_BIDDING, projectView } from './view.js';

const M = MESSAGES.admin;

/** Withdrawing or suspending a project before its bidding. */
export async function registerAdminProjectEndRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  /**
   * Ends a project before bidding with status 10 (已结束), the machine's staff-set no-deal end, telling every bidder
   * who registered. The machine has no event that stops a running auction, so from bidding on it is 409.
   */
  const end = async (request: SignedInRequest, id: number, reason: string, action: 'withdraw' | 'suspend') => {
    const before = await findInScope(db, 'project', id, consoleScope(request, places), M.projectMissing);
    if (!BEFORE_BIDDING(before.status)) throw new ApiError(409, M.projectLocked(statusLabel(before.status)));
    const saved = await db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('project')
        .set({ status: PROJECT_STATUS.noValidBid, updatedAt: new Date() })
        .where('id', '=', id)
        .where('status', '<', PROJECT_STATUS.bidding)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new ApiError(409, M.projectLocked(statusLabel(PROJECT_STATUS.bidding)));
      const registered = await trx.selectFrom('registration').select('userId').where('projectId', '=', id).where('state', 'in', [1, 2]).execute();
      await leaveMessages(
        trx,
        id,
        registered.map((r) => ({ userId: r.userId, title: M.projectSuspendedMessageTitle, content: M.projectSuspendedMessage(row.projectName, reason) })),
        new Date(),
      );
      await audit(trx, request.user, { deptId: row.deptId, entity: 'project', entityId: row.id, action, before, after: { ...row, reason } });
      return row;
    });
    app.projectListCache?.clear();
    return projectView(places, saved);
  };

  defineRoute(app, 'adminProjectWithdraw', async (request) =>
    ok(await end(request, request.input!.id, request.input!.reason.trim(), 'withdraw'), M.projectWithdrawn),
  );
  defineRoute(app, 'adminProjectSuspend', async (request) =>
    ok(await end(request, request.input!.id, request.input!.reason.trim(), 'suspend'), M.projectSuspended),
  );
}
