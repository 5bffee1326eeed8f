import type { SignedInRequest } from '../../api/schemas.js';
import type { FastifyInstance } from 'fastify';
import { sql, type Selectable } from 'kysely';
import { defineRoute } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import type { ProjectTable } from '../../db/schema.js';
import { ApiError, badRequest, notFound, ok } from '../../api/errors.js';
import { formatDateTime, toNumber } from '../../api/format.js';
import { MESSAGES } from '../../api/messages.js';
import { containing } from '../../api/request-params.js';
import { audit } from '../../services/audit.js';
import { sanitizeHtml } from '../../services/sanitize.js';
import { leaveMessages } from '../../auction/index.js';
import { PROJECT_CATEGORIES } from '../../db/reference-data.js';
import { PROJECT_STATUS, statusAt, type TimelineField } from '../../../machines/project-status.js';
import { statusLabel } from '../../../machines/project-status-rules.js';
import type { ProjectStatus } from '../../../schemas/types/api.js';
import { cstTime, consoleScope, paging, requirePlaceInScope } from './common.js';
import { requireOwnUpload } from './article.js';

const M = MESSAGES.admin;
type ProjectRow = Selectable<ProjectTable>;

/** The timeline in the order it must run, with the labels the refusal names. */
const TIMELINE: ReadonlyArray<{ field: TimelineField; label: string }> = [
  { field: 'publicityStopTime', label: '公示结束时间' },
  { field: 'applyStartTime', label: '报名开始时间' },
  { field: 'applyStopTime', label: '报名结束时间' },
  { field: 'biddingStartTime', label: '竞价开始时间' },
  { field: 'biddingStopTime', label: '竞价结束时间' },
];

/** Statuses a project may be edited, withdrawn or suspended in: before bidding (the clock has not opened it). */
const BEFORE_BIDDING = (status: number) => status < PROJECT_STATUS.bidding;

/** Staff reads and writes of trading projects; statuses follow the shared project-status machine (statusAt). */
export async function registerAdminProjectRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  const view = async (r: ProjectRow) => ({
    id: r.id,
    deptId: r.deptId,
    deptName: (await places.find(r.deptId))?.deptName ?? '',
    code: r.code || String(r.id),
    type: r.type,
    number: r.number,
    status: r.status as ProjectStatus,
    statusName: statusLabel(r.status),
    projectName: r.projectName,
    address: r.address,
    outname: r.outname,
    needname: r.needname,
    price: toNumber(r.price) ?? 0,
    priceUnit: r.priceUnit,
    area: toNumber(r.area),
    areaUnit: r.areaUnit,
    termYears: r.termYears,
    increment: toNumber(r.increment) ?? 0,
    deposit: toNumber(r.deposit) ?? 0,
    reservePrice: toNumber(r.reservePrice),
    extendMinutes: r.extendMinutes,
    imgList: Array.isArray(r.imgList) ? r.imgList : [],
    content: r.content,
    publicityStopTime: formatDateTime(r.publicityStopTime),
    applyStartTime: formatDateTime(r.applyStartTime),
    applyStopTime: formatDateTime(r.applyStopTime),
    biddingStartTime: formatDateTime(r.biddingStartTime),
    biddingStopTime: formatDateTime(r.biddingStopTime),
    bidCount: r.bidCount,
    signCts: r.signCts,
  });

  const inScope = async (request: SignedInRequest, id: number) => {
    const row = await db.selectFrom('project').selectAll().where('id', '=', id).where('deptId', 'in', consoleScope(request, places)).executeTakeFirst();
    if (!row) throw notFound(M.projectMissing);
    return row;
  };

  defineRoute(app, 'adminProjectList', async (request) => {
    const p = request.input ?? {};
    const { limit, offset } = paging(p);
    let q = db.selectFrom('project as j').innerJoin('place as p', 'p.deptId', 'j.deptId').where('j.deptId', 'in', consoleScope(request, places));
    if (p.type) q = q.where('j.type', '=', p.type as 1 | 2 | 3);
    if (p.status) q = q.where('j.status', '=', p.status);
    const keyword = p.keyword?.trim();
    if (keyword) q = q.where((eb) => eb.or([eb('j.projectName', 'ilike', containing(keyword)), eb('j.code', 'ilike', containing(keyword))]));
    const [rows, count] = await Promise.all([
      q
        .select([
          'j.id',
          'j.deptId',
          'p.deptName',
          'j.code',
          'j.type',
          'j.projectName',
          'j.status',
          'j.price',
          'j.biddingStartTime',
          'j.biddingStopTime',
          'j.signCts',
          'j.bidCount',
        ])
        .orderBy('j.createdAt', 'desc')
        .orderBy('j.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      q.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return ok(
      {
        rows: rows.map((r) => ({
          ...r,
          code: r.code || String(r.id),
          status: r.status as ProjectStatus,
          statusName: statusLabel(r.status),
          price: toNumber(r.price) ?? 0,
          biddingStartTime: formatDateTime(r.biddingStartTime),
          biddingStopTime: formatDateTime(r.biddingStopTime),
        })),
        total: Number(count.total),
      },
      MESSAGES.common.queried,
    );
  });

  defineRoute(app, 'adminProjectGet', async (request) => ok(await view(await inScope(request, request.input!.id)), MESSAGES.common.queried));

  defineRoute(app, 'adminProjectSave', async (request) => {
    const b = request.input!;
    requirePlaceInScope(consoleScope(request, places), b.deptId);
    const category = PROJECT_CATEGORIES.find((c) => c.number === b.number && c.type === b.type);
    if (!category) throw badRequest(M.projectCategoryUnknown(b.number));
    const times = TIMELINE.map(({ field, label }) => cstTime(b[field], label));
    // 公示结束 ≤ 报名开始 < 报名结束 ≤ 竞价开始 < 竞价结束
    if (!(times[0] <= times[1] && times[1] < times[2] && times[2] <= times[3] && times[3] < times[4])) throw badRequest(M.timelineOrder);
    const imgList: string[] = [];
    for (const url of b.imgList ?? []) imgList.push(await requireOwnUpload(db, url, '项目图片'));
    const before = b.id ? await inScope(request, b.id) : undefined;
    if (before && !BEFORE_BIDDING(before.status)) throw new ApiError(409, M.projectLocked(statusLabel(before.status)));
    const timeline = Object.fromEntries(TIMELINE.map(({ field }, i) => [field, times[i]])) as Record<TimelineField, number>;
    // The status the shared machine gives the new timeline now (never lowered below 2 for a new project).
    const { rows } = await sql<{ now: Date }>`SELECT now() AS now`.execute(db);
    const status = statusAt({ type: b.type as 1 | 2 | 3, status: PROJECT_STATUS.publicity, ...timeline }, new Date(rows[0].now).getTime()).status;
    if (!BEFORE_BIDDING(status)) throw badRequest(M.timelineOrder);
    const values = {
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
        : await trx.insertInto('project').values(values).returningAll().executeTakeFirstOrThrow();
      if (!row) throw new ApiError(409, M.projectLocked(statusLabel(PROJECT_STATUS.bidding)));
      await audit(trx, request.user, { deptId: row.deptId, entity: 'project', entityId: row.id, action: before ? 'update' : 'create', before, after: row });
      return row;
    });
    app.projectListCache?.clear();
    return ok(await view(saved), M.projectSaved);
  });

  /**
   * Ends a project before bidding with status 10 (已结束), the machine's staff-set no-deal end, telling every bidder
   * who registered. The machine has no event that stops a running auction, so from bidding on it is 409.
   */
  const end = async (request: SignedInRequest, id: number, reason: string, action: 'withdraw' | 'suspend') => {
    const before = await inScope(request, id);
    if (!BEFORE_BIDDING(before.status)) throw new ApiError(409, M.projectLocked(statusLabel(before.status)));
    const saved = await db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('project')
        .set({ status: PROJECT_STATUS.noValidBid, updatedAt: new Date() })
        .where('id', '=', id)
        .where('status', '<', PROJECT_STATUS.bidding)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new ApiError(409, M.projectLocked(statusLabel(PROJECT_STATUS.bidding)));
      const registered = await trx.selectFrom('registration').select('userId').where('projectId', '=', id).where('state', 'in', [1, 2]).execute();
      await leaveMessages(
        trx,
        id,
        registered.map((r) => ({ userId: r.userId, title: M.projectSuspendedMessageTitle, content: M.projectSuspendedMessage(row.projectName, reason) })),
        new Date(),
      );
      await audit(trx, request.user, { deptId: row.deptId, entity: 'project', entityId: row.id, action, before, after: { ...row, reason } });
      return row;
    });
    app.projectListCache?.clear();
    return view(saved);
  };

  defineRoute(app, 'adminProjectWithdraw', async (request) =>
    ok(await end(request, request.input!.id, request.input!.reason.trim(), 'withdraw'), M.projectWithdrawn),
  );
  defineRoute(app, 'adminProjectSuspend', async (request) =>
    ok(await end(request, request.input!.id, request.input!.reason.trim(), 'suspend'), M.projectSuspended),
  );
}
