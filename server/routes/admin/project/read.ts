import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../api/schemas.js';
import type { AppContext } from '../../../api/context.js';
import { ok } from '../../../api/errors.js';
import { formatDateTime, toNumber } from '../../../api/format.js';
import { MESSAGES } from '../../../api/messages.js';
import { pageOf } from '../../../api/paged-list.js';
import { containing, paging } from '../../../api/request-params.js';
import { findInScope } from '../../../api/scoped-record.js';
import { statusLabel } from '../../../../machines/project-status-rules.js';
import type { ProjectStatus } from '../../../../schemas/types/api.js';
import { consoleScope } from '../common.js';
import { projectView } from './view.js';
import { sortedBy } from '../../../api/list-order.js';

/** The project list's sortable fields and their columns (a status sorts by its code, the order of its stages). */
const SORTABLE = {
  code: 'j.code',
  projectName: 'j.projectName',
  deptName: 'p.deptName',
  statusName: 'j.status',
  price: 'j.price',
  biddingStartTime: 'j.biddingStartTime',
  biddingStopTime: 'j.biddingStopTime',
  signCts: 'j.signCts',
  bidCount: 'j.bidCount',
} as const;

/** The console's project list (filtered by type, status and keyword) and one project to edit. */
export async function registerAdminProjectReadRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  defineRoute(app, 'adminProjectList', async (request) => {
    const p = request.input ?? {};
    let q = db.selectFrom('project as j').innerJoin('place as p', 'p.deptId', 'j.deptId').where('j.deptId', 'in', consoleScope(request, places));
    if (p.type) q = q.where('j.type', '=', p.type as 1 | 2 | 3);
    if (p.status) q = q.where('j.status', '=', p.status);
    const keyword = p.keyword?.trim();
    if (keyword) q = q.where((eb) => eb.or([eb('j.projectName', 'ilike', containing(keyword)), eb('j.code', 'ilike', containing(keyword))]));
    const { rows, total } = await pageOf(q, paging(p), (q) =>
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
        .$call((q) => sortedBy(q, p, SORTABLE, 'j.id', (q) => q.orderBy('j.createdAt', 'desc').orderBy('j.id', 'desc'))),
    );
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
        total,
      },
      MESSAGES.common.queried,
    );
  });

  defineRoute(app, 'adminProjectGet', async (request) => {
    const row = await findInScope(db, 'project', request.input!.id, consoleScope(request, places), MESSAGES.admin.projectMissing);
    return ok(await projectView(places, row), MESSAGES.common.queried);
  });
}
