import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import { ok } from '../../api/errors.js';
import { MESSAGES } from '../../api/messages.js';

/** The project categories (reference data), as the filters' options. */
export async function registerProjectCategoryRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  defineRoute(app, 'propertyTypeList', async (request) => {
    const type = request.input.type;
    let q = db.selectFrom('projectCategory').select(['classname', 'number', 'type']).orderBy('type').orderBy('dictSort');
    if (type !== undefined && type !== null) q = q.where('type', '=', Number(type));
    return ok(await q.execute(), MESSAGES.common.queried);
  });

  defineRoute(app, 'categoriesByType', async (request) => {
    const { type } = request.query;
    const rows = await db.selectFrom('projectCategory').select(['number', 'classname', 'dictSort']).where('type', '=', type).orderBy('dictSort').execute();
    return ok(
      rows.map((r) => ({ code: r.number, name: r.classname, dictSort: r.dictSort })),
      MESSAGES.common.queried,
    );
  });
}
