import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import { ok } from '../../api/errors.js';
import { formatRequiredDateTime } from '../../api/format.js';
import { scopeIds } from '../../plugins/guards/index.js';
import { MESSAGES } from '../../api/messages.js';
import { monthWindow } from './month-window.js';
import { statisticsRows } from './queries.js';
import { byCategoryOf, byPlaceOf, monthlyOf, totalsOf } from './summary.js';

/** The statistics page's aggregates (schemas/api/statistics.json), computed from the rows in the region's scope. */
export async function registerStatisticsRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  defineRoute(app, 'tradingStatistics', async (request) => {
    const p = request.input;
    const requested = p.deptId;
    const ids = scopeIds(request, places, requested);
    const rootId = requested ?? request.tenant!.place.deptId;
    const months = p.months ?? 12;
    const now = new Date();
    const { keys, start } = monthWindow(now, months);
    const rows = await statisticsRows(db, ids, start);
    return ok(
      {
        totals: totalsOf(rows),
        byStatus: rows.byStatus.map((r) => ({ status: r.status, count: Number(r.n) })),
        byType: rows.byType.map((r) => ({ type: r.type, count: Number(r.n) })),
        byCategory: byCategoryOf(rows.byCategory),
        monthly: monthlyOf(rows, keys),
        byPlace: byPlaceOf(rows.byDept, places, rootId, ids),
        months,
        updatedAt: formatRequiredDateTime(now),
      },
      MESSAGES.common.queried,
    );
  });
}
