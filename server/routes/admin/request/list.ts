import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../api/schemas.js';
import type { AppContext } from '../../../api/context.js';
import { ok } from '../../../api/errors.js';
import { MESSAGES } from '../../../api/messages.js';
import { paging } from '../../../api/request-params.js';
import { pageOf } from '../../../api/paged-list.js';
import { consoleScope } from '../common.js';
import { COMPLAINT_COLUMNS, complaintRow, FEEDBACK_COLUMNS, feedbackRow, feedbackScope } from './request-rows.js';

/** The review list of one kind of request, oldest first, optionally only the pending or the replied ones. */
export async function registerAdminRequestListRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  defineRoute(app, 'adminRequestList', async (request) => {
    const p = request.input!;
    if (p.kind === 'feedback') {
      let q = feedbackScope(db, request, places);
      if (p.status) q = q.where('f.reply', p.status === 'replied' ? 'is not' : 'is', null);
      const { rows, total } = await pageOf(q, paging(p), (q) =>
        q
          .select([...FEEDBACK_COLUMNS])
          .orderBy('f.createTime')
          .orderBy('f.id'),
      );
      return ok({ rows: rows.map(feedbackRow), total }, MESSAGES.common.queried);
    }
    let q = db.selectFrom('complaint as c').where('c.kind', '=', p.kind).where('c.deptId', 'in', consoleScope(request, places));
    if (p.status) q = q.where('c.reply', p.status === 'replied' ? 'is not' : 'is', null);
    const { rows, total } = await pageOf(q, paging(p), (q) =>
      q
        .select([...COMPLAINT_COLUMNS])
        .orderBy('c.createTime')
        .orderBy('c.id'),
    );
    return ok({ rows: rows.map(complaintRow), total }, MESSAGES.common.queried);
  });
}
