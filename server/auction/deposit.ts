import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { ApiError, badRequest, notFound } from '../api/errors.js';
import { toNumber } from '../api/format.js';
import { MESSAGES } from '../api/messages.js';
import { audit } from '../services/audit.js';
import type { SessionUser } from '../services/sessions.js';
import { fen, money } from './format.js';
import { leaveMessages } from './notices.js';
import { lockProject, PROJECT_MISSING } from './project-scope.js';
import { dbNow, inTransaction } from './transaction.js';

const M = MESSAGES.onsite;
/** REGISTRATION.pending: registration.ts reads its deposit columns from here, so the constant is not imported back. */
const PENDING = 2;

/** A registration's deposit as staff marked it: amount (yuan), the day it arrived, the bank's reference. */
export interface DepositView {
  depositAmount: number | null;
  depositPaidOn: string | null;
  depositRef: string;
}

/** The deposit columns of `registration r`, the day as YYYY-MM-DD text (the drivers read a `date` differently). */
export const depositColumns = ['r.depositAmount', sql<string | null>`to_char(r.deposit_paid_on, 'YYYY-MM-DD')`.as('depositPaidOn'), 'r.depositRef'] as const;

/** The deposit's state of `registration r` of `project p` (the contract's DepositState). */
export const depositStateColumn = sql<'none' | 'due' | 'paid' | 'unmarked'>`CASE
  WHEN p.deposit <= 0 THEN 'none' WHEN r.deposit_marked_at IS NOT NULL THEN 'paid' WHEN r.state = 2 THEN 'due' ELSE 'unmarked' END`.as('depositState');

/** What the bidder and staff read of a registration's deposit, from `registration r` joined to `project p`. */
export const depositSelection = [...depositColumns, 'p.deposit', depositStateColumn] as const;

/** The numeric columns of {@link depositSelection} as numbers. */
export const depositNumbers = <T extends { deposit: string; depositAmount: string | null }>(row: T) => ({
  ...row,
  deposit: toNumber(row.deposit) ?? 0,
  depositAmount: toNumber(row.depositAmount),
});

/** Whether a project asks a deposit (保证金 above zero) that a registration has not had marked yet. */
export const depositMissing = (projectDeposit: string | number, marked: Date | null): boolean => fen(projectDeposit) > 0 && marked === null;

/** Today in China Standard Time as YYYY-MM-DD, by the database clock. */
const cstDay = (now: Date): string => new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** A real calendar day YYYY-MM-DD, or undefined. */
function realDay(text: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return undefined;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3] ? text : undefined;
}

/**
 * Marks a registration's deposit received, before its review: at least the project's 保证金, on a day not after
 * today, with the bank's reference. Once: a marked deposit is a record and is not marked again (409). The bidder
 * gets a note in 我的消息; the write is audited in its transaction.
 */
export async function markDeposit(
  db: Kysely<Database>,
  /** `deptIds`: the staff member's places; absent for the operator's command line, which may act on any project. */
  input: { projectId: number; userId: number; amount: number; paidOn: string; ref: string; actor: SessionUser; deptIds?: number[] },
): Promise<DepositView & { projectId: number; userId: number }> {
  const amount = input.amount;
  if (!(amount > 0) || Math.abs(fen(amount) - amount * 100) > 1e-6) throw badRequest(M.depositAmountInvalid);
  const paidOn = realDay(input.paidOn.trim());
  if (!paidOn) throw badRequest(M.depositDateInvalid);
  const ref = input.ref.trim();
  if (!ref) throw badRequest(M.depositRefMissing);
  return inTransaction(db, async (trx) => {
    const project = await lockProject(trx, input.projectId, input.deptIds);
    if (!project) throw notFound(PROJECT_MISSING);
    const reg = await trx
      .selectFrom('registration')
      .select(['id', 'state', 'depositMarkedAt'])
      .where('projectId', '=', project.id)
      .where('userId', '=', input.userId)
      .executeTakeFirst();
    if (!reg) throw notFound(MESSAGES.auction.notRegistered);
    if (reg.depositMarkedAt !== null) throw new ApiError(409, M.depositMarkedAlready);
    if (reg.state !== PENDING || project.status >= 7) throw new ApiError(409, M.depositNotPending);
    if (fen(amount) < fen(project.deposit)) throw badRequest(M.depositBelowRequired(money(Number(project.deposit))));
    const now = await dbNow(trx);
    if (paidOn > cstDay(now)) throw badRequest(M.depositDateFuture);
    await trx
      .updateTable('registration')
      .set({ depositAmount: amount, depositPaidOn: paidOn, depositRef: ref, depositMarkedAt: now, depositMarkedBy: input.actor.userId })
      .where('id', '=', reg.id)
      .execute();
    const view = { depositAmount: toNumber(amount), depositPaidOn: paidOn, depositRef: ref };
    await leaveMessages(
      trx,
      project.id,
      [{ userId: input.userId, title: M.depositMessageTitle, content: M.depositMessage(project.projectName, money(amount)) }],
      now,
    );
    await audit(trx, input.actor, {
      deptId: project.deptId,
      entity: 'registration',
      entityId: reg.id,
      action: 'update',
      before: { projectId: project.id, userId: input.userId, depositAmount: null },
      after: { projectId: project.id, userId: input.userId, ...view },
    });
    return { projectId: project.id, userId: input.userId, ...view };
  });
}
