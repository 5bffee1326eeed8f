import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import { ok } from '../../api/errors.js';
import { formatRequiredDateTime, jsonValue, toNumber } from '../../api/format.js';
import { paging } from '../../api/request-params.js';
import { MESSAGES } from '../../api/messages.js';
import { afterIdParam, listFilter } from './list-params.js';
import { applyFilter, countProjects, pageTotal } from './list-totals.js';

/** The simple list of property-transfer projects (type 2) that site-wide and asset search use: the cards' filters and totals. */
export async function registerOutProjectRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  defineRoute(app, 'outProjectList', async (request) => {
    const filter = listFilter(request, places, 2);
    const { pageSize, offset } = paging(request.input, 10);
    const afterId = afterIdParam(request);
    const page = applyFilter(db.selectFrom('project').selectAll(), filter);
    const [rows, count] = await Promise.all([
      (afterId === undefined ? page.offset(offset) : page.where('project.id', '<', afterId)).orderBy('id', 'desc').limit(pageSize).execute(),
      countProjects(db, filter),
    ]);
    return ok(
      {
        rows: rows.map((r) => ({
          id: r.id,
          keys: r.keys,
          number: r.number,
          title: r.projectName,
          address: r.address || places.name(r.deptId),
          estimated: toNumber(r.price) ?? 0,
          createTime: formatRequiredDateTime(r.createdAt),
          imgList: jsonValue<string[]>(r.imgList, []),
          status: r.status,
        })),
        ...pageTotal(count, afterId === undefined ? offset : undefined, rows.length, pageSize),
      },
      MESSAGES.common.queried,
    );
  });
}
