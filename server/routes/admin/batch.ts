import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import { ApiError, ok } from '../../api/errors.js';
import { MESSAGES } from '../../api/messages.js';
import { rerunRoute } from '../../api/route-rerun.js';
import type { ApiRouteName } from '../../../schemas/types/api.js';
import { databaseOutage } from '../../db/outage.js';

/**
 * One row action on the selected rows: each row is the single action's own call (its scope, its conditional write,
 * its audit entry in its transaction), one after another, so a row that fails — decided already by someone else,
 * out of scope, invalid — is reported with its reason and the others still apply. Nothing is applied twice: a row
 * already in the target state is refused by the action itself.
 */
export async function registerAdminBatchRoutes(app: FastifyInstance, _ctx: AppContext): Promise<void> {
  defineRoute(app, 'adminBatch', async (request, reply) => {
    const { call, rows } = request.input;
    const failed: Array<{ index: number; msg: string }> = [];
    let succeeded = 0;
    for (const [index, row] of rows.entries()) {
      try {
        await rerunRoute(app, request, reply, call as ApiRouteName, row);
        succeeded += 1;
      } catch (error) {
        const outage = databaseOutage(error);
        if (error instanceof ApiError) failed.push({ index, msg: error.msg });
        else if (outage) {
          // The database cannot answer: this row and the rest are not applied, and the answer says so for each.
          const msg = MESSAGES.requests.databaseOutage[outage];
          for (let rest = index; rest < rows.length; rest += 1) failed.push({ index: rest, msg });
          break;
        } else {
          request.log.error({ err: error, reqId: request.id, index }, 'batch row failed');
          failed.push({ index, msg: MESSAGES.tables.batchRowFailed });
        }
      }
    }
    return ok({ succeeded, failed }, MESSAGES.tables.batchDone(succeeded, failed.length));
  });
}
