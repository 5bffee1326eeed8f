import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { defineRoute, type RouteRequest } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import type { Database, ProjectTable } from '../../db/schema.js';
import { notFound, ok } from '../../api/errors.js';
import { formatDateTime, jsonValue, toNumber } from '../../api/format.js';
import { attachmentInfo } from '../../services/attachment-info.js';
import { scopeIds } from '../../plugins/guards/index.js';
import { requiredId } from '../../api/request-params.js';
import { MESSAGES } from '../../api/messages.js';
import { card } from './cards.js';

const PROJECT_MISSING = MESSAGES.projects.projectMissing;

function baseQuery(db: Kysely<Database>) {
  return db.selectFrom('project').innerJoin('projectCategory as c', 'c.number', 'project.number');
}

/** A project's page (all, demands, tenders): its card and the auction's terms; each read counts a view. */
export async function registerProjectDetailRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  const detailHandler = (forcedType?: ProjectTable['type']) => async (request: RouteRequest<'projectDetail' | 'needProDetail' | 'invitationDetail'>) => {
    const id = requiredId(request.input, MESSAGES.projects.projectId);
    const deptIds = scopeIds(request, places);
    let update = db
      .updateTable('project')
      .set({ watchCts: sql`watch_cts + 1` })
      .where('id', '=', id)
      .where('deptId', 'in', deptIds);
    if (forcedType !== undefined) update = update.where('type', '=', forcedType);
    const touched = await update.returning('id').executeTakeFirst();
    if (!touched) throw notFound(PROJECT_MISSING);
    const row = await baseQuery(db).selectAll('project').select('c.classname').where('project.id', '=', id).executeTakeFirstOrThrow();
    const shown = card(
      {
        ...row,
        publicityStopTime: formatDateTime(row.publicityStopTime),
        applyStartTime: formatDateTime(row.applyStartTime),
        applyStopTime: formatDateTime(row.applyStopTime),
        biddingStartTime: formatDateTime(row.biddingStartTime),
        biddingStopTime: formatDateTime(row.biddingStopTime),
      },
      row.classname,
      places,
    );
    return ok(
      {
        ...shown,
        // 公示开始 on the project's own page only: the lists' cards keep their fixed columns.
        releaseRecord: { ...shown.releaseRecord, publicityStartTime: formatDateTime(row.publicityStartTime) },
        currentPrice: toNumber(row.currentPrice),
        increment: toNumber(row.increment) ?? 0,
        deposit: toNumber(row.deposit) ?? 0,
        extendMinutes: row.extendMinutes,
        termYears: row.termYears,
        keys: row.keys,
        content: row.content,
        attachments: await attachmentInfo(db, jsonValue<string[]>(row.attachments, [])),
        serverTime: Date.now(),
      },
      MESSAGES.common.queried,
    );
  };

  defineRoute(app, 'projectDetail', detailHandler());
  defineRoute(app, 'needProDetail', detailHandler(3));
  defineRoute(app, 'invitationDetail', detailHandler(1));
}
