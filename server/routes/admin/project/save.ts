import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { defineRoute, type RouteRequest } from '../../../api/schemas.js';
import type { AppContext } from '../../../api/context.js';
import type { Database } from '../../../db/schema.js';
import { ApiError, badRequest, ok } from '../../../api/errors.js';
import { MESSAGES } from '../../../api/messages.js';
import { findInScope } from '../../../api/scoped-record.js';
import { audit } from '../../../services/audit.js';
import { sanitizeHtml } from '../../../services/sanitize.js';
import { PROJECT_CATEGORIES } from '../../../db/reference-data.js';
import { PROJECT_STATUS, statusAt, type TimelineField } from '../../../../machines/project-status.js';
import { statusLabel } from '../../../../machines/project-status-rules.js';
import { cstTime, consoleScope, requirePlaceInScope } from '../common.js';
import { requireOwnDocuments, requireOwnUpload } from '../own-upload.js';
import { codeRuleFor, nextProjectCode } from '../../../services/project-code.js';
import { publicityStartRule, TIMELINE, timelineInOrder } from './timeline.js';
import { BEFORE_BIDDING, projectView, type ProjectRow } from './view.js';

const M = MESSAGES.admin;
type SaveInput = NonNullable<RouteRequest<'adminProjectSave'>['input']>;
type Timeline = Record<TimelineField, number>;
const PROJECT_TYPE_NAMES = { 1: '招标采购', 2: '产权转让', 3: '需求' } as const;

/** The saved timeline's times (ms), each a real date and all in their order; 400 naming the first that is not. */
function checkedTimeline(b: SaveInput): Timeline {
  const times = TIMELINE.map(({ field, label }) => cstTime(b[field], label));
  if (!timelineInOrder(times)) throw badRequest(M.timelineOrder);
  return Object.fromEntries(TIMELINE.map(({ field }, i) => [field, times[i]])) as Timeline;
}

/** The database's clock (every instance reads the same one). */
async function dbNow(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ now: Date }>`SELECT now() AS now`.execute(db);
  return new Date(rows[0].now).getTime();
}

/** The status the shared machine gives the new timeline now (never lowered below 2 for a new project). */
const statusNow = (type: 1 | 2 | 3, timeline: Timeline, now: number): number => statusAt({ type, status: PROJECT_STATUS.publicity, ...timeline }, now).status;

/** 公示开始 by its rules ({@link publicityStartRule}); 400 naming the one broken. */
function checkedPublicityStart(b: SaveInput, timeline: Timeline, now: number, before: ProjectRow | undefined): Date {
  const given = b.publicityStartTime ? cstTime(b.publicityStartTime, MESSAGES.editors.publicityStartLabel) : undefined;
  const outcome = publicityStartRule(given, timeline.publicityStopTime, now, before?.publicityStartTime?.getTime() ?? null);
  if ('refused' in outcome) throw badRequest(outcome.refused === 'order' ? MESSAGES.editors.publicityStartOrder : MESSAGES.editors.publicityStartFuture);
  return new Date(outcome.start);
}

/** The project's columns as the form gives them, defaults filled in and its text made safe. */
function projectValues(b: SaveInput, status: number, imgList: string[], timeline: Timeline) {
  return {
    deptId: b.deptId,
    type: b.type as 1 | 2 | 3,
    number: b.number,
    status,
    projectName: b.projectName.trim(),
    address: b.address ?? '',
    outname: b.outname ?? '',
    needname: b.needname ?? '',
    price: b.price,
    priceUnit: b.priceUnit ?? 1,
    area: b.area ?? null,
    areaUnit: b.areaUnit ?? 1,
    termYears: b.termYears ?? null,
    increment: b.increment,
    deposit: b.deposit,
    reservePrice: b.reservePrice ?? null,
    extendMinutes: b.extendMinutes ?? 5,
    imgList: JSON.stringify(imgList),
    content: sanitizeHtml(b.content ?? ''),
    ...Object.fromEntries(TIMELINE.map(({ field }) => [field, new Date(timeline[field])])),
  };
}

/**
 * Creating and editing a project, only while it is before bidding, with its timeline checked against the clock. A new
 * project gets its 项目编号 from its region's prefix; an edit keeps the one it has.
 */
export async function registerAdminProjectSaveRoutes(app: FastifyInstance, { db, places, regions }: AppContext): Promise<void> {
  defineRoute(app, 'adminProjectSave', async (request) => {
    const b = request.input!;
    const scope = consoleScope(request, places);
    requirePlaceInScope(scope, b.deptId);
    const category = PROJECT_CATEGORIES.find((c) => c.number === b.number);
    if (!category) throw badRequest(M.projectCategoryUnknown(b.number));
    if (category.type !== b.type) throw badRequest(MESSAGES.editors.categoryOfOtherType(b.number, PROJECT_TYPE_NAMES[b.type as 1 | 2 | 3]));
    const timeline = checkedTimeline(b);
    const imgList: string[] = [];
    for (const url of b.imgList ?? []) imgList.push(await requireOwnUpload(db, url, '项目图片'));
    const attachments = await requireOwnDocuments(db, b.attachments ?? [], '项目附件');
    const before: ProjectRow | undefined = b.id ? await findInScope(db, 'project', b.id, scope, M.projectMissing) : undefined;
    if (before && !BEFORE_BIDDING(before.status)) throw new ApiError(409, M.projectLocked(statusLabel(before.status)));
    const now = await dbNow(db);
    const publicityStartTime = checkedPublicityStart(b, timeline, now, before);
    const status = statusNow(b.type as 1 | 2 | 3, timeline, now);
    if (!BEFORE_BIDDING(status)) throw badRequest(M.timelineOrder);
    const values = { ...projectValues(b, status, imgList, timeline), publicityStartTime, attachments: JSON.stringify(attachments) };
    const saved = await db.transaction().execute(async (trx) => {
      const row = before
        ? await trx
            .updateTable('project')
            .set({ ...values, updatedAt: new Date() })
            .where('id', '=', before.id)
            // Not if the clock or another writer moved it into bidding meanwhile.
            .where('status', '<', PROJECT_STATUS.bidding)
            .returningAll()
            .executeTakeFirst()
        : await trx
            .insertInto('project')
            .values({ ...values, code: await nextProjectCode(trx, codeRuleFor(places, regions.load().regions, b.deptId), values.type) })
            .returningAll()
            .executeTakeFirstOrThrow();
      if (!row) throw new ApiError(409, M.projectLocked(statusLabel(PROJECT_STATUS.bidding)));
      await audit(trx, request.user, { deptId: row.deptId, entity: 'project', entityId: row.id, action: before ? 'update' : 'create', before, after: row });
      return row;
    });
    app.projectListCache?.clear();
    return ok(await projectView(places, saved), M.projectSaved);
  });
}
