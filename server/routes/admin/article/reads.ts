import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../api/schemas.js';
import type { AppContext } from '../../../api/context.js';
import { ok } from '../../../api/errors.js';
import { formatRequiredDateTime } from '../../../api/format.js';
import { MESSAGES } from '../../../api/messages.js';
import { containing, paging } from '../../../api/request-params.js';
import { pageOf } from '../../../api/paged-list.js';
import { findInScope } from '../../../api/scoped-record.js';
import { sortedBy } from '../../../api/list-order.js';
import { consoleScope, cstRange } from '../common.js';

/** The article list's sortable fields and their columns. */
const SORTABLE = {
  title: 'a.title',
  categoryName: 'c.name',
  deptName: 'p.deptName',
  status: 'a.status',
  logintime: 'a.logintime',
  watchCts: 'a.watchCts',
} as const;
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
    const range = cstRange(p, { from: '开始日期', to: '结束日期' });
    if (range.from) q = q.where('a.logintime', '>=', range.from);
    if (range.to) q = q.where('a.logintime', '<=', range.to);
    const keyword = p.keyword?.trim();
    if (keyword) q = q.where((eb) => eb.or([eb('a.title', 'ilike', containing(keyword)), eb('a.keyword', 'ilike', containing(keyword))]));
    const { rows, total } = await pageOf(q, paging(p), (q) =>
      q
        .select(['a.id', 'a.deptId', 'p.deptName', 'a.number', 'c.name as categoryName', 'a.title', 'a.status', 'a.watchCts', 'a.logintime'])
        .$call((q) => sortedBy(q, p, SORTABLE, 'a.id', (q) => q.orderBy('a.logintime', 'desc').orderBy('a.id', 'desc'))),
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
