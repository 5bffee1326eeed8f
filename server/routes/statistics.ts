import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { defineRoute } from '../api/schemas.js';
import type { AppContext } from '../api/context.js';
import { ok } from '../api/errors.js';
import { formatRequiredDateTime, toNumber } from '../api/format.js';
import { scopeIds } from '../plugins/guards.js';
import { MESSAGES } from '../api/messages.js';

const CST_OFFSET_MS = 8 * 60 * 60 * 1000;
const DEAL_STATUSES = [7, 8, 9];

/**
 * The `months` calendar months (China Standard Time) ending with the one `now` falls in, oldest first, as
 * `YYYY-MM`, and the instant the first of them starts.
 */
export function monthWindow(now: Date, months: number): { keys: string[]; start: Date } {
  const cst = new Date(now.getTime() + CST_OFFSET_MS);
  const year = cst.getUTCFullYear();
  const month = cst.getUTCMonth();
  const keys: string[] = [];
  for (let i = months - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(year, month - i, 1));
    keys.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  const start = new Date(Date.UTC(year, month - (months - 1), 1) - CST_OFFSET_MS);
  return { keys, start };
}

/** `YYYY-MM` of a timestamptz column in China Standard Time, as SQL. */
const monthOf = (column: string) => sql<string>`to_char((${sql.ref(column)} AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM')`;

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

    const inScope = db.selectFrom('project').where('project.deptId', 'in', ids);
    const dealAmount = sql<string | null>`sum(CASE WHEN project.status IN (7, 8, 9) THEN project.deal_amount END)`;
    const deals = sql<string>`count(*) FILTER (WHERE project.status IN (7, 8, 9))`;
    const dealTime = 'project.biddingStopTime';

    const [byStatus, byType, byCategory, byDept, monthlyDeals, monthlyRegistrations, monthlyBids, registrations, bids] = await Promise.all([
      inScope
        .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
        .groupBy('status')
        .orderBy('status')
        .execute(),
      inScope
        .select(['type', (eb) => eb.fn.countAll<string>().as('n')])
        .groupBy('type')
        .orderBy('type')
        .execute(),
      inScope
        .innerJoin('projectCategory', 'projectCategory.number', 'project.number')
        .select([
          'projectCategory.type',
          'projectCategory.number',
          'projectCategory.classname',
          'projectCategory.dictSort',
          (eb) => eb.fn.countAll<string>().as('n'),
        ])
        .groupBy(['projectCategory.type', 'projectCategory.number', 'projectCategory.classname', 'projectCategory.dictSort'])
        .execute(),
      inScope
        .select(['project.deptId', (eb) => eb.fn.countAll<string>().as('n'), deals.as('deals'), dealAmount.as('amount')])
        .groupBy('project.deptId')
        .execute(),
      inScope
        .where('status', 'in', DEAL_STATUSES)
        .where(sql<Date>`coalesce(${sql.ref(dealTime)}, project.updated_at)`, '>=', start)
        .select([
          sql<string>`to_char((coalesce(${sql.ref(dealTime)}, project.updated_at) AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM')`.as('month'),
          (eb) => eb.fn.countAll<string>().as('n'),
          sql<string | null>`sum(project.deal_amount)`.as('amount'),
        ])
        .groupBy('month')
        .execute(),
      db
        .selectFrom('registration')
        .innerJoin('project', 'project.id', 'registration.projectId')
        .where('project.deptId', 'in', ids)
        .where('registration.createdAt', '>=', start)
        .select([monthOf('registration.createdAt').as('month'), (eb) => eb.fn.countAll<string>().as('n')])
        .groupBy('month')
        .execute(),
      db
        .selectFrom('bid')
        .innerJoin('project', 'project.id', 'bid.projectId')
        .where('project.deptId', 'in', ids)
        .where('bid.createdAt', '>=', start)
        .select([monthOf('bid.createdAt').as('month'), (eb) => eb.fn.countAll<string>().as('n')])
        .groupBy('month')
        .execute(),
      db
        .selectFrom('registration')
        .innerJoin('project', 'project.id', 'registration.projectId')
        .where('project.deptId', 'in', ids)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('bid')
        .innerJoin('project', 'project.id', 'bid.projectId')
        .where('project.deptId', 'in', ids)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);

    const count = (n: string | number | bigint) => Number(n);
    const amount = (v: string | null | undefined) => toNumber(v ?? null) ?? 0;
    const money = (n: number) => Math.round(n * 100) / 100;

    // Each place one level under the root gathers the rows of its whole subtree; the root's own rows come last.
    const children = places.childrenOf(rootId).filter((c) => ids.includes(c.deptId));
    const ownerOf = new Map<number, number>();
    for (const child of children) for (const id of places.subtree(child.deptId)) ownerOf.set(id, child.deptId);
    const perPlace = new Map<number, { projects: number; deals: number; dealAmount: number }>();
    for (const row of byDept) {
      const owner = ownerOf.get(row.deptId) ?? rootId;
      const entry = perPlace.get(owner) ?? { projects: 0, deals: 0, dealAmount: 0 };
      entry.projects += count(row.n);
      entry.deals += count(row.deals);
      entry.dealAmount += amount(row.amount);
      perPlace.set(owner, entry);
    }
    const placeRow = (deptId: number, deptName: string) => {
      const e = perPlace.get(deptId) ?? { projects: 0, deals: 0, dealAmount: 0 };
      return { deptId, deptName, projects: e.projects, deals: e.deals, dealAmount: money(e.dealAmount) };
    };
    const byPlace = children.map((c) => placeRow(c.deptId, c.deptName));
    if (perPlace.has(rootId)) byPlace.push(placeRow(rootId, MESSAGES.statistics.ownLevel(places.name(rootId))));

    const dealsByMonth = new Map(monthlyDeals.map((r) => [r.month, r]));
    const registrationsByMonth = new Map(monthlyRegistrations.map((r) => [r.month, count(r.n)]));
    const bidsByMonth = new Map(monthlyBids.map((r) => [r.month, count(r.n)]));
    const monthly = keys.map((month) => ({
      month,
      deals: count(dealsByMonth.get(month)?.n ?? 0),
      dealAmount: money(amount(dealsByMonth.get(month)?.amount)),
      registrations: registrationsByMonth.get(month) ?? 0,
      bids: bidsByMonth.get(month) ?? 0,
    }));

    const totals = {
      projects: byStatus.reduce((sum, r) => sum + count(r.n), 0),
      deals: byDept.reduce((sum, r) => sum + count(r.deals), 0),
      dealAmount: money(byDept.reduce((sum, r) => sum + amount(r.amount), 0)),
      registrations: count(registrations.n),
      bids: count(bids.n),
    };

    return ok(
      {
        totals,
        byStatus: byStatus.map((r) => ({ status: r.status, count: count(r.n) })),
        byType: byType.map((r) => ({ type: r.type, count: count(r.n) })),
        byCategory: byCategory
          .map((r) => ({ type: r.type, number: r.number, classname: r.classname, count: count(r.n), sort: r.dictSort }))
          .sort((a, b) => b.count - a.count || a.type - b.type || a.sort - b.sort)
          .map(({ sort: _sort, ...rest }) => rest),
        monthly,
        byPlace,
        months,
        updatedAt: formatRequiredDateTime(now),
      },
      MESSAGES.common.queried,
    );
  });
}
