import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../api/schemas.js';
import { INVEST_TYPES } from '../../db/reference-data.js';
import type { AppContext } from '../../api/context.js';
import { ok } from '../../api/errors.js';
import { formatRequiredDateTime, jsonValue, toNumber } from '../../api/format.js';
import { scopeIds } from '../../plugins/guards/index.js';
import type { PlaceTree } from '../../plugins/places.js';
import { containing, paging, placeOfCode, requiredId, textParam } from '../../api/request-params.js';
import { pageOf } from '../../api/paged-list.js';
import { findInScope } from '../../api/scoped-record.js';
import { MESSAGES } from '../../api/messages.js';

type InvestRow = {
  id: number;
  deptId: number;
  keys: string;
  number: string;
  title: string;
  address: string;
  estimated: string;
  createTime: Date;
  imgList: unknown;
  investType: string;
};

const investItem = (r: InvestRow, places: PlaceTree) => ({
  id: r.id,
  keys: r.keys,
  number: r.number,
  title: r.title,
  address: r.address,
  estimated: toNumber(r.estimated) ?? 0,
  createTime: formatRequiredDateTime(r.createTime),
  imgList: jsonValue<string[]>(r.imgList, []),
  investType: r.investType,
  investTypeName: INVEST_TYPES[r.investType] ?? '',
  deptId: r.deptId,
  deptName: places.name(r.deptId),
});

/** Investment (asset attraction) projects. */
export async function registerInvestmentRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  defineRoute(app, 'InvestList', async (request) => {
    const p = request.input;
    const ids = scopeIds(request, places, p.deptId ?? (await placeOfCode(db, p.dm)));
    let q = db.selectFrom('investProject').where('deptId', 'in', ids);
    if (p.investType) q = q.where('investType', '=', p.investType);
    const keyword = textParam(p.keyword);
    if (keyword) {
      const pattern = containing(keyword);
      q = q.where((eb) => eb.or([eb('title', 'ilike', pattern), eb('keys', 'ilike', pattern), eb('address', 'ilike', pattern)]));
    }
    const { rows, total } = await pageOf(q, paging(p), (q) =>
      q
        .select(['id', 'deptId', 'keys', 'number', 'title', 'address', 'estimated', 'createTime', 'imgList', 'investType'])
        .orderBy('createTime', 'desc')
        .orderBy('id', 'desc'),
    );
    return ok({ rows: rows.map((r) => investItem(r, places)), total }, MESSAGES.common.queried);
  });

  defineRoute(app, 'InvestListDetail', async (request) => {
    const id = requiredId(request.input);
    const row = await findInScope(db, 'investProject', id, scopeIds(request, places), MESSAGES.listings.investMissing);
    return ok({ ...investItem(row, places), content: row.content, contact: row.contact }, MESSAGES.common.queried);
  });
}
