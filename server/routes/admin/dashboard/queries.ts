import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/** Deal outcomes (machines/project-status.ts: 7 by bidding, 8 sole bidder, 9 confirmed by staff). */
const DEAL_STATUSES = [7, 8, 9];
/** When a deal closed: its bidding's end, else its last change (an imported or confirmed deal may have no end). */
const dealTime = sql<Date>`coalesce(project.bidding_stop_time, project.updated_at)`;

const projectsIn = (db: Kysely<Database>, scope: number[]) => db.selectFrom('project').where('project.deptId', 'in', scope);

/** Projects of the scope per stored status. */
export const projectsByStatus = (db: Kysely<Database>, scope: number[]) =>
  projectsIn(db, scope)
    .select(['project.status', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('project.status')
    .orderBy('project.status')
    .execute();

/** Registrations awaiting review (state 2) on the scope's projects: the rows 报名审核 lists with state=2. */
export const pendingRegistrations = (db: Kysely<Database>, scope: number[]) =>
  db
    .selectFrom('registration as r')
    .innerJoin('project as p', 'p.id', 'r.projectId')
    .where('p.deptId', 'in', scope)
    .where('r.state', '=', 2)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();

/** Intents awaiting review (state 0) of the scope's places: the rows 意向审核 lists by default. */
export const pendingIntents = (db: Kysely<Database>, scope: number[]) =>
  db
    .selectFrom('intent')
    .where('deptId', 'in', scope)
    .where('state', '=', 0)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();

/** Complaints and consultations without a reply, per kind: the rows 投诉咨询 lists with status=pending. */
export const unansweredRequests = (db: Kysely<Database>, scope: number[]) =>
  db
    .selectFrom('complaint')
    .where('deptId', 'in', scope)
    .where('reply', 'is', null)
    .select(['kind', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('kind')
    .execute();

/** Deals and their amount since `monthStart` and since `yearStart` (the earlier), in one pass. */
export const dealsSince = (db: Kysely<Database>, scope: number[], monthStart: Date, yearStart: Date) =>
  projectsIn(db, scope)
    .where('project.status', 'in', DEAL_STATUSES)
    .where(dealTime, '>=', yearStart)
    .select([
      sql<string>`count(*) FILTER (WHERE ${dealTime} >= ${monthStart})`.as('monthDeals'),
      sql<string | null>`sum(project.deal_amount) FILTER (WHERE ${dealTime} >= ${monthStart})`.as('monthAmount'),
      sql<string>`count(*) FILTER (WHERE ${dealTime} >= ${yearStart})`.as('yearDeals'),
      sql<string | null>`sum(project.deal_amount) FILTER (WHERE ${dealTime} >= ${yearStart})`.as('yearAmount'),
    ])
    .executeTakeFirstOrThrow();

/** Deals and their amount per month (China Standard Time) since `start`. */
export const dealsByMonth = (db: Kysely<Database>, scope: number[], start: Date) =>
  projectsIn(db, scope)
    .where('project.status', 'in', DEAL_STATUSES)
    .where(dealTime, '>=', start)
    .select([
      sql<string>`to_char((${dealTime} AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM')`.as('month'),
      (eb) => eb.fn.countAll<string>().as('n'),
      sql<string | null>`sum(project.deal_amount)`.as('amount'),
    ])
    .groupBy('month')
    .execute();
