import type { FastifyInstance } from 'fastify';
import { defineRoute, type RouteRequest } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import { ok } from '../../api/errors.js';
import { scopeIds } from '../../plugins/guards/index.js';
import { paging, requiredId } from '../../api/request-params.js';
import { MESSAGES } from '../../api/messages.js';
import { articleDetail, articlePage, categoryWithChildren, DEFAULT_PAGE_SIZE } from './articles.js';
import { CERTIFICATES, PUBLIC_NOTICES } from './categories.js';

interface ListParams {
  number?: string;
  pageNum?: number;
  pageSize?: number;
  keyword?: string;
  deptId?: number;
}

/** Article lists and details (news, public notices, certificates) and the article categories. */
export async function registerArticleRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  const listOf = (fixedNumber?: string) => async (request: RouteRequest<'newsList' | 'publicityList' | 'attest'>) => {
    const p: ListParams = request.input;
    const deptIds = scopeIds(request, places, p.deptId);
    const number = fixedNumber ?? p.number;
    // "002001,020": several categories at once (the policy query searches policies and rules together).
    const numbers = number === undefined ? undefined : (await Promise.all(number.split(',').map((n) => categoryWithChildren(db, n.trim())))).flat();
    const page = await articlePage(db, { deptIds, numbers, keyword: p.keyword, window: paging(p, DEFAULT_PAGE_SIZE) });
    return ok(page, MESSAGES.common.queried);
  };

  defineRoute(app, 'newsList', listOf());
  defineRoute(app, 'publicityList', listOf(PUBLIC_NOTICES));
  defineRoute(app, 'attest', listOf(CERTIFICATES));

  defineRoute(app, 'newsClass', async () => {
    const rows = await db.selectFrom('articleCategory').select(['number', 'name', 'key', 'parentNumber']).orderBy('orderNum').orderBy('number').execute();
    return ok(rows, MESSAGES.common.queried);
  });

  const detailOf = (fixedNumber?: string) => async (request: RouteRequest<'newsDetail' | 'publicityDetail' | 'attestDetail'>) => {
    const id = requiredId(request.input, MESSAGES.content.articleId);
    const numbers = fixedNumber ? await categoryWithChildren(db, fixedNumber) : undefined;
    return ok(await articleDetail(db, id, request.tenant!.deptIds, numbers), MESSAGES.common.queried);
  };

  defineRoute(app, 'newsDetail', detailOf());
  defineRoute(app, 'publicityDetail', detailOf(PUBLIC_NOTICES));
  defineRoute(app, 'attestDetail', detailOf(CERTIFICATES));
}
