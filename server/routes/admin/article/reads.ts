import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../api/schemas.js';
import type { AppContext } from '../../../api/context.js';
import { ok } from '../../../api/errors.js';
import { formatRequiredDateTime } from '../../../api/format.js';
import { MESSAGES } from '../../../api/messages.js';
import { containing, paging } from '../../../api/request-params.js';
import { pageOf } from '../../../api/paged-list.js';
import { findInScope } from '../../../api/scoped-record.js';
import { consoleScope } from '../common.js';
import { articleDetail } from './article-detail.js';

/** The console's article list (any status) and one article to edit. */
export async function registerAdminArticleReadRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  defineRoute(app, 'adminArticleList', async (request) => {
    const p = request.input ?? {};
    let q = db
      .selectFrom('article as a')
      .innerJoin('place as p', 'p.deptId', 'a.deptId')
      .leftJoin('articleCategory as c', 'c.number', 'a.number')
      .where('a.deptId', 'in', consoleScope(request, places));
    if (p.number) q = q.where('a.number', '=', p.number);
    if (p.status) q = q.where('a.status', '=', p.status);
    const keyword = p.keyword?.trim();
    if (keyword) q = q.where((eb) => eb.or([eb('a.title', 'ilike', containing(keyword)), eb('a.keyword', 'ilike', containing(keyword))]));
    const { rows, total } = await pageOf(q, paging(p), (q) =>
      q
        .select(['a.id', 'a.deptId', 'p.deptName', 'a.number', 'c.name as categoryName', 'a.title', 'a.status', 'a.watchCts', 'a.logintime'])
        .orderBy('a.logintime', 'desc')
        .orderBy('a.id', 'desc'),
    );
    return ok(
      { rows: rows.map((r) => ({ ...r, categoryName: r.categoryName ?? '', logintime: formatRequiredDateTime(r.logintime) })), total },
      MESSAGES.common.queried,
    );
  });

  defineRoute(app, 'adminArticleGet', async (request) => {
    const row = await findInScope(db, 'article', request.input!.id, consoleScope(request, places), MESSAGES.admin.articleMissing);
    return ok(await articleDetail(db, places, row), MESSAGES.common.queried);
  });
}
