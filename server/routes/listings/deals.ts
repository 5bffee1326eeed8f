import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import { ok } from '../../api/errors.js';
import { formatRequiredDateTime } from '../../api/format.js';
import { scopeIds } from '../../plugins/guards/index.js';
import { containing, paging, requiredId, textParam } from '../../api/request-params.js';
import { pageOf } from '../../api/paged-list.js';
import { findInScope } from '../../api/scoped-record.js';
import { MESSAGES } from '../../api/messages.js';

type DealRow = { id: number; remark: string; projectAddress: string; projectName: string; dealtime: Date; number: string };

const dealItem = (r: DealRow) => ({
  id: r.id,
  remark: r.remark,
  projectAddress: r.projectAddress,
  projectName: r.projectName,
  dealtime: formatRequiredDateTime(r.dealtime),
  number: r.number,
});

/** Deal announcements. */
export async function registerDealRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  defineRoute(app, 'dealList', async (request) => {
    const p = request.input;
    const ids = scopeIds(request, places, p.deptId);
    const number = p.number || '004';
    let q = db.selectFrom('dealAnnouncement').where('deptId', 'in', ids).where('number', '=', number);
    const keyword = textParam(p.keyword);
    if (keyword) {
      const pattern = containing(keyword);
      q = q.where((eb) => eb.or([eb('projectName', 'ilike', pattern), eb('projectAddress', 'ilike', pattern), eb('remark', 'ilike', pattern)]));
    }
    // The spec's call sends `page`; pageNum (the convention everywhere else) wins when both are sent.
    const { rows, total } = await pageOf(q, paging(p, 10, p.page), (q) =>
      q.select(['id', 'remark', 'projectAddress', 'projectName', 'dealtime', 'number']).orderBy('dealtime', 'desc').orderBy('id', 'desc'),
    );
    return ok({ rows: rows.map(dealItem), total }, MESSAGES.common.queried);
  });

  defineRoute(app, 'dealDetail', async (request) => {
    const id = requiredId(request.input);
    const row = await findInScope(db, 'dealAnnouncement', id, scopeIds(request, places), MESSAGES.listings.dealMissing);
    return ok(
      { ...dealItem(row), content: row.content, projectId: row.projectId, deptId: row.deptId, deptName: places.name(row.deptId) },
      MESSAGES.common.queried,
    );
  });
}
