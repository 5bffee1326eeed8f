import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { toNumber } from '../api/format.js';
import { conclude } from './conclude.js';
import { fen, ms } from './format.js';
import { lockProject } from './project-scope.js';
import { dbNow, inTransaction } from './transaction.js';

export interface CloseOutcome {
  projectId: number;
  /** 7 deal (two or more bidders), 8 deal (sole bidder), 10 no valid bid, 11 below the reserve. */
  status: 7 | 8 | 10 | 11;
  dealAmount: number | null;
  winnerCode: string | null;
  winnerUserId: number | null;
}

/**
 * Decides the outcome of an auction whose (possibly extended) end has passed by the database clock. Locked and
 * conditional on the status, so any number of instances may race: exactly one closes, the others get null. Null
 * too while the auction is still running (a late bid moved the end).
 */
export async function closeAuction(db: Kysely<Database>, projectId: number): Promise<CloseOutcome | null> {
  return inTransaction(db, async (trx) => {
    const project = await lockProject(trx, projectId, undefined);
    if (!project || project.type === 1 || project.status < 5 || project.status > 6) return null;
    const now = await dbNow(trx);
    const stop = ms(project.biddingStopTime);
    if (stop === null || now.getTime() < stop) return null;
    const top = await trx
      .selectFrom('bid')
      .select(['amount', 'userId', 'bidderCode'])
      .where('projectId', '=', projectId)
      .orderBy('amount', 'desc')
      .orderBy('id', 'asc')
      .limit(1)
      .executeTakeFirst();
    const { rows } = await sql<{ n: number | string }>`SELECT count(DISTINCT user_id)::int AS n FROM bid WHERE project_id = ${projectId}`.execute(trx);
    const bidders = Number(rows[0].n);
    let status: CloseOutcome['status'];
    const reserve = project.reservePrice === null ? null : fen(project.reservePrice);
    if (!top) status = 10;
    else if (reserve !== null && fen(top.amount) < reserve) status = 11;
    else status = bidders >= 2 ? 7 : 8;
    const dealAmount = status === 7 || status === 8 ? toNumber(top!.amount) : null;
    let winnerCode: string | null = null;
    if (dealAmount !== null && top) {
      winnerCode = top.bidderCode;
      if (!winnerCode) {
        const reg = await trx
          .selectFrom('registration')
          .select('bidderCode')
          .where('projectId', '=', projectId)
          .where('userId', '=', top.userId)
          .executeTakeFirst();
        winnerCode = reg?.bidderCode ?? '';
      }
    }
    const outcome: CloseOutcome = { projectId, status, dealAmount, winnerCode, winnerUserId: dealAmount === null ? null : top!.userId };
    await conclude(trx, project, { ...outcome, bidders, at: now, venue: 'online' });
    return outcome;
  });
}
