import type { Selectable, Transaction } from 'kysely';
import type { Database, ProjectTable } from '../db/schema.js';
import { closeMessages } from './close-messages.js';
import type { CloseOutcome } from './close.js';
import { leaveMessages } from './notices.js';
import { publishDeal } from './publish-deal.js';
import { REGISTRATION } from './registration.js';
import { notify } from './transaction.js';

/** How an auction was concluded, whoever decided it (the engine at the end of online bidding, staff on site). */
export interface Conclusion extends CloseOutcome {
  /** Distinct bidders the announcement counts. */
  bidders: number;
  /** The time written on the project and the messages (the database clock at the close). */
  at: Date;
  /** When the deal was struck, as the announcement dates it (default `at`): an on-site deal recorded afterwards. */
  dealtAt?: Date;
  /** Where the bidding took place: the announcement says 网络竞价 or 现场竞价. */
  venue: 'online' | 'onsite';
  /** false: the bidders were told this outcome already (the engine closed a project nobody bid on online). */
  tell?: boolean;
}

/**
 * The one close path: the project's status and deal price, the 成交公告 on the portal when there is a deal, the
 * `auctionEnded` frame to the project's watchers, and a 我的消息 note to every approved bidder (the winner's wording
 * apart). Runs in the caller's transaction with the project row locked; the notes and frames go out at commit.
 */
export async function conclude(trx: Transaction<Database>, project: Selectable<ProjectTable>, c: Conclusion): Promise<void> {
  const { projectId, status, dealAmount, winnerCode } = c;
  await trx.updateTable('project').set({ status, dealAmount, updatedAt: c.at }).where('id', '=', projectId).execute();
  if (dealAmount !== null)
    await publishDeal(trx, project, { amount: dealAmount, winnerCode: winnerCode ?? '', bidders: c.bidders, dealtime: c.dealtAt ?? c.at, venue: c.venue });
  await notify(trx, { type: 'auctionEnded', projectId, data: { projectId, status, dealAmount, winnerCode } });
  if (c.tell === false) return;
  // Every approved bidder learns the outcome in 我的消息, even one who left the screen.
  const approved = await trx
    .selectFrom('registration')
    .select('userId')
    .where('projectId', '=', projectId)
    .where('state', '=', REGISTRATION.approved)
    .orderBy('userId')
    .execute();
  await leaveMessages(
    trx,
    projectId,
    closeMessages(
      { status, dealAmount, winnerCode, winnerUserId: c.winnerUserId, projectName: project.projectName, priceUnit: project.priceUnit },
      approved.map((r) => r.userId),
    ),
    c.at,
  );
}
