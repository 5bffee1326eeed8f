import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, ProjectTable } from '../db/schema.js';
import { ApiError, badRequest, notFound } from '../api/errors.js';
import { formatDateTime, toNumber } from '../api/format.js';
import { MESSAGES } from '../api/messages.js';
import { audit } from '../services/audit.js';
import type { SessionUser } from '../services/sessions.js';
import { statusLabel } from '../../machines/project-status-rules.js';
import { conclude } from './conclude.js';
import { fen, money } from './format.js';
import { lockProject, PROJECT_MISSING } from './project-scope.js';
import { REGISTRATION } from './registration.js';
import { dbNow, inTransaction } from './transaction.js';

const M = MESSAGES.onsite;

/** What staff record after an on-site auction: a deal (the winner's bidder code, price, time) or 流拍. */
export interface OnsiteInput {
  projectId: number;
  deal: boolean;
  bidderCode?: string;
  /** Yuan, in the project's price unit. */
  amount?: number;
  dealtAt: Date;
  note: string;
  actor: SessionUser;
  deptIds: number[];
}

export interface OnsiteRecord {
  projectId: number;
  deal: boolean;
  status: number;
  bidderCode: string;
  amount: number | null;
  dealtAt: Date;
  note: string;
}

/**
 * Whether the bidding of a project is over and nothing decided it online: in 竞价中 (or 报名结束) past its end, or
 * already closed by the engine as 10 because nobody bid online (its status changed at or after the end, which a
 * project staff suspended before bidding never did). Throws the refusal otherwise.
 */
function requireOpenForOnsite(project: Selectable<ProjectTable>, now: Date): void {
  if (project.type === 1) throw new ApiError(409, M.tender);
  if (Number(project.bidCount) > 0) throw new ApiError(409, M.biddenOnline);
  const stop = project.biddingStopTime;
  if (stop === null || project.biddingStartTime === null) throw new ApiError(409, M.noStopTime);
  const closedByEngine = project.status === 10 && project.updatedAt.getTime() >= stop.getTime();
  if (project.status >= 7 && !closedByEngine) throw new ApiError(409, M.concluded(statusLabel(project.status)));
  if (project.status < 7 && now.getTime() < stop.getTime()) throw new ApiError(409, M.notEnded(formatDateTime(stop) ?? ''));
}

/** The deal's winner (an approved registration by bidder code) and price, checked against the project. */
async function dealFacts(trx: Transaction<Database>, project: Selectable<ProjectTable>, input: OnsiteInput) {
  const code = input.bidderCode?.trim() ?? '';
  if (!code) throw badRequest(M.missingBidderCode);
  if (input.amount === undefined) throw badRequest(M.missingAmount);
  if (Math.abs(fen(input.amount) - input.amount * 100) > 1e-6) throw badRequest(M.amountCents);
  if (fen(input.amount) < fen(project.price)) throw badRequest(M.amountBelowStart(money(Number(project.price))));
  if (project.reservePrice !== null && fen(input.amount) < fen(project.reservePrice)) throw badRequest(M.amountBelowReserve);
  const winner = await trx
    .selectFrom('registration')
    .select(['userId', 'bidderCode'])
    .where('projectId', '=', project.id)
    .where('bidderCode', '=', code)
    .where('state', '=', REGISTRATION.approved)
    .executeTakeFirst();
  if (!winner) throw badRequest(M.bidderCodeUnknown(code));
  return { winner, amount: input.amount };
}

/**
 * Records the outcome of an on-site auction and concludes the project through the engine's own close path
 * (`conclude`: status, 成交公告, messages to every approved bidder, the watchers' frame), with its audit entry, in
 * one transaction. Once per project: a second record is 409 (the project lock orders two staff; the unique key on
 * onsite_result is the backstop).
 */
export async function recordOnsiteResult(db: Kysely<Database>, input: OnsiteInput): Promise<OnsiteRecord> {
  return inTransaction(db, async (trx) => {
    const project = await lockProject(trx, input.projectId, input.deptIds);
    if (!project) throw notFound(PROJECT_MISSING);
    const already = await trx.selectFrom('onsiteResult').select('id').where('projectId', '=', project.id).executeTakeFirst();
    if (already) throw new ApiError(409, M.recordedAlready);
    const now = await dbNow(trx);
    requireOpenForOnsite(project, now);
    if (input.dealtAt.getTime() > now.getTime()) throw badRequest(M.dealtAtFuture);
    if (input.dealtAt.getTime() < project.biddingStartTime!.getTime()) throw badRequest(M.dealtAtBeforeBidding(formatDateTime(project.biddingStartTime) ?? ''));
    const { count } = await trx
      .selectFrom('registration')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('projectId', '=', project.id)
      .where('state', '=', REGISTRATION.approved)
      .executeTakeFirstOrThrow();
    const bidders = Number(count);
    const facts = input.deal ? await dealFacts(trx, project, input) : null;
    if (!input.deal && (input.bidderCode?.trim() || input.amount !== undefined)) throw badRequest(M.noDealWithWinner);
    const status = facts ? (bidders >= 2 ? 7 : 8) : 10;
    const record: OnsiteRecord = {
      projectId: project.id,
      deal: input.deal,
      status,
      bidderCode: facts?.winner.bidderCode ?? '',
      amount: facts?.amount ?? null,
      dealtAt: input.dealtAt,
      note: input.note,
    };
    await trx
      .insertInto('onsiteResult')
      .values({ ...record, deptId: project.deptId, userId: facts?.winner.userId ?? null, recordedBy: input.actor.userId, recordedAt: now })
      .execute();
    await conclude(trx, project, {
      projectId: project.id,
      status: status as 7 | 8 | 10,
      dealAmount: record.amount,
      winnerCode: facts ? record.bidderCode : null,
      winnerUserId: facts?.winner.userId ?? null,
      bidders,
      at: now,
      dealtAt: input.dealtAt,
      venue: 'onsite',
      // A 流拍 the engine already announced (nobody bid online) is not told twice.
      tell: facts !== null || project.status < 7,
    });
    await audit(trx, input.actor, {
      deptId: project.deptId,
      entity: 'project',
      entityId: project.id,
      action: 'close',
      before: { status: project.status, dealAmount: toNumber(project.dealAmount) },
      after: { ...record, onsite: true },
    });
    return record;
  });
}
