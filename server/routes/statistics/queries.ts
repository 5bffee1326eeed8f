import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { monthOf } from './month-window.js';

const DEAL_STATUSES = [7, 8, 9];

const dealAmount = sql<string | null>`sum(CASE WHEN project.status IN (7, 8, 9) THEN project.deal_amount END)`;
const deals = sql<string>`count(*) FILTER (WHERE project.status IN (7, 8, 9))`;
const dealTime = 'project.biddingStopTime';

/** The projects of the places `ids`. */
const projectsIn = (db: Kysely<Database>, ids: number[]) => db.selectFrom('project').where('project.deptId', 'in', ids);

const projectsByStatus = (db: Kysely<Database>, ids: number[]) =>
  projectsIn(db, ids)
    .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('status')
    .orderBy('status')
    .execute();

const projectsByType = (db: Kysely<Database>, ids: number[]) =>
  projectsIn(db, ids)
    .select(['type', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('type')
    .orderBy('type')
    .execute();

const projectsByCategory = (db: Kysely<Database>, ids: number[]) =>
  projectsIn(db, ids)
    .innerJoin('projectCategory', 'projectCategory.number', 'project.number')
    .select([
      'projectCategory.type',
      'projectCategory.number',
      'projectCategory.classname',
      'projectCategory.dictSort',
      (eb) => eb.fn.countAll<string>().as('n'),
    ])
    .groupBy(['projectCategory.type', 'projectCategory.number', 'projectCategory.classname', 'projectCategory.dictSort'])
    .execute();

/** Projects, deals and the deals' amount of each place that has projects. */
const projectsByDept = (db: Kysely<Database>, ids: number[]) =>
  projectsIn(db, ids)
    .select(['project.deptId', (eb) => eb.fn.countAll<string>().as('n'), deals.as('deals'), dealAmount.as('amount')])
    .groupBy('project.deptId')
    .execute();

/** Deals and their amount by the month they closed (the bidding's end, else the last change) since `start`. */
const dealsByMonth = (db: Kysely<Database>, ids: number[], start: Date) =>
  projectsIn(db, ids)
    .where('status', 'in', DEAL_STATUSES)
    .where(sql<Date>`coalesce(${sql.ref(dealTime)}, project.updated_at)`, '>=', start)
    .select([
      sql<string>`to_char((coalesce(${sql.ref(dealTime)}, project.updated_at) AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM')`.as('month'),
      (eb) => eb.fn.countAll<string>().as('n'),
      sql<string | null>`sum(project.deal_amount)`.as('amount'),
    ])
    .groupBy('month')
    .execute();

/** The registrations (or bids) for the places' projects. */
const projectActivity = (db: Kysely<Database>, table: 'registration' | 'bid', ids: number[]) =>
  db.selectFrom(table).innerJoin('project', 'project.id', `${table}.projectId`).where('project.deptId', 'in', ids);

const activityByMonth = (db: Kysely<Database>, table: 'registration' | 'bid', ids: number[], start: Date) =>
  projectActivity(db, table, ids)
    .where(`${table}.createdAt`, '>=', start)
    .select([monthOf(`${table}.createdAt`).as('month'), (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('month')
    .execute();

const activityCount = (db: Kysely<Database>, table: 'registration' | 'bid', ids: number[]) =>
  projectActivity(db, table, ids)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();

/** Every aggregate of the statistics page for the places `ids`, the monthly ones since `start`, asked at once. */
export async function statisticsRows(db: Kysely<Database>, ids: number[], start: Date) {
  const [byStatus, byType, byCategory, byDept, monthlyDeals, monthlyRegistrations, monthlyBids, registrations, bids] = await Promise.all([
    projectsByStatus(db, ids),
    projectsByType(db, ids),
    projectsByCategory(db, ids),
    projectsByDept(db, ids),
    dealsByMonth(db, ids, start),
    activityByMonth(db, 'registration', ids, start),
    activityByMonth(db, 'bid', ids, start),
    activityCount(db, 'registration', ids),
    activityCount(db, 'bid', ids),
  ]);
  return { byStatus, byType, byCategory, byDept, monthlyDeals, monthlyRegistrations, monthlyBids, registrations, bids };
}

export type StatisticsRows = Awaited<ReturnType<typeof statisticsRows>>;
