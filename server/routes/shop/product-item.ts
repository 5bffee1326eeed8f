import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { formatRequiredDateTime, jsonValue, toNumber } from '../../api/format.js';
import type { PlaceTree } from '../../plugins/places.js';
import { twoDecimals } from '../listings/decimal-text.js';

/** The columns of a product in a list; a detail adds its description and the seller's phone. */
export const LIST_COLUMNS = ['id', 'deptId', 'category', 'name', 'price', 'unit', 'stock', 'seller', 'origin', 'imgList', 'createTime'] as const;

type ProductRow = {
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
};

/** The product categories' names (dictionary product_category) by value. */
export async function categoryLabels(db: Kysely<Database>): Promise<Map<string, string>> {
  const rows = await db.selectFrom('dictData').select(['dictValue', 'dictLabel']).where('dictType', '=', 'product_category').execute();
  return new Map(rows.map((r) => [r.dictValue, r.dictLabel]));
}

export const productItem = (r: ProductRow, labels: Map<string, string>, places: PlaceTree) => ({
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
