import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../api/schemas.js';
import type { AppContext } from '../../../api/context.js';
import { ok } from '../../../api/errors.js';
import { MESSAGES } from '../../../api/messages.js';
import { pageOf } from '../../../api/paged-list.js';
import { containing, paging } from '../../../api/request-params.js';
import { consoleScope } from '../common.js';
import { withinReach } from './reach.js';
import { roleNames, STAFF_COLUMNS, staffView } from './view.js';

/** The staff accounts within the caller's reach (see withinReach), by place and keyword. */
export async function registerAdminStaffListRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  defineRoute(app, 'adminStaffList', async (request) => {
    const p = request.input ?? {};
    const scope = p.deptId ? places.subtree(p.deptId).filter((id) => consoleScope(request, places).includes(id)) : consoleScope(request, places);
    let q = db
      .selectFrom('appUser')
      .where('role', 'in', ['staff', 'admin'])
      .where(withinReach(request.user, scope, { placeless: !p.deptId }));
    const keyword = p.keyword?.trim();
    if (keyword) q = q.where((eb) => eb.or([eb('name', 'ilike', containing(keyword)), eb('phone', 'like', containing(keyword))]));
    const { rows, total } = await pageOf(q, paging(p), (q) => q.select([...STAFF_COLUMNS]).orderBy('userId'));
    const names = await roleNames(
      db,
      rows.map((r) => r.staffRoleId),
    );
    return ok({ rows: rows.map((r) => staffView(places, r, names, request.user.userId)), total }, MESSAGES.common.queried);
  });
}
