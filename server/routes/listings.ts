import type { Selectable } from 'kysely';
import type { IntentTable } from '../db/schema.js';
import type { FastifyInstance } from 'fastify';
import { defineRoute, isSignedIn } from '../api/schemas.js';
import { INVEST_TYPES } from '../db/reference-data.js';
import type { AppContext } from '../api/context.js';
import { ApiError, badRequest, notFound, ok } from '../api/errors.js';
import { formatDateTime, formatRequiredDateTime, jsonValue, maskPhone, toNumber } from '../api/format.js';
import { scopeIds } from '../plugins/guards.js';
import { sanitizeHtml } from '../services/sanitize.js';
import { audit } from '../services/audit.js';
import { staffScope } from './auction.js';
import { checkPhone } from '../services/passwords.js';
import { ownUploads } from '../services/own-uploads.js';
import { containing, paging, placeOfCode, requiredId } from '../api/request-params.js';
import { pageOf } from '../api/paged-list.js';
import { findInScope } from '../api/scoped-record.js';
import { MESSAGES } from '../api/messages.js';

const keywordOf = (p: { keyword?: string }): string | undefined => {
  const k = p.keyword?.trim() ?? '';
  return k ? k : undefined;
};

/** A numeric(…, 2) column's exact text with exactly two decimals ("12345.5" → "12345.50"), without float rounding. */
export function twoDecimals(value: string | number): string {
  const text = String(value);
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = (negative ? text.slice(1) : text).split('.');
  return `${negative ? '-' : ''}${whole || '0'}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/** Review states of a user-submitted intent (migration 011); only PUBLISHED is public. */
export const INTENT_PENDING = 0 as const;
export const INTENT_PUBLISHED = 1 as const;
export const INTENT_REFUSED = 2 as const;
const INTENT_STATE_TEXT = MESSAGES.listings.intentStates;

/** Financing records, transfer intents, investment projects, land information and deal announcements. */
export async function registerListingRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  // ---- Financing records -------------------------------------------------------------------------------

  const financingRow = (r: { id: number; cid: string; address: string; dyname: string; type: string; amount: string; registertime: Date }) => ({
    id: r.id,
    cid: r.cid,
    address: r.address,
    dyname: r.dyname,
    type: r.type,
    amount: toNumber(r.amount) ?? 0,
    amountText: twoDecimals(r.amount),
    registertime: formatRequiredDateTime(r.registertime),
  });

  defineRoute(app, 'financingMsgList', async (request) => {
    const p = request.input;
    const ids = scopeIds(request, places, p.deptId);
    let q = db.selectFrom('financing').where('deptId', 'in', ids);
    if (p.cid?.trim()) q = q.where('cid', '=', p.cid.trim());
    if (p.address?.trim()) q = q.where('address', 'ilike', containing(p.address.trim()));
    const { rows, total } = await pageOf(q, paging(p), (q) => q.selectAll().orderBy('registertime', 'desc').orderBy('id', 'desc'));
    return ok({ rows: rows.map(financingRow), total }, MESSAGES.common.queried);
  });

  defineRoute(app, 'financingDetail', async (request) => {
    const id = requiredId(request.input);
    const row = await findInScope(db, 'financing', id, scopeIds(request, places), MESSAGES.listings.financingMissing);
    return ok({ ...financingRow(row), deptId: row.deptId, deptName: places.name(row.deptId) }, MESSAGES.common.queried);
  });

  // ---- Transfer intents (1 out, 2 in) ---------------------------------------------------------------------

  defineRoute(app, 'desiredList', async (request) => {
    const p = request.input;
    if (p.type === undefined) throw badRequest(MESSAGES.listings.missingIntentType);
    const ids = scopeIds(request, places, p.deptId);
    const { pageSize, offset } = paging(p);
    // Only published intents are public: one awaiting review (or refused) is seen by its author and staff only.
    let q = db.selectFrom('intent').where('deptId', 'in', ids).where('type', '=', p.type).where('state', '=', INTENT_PUBLISHED);
    const keyword = keywordOf(p);
    if (keyword) q = q.where('projectname', 'ilike', containing(keyword));
    const [rows, count] = await Promise.all([
      q
        .select(['id', 'type', 'projectname', 'areaName', 'logintime'])
        .orderBy('logintime', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset(offset)
        .execute(),
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return ok({ rows: rows.map((r) => ({ ...r, logintime: formatRequiredDateTime(r.logintime) })), total: Number(count.n) }, MESSAGES.common.queried);
  });

  defineRoute(app, 'desiredDetail', async (request) => {
    const id = requiredId(request.input);
    const row = await db.selectFrom('intent').selectAll().where('id', '=', id).where('deptId', 'in', scopeIds(request, places)).executeTakeFirst();
    if (!row) throw notFound(MESSAGES.listings.intentMissing);
    // The photos may show identity documents: only the person who filed the intent and staff see them.
    const user = request.user;
    const isAuthor = user !== undefined && user.userId === row.userId;
    const isReviewer = isSignedIn(request) && request.user.role !== 'user' && staffScope(request, places).includes(row.deptId);
    // An intent not yet published (or refused) answers like a missing one, except to its author and its reviewers.
    if (row.state !== INTENT_PUBLISHED && !isAuthor && !isReviewer) throw notFound(MESSAGES.listings.intentMissing);
    const mayReadAttachments = isAuthor || (user !== undefined && user.role !== 'user');
    return ok(
      {
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
      },
      MESSAGES.common.queried,
    );
  });

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

  type ReviewedRow = {
    id: number;
    type: IntentTable['type'];
    projectname: string;
    areaName: string;
    logintime: Date;
    state: Selectable<IntentTable>['state'];
    reviewReason: string;
    reviewedAt: Date | null;
  };
  const myIntent = (r: ReviewedRow) => ({
    id: r.id,
    type: r.type,
    projectname: r.projectname,
    areaName: r.areaName,
    logintime: formatRequiredDateTime(r.logintime),
    state: r.state,
    stateText: INTENT_STATE_TEXT[r.state] ?? '',
    reviewReason: r.reviewReason,
    reviewedAt: formatDateTime(r.reviewedAt),
  });
  const REVIEWED_COLUMNS = ['id', 'type', 'projectname', 'areaName', 'logintime', 'state', 'reviewReason', 'reviewedAt'] as const;

  // 我的意向: the caller's own intents in this tenant, whatever their review state.
  defineRoute(app, 'desiredMine', async (request) => {
    const p = request.input;
    const { pageSize, offset } = paging(p);
    const q = db.selectFrom('intent').where('userId', '=', request.user.userId).where('deptId', 'in', scopeIds(request, places));
    const [rows, count] = await Promise.all([
      q
        .select([...REVIEWED_COLUMNS])
        .orderBy('logintime', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset(offset)
        .execute(),
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return ok({ rows: rows.map(myIntent), total: Number(count.n) }, MESSAGES.common.queried);
  });

  defineRoute(app, 'intentReviewList', async (request) => {
    const p = request.input;
    const { pageSize, offset } = paging(p);
    const state = p.state ?? INTENT_PENDING;
    const q = db.selectFrom('intent').where('deptId', 'in', staffScope(request, places)).where('state', '=', state);
    const [rows, count] = await Promise.all([
      q
        .select([...REVIEWED_COLUMNS, 'contact', 'phone', 'content', 'deptId'])
        .orderBy('logintime', 'asc')
        .orderBy('id', 'asc')
        .limit(pageSize)
        .offset(offset)
        .execute(),
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return ok(
      {
        rows: rows.map((r) => ({
          ...myIntent(r),
          contact: r.contact,
          phone: maskPhone(r.phone),
          content: r.content,
          deptId: r.deptId,
          deptName: places.name(r.deptId),
        })),
        total: Number(count.n),
      },
      MESSAGES.common.queried,
    );
  });

  defineRoute(app, 'intentReview', async (request) => {
    const b = request.body;
    const reason = (b.reason ?? '').trim();
    if (!b.approve && !reason) throw badRequest(MESSAGES.listings.reasonMissing);
    // One statement: only an intent awaiting review in the staff member's places changes, so two reviewers racing
    // cannot both decide it.
    // The review and its audit row commit together.
    const updated = await db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('intent')
        .set({
          state: b.approve ? INTENT_PUBLISHED : INTENT_REFUSED,
          reviewReason: b.approve ? '' : reason,
          reviewedAt: new Date(),
          reviewedBy: request.user.userId,
        })
        .where('id', '=', b.id)
        .where('deptId', 'in', staffScope(request, places))
        .where('state', '=', INTENT_PENDING)
        .returning([...REVIEWED_COLUMNS, 'deptId'])
        .executeTakeFirst();
      if (row)
        await audit(trx, request.user, {
          deptId: row.deptId,
          entity: 'intent',
          entityId: row.id,
          action: b.approve ? 'approve' : 'reject',
          before: { state: INTENT_PENDING },
          after: { state: row.state, reviewReason: row.reviewReason },
        });
      return row;
    });
    if (updated) return ok(myIntent(updated), b.approve ? MESSAGES.listings.intentPublished : MESSAGES.listings.intentRejected);
    const exists = await db.selectFrom('intent').select('state').where('id', '=', b.id).where('deptId', 'in', staffScope(request, places)).executeTakeFirst();
    if (!exists) throw notFound(MESSAGES.listings.intentMissing);
    throw new ApiError(409, MESSAGES.listings.intentReviewedAlready(INTENT_STATE_TEXT[exists.state] ?? ''));
  });

  // ---- Investment (asset attraction) projects -------------------------------------------------------------

  type InvestRow = {
    id: number;
    deptId: number;
    keys: string;
    number: string;
    title: string;
    address: string;
    estimated: string;
    createTime: Date;
    imgList: unknown;
    investType: string;
  };
  const investRow = (r: InvestRow) => ({
    id: r.id,
    keys: r.keys,
    number: r.number,
    title: r.title,
    address: r.address,
    estimated: toNumber(r.estimated) ?? 0,
    createTime: formatRequiredDateTime(r.createTime),
    imgList: jsonValue<string[]>(r.imgList, []),
    investType: r.investType,
    investTypeName: INVEST_TYPES[r.investType] ?? '',
    deptId: r.deptId,
    deptName: places.name(r.deptId),
  });

  defineRoute(app, 'InvestList', async (request) => {
    const p = request.input;
    const ids = scopeIds(request, places, p.deptId ?? (await placeOfCode(db, p.dm)));
    const { pageSize, offset } = paging(p);
    let q = db.selectFrom('investProject').where('deptId', 'in', ids);
    if (p.investType) q = q.where('investType', '=', p.investType);
    const keyword = keywordOf(p);
    if (keyword) {
      const pattern = containing(keyword);
      q = q.where((eb) => eb.or([eb('title', 'ilike', pattern), eb('keys', 'ilike', pattern), eb('address', 'ilike', pattern)]));
    }
    const [rows, count] = await Promise.all([
      q
        .select(['id', 'deptId', 'keys', 'number', 'title', 'address', 'estimated', 'createTime', 'imgList', 'investType'])
        .orderBy('createTime', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset(offset)
        .execute(),
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return ok({ rows: rows.map(investRow), total: Number(count.n) }, MESSAGES.common.queried);
  });

  defineRoute(app, 'InvestListDetail', async (request) => {
    const id = requiredId(request.input);
    const row = await db.selectFrom('investProject').selectAll().where('id', '=', id).where('deptId', 'in', scopeIds(request, places)).executeTakeFirst();
    if (!row) throw notFound(MESSAGES.listings.investMissing);
    return ok({ ...investRow(row), content: row.content, contact: row.contact }, MESSAGES.common.queried);
  });

  // ---- Land information -----------------------------------------------------------------------------------

  const landRow = (r: { id: number; deptId: number; title: string; content: string; imgs: unknown; createTime: Date }) => ({
    id: r.id,
    title: r.title,
    content: r.content,
    imgs: jsonValue<{ src: string }[]>(r.imgs, []),
    createTime: formatRequiredDateTime(r.createTime),
    deptId: r.deptId,
    deptName: places.name(r.deptId),
  });

  defineRoute(app, 'landInfoList', async (request) => {
    const p = request.input;
    const ids = scopeIds(request, places, p.deptId);
    const { pageSize, offset } = paging(p);
    let q = db.selectFrom('landInfo').where('deptId', 'in', ids);
    const keyword = keywordOf(p);
    if (keyword) q = q.where('title', 'ilike', containing(keyword));
    const [rows, count] = await Promise.all([
      q.selectAll().orderBy('createTime', 'desc').orderBy('id', 'desc').limit(pageSize).offset(offset).execute(),
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return ok({ rows: rows.map(landRow), total: Number(count.n) }, MESSAGES.common.queried);
  });

  defineRoute(app, 'landInfoDetail', async (request) => {
    const id = requiredId(request.input);
    const row = await db.selectFrom('landInfo').selectAll().where('id', '=', id).where('deptId', 'in', scopeIds(request, places)).executeTakeFirst();
    if (!row) throw notFound(MESSAGES.listings.landInfoMissing);
    return ok(landRow(row), MESSAGES.common.queried);
  });

  // ---- Deal announcements ---------------------------------------------------------------------------------

  const dealRow = (r: { id: number; remark: string; projectAddress: string; projectName: string; dealtime: Date; number: string }) => ({
    id: r.id,
    remark: r.remark,
    projectAddress: r.projectAddress,
    projectName: r.projectName,
    dealtime: formatRequiredDateTime(r.dealtime),
    number: r.number,
  });

  defineRoute(app, 'dealList', async (request) => {
    const p = request.input;
    const ids = scopeIds(request, places, p.deptId);
    // The spec's call sends `page`; pageNum (the convention everywhere else) wins when both are sent.
    const { pageSize, offset } = paging(p, 10, p.page);
    const number = p.number || '004';
    let q = db.selectFrom('dealAnnouncement').where('deptId', 'in', ids).where('number', '=', number);
    const keyword = keywordOf(p);
    if (keyword) {
      const pattern = containing(keyword);
      q = q.where((eb) => eb.or([eb('projectName', 'ilike', pattern), eb('projectAddress', 'ilike', pattern), eb('remark', 'ilike', pattern)]));
    }
    const [rows, count] = await Promise.all([
      q
        .select(['id', 'remark', 'projectAddress', 'projectName', 'dealtime', 'number'])
        .orderBy('dealtime', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset(offset)
        .execute(),
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return ok({ rows: rows.map(dealRow), total: Number(count.n) }, MESSAGES.common.queried);
  });

  defineRoute(app, 'dealDetail', async (request) => {
    const id = requiredId(request.input);
    const row = await db.selectFrom('dealAnnouncement').selectAll().where('id', '=', id).where('deptId', 'in', scopeIds(request, places)).executeTakeFirst();
    if (!row) throw notFound(MESSAGES.listings.dealMissing);
    return ok(
      { ...dealRow(row), content: row.content, projectId: row.projectId, deptId: row.deptId, deptName: places.name(row.deptId) },
      MESSAGES.common.queried,
    );
  });
}
