import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { defineRoute } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import { ok } from '../../api/errors.js';
import { scopeIds } from '../../plugins/guards/index.js';
import { paging } from '../../api/request-params.js';
import { MESSAGES } from '../../api/messages.js';
import { articlePage, categoryWithChildren, DEFAULT_PAGE_SIZE } from './articles.js';
import { CAROUSEL, NEWS } from './categories.js';

const DEFAULT_CAROUSEL_SIZE = 4;

/**
 * The form-encoded api/index/{name} style: the guard has checked the signature and turned dm into the tenant.
 * News, the home page's carousel and the map's places with their project counts.
 */
export async function registerIndexFormRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  defineRoute(app, 'indexXinwenliebiao', async (request) => {
    const f = request.body;
    const numbers = await categoryWithChildren(db, f.number || NEWS);
    const window = paging({ pageNum: f.page, pageSize: f.page_size }, DEFAULT_PAGE_SIZE);
    const page = await articlePage(db, { deptIds: request.tenant!.deptIds, numbers, window });
    return ok(page, MESSAGES.common.queried);
  });

  defineRoute(app, 'indexNewsRotation', async (request) => {
    const f = request.body;
    const window = paging({ pageNum: f.page, pageSize: f.page_size }, DEFAULT_CAROUSEL_SIZE);
    const page = await articlePage(db, { deptIds: request.tenant!.deptIds, numbers: [CAROUSEL], window });
    return ok(page.rows, MESSAGES.common.queried);
  });

  defineRoute(app, 'indexDitudaohang', async (request) => {
    const f = request.body;
    const tenant = request.tenant!;
    const rootId = f.id === undefined ? tenant.place.deptId : f.id;
    // scopeIds refuses an id outside the region (403).
    scopeIds(request, places, rootId);
    const children = places.childrenOf(rootId);
    const counts = await db
      .selectFrom('project')
      .select(['deptId', sql<string>`count(*)`.as('n')])
      .where('deptId', 'in', places.subtree(rootId))
      .where('status', '>=', 2)
      .where('status', '<=', 11)
      .groupBy('deptId')
      .execute();
    const byDept = new Map(counts.map((c) => [c.deptId, Number(c.n)]));
    const data = children.map((child) => ({
      deptId: child.deptId,
      deptName: child.deptName,
      deptCode: child.deptCode,
      level: child.level,
      projectCount: places.subtree(child.deptId).reduce((sum, id) => sum + (byDept.get(id) ?? 0), 0),
    }));
    return ok(data, MESSAGES.common.queried);
  });
}
