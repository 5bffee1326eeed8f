import { sql, type Kysely, type Selectable, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { AuctionBidResult, AuctionRecord, AuctionRegistration, AuctionRegistrationRow, AuctionState, MyAuction } from '../../schemas/types/api.js';
import type { Database, ProjectTable } from '../db/schema.js';
import { ApiError, badRequest, notFound } from '../api/errors.js';
import { toNumber } from '../api/format.js';
import { runStatement, type Statement } from '../db/prepared.js';
import { dealAnnouncementRow, projectCodeOf } from './deal-announcement.js';
import { closeMessages } from './close-messages.js';
import { AUCTION_CHANNEL, type AuctionNotification, type BidNotificationPayload } from './messages.js';
import { MESSAGES } from '../api/messages.js';
import { audit } from '../services/audit.js';
import type { SessionUser } from '../services/sessions.js';

/** A place scope for `IN (…)`: no places matches nothing (`IN ()` would be a syntax error). */
const scopeOrNothing = (deptIds: number[]): number[] => (deptIds.length ? deptIds : [-1]);

/** A bid as viewers see it and the whole auction of a project (the socket's and the call's `auctionState`): the
 * contract's types, generated from schemas/api/auction.json. */
export type { AuctionRecord, AuctionState };

export const RECORD_LIMIT = 50;
export const PROJECT_MISSING = MESSAGES.projects.projectMissing;

/** Registration states as the client reads them: 0 none, 1 approved, 2 awaiting review, 3 rejected. */
export const REGISTRATION = { none: 0, approved: 1, pending: 2, rejected: 3 } as const;

type Db = Kysely<Database> | Transaction<Database>;

// Money is compared in whole fen: numeric(16,2) text → integer, so no binary-fraction rounding decides a bid.
const fen = (value: string | number): number => Math.round(Number(value) * 100);
const yuan = (f: number): number => f / 100;
const MONEY = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });
/** ¥1,200 / ¥35.5 — how refusals quote amounts. */
export const money = (amount: number): string => `¥${MONEY.format(amount)}`;

/** 张三 → 张*, 欧阳娜娜 → 欧***; an empty name shows as ***. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (!chars.length) return '***';
  return chars[0] + '*'.repeat(Math.max(1, chars.length - 1));
}

const ms = (value: Date | string | null | undefined): number | null => (value === null || value === undefined ? null : new Date(value).getTime());

// PostgreSQL aborts one side of a lock conflict with these; the whole transaction is safe to run again.
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 8;

/** Runs `work` in a transaction, again (with a short random pause) when PostgreSQL aborts it as a conflict. */
export async function inTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return retryingConflicts(() => db.transaction().execute(work));
}

/** Runs `attempt` (a whole transaction or one statement), again when PostgreSQL aborts it as a conflict. */
async function retryingConflicts<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (!code || !RETRYABLE.has(code) || attempt >= MAX_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}

/** The database's clock now (not the transaction start): the time that decides bids and closes. */
export async function dbNow(db: Db): Promise<Date> {
  const { rows } = await sql<{ now: Date | string }>`SELECT clock_timestamp() AS now`.execute(db);
  return new Date(rows[0].now);
}

/** Queues a NOTIFY on the auction channel; PostgreSQL delivers it when (and only if) the transaction commits. */
export async function notify(db: Db, message: AuctionNotification): Promise<void> {
  await sql`SELECT pg_notify(${AUCTION_CHANNEL}, ${JSON.stringify(message)})`.execute(db);
}

/**
 * Leaves users messages in 我的消息 about a project and lights each one's new-message dot: the `notice` goes out
 * when (and only if) the transaction that wrote the rows commits. Returns the new message ids, in order.
 */
export async function leaveMessages(
  trx: Transaction<Database>,
  projectId: number,
  messages: ReadonlyArray<{ userId: number; title: string; content: string }>,
  now: Date,
): Promise<number[]> {
  if (messages.length === 0) return [];
  const rows = await trx
    .insertInto('message')
    .values(messages.map((m) => ({ ...m, refId: String(projectId), createTime: now })))
    .returning(['id', 'userId', 'title', 'content'])
    .execute();
  for (const row of rows) await notify(trx, { type: 'notice', userId: row.userId, data: { messageId: row.id, title: row.title, content: row.content } });
  return rows.map((row) => row.id);
}

const lockProject = (trx: Transaction<Database>, projectId: number, deptIds: number[] | undefined) => {
  let q = trx.selectFrom('project').selectAll().where('id', '=', projectId);
  if (deptIds) q = q.where('deptId', 'in', scopeOrNothing(deptIds));
  return q.forUpdate().executeTakeFirst();
};

// ---- Registration --------------------------------------------------------------------------------------------

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
    .selectFrom('registration')
    .select(['state', 'bidderCode', 'createdAt', 'reviewedAt'])
    .where('projectId', '=', input.projectId)
    .where('userId', '=', input.userId)
    .executeTakeFirst();
  return row ? { projectId: input.projectId, ...row } : { projectId: input.projectId, state: 0, bidderCode: '', createdAt: null, reviewedAt: null };
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
  input: { projectId: number; userId: number; approve: boolean; reviewerId: number | null; deptIds?: number[]; reason?: string; actor?: SessionUser },
): Promise<ReviewResult> {
  return inTransaction(db, async (trx) => {
    // The project lock serialises approvals of one project, so two reviewers never hand out the same code.
    const project = await lockProject(trx, input.projectId, input.deptIds);
    if (!project) throw notFound(PROJECT_MISSING);
    if (project.status >= 7) throw new ApiError(409, MESSAGES.auction.reviewAfterEnd);
    const reg = await trx
      .selectFrom('registration')
      .select(['id', 'state'])
      .where('projectId', '=', project.id)
      .where('userId', '=', input.userId)
      .executeTakeFirst();
    if (!reg) throw notFound(MESSAGES.auction.notRegistered);
    if (reg.state !== 2) throw new ApiError(409, MESSAGES.auction.reviewedAlready(reg.state === 1));
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

/** A row of the staff list as the contract's AuctionRegistrationRow, before the route masks the phone and formats the times. */
export type PendingRegistration = Omit<AuctionRegistrationRow, 'createdAt' | 'reviewedAt'> & { createdAt: Date; reviewedAt: Date | null };

/** Registrations for staff, newest first: by project and/or state (2 = awaiting review), within `deptIds`. */
export async function listRegistrations(
  db: Kysely<Database>,
  filter: { deptIds?: number[]; projectId?: number; state?: number; limit: number; offset: number },
): Promise<{ rows: PendingRegistration[]; total: number }> {
  let base = db.selectFrom('registration as r').innerJoin('project as p', 'p.id', 'r.projectId').innerJoin('appUser as u', 'u.userId', 'r.userId');
  if (filter.deptIds) base = base.where('p.deptId', 'in', scopeOrNothing(filter.deptIds));
  if (filter.projectId !== undefined) base = base.where('r.projectId', '=', filter.projectId);
  if (filter.state !== undefined) base = base.where('r.state', '=', filter.state);
  const [rows, count] = await Promise.all([
    base
      .select([
        'r.projectId',
        'p.projectName',
        'p.status as projectStatus',
        'p.deptId',
        'r.userId',
        'u.name',
        'u.phone',
        // The column holds only the registration states (1 approved, 2 awaiting review, 3 rejected).
        sql<1 | 2 | 3>`r.state`.as('state'),
        'r.bidderCode',
        'r.createdAt',
        'r.reviewedAt',
      ])
      .$call(newestRegistrationsPage(filter))
      .execute(),
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** One of a user's registrations as the personal centre lists it, before the route formats the times. */
export type MyAuctionRow = Omit<MyAuction, 'registeredAt' | 'reviewedAt' | 'biddingStopTime'> & {
  registeredAt: Date;
  reviewedAt: Date | null;
  biddingStopTime: Date | null;
};

/** Newest registration first (ties by id), one page: the order of both registration lists. */
const newestRegistrationsPage =
  ({ limit, offset }: { limit: number; offset: number }) =>
  // Any query over `registration r`: Kysely's builder types would need the whole join spelled out here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  <QB extends SelectQueryBuilder<any, any, any>>(query: QB): QB =>
    query.orderBy('r.createdAt', 'desc').orderBy('r.id', 'desc').limit(limit).offset(offset) as QB;

/**
 * A user's own registrations (within `deptIds` when given), newest first, with where the user stands: the user's
 * highest bid and bid count, and whether that bid leads — the highest amount, the earliest of equal ones, the same
 * rule the close uses to pick the winner.
 */
export async function myAuctions(
  db: Kysely<Database>,
  filter: { userId: number; deptIds?: number[]; limit: number; offset: number },
): Promise<{ rows: MyAuctionRow[]; total: number }> {
  let base = db.selectFrom('registration as r').innerJoin('project as p', 'p.id', 'r.projectId').where('r.userId', '=', filter.userId);
  if (filter.deptIds) base = base.where('p.deptId', 'in', scopeOrNothing(filter.deptIds));
  const [rows, count] = await Promise.all([
    base
      .select([
        'r.projectId',
        'p.projectName',
        'p.code',
        'p.type',
        'p.number',
        'p.status',
        'r.state',
        'r.bidderCode',
        'r.createdAt as registeredAt',
        'r.reviewedAt',
        'p.price',
        'p.priceUnit',
        'p.currentPrice',
        'p.dealAmount',
        'p.biddingStopTime',
      ])
      .select(sql<string | null>`(SELECT max(b.amount) FROM bid b WHERE b.project_id = r.project_id AND b.user_id = r.user_id)`.as('myHighestBid'))
      .select(sql<number>`(SELECT count(*)::int FROM bid b WHERE b.project_id = r.project_id AND b.user_id = r.user_id)`.as('myBidCount'))
      .select(sql<number | null>`(SELECT b.user_id FROM bid b WHERE b.project_id = r.project_id ORDER BY b.amount DESC, b.id ASC LIMIT 1)`.as('topUserId'))
      .select(sql<number | string | null>`(SELECT max(b.id) FROM bid b WHERE b.project_id = r.project_id)`.as('lastBidId'))
      .$call(newestRegistrationsPage(filter))
      .execute(),
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map(({ topUserId, ...r }) => ({
      ...r,
      state: r.state as MyAuction['state'],
      price: toNumber(r.price) ?? 0,
      currentPrice: toNumber(r.currentPrice),
      dealAmount: toNumber(r.dealAmount),
      myHighestBid: toNumber(r.myHighestBid),
      myBidCount: Number(r.myBidCount),
      leading: topUserId !== null && Number(topUserId) === filter.userId,
      lastBidId: r.lastBidId === null ? null : Number(r.lastBidId),
    })),
    total: Number(count.total),
  };
}

// ---- Bidding -----------------------------------------------------------------------------------------------

/** An accepted bid as the `auctionBid` call answers it, before the call adds its `serverTime`. */
export type BidOutcome = Omit<AuctionBidResult, 'serverTime'>;

/**
 * Why the bid statement refused a bid (its `refusal` column), in the order the rules are checked; null: accepted.
 * The client's `bidVerdict` (machines/auction-view.ts) checks the amount rules before sending, and one table of
 * cases (machines/testing/bid-cases.ts) is asserted against both.
 */
export type BidRefusal =
  'tender' | 'ended' | 'notStarted' | 'noStopTime' | 'pending' | 'notQualified' | 'noIncrement' | 'belowStart' | 'belowNext' | 'notMultiple';

/** What a refused bidder is told, from the refusal and the figures the statement read (yuan). */
export function bidRefusalError(refusal: BidRefusal | null, figures: { price: number; increment: number; currentPrice: number | null }): ApiError {
  const { price, increment, currentPrice } = figures;
  switch (refusal) {
    case 'tender':
      return new ApiError(409, MESSAGES.auction.tender);
    case 'ended':
      return new ApiError(409, MESSAGES.auction.ended);
    case 'notStarted':
      return new ApiError(409, MESSAGES.auction.notStarted);
    case 'noStopTime':
      return new ApiError(409, MESSAGES.auction.noStopTime);
    case 'pending':
      return new ApiError(403, MESSAGES.auction.pending);
    case 'notQualified':
      return new ApiError(403, MESSAGES.auction.notQualified);
    case 'noIncrement':
      return new ApiError(409, MESSAGES.auction.noIncrement);
    case 'belowStart':
      return new ApiError(409, MESSAGES.auction.belowStart(money(price)));
    case 'belowNext':
      return new ApiError(409, MESSAGES.auction.belowNext(money(yuan(fen(currentPrice ?? 0) + fen(increment)))));
    case 'notMultiple':
      return new ApiError(409, MESSAGES.auction.notMultiple(money(price), money(increment)));
    default:
      return new ApiError(409, MESSAGES.auction.notAccepted);
  }
}

const msOf = (column: string) => `(extract(epoch FROM ${column}) * 1000)::bigint`;
const MASKED_NAME = `CASE WHEN char_length(btrim(ok.name)) = 0 THEN '***' ELSE left(btrim(ok.name), 1) || repeat('*', greatest(1, char_length(btrim(ok.name)) - 1)) END`;

/**
 * The whole bid as one statement: lock the project row, read the database clock (after the lock, to the ms),
 * check every rule of the shared contract — the first one broken is the `refusal` — and, when none is, insert the
 * bid, move the price and the end, and queue the NOTIFY. Atomic on its own. The rules are a CASE, which (unlike
 * AND) checks in order, so `mod` never meets a zero increment.
 * $1 project id, $2 the dept ids the caller may reach (NULL: any), $3 user id, $4 amount.
 */
const BID: Statement = {
  name: 'auction_bid',
  params: ['int', 'int[]', 'int', 'numeric'],
  namedOnPostgres: true,
  text: `
  WITH p AS MATERIALIZED (
    SELECT id, type, status, price, increment, current_price, extend_minutes, bidding_start_time, bidding_stop_time, bid_count
    FROM project WHERE id = $1 AND ($2::int[] IS NULL OR dept_id = ANY($2::int[])) FOR UPDATE
  ),
  c AS MATERIALIZED (SELECT p.*, date_trunc('milliseconds', clock_timestamp()) AS now FROM p),
  r AS MATERIALIZED (
    SELECT reg.state, reg.bidder_code, u.name FROM registration reg JOIN app_user u ON u.user_id = reg.user_id
    WHERE reg.project_id = $1 AND reg.user_id = $3
  ),
  v AS MATERIALIZED (
    SELECT c.*, r.bidder_code, r.name, CASE
      WHEN c.type = 1 THEN 'tender'
      WHEN c.status >= 7 OR c.now >= c.bidding_stop_time THEN 'ended'
      WHEN c.status < 5 OR c.bidding_start_time IS NULL OR c.now < c.bidding_start_time THEN 'notStarted'
      WHEN c.bidding_stop_time IS NULL THEN 'noStopTime'
      WHEN r.state IS DISTINCT FROM 1 OR coalesce(r.bidder_code, '') = '' THEN CASE WHEN r.state = 2 THEN 'pending' ELSE 'notQualified' END
      WHEN c.increment <= 0 THEN 'noIncrement'
      WHEN c.current_price IS NULL AND $4::numeric < c.price THEN 'belowStart'
      WHEN c.current_price IS NOT NULL AND $4::numeric < c.current_price + c.increment THEN 'belowNext'
      WHEN mod($4::numeric - c.price, c.increment) <> 0 THEN 'notMultiple'
    END AS refusal
    FROM c LEFT JOIN r ON true
  ),
  ok AS MATERIALIZED (
    SELECT v.id, v.now, v.bidding_stop_time AS old_stop, v.bidder_code, v.name,
      greatest(v.bidding_stop_time, v.now + make_interval(mins => v.extend_minutes)) AS new_stop,
      v.bid_count + 1 AS bid_count
    FROM v WHERE v.refusal IS NULL
  ),
  ins AS (
    INSERT INTO bid (project_id, user_id, amount, bidder_code, created_at)
    SELECT id, $3, $4::numeric, bidder_code, now FROM ok RETURNING id
  ),
  upd AS (
    UPDATE project SET current_price = $4::numeric, bidding_stop_time = ok.new_stop, status = 6, updated_at = ok.now,
      extension_count = project.extension_count + (ok.new_stop > ok.old_stop)::int
    FROM ok WHERE project.id = ok.id RETURNING project.id
  ),
  msg AS MATERIALIZED (
    SELECT json_build_object(
      'type', 'bid', 'projectId', ok.id,
      'bid', json_build_object('id', ins.id, 'amount', $4::numeric, 'bidderCode', ok.bidder_code, 'bidderName', ${MASKED_NAME}, 'time', ${msOf('ok.now')}),
      'currentPrice', $4::numeric, 'bidCount', ok.bid_count, 'biddingStopTime', ${msOf('ok.new_stop')},
      'previousStopTime', CASE WHEN ok.new_stop > ok.old_stop THEN ${msOf('ok.old_stop')} END
    )::text AS payload
    FROM ok JOIN ins ON true JOIN upd ON upd.id = ok.id
  ),
  sent AS MATERIALIZED (SELECT pg_notify('${AUCTION_CHANNEL}', payload) FROM msg)
  SELECT v.refusal, v.price, v.increment, v.current_price AS "currentPrice", msg.payload, (SELECT count(*) FROM sent) AS sent
  FROM v LEFT JOIN msg ON true`,
};

interface BidRow {
  refusal: BidRefusal | null;
  price: string;
  increment: string;
  currentPrice: string | null;
  payload: string | null;
}

/**
 * Places a bid under the rules of the shared contract, atomically, with the project row locked; the time that
 * decides is the database clock once the lock is held, so bid times rise with bid ids. The NOTIFY that fans the
 * bid out (auctionBid, and delayTime when it moved the end) is delivered at commit, in commit order.
 *
 * One statement, committed on its own: the row lock is held for the statement alone, never across a round trip to
 * this process (with a separate `SELECT … FOR UPDATE` first, the lock waited on BEGIN/statement/COMMIT round trips,
 * and under load the queue behind it grew to ~1 s on PostgreSQL). What decides a bid is read from the locked row,
 * which PostgreSQL hands over in its latest committed version once the lock is granted (READ COMMITTED re-reads
 * a row a concurrent transaction changed): current price, end, and the bid count kept in the row (migration 014).
 * `singleSession` (PGlite: one session, statements never overlap) runs it as a prepared statement.
 */
export async function placeBid(
  db: Kysely<Database>,
  input: { projectId: number; userId: number; amount: number; deptIds?: number[]; singleSession?: boolean },
): Promise<BidOutcome> {
  const amountFen = fen(input.amount);
  if (!Number.isFinite(input.amount) || input.amount <= 0) throw badRequest(MESSAGES.auction.amountNotPositive);
  if (Math.abs(amountFen - input.amount * 100) > 1e-6) throw badRequest(MESSAGES.auction.amountCents);
  if (input.amount >= 1e13) throw badRequest(MESSAGES.auction.amountTooLarge);
  if (!Number.isInteger(input.projectId) || !Number.isInteger(input.userId)) throw badRequest(MESSAGES.auction.bidParamsMalformed);
  const params = [input.projectId, input.deptIds ? scopeOrNothing(input.deptIds) : null, input.userId, String(yuan(amountFen))];
  let row: BidRow | undefined;
  try {
    // PGlite (one session) runs it prepared: it plans a statement this size in about as long as it runs it.
    row = (await retryingConflicts(() => runStatement<BidRow>(db, BID, params, input.singleSession ?? false)))[0];
  } catch (error) {
    // The unique (project, amount) index: only reachable if the lock were bypassed; the bidder may simply retry.
    if ((error as { code?: string }).code === '23505') throw new ApiError(409, MESSAGES.auction.amountTaken);
    throw error;
  }
  if (!row) throw notFound(PROJECT_MISSING);
  if (!row.payload)
    throw bidRefusalError(row.refusal, { price: Number(row.price), increment: Number(row.increment), currentPrice: toNumber(row.currentPrice) });
  const m = JSON.parse(row.payload) as BidNotificationPayload;
  return {
    projectId: m.projectId,
    bid: { ...m.bid, id: Number(m.bid.id), amount: Number(m.bid.amount), time: Number(m.bid.time) },
    currentPrice: Number(m.currentPrice),
    bidCount: m.bidCount,
    biddingStopTime: Number(m.biddingStopTime),
    previousStopTime: m.previousStopTime === null ? null : Number(m.previousStopTime),
  };
}

// ---- Closing -----------------------------------------------------------------------------------------------

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
    await trx.updateTable('project').set({ status, dealAmount, updatedAt: now }).where('id', '=', projectId).execute();
    if (dealAmount !== null) await publishDeal(trx, project, { amount: dealAmount, winnerCode: winnerCode ?? '', bidders, dealtime: now });
    await notify(trx, { type: 'auctionEnded', projectId, data: { projectId, status, dealAmount, winnerCode } });
    const outcome: CloseOutcome = { projectId, status, dealAmount, winnerCode, winnerUserId: dealAmount === null ? null : top!.userId };
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
        { ...outcome, projectName: project.projectName, priceUnit: project.priceUnit },
        approved.map((r) => r.userId),
      ),
      now,
    );
    return outcome;
  });
}

/** The trading centre of a place: the nearest tenant root at or above it (淳安县 → 淳安县农村产权交易中心). */
async function centreOf(db: Db, deptId: number): Promise<string> {
  const { rows } = await sql<{ deptName: string }>`
    SELECT c.dept_name AS "deptName" FROM place p
    JOIN place c ON c.dept_id = p.dept_id OR c.dept_id::text = ANY(string_to_array(p.ancestors, ','))
    WHERE p.dept_id = ${deptId}
    ORDER BY (c.lessee_id IS NOT NULL) DESC, c.level DESC LIMIT 1`.execute(db);
  return rows[0]?.deptName ?? '';
}

/**
 * The project's 成交公告, published at the close in the project's place. At most one per project (unique index,
 * migration 005): an announcement already there is left as it is.
 */
async function publishDeal(
  trx: Transaction<Database>,
  project: Selectable<ProjectTable>,
  deal: { amount: number; winnerCode: string; bidders: number; dealtime: Date },
): Promise<void> {
  const row = dealAnnouncementRow(project, { ...deal, code: projectCodeOf(project), centre: await centreOf(trx, project.deptId) });
  await trx
    .insertInto('dealAnnouncement')
    .values(row)
    .onConflict((oc) => oc.column('projectId').doNothing())
    .execute();
}

// ---- Reading -----------------------------------------------------------------------------------------------

/** The auction of a project as the socket and the `auctionState` call show it; undefined when not found. */
export async function auctionState(db: Kysely<Database>, projectId: number, deptIds?: number[]): Promise<AuctionState | undefined> {
  let q = db
    .selectFrom('project')
    .select(['id', 'status', 'price', 'currentPrice', 'increment', 'extendMinutes', 'biddingStartTime', 'biddingStopTime', 'dealAmount'])
    .select('bidCount')
    .select(sql<Date | string>`clock_timestamp()`.as('now'))
    .where('id', '=', projectId);
  if (deptIds) q = q.where('deptId', 'in', scopeOrNothing(deptIds));
  const p = await q.executeTakeFirst();
  if (!p) return undefined;
  const records = await db
    .selectFrom('bid as b')
    .leftJoin('registration as r', (j) => j.onRef('r.projectId', '=', 'b.projectId').onRef('r.userId', '=', 'b.userId'))
    .innerJoin('appUser as u', 'u.userId', 'b.userId')
    .select(['b.id', 'b.amount', 'b.bidderCode', 'r.bidderCode as registrationCode', 'u.name', 'b.createdAt'])
    .where('b.projectId', '=', projectId)
    .orderBy('b.id', 'desc')
    .limit(RECORD_LIMIT)
    .execute();
  return {
    projectId: p.id,
    status: p.status,
    price: toNumber(p.price) ?? 0,
    currentPrice: toNumber(p.currentPrice),
    increment: toNumber(p.increment) ?? 0,
    extendMinutes: p.extendMinutes,
    biddingStartTime: ms(p.biddingStartTime),
    biddingStopTime: ms(p.biddingStopTime),
    serverTime: new Date(p.now).getTime(),
    bidCount: Number(p.bidCount),
    records: records.map((r) => ({
      id: Number(r.id),
      amount: toNumber(r.amount) ?? 0,
      // Seeded bids predate the column; the registration still holds their code.
      bidderCode: r.bidderCode || r.registrationCode || '',
      bidderName: maskName(r.name),
      time: new Date(r.createdAt).getTime(),
    })),
    dealAmount: toNumber(p.dealAmount),
  };
}
