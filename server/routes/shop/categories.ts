import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import { ok } from '../../api/errors.js';
import { scopeIds } from '../../plugins/guards/index.js';
import { MESSAGES } from '../../api/messages.js';

/** The product categories, each with how many products of the region are on sale in it. */
export async function registerProductCategoryRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  defineRoute(app, 'productCategories', async (request) => {
    const p = request.input;
    const ids = scopeIds(request, places, p.deptId);
    const [dictionary, counts] = await Promise.all([
      db
        .selectFrom('dictData')
        .select(['dictValue', 'dictLabel'])
        .where('dictType', '=', 'product_category')
        .orderBy('dictSort')
        .orderBy('dictValue')
        .execute(),
      db
        .selectFrom('shopProduct')
        .where('deptId', 'in', ids)
        .where('onSale', '=', true)
        .select(['category', (eb) => eb.fn.countAll<string>().as('n')])
        .groupBy('category')
        .execute(),
    ]);
    const byCategory = new Map(counts.map((c) => [c.category, Number(c.n)]));
    return ok(
      dictionary.map((d) => ({ value: d.dictValue, label: d.dictLabel, count: byCategory.get(d.dictValue) ?? 0 })),
      MESSAGES.common.queried,
    );
  });
}
