import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SessionUser } from '../../services/sessions.js';
import { defineRoute } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import { ApiError, badRequest, ok } from '../../api/errors.js';
import { audit } from '../../services/audit.js';
import { staffScope } from '../auction/staff-scope.js';
import { paging } from '../../api/request-params.js';
import { pageOf } from '../../api/paged-list.js';
import { findInScope } from '../../api/scoped-record.js';
import { MESSAGES } from '../../api/messages.js';
import { sortedBy } from '../../api/list-order.js';
import { auditPhoneView } from '../admin/phone-views.js';
import { INTENT_PENDING, INTENT_PUBLISHED, INTENT_REFUSED, INTENT_STATE_TEXT, REVIEWED_COLUMNS, reviewedIntent } from './intent-rows.js';

/**
 * Publishes or refuses the intent `id` if it awaits review in `scope`; undefined when none does.
 * One statement: only an intent awaiting review in the staff member's places changes, so two reviewers racing
 * cannot both decide it. The review and its audit row commit together.
 */
async function decide(db: Kysely<Database>, reviewer: SessionUser, scope: number[], id: number, approve: boolean, reason: string) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('intent')
      .set({
        state: approve ? INTENT_PUBLISHED : INTENT_REFUSED,
        reviewReason: approve ? '' : reason,
        reviewedAt: new Date(),
        reviewedBy: reviewer.userId,
      })
      .where('id', '=', id)
      .where('deptId', 'in', scope)
      .where('state', '=', INTENT_PENDING)
      .returning([...REVIEWED_COLUMNS, 'deptId'])
      .executeTakeFirst();
    if (row)
      await audit(trx, reviewer, {
        deptId: row.deptId,
        entity: 'intent',
        entityId: row.id,
        action: approve ? 'approve' : 'reject',
        before: { state: INTENT_PENDING },
        after: { state: row.state, reviewReason: row.reviewReason },
      });
    return row;
  });
}

/** The review list's sortable fields and their columns. */
const INTENT_SORTABLE = { type: 'type', projectname: 'projectname', areaName: 'areaName', contact: 'contact', logintime: 'logintime', state: 'state' } as const;

/** Staff review of the intents users file: the list awaiting review (or decided) and one decision. */
export async function registerIntentReviewRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  defineRoute(app, 'intentReviewList', async (request) => {
    const p = request.input;
    const state = p.state ?? INTENT_PENDING;
    const q = db.selectFrom('intent').where('deptId', 'in', staffScope(request, places)).where('state', '=', state);
    const { rows, total } = await pageOf(q, paging(p), (q) =>
      q
        .select([...REVIEWED_COLUMNS, 'contact', 'phone', 'content', 'deptId', 'attachments'])
        .$call((q) => sortedBy(q, p ?? {}, INTENT_SORTABLE, 'id', (q) => q.orderBy('logintime', 'asc').orderBy('id', 'asc'))),
    );
    await auditPhoneView(
      db,
      request,
      'intentReviewList',
      'intent',
      rows.map((r) => r.id),
    );
    return ok(
      {
        rows: rows.map((r) => ({
          ...reviewedIntent(r),
          contact: r.contact,
          // In full: staff of the intent's place call its author back (the public detail keeps it masked).
          phone: r.phone,
          content: r.content,
          deptId: r.deptId,
          deptName: places.name(r.deptId),
          attachments: r.attachments ?? [],
        })),
        total,
      },
      MESSAGES.common.queried,
    );
  });

  defineRoute(app, 'intentReview', async (request) => {
    const b = request.body;
    const reason = (b.reason ?? '').trim();
    if (!b.approve && !reason) throw badRequest(MESSAGES.listings.reasonMissing);
    const updated = await decide(db, request.user, staffScope(request, places), b.id, b.approve, reason);
    if (updated) return ok(reviewedIntent(updated), b.approve ? MESSAGES.listings.intentPublished : MESSAGES.listings.intentRejected);
    const exists = await findInScope(db, 'intent', b.id, staffScope(request, places), MESSAGES.listings.intentMissing);
    throw new ApiError(409, MESSAGES.listings.intentReviewedAlready(INTENT_STATE_TEXT[exists.state] ?? ''));
  });
}
