import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../api/schemas.js';
import type { AppContext } from '../api/context.js';
import { notFound, ok } from '../api/errors.js';
import { formatRequiredDateTime, jsonValue, maskPhone, toNumber } from '../api/format.js';
import { scopeIds } from '../plugins/guards.js';
import { containing, paging, requiredId, textParam } from '../api/request-params.js';
import { twoDecimals } from './listings/decimal-text.js';
import { MESSAGES } from '../api/messages.js';

const LIST_COLUMNS = ['id', 'deptId', 'category', 'name', 'price', 'unit', 'stock', 'seller', 'origin', 'imgList', 'createTime'] as const;

/** 网上商城: the region's farm products on sale (schemas/api/shop.json). No purchase: a detail names whom to call. */
export async function registerShopRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  const categoryLabels = async (): Promise<Map<string, string>> => {
    const rows = await db.selectFrom('dictData').select(['dictValue', 'dictLabel']).where('dictType', '=', 'product_category').execute();
    return new Map(rows.map((r) => [r.dictValue, r.dictLabel]));
  };

  const productItem = (
    r: {
      id: number;
      deptId: number;
      category: string;
      name: string;
      price: string;
      unit: string;
      stock: number;
      seller: string;
      origin: string;
      imgList: unknown;
      createTime: Date;
    },
    labels: Map<string, string>,
  ) => ({
    id: r.id,
    name: r.name,
    category: r.category,
    categoryName: labels.get(r.category) ?? '',
    price: toNumber(r.price) ?? 0,
    priceText: twoDecimals(r.price),
    unit: r.unit,
    stock: r.stock,
    seller: r.seller,
    origin: r.origin,
    imgList: jsonValue<string[]>(r.imgList, []),
    createTime: formatRequiredDateTime(r.createTime),
    deptId: r.deptId,
    deptName: places.name(r.deptId),
  });

  defineRoute(app, 'productList', async (request) => {
    const p = request.input;
    const ids = scopeIds(request, places, p.deptId);
    const { pageSize, offset } = paging(p, 12);
    let q = db.selectFrom('shopProduct').where('deptId', 'in', ids).where('onSale', '=', true);
    const category = textParam(p.category);
    if (category) q = q.where('category', '=', category);
    const keyword = textParam(p.keyword);
    if (keyword) {
      const pattern = containing(keyword);
      q = q.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('seller', 'ilike', pattern), eb('origin', 'ilike', pattern)]));
    }
    const [rows, count, labels] = await Promise.all([
      q
        .select([...LIST_COLUMNS])
        .orderBy('createTime', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset(offset)
        .execute(),
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      categoryLabels(),
    ]);
    return ok({ rows: rows.map((r) => productItem(r, labels)), total: Number(count.n) }, MESSAGES.common.queried);
  });

  defineRoute(app, 'productDetail', async (request) => {
    const id = requiredId(request.input);
    const [row, labels] = await Promise.all([
      db
        .selectFrom('shopProduct')
        .selectAll()
        .where('id', '=', id)
        .where('onSale', '=', true)
        .where('deptId', 'in', scopeIds(request, places))
        .executeTakeFirst(),
      categoryLabels(),
    ]);
    if (!row) throw notFound(MESSAGES.shop.productMissing);
    return ok({ ...productItem(row, labels), content: row.content, phone: maskPhone(row.phone) }, MESSAGES.common.queried);
  });

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
