import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../api/schemas.js';
import type { AppContext } from '../../../api/context.js';
import { ok } from '../../../api/errors.js';
import { formatRequiredDateTime, toNumber } from '../../../api/format.js';
import { MESSAGES } from '../../../api/messages.js';
import type { ProjectStatus } from '../../../../schemas/types/api.js';
import { monthWindow } from '../../statistics/month-window.js';
import { consoleScope } from '../common.js';
import { dealsByMonth, dealsSince, pendingIntents, pendingRegistrations, projectsByStatus, unansweredRequests } from './queries.js';

const CST_OFFSET_MS = 8 * 60 * 60 * 1000;
const count = (n: string | number | bigint | undefined) => Number(n ?? 0);
/** Yuan to the cent: the database's numeric sum, as the API's number. */
const money = (v: string | null | undefined) => Math.round((toNumber(v ?? null) ?? 0) * 100) / 100;

/** The instant the calendar year (China Standard Time) of `now` began. */
function yearStartOf(now: Date): Date {
  const year = new Date(now.getTime() + CST_OFFSET_MS).getUTCFullYear();
  return new Date(Date.UTC(year, 0, 1) - CST_OFFSET_MS);
}

/**
 * The console's first page's figures (schemas/api/admin.json adminDashboard), in the same scope as the tables they
 * link to (consoleScope): a staff member's place and those under it, an administrator's whole tenant.
 */
export async function registerAdminDashboardRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  defineRoute(app, 'adminDashboard', async (request) => {
    const months = request.input?.months ?? 12;
    const scope = consoleScope(request, places);
    const now = new Date();
    const { keys, start } = monthWindow(now, months);
    const monthStart = monthWindow(now, 1).start;
    // One query per figure group, asked at once.
    const [byStatus, registrations, intents, requests, deals, monthly] = await Promise.all([
      projectsByStatus(db, scope),
      pendingRegistrations(db, scope),
      pendingIntents(db, scope),
      unansweredRequests(db, scope),
      dealsSince(db, scope, monthStart, yearStartOf(now)),
      dealsByMonth(db, scope, start),
    ]);
    const perMonth = new Map(monthly.map((m) => [m.month, m]));
    const unanswered = (kind: string) => count(requests.find((r) => r.kind === kind)?.n);
    return ok(
      {
        projects: byStatus.reduce((sum, r) => sum + count(r.n), 0),
        byStatus: byStatus.map((r) => ({ status: r.status as ProjectStatus, count: count(r.n) })),
        pending: {
          registrations: count(registrations.n),
          intents: count(intents.n),
          complaints: unanswered('complaint'),
          consults: unanswered('consult'),
        },
        deals: {
          month: { count: count(deals.monthDeals), amount: money(deals.monthAmount) },
          year: { count: count(deals.yearDeals), amount: money(deals.yearAmount) },
        },
        monthly: keys.map((month) => ({ month, deals: count(perMonth.get(month)?.n), dealAmount: money(perMonth.get(month)?.amount) })),
        months,
        updatedAt: formatRequiredDateTime(now),
      },
      MESSAGES.common.queried,
    );
  });
}
