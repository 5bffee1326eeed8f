import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../api/schemas.js';
import type { AppContext } from '../../../api/context.js';
import { ok } from '../../../api/errors.js';
import { MESSAGES } from '../../../api/messages.js';
import { paging } from '../../../api/request-params.js';
import { pageOf } from '../../../api/paged-list.js';
import { consoleScope } from '../common.js';
import { sortedBy } from '../../../api/list-order.js';
import { auditPhoneView } from '../phone-views.js';

/** The sortable fields of each kind's list and their columns. */
const FEEDBACK_SORTABLE = { createTime: 'f.createTime', type: 'f.type', name: 'f.contact', status: 'f.reply' } as const;
const COMPLAINT_SORTABLE = { createTime: 'c.createTime', type: 'c.type', name: 'c.name', status: 'c.reply' } as const;
import { COMPLAINT_COLUMNS, complaintRow, FEEDBACK_COLUMNS, feedbackRow, feedbackScope } from './request-rows.js';

/** The review list of one kind of request, oldest first, optionally only the pending or the replied ones. */
export async function registerAdminRequestListRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  defineRoute(app, 'adminRequestList', async (request) => {
    const p = request.input!;
    if (p.kind === 'feedback') {
      let q = feedbackScope(db, request, places);
      if (p.status) q = q.where('f.reply', p.status === 'replied' ? 'is not' : 'is', null);
      const { rows, total } = await pageOf(q, paging(p), (q) =>
        q.select([...FEEDBACK_COLUMNS]).$call((q) => sortedBy(q, p, FEEDBACK_SORTABLE, 'f.id', (q) => q.orderBy('f.createTime').orderBy('f.id'))),
      );
      await auditPhoneView(
        db,
        request,
        'adminRequestList',
        'feedback',
        rows.map((r) => r.id),
      );
      return ok({ rows: rows.map(feedbackRow), total }, MESSAGES.common.queried);
    }
    let q = db.selectFrom('complaint as c').where('c.kind', '=', p.kind).where('c.deptId', 'in', consoleScope(request, places));
    if (p.status) q = q.where('c.reply', p.status === 'replied' ? 'is not' : 'is', null);
    const { rows, total } = await pageOf(q, paging(p), (q) =>
      q.select([...COMPLAINT_COLUMNS]).$call((q) => sortedBy(q, p, COMPLAINT_SORTABLE, 'c.id', (q) => q.orderBy('c.createTime').orderBy('c.id'))),
    );
    await auditPhoneView(
      db,
      request,
      'adminRequestList',
      'complaint',
      rows.map((r) => r.id),
    );
    return ok({ rows: rows.map(complaintRow), total }, MESSAGES.common.queried);
  });
}
