import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import { badRequest, ok } from '../../api/errors.js';
import { formatRequiredDateTime, maskPhone } from '../../api/format.js';
import { MESSAGES } from '../../api/messages.js';
import { pageOf } from '../../api/paged-list.js';
import { paging } from '../../api/request-params.js';
import { sortedBy } from '../../api/list-order.js';
import { auditTitles } from './audit-titles.js';
import { consoleScope, cstRange } from './common.js';

/** The audit log's sortable fields and their columns. */
const SORTABLE = { at: 'l.at', actorName: 'u.name', entity: 'l.entity', action: 'l.action' } as const;

/** The audit log's one read; it has no update or delete route (the table is append-only). */
export async function registerAdminAuditRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  defineRoute(app, 'adminAuditList', async (request) => {
    const p = request.input ?? {};
    let q = db.selectFrom('auditLog as l').innerJoin('appUser as u', 'u.userId', 'l.actorId');
    // An admin sees every record of the tenant's places and those without one (staff accounts); staff their places'.
    const scope = consoleScope(request, places);
    q = request.user.role === 'admin' ? q.where((eb) => eb.or([eb('l.deptId', 'in', scope), eb('l.deptId', 'is', null)])) : q.where('l.deptId', 'in', scope);
    const actor = p.actor?.trim();
    if (actor) {
      if (/^1\d{10}$/.test(actor)) q = q.where('u.phone', '=', actor);
      else if (/^\d{1,9}$/.test(actor)) q = q.where('l.actorId', '=', Number(actor));
      else throw badRequest(MESSAGES.admin.actorInvalid);
    }
    if (p.entity) q = q.where('l.entity', '=', p.entity);
    if (p.entityId) q = q.where('l.entityId', '=', p.entityId);
    // Times are China Standard Time text (the API's one time format).
    // A date that does not exist (13-45) is a 400 naming the field, not the database's error.
    const range = cstRange(p, { from: '开始时间', to: '结束时间' });
    if (range.from) q = q.where('l.at', '>=', range.from);
    if (range.to) q = q.where('l.at', '<=', range.to);
    const { rows, total } = await pageOf(q, paging(p), (q) =>
      q
        .select(['l.id', 'l.at', 'l.actorId', 'u.phone', 'u.name', 'l.actorRole', 'l.deptId', 'l.entity', 'l.entityId', 'l.action', 'l.before', 'l.after'])
        .$call((q) => sortedBy(q, p, SORTABLE, 'l.id', (q) => q.orderBy('l.at', 'desc').orderBy('l.id', 'desc'))),
    );
    const titles = await auditTitles(db, rows);
    return ok(
      {
        rows: rows.map((r, i) => ({
          id: Number(r.id),
          at: formatRequiredDateTime(r.at),
          actorId: r.actorId,
          actorPhone: maskPhone(r.phone),
          actorName: r.name || maskPhone(r.phone),
          actorRole: r.actorRole as 'user' | 'staff' | 'admin',
          deptId: r.deptId,
          entity: r.entity as 'article',
          entityId: r.entityId,
          title: titles[i],
          action: r.action as 'create',
          before: r.before,
          after: r.after,
        })),
        total,
      },
      MESSAGES.common.queried,
    );
  });
}
