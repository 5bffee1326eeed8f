import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import { badRequest, ok } from '../../api/errors.js';
import { scopeIds } from '../../plugins/guards/index.js';
import { sanitizeHtml } from '../../services/sanitize.js';
import { checkPhone } from '../../services/passwords.js';
import { ownUploads } from '../../services/own-uploads.js';
import { paging } from '../../api/request-params.js';
import { pageOf } from '../../api/paged-list.js';
import { MESSAGES } from '../../api/messages.js';
import { INTENT_PENDING, REVIEWED_COLUMNS, reviewedIntent } from './intent-rows.js';

/** A signed-in user's own transfer intents: filing one (it awaits review) and 我的意向. */
export async function registerMyIntentRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  defineRoute(app, 'desiredSubmit', async (request) => {
    const b = request.body;
    const projectname = b.projectname.trim();
    const contact = b.contact.trim();
    if (!projectname) throw badRequest(MESSAGES.listings.projectNameEmpty);
    if (!contact) throw badRequest(MESSAGES.listings.contactEmpty);
    // The spec's own texts for this form field (§5).
    const phone = checkPhone(b.phone ?? '');
    // Refuses (403) a deptId outside the caller's region.
    scopeIds(request, places, b.deptId);
    const deptId = b.deptId ?? request.tenant!.place.deptId;
    const attachments = await ownUploads(db, request.user.userId, b.attachments ?? []);
    const inserted = await db
      .insertInto('intent')
      .values({
        deptId,
        type: b.type,
        projectname,
        areaName: (b.areaName ?? '').trim() || places.name(deptId),
        contact,
        phone,
        // Rendered as rich text on the detail page: stored through the same allow-list the page applies.
        content: sanitizeHtml((b.content ?? '').trim()).trim(),
        userId: request.user.userId,
        attachments: JSON.stringify(attachments),
        // Public only once staff publish it (intentReview).
        state: INTENT_PENDING,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return ok({ id: inserted.id }, MESSAGES.listings.intentSubmitted);
  });

  // 我的意向: the caller's own intents in this tenant, whatever their review state.
  defineRoute(app, 'desiredMine', async (request) => {
    const q = db.selectFrom('intent').where('userId', '=', request.user.userId).where('deptId', 'in', scopeIds(request, places));
    const { rows, total } = await pageOf(q, paging(request.input), (q) =>
      q
        .select([...REVIEWED_COLUMNS])
        .orderBy('logintime', 'desc')
        .orderBy('id', 'desc'),
    );
    return ok({ rows: rows.map(reviewedIntent), total }, MESSAGES.common.queried);
  });
}
