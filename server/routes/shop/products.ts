import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import { notFound, ok } from '../../api/errors.js';
import { maskPhone } from '../../api/format.js';
import { scopeIds } from '../../plugins/guards/index.js';
import { containing, paging, requiredId, textParam } from '../../api/request-params.js';
import { pageOf } from '../../api/paged-list.js';
import { findInScope } from '../../api/scoped-record.js';
import { MESSAGES } from '../../api/messages.js';
import { categoryLabels, LIST_COLUMNS, productItem } from './product-item.js';

/** The products on sale: a page of them and one product (no purchase: a detail names whom to call). */
export async function registerProductRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  defineRoute(app, 'productList', async (request) => {
    const p = request.input;
    const ids = scopeIds(request, places, p.deptId);
    let q = db.selectFrom('shopProduct').where('deptId', 'in', ids).where('onSale', '=', true);
    const category = textParam(p.category);
    if (category) q = q.where('category', '=', category);
    const keyword = textParam(p.keyword);
    if (keyword) {
      const pattern = containing(keyword);
      q = q.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('seller', 'ilike', pattern), eb('origin', 'ilike', pattern)]));
    }
    const [{ rows, total }, labels] = await Promise.all([
      pageOf(q, paging(p, 12), (q) =>
        q
          .select([...LIST_COLUMNS])
          .orderBy('createTime', 'desc')
          .orderBy('id', 'desc'),
      ),
      categoryLabels(db),
    ]);
    return ok({ rows: rows.map((r) => productItem(r, labels, places)), total }, MESSAGES.common.queried);
  });

  defineRoute(app, 'productDetail', async (request) => {
    const id = requiredId(request.input);
    const [row, labels] = await Promise.all([findInScope(db, 'shopProduct', id, scopeIds(request, places), MESSAGES.shop.productMissing), categoryLabels(db)]);
    // A product taken off sale answers like a missing one.
    if (!row.onSale) throw notFound(MESSAGES.shop.productMissing);
    return ok({ ...productItem(row, labels, places), content: row.content, phone: maskPhone(row.phone) }, MESSAGES.common.queried);
  });
}
