import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { defineRoute } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import type { Database, ProjectTable } from '../../db/schema.js';
import { ApiError, ok } from '../../api/errors.js';
import { formatDateTime, formatRequiredDateTime } from '../../api/format.js';
import { MESSAGES } from '../../api/messages.js';
import { findInScope } from '../../api/scoped-record.js';
import { priceText, projectCodeOf } from '../../auction/deal-announcement.js';
import { depositColumns } from '../../auction/deposit.js';
import { centreOf } from '../../auction/publish-deal.js';
import { dbNow } from '../../auction/transaction.js';
import { statusLabel } from '../../../machines/project-status-rules.js';
import type { SheetProject } from '../../../schemas/types/api.js';
import { consoleScope } from './common.js';

const M = MESSAGES.onsite;
const STATE_WORDS: Record<number, string> = { 1: '已通过', 2: '待审核', 3: '未通过' };

/** The head both print views share: the project, its prices and times, the centre, when it was printed. */
async function sheetProject(db: Kysely<Database>, p: Selectable<ProjectTable>): Promise<SheetProject> {
  const deposit = Number(p.deposit);
  return {
    id: p.id,
    code: projectCodeOf(p),
    projectName: p.projectName,
    address: p.address,
    statusName: statusLabel(p.status),
    price: priceText(p.price, p.priceUnit),
    deposit: deposit > 0 ? priceText(deposit, 3) : '',
    biddingTime: `${formatDateTime(p.biddingStartTime) ?? '—'} 至 ${formatDateTime(p.biddingStopTime) ?? '—'}`,
    centre: `${await centreOf(db, p.deptId)}农村产权交易中心`,
    printedAt: formatRequiredDateTime(await dbNow(db)),
  };
}

/** The winner of a concluded project: as recorded on site, else the engine's rule (highest bid, earliest of equals). */
async function winnerOf(db: Kysely<Database>, projectId: number) {
  const onsite = await db.selectFrom('onsiteResult').select(['userId', 'dealtAt', 'note']).where('projectId', '=', projectId).executeTakeFirst();
  const userId =
    onsite?.userId ??
    (await db.selectFrom('bid').select('userId').where('projectId', '=', projectId).orderBy('amount', 'desc').orderBy('id', 'asc').executeTakeFirst())?.userId;
  const person =
    userId === undefined
      ? undefined
      : await db
          .selectFrom('registration as r')
          .innerJoin('appUser as u', 'u.userId', 'r.userId')
          .select(['r.bidderCode', 'u.name', 'u.phone'])
          .where('r.projectId', '=', projectId)
          .where('r.userId', '=', userId)
          .executeTakeFirst();
  const announced = await db.selectFrom('dealAnnouncement').select('dealtime').where('projectId', '=', projectId).executeTakeFirst();
  return { onsite, person, dealtAt: onsite?.dealtAt ?? announced?.dealtime ?? null };
}

/** The print views' data: a project's bidder list and its deal confirmation, within the staff member's places. */
export async function registerAdminPrintRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  defineRoute(app, 'adminBidderSheet', async (request) => {
    const project = await findInScope(db, 'project', request.input!.projectId, consoleScope(request, places), MESSAGES.admin.projectMissing);
    const rows = await db
      .selectFrom('registration as r')
      .innerJoin('appUser as u', 'u.userId', 'r.userId')
      .select(['r.bidderCode', 'u.name', 'u.phone', 'r.state', ...depositColumns])
      .where('r.projectId', '=', project.id)
      // Approved bidders by code first, then the others as they registered.
      .orderBy((eb) => eb.case().when('r.bidderCode', '=', '').then(1).else(0).end())
      .orderBy('r.bidderCode')
      .orderBy('r.id')
      .execute();
    const asks = Number(project.deposit) > 0;
    return ok(
      {
        project: await sheetProject(db, project),
        rows: rows.map((r) => ({
          bidderCode: r.bidderCode,
          name: r.name,
          // In full: the centre calls its bidders from this list.
          phone: r.phone,
          deposit:
            r.depositAmount !== null
              ? M.depositPaid(priceText(r.depositAmount, 3), r.depositPaidOn ?? '', r.depositRef)
              : asks
                ? M.depositUnmarked
                : M.depositNone,
          state: STATE_WORDS[r.state] ?? '',
        })),
      },
      MESSAGES.common.queried,
    );
  });

  defineRoute(app, 'adminDealSheet', async (request) => {
    const project = await findInScope(db, 'project', request.input!.projectId, consoleScope(request, places), MESSAGES.admin.projectMissing);
    if (project.status < 7 || project.status > 9 || project.dealAmount === null) throw new ApiError(409, M.noDealYet(statusLabel(project.status)));
    const { onsite, person, dealtAt } = await winnerOf(db, project.id);
    const { count } = await db
      .selectFrom('registration')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('projectId', '=', project.id)
      .where('state', '=', 1)
      .executeTakeFirstOrThrow();
    return ok(
      {
        project: await sheetProject(db, project),
        winnerCode: person?.bidderCode ?? '',
        winnerName: person?.name ?? '',
        winnerPhone: person?.phone ?? '',
        amount: priceText(project.dealAmount, project.priceUnit),
        dealtAt: formatRequiredDateTime(dealtAt ?? project.updatedAt),
        venue: onsite ? M.venueOnsite : M.venueOnline,
        bidders: Number(count),
        note: onsite?.note ?? '',
      },
      MESSAGES.common.queried,
    );
  });
}
