import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import type { IntentTable } from '../../db/schema.js';
import { defineRoute, isSignedIn } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import { badRequest, notFound, ok } from '../../api/errors.js';
import { formatRequiredDateTime, jsonValue, maskPhone } from '../../api/format.js';
import { scopeIds } from '../../plugins/guards/index.js';
import type { PlaceTree } from '../../plugins/places.js';
import { staffScope } from '../auction/staff-scope.js';
import { containing, paging, requiredId, textParam } from '../../api/request-params.js';
import { pageOf } from '../../api/paged-list.js';
import { findInScope } from '../../api/scoped-record.js';
import { MESSAGES } from '../../api/messages.js';
import { INTENT_PUBLISHED, INTENT_STATE_TEXT } from './intent-rows.js';

/** What the caller may see of one intent beyond its public fields. */
interface IntentAccess {
  isAuthor: boolean;
  isReviewer: boolean;
  mayReadAttachments: boolean;
}

const intentDetail = (row: Selectable<IntentTable>, places: PlaceTree, { isAuthor, isReviewer, mayReadAttachments }: IntentAccess) => ({
  id: row.id,
  type: row.type,
  projectname: row.projectname,
  areaName: row.areaName,
  contact: row.contact,
  phone: maskPhone(row.phone),
  content: row.content,
  logintime: formatRequiredDateTime(row.logintime),
  deptId: row.deptId,
  deptName: places.name(row.deptId),
  ...(mayReadAttachments ? { attachments: jsonValue<string[]>(row.attachments, []) } : {}),
  ...(isAuthor || isReviewer ? { state: row.state, stateText: INTENT_STATE_TEXT[row.state], reviewReason: row.reviewReason } : {}),
});

/** Transfer intents (type 1 out, 2 in): the public list and one intent's page. */
export async function registerIntentRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  defineRoute(app, 'desiredList', async (request) => {
    const p = request.input;
    if (p.type === undefined) throw badRequest(MESSAGES.listings.missingIntentType);
    const ids = scopeIds(request, places, p.deptId);
    // Only published intents are public: one awaiting review (or refused) is seen by its author and staff only.
    let q = db.selectFrom('intent').where('deptId', 'in', ids).where('type', '=', p.type).where('state', '=', INTENT_PUBLISHED);
    const keyword = textParam(p.keyword);
    if (keyword) q = q.where('projectname', 'ilike', containing(keyword));
    const { rows, total } = await pageOf(q, paging(p), (q) =>
      q.select(['id', 'type', 'projectname', 'areaName', 'logintime']).orderBy('logintime', 'desc').orderBy('id', 'desc'),
    );
    return ok({ rows: rows.map((r) => ({ ...r, logintime: formatRequiredDateTime(r.logintime) })), total }, MESSAGES.common.queried);
  });

  defineRoute(app, 'desiredDetail', async (request) => {
    const id = requiredId(request.input);
    const row = await findInScope(db, 'intent', id, scopeIds(request, places), MESSAGES.listings.intentMissing);
    // The photos may show identity documents: only the person who filed the intent and staff see them.
    const user = request.user;
    const isAuthor = user !== undefined && user.userId === row.userId;
    const isReviewer = isSignedIn(request) && request.user.role !== 'user' && staffScope(request, places).includes(row.deptId);
    // An intent not yet published (or refused) answers like a missing one, except to its author and its reviewers.
    if (row.state !== INTENT_PUBLISHED && !isAuthor && !isReviewer) throw notFound(MESSAGES.listings.intentMissing);
    const mayReadAttachments = isAuthor || (user !== undefined && user.role !== 'user');
    return ok(intentDetail(row, places, { isAuthor, isReviewer, mayReadAttachments }), MESSAGES.common.queried);
  });
}
