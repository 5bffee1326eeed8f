import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { ApiError, notFound } from '../api/errors.js';
import { MESSAGES } from '../api/messages.js';
import { audit } from '../services/audit.js';
import type { SessionUser } from '../services/sessions.js';
import { depositMissing } from './deposit.js';
import { money } from './format.js';
import { leaveMessages } from './notices.js';
import { lockProject, PROJECT_MISSING } from './project-scope.js';
import type { RegistrationView } from './registration.js';
import { dbNow, inTransaction } from './transaction.js';

/** An approval refused because the project asks a deposit not yet marked received (409; the CLI says how to mark it). */
export class DepositRequiredError extends ApiError {
  constructor(deposit: string | number) {
    super(409, MESSAGES.onsite.depositRequired(money(Number(deposit))));
  }
}

export interface ReviewResult extends RegistrationView {
  userId: number;
  projectName: string;
  messageId: number;
}

/**
 * Approves (assigning the project's next bidder code, '001', '002'…) or rejects a registration awaiting review,
 * and leaves the user a message (their new-message dot is lit through the `notice` fan-out at commit).
 */
export async function review(
  db: Kysely<Database>,
  input: {
    projectId: number;
    userId: number;
    approve: boolean;
    reviewerId: number | null;
    deptIds?: number[];
    reason?: string;
    actor?: SessionUser;
    /**
     * Test fixtures only: approve although the project asks a deposit none marked. Every staff decision (the console,
     * the operator CLI) approves only once the deposit is marked received, the one rule both share here.
     */
    withoutDeposit?: boolean;
  },
): Promise<ReviewResult> {
  return inTransaction(db, async (trx) => {
    // The project lock serialises approvals of one project, so two reviewers never hand out the same code.
    const project = await lockProject(trx, input.projectId, input.deptIds);
    if (!project) throw notFound(PROJECT_MISSING);
    if (project.status >= 7) throw new ApiError(409, MESSAGES.auction.reviewAfterEnd);
    const reg = await trx
      .selectFrom('registration')
      .select(['id', 'state', 'depositMarkedAt'])
      .where('projectId', '=', project.id)
      .where('userId', '=', input.userId)
      .executeTakeFirst();
    if (!reg) throw notFound(MESSAGES.auction.notRegistered);
    if (reg.state !== 2) throw new ApiError(409, MESSAGES.auction.reviewedAlready(reg.state === 1));
    if (input.approve && !input.withoutDeposit && depositMissing(project.deposit, reg.depositMarkedAt)) throw new DepositRequiredError(project.deposit);
    const now = await dbNow(trx);
    let bidderCode = '';
    if (input.approve) {
      const { rows } = await sql<{ n: number | string | null }>`
        SELECT max(bidder_code::int) AS n FROM registration WHERE project_id = ${project.id} AND bidder_code ~ '^[0-9]+$'`.execute(trx);
      bidderCode = String(Number(rows[0]?.n ?? 0) + 1).padStart(3, '0');
    }
    const row = await trx
      .updateTable('registration')
      .set({ state: input.approve ? 1 : 3, bidderCode, reviewedAt: now, reviewedBy: input.reviewerId })
      .where('id', '=', reg.id)
      .returning(['state', 'bidderCode', 'createdAt', 'reviewedAt'])
      .executeTakeFirstOrThrow();
    const [messageId] = await leaveMessages(
      trx,
      project.id,
      [
        {
          userId: input.userId,
          title: input.approve ? MESSAGES.auction.approvedTitle : MESSAGES.auction.rejectedTitle,
          content: input.approve
            ? MESSAGES.auction.approvedText(project.projectName, bidderCode)
            : MESSAGES.auction.rejectedText(project.projectName, input.reason?.trim()),
        },
      ],
      now,
    );
    // A staff member's review is an admin write: audited in its transaction (the command-line review has no actor).
    if (input.actor)
      await audit(trx, input.actor, {
        deptId: project.deptId,
        entity: 'registration',
        entityId: reg.id,
        action: input.approve ? 'approve' : 'reject',
        before: { projectId: project.id, userId: input.userId, state: reg.state },
        after: { projectId: project.id, userId: input.userId, ...row, reason: input.approve ? '' : (input.reason?.trim() ?? '') },
      });
    return { projectId: project.id, userId: input.userId, projectName: project.projectName, messageId, ...row };
  });
}
