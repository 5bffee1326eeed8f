import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import { ok } from '../../api/errors.js';
import { formatRequiredDateTime, jsonValue } from '../../api/format.js';
import { scopeIds } from '../../plugins/guards/index.js';
import type { PlaceTree } from '../../plugins/places.js';
import { containing, paging, requiredId, textParam } from '../../api/request-params.js';
import { pageOf } from '../../api/paged-list.js';
import { findInScope } from '../../api/scoped-record.js';
import { MESSAGES } from '../../api/messages.js';

type LandRow = { id: number; deptId: number; title: string; content: string; imgs: unknown; createTime: Date };

const landItem = (r: LandRow, places: PlaceTree) => ({
  id: r.id,
  title: r.title,
  content: r.content,
  imgs: jsonValue<{ src: string }[]>(r.imgs, []),
  createTime: formatRequiredDateTime(r.createTime),
  deptId: r.deptId,
  deptName: places.name(r.deptId),
});

/** Land information. */
export async function registerLandRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  defineRoute(app, 'landInfoList', async (request) => {
    const p = request.input;
    const ids = scopeIds(request, places, p.deptId);
    let q = db.selectFrom('landInfo').where('deptId', 'in', ids);
    const keyword = textParam(p.keyword);
    if (keyword) q = q.where('title', 'ilike', containing(keyword));
    const { rows, total } = await pageOf(q, paging(p), (q) => q.selectAll().orderBy('createTime', 'desc').orderBy('id', 'desc'));
    return ok({ rows: rows.map((r) => landItem(r, places)), total }, MESSAGES.common.queried);
  });

  defineRoute(app, 'landInfoDetail', async (request) => {
    const id = requiredId(request.input);
    const row = await findInScope(db, 'landInfo', id, scopeIds(request, places), MESSAGES.listings.landInfoMissing);
    return ok(landItem(row, places), MESSAGES.common.queried);
  });
}
