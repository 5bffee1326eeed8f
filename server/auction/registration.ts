import { sql, type Kysely } from 'kysely';
import type { AuctionRegistration } from '../../schemas/types/api.js';
import type { Database } from '../db/schema.js';
import { ApiError, notFound } from '../api/errors.js';
import { MESSAGES } from '../api/messages.js';
import { depositNumbers, depositSelection } from './deposit.js';
import { ms } from './format.js';
import { lockProject, PROJECT_MISSING, scopeOrNothing } from './project-scope.js';
import { dbNow, inTransaction } from './transaction.js';

/** Registration states as the client reads them: 0 none, 1 approved, 2 awaiting review, 3 rejected. */
export const REGISTRATION = { none: 0, approved: 1, pending: 2, rejected: 3 } as const;

/** A registration as the contract's AuctionRegistration, with its times as Dates (the route formats them). */
export type RegistrationView = Omit<AuctionRegistration, 'createdAt' | 'reviewedAt'> & { createdAt: Date | null; reviewedAt: Date | null };

/** Why the sign-up window is closed at `now`, or null when it is open. */
function signUpRefusal(project: { status: number; applyStartTime: Date | null; applyStopTime: Date | null }, now: number): string | null {
  const start = ms(project.applyStartTime);
  const stop = ms(project.applyStopTime);
  if (project.status > 4 || (stop !== null && now >= stop)) return MESSAGES.auction.signUpClosed;
  // Before 4 the clock alone may open the window (the scheduler may not have moved the status yet).
  if (project.status < 4 && start === null) return MESSAGES.auction.signUpNotOpen;
  if (start !== null && now < start) return MESSAGES.auction.signUpNotOpen;
  return null;
}

/**
 * Registers `userId` for a project whose sign-up window is open by the database clock: state 2, awaiting review.
 * The project row is locked so `sign_cts` stays equal to the number of registrations.
 */
export async function register(db: Kysely<Database>, input: { projectId: number; userId: number; deptIds?: number[] }): Promise<RegistrationView> {
  return inTransaction(db, async (trx) => {
    const project = await lockProject(trx, input.projectId, input.deptIds);
    if (!project) throw notFound(PROJECT_MISSING);
    const now = await dbNow(trx);
    const existing = await trx
      .selectFrom('registration')
      .select(['state'])
      .where('projectId', '=', project.id)
      .where('userId', '=', input.userId)
      .executeTakeFirst();
    if (existing) {
      const why =
        existing.state === 1 ? MESSAGES.auction.alreadyApproved : existing.state === 2 ? MESSAGES.auction.alreadyPending : MESSAGES.auction.alreadyRejected;
      throw new ApiError(409, why);
    }
    const refusal = signUpRefusal(project, now.getTime());
    if (refusal) throw new ApiError(409, refusal);
    const row = await trx
      .insertInto('registration')
      .values({ projectId: project.id, userId: input.userId, state: 2, createdAt: now })
      .returning(['state', 'bidderCode', 'createdAt', 'reviewedAt'])
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('project')
      .set({ signCts: sql`sign_cts + 1`, status: project.status < 4 ? 4 : project.status, updatedAt: now })
      .where('id', '=', project.id)
      .execute();
    return { projectId: project.id, ...row };
  });
}

/** The user's registration for a project (state 0 when there is none). 404 when the project is outside `deptIds`. */
export async function registrationOf(db: Kysely<Database>, input: { projectId: number; userId: number; deptIds?: number[] }): Promise<RegistrationView> {
  let q = db.selectFrom('project').select('id').where('id', '=', input.projectId);
  if (input.deptIds) q = q.where('deptId', 'in', scopeOrNothing(input.deptIds));
  if (!(await q.executeTakeFirst())) throw notFound(PROJECT_MISSING);
  const row = await db
    .selectFrom('registration as r')
    .innerJoin('project as p', 'p.id', 'r.projectId')
    .select(['r.state', 'r.bidderCode', 'r.createdAt', 'r.reviewedAt', ...depositSelection])
    .where('r.projectId', '=', input.projectId)
    .where('r.userId', '=', input.userId)
    .executeTakeFirst();
  if (row) {
    const { depositRef: _ref, ...view } = depositNumbers(row);
    return { projectId: input.projectId, ...view };
  }
  return { projectId: input.projectId, state: 0, bidderCode: '', createdAt: null, reviewedAt: null };
}
