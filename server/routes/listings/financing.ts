import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import { ok } from '../../api/errors.js';
import { formatRequiredDateTime, toNumber } from '../../api/format.js';
import { scopeIds } from '../../plugins/guards/index.js';
import { containing, paging, requiredId } from '../../api/request-params.js';
import { pageOf } from '../../api/paged-list.js';
import { findInScope } from '../../api/scoped-record.js';
import { MESSAGES } from '../../api/messages.js';
import { twoDecimals } from './decimal-text.js';

type FinancingRow = { id: number; cid: string; address: string; dyname: string; type: string; amount: string; registertime: Date };

const financingItem = (r: FinancingRow) => ({
  id: r.id,
  cid: r.cid,
  address: r.address,
  dyname: r.dyname,
  type: r.type,
  amount: toNumber(r.amount) ?? 0,
  amountText: twoDecimals(r.amount),
  registertime: formatRequiredDateTime(r.registertime),
});

/** Financing records. */
export async function registerFinancingRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  defineRoute(app, 'financingMsgList', async (request) => {
    const p = request.input;
    const ids = scopeIds(request, places, p.deptId);
    let q = db.selectFrom('financing').where('deptId', 'in', ids);
    if (p.cid?.trim()) q = q.where('cid', '=', p.cid.trim());
    if (p.address?.trim()) q = q.where('address', 'ilike', containing(p.address.trim()));
    const { rows, total } = await pageOf(q, paging(p), (q) => q.selectAll().orderBy('registertime', 'desc').orderBy('id', 'desc'));
    return ok({ rows: rows.map(financingItem), total }, MESSAGES.common.queried);
  });

  defineRoute(app, 'financingDetail', async (request) => {
    const id = requiredId(request.input);
    const row = await findInScope(db, 'financing', id, scopeIds(request, places), MESSAGES.listings.financingMissing);
    return ok({ ...financingItem(row), deptId: row.deptId, deptName: places.name(row.deptId) }, MESSAGES.common.queried);
  });
}
