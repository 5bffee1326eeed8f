import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { AuctionRegistrationRow } from '../../schemas/types/api.js';
import type { Database } from '../db/schema.js';
import { pageOf, type Page } from '../api/paged-list.js';
import { depositNumbers, depositSelection } from './deposit.js';
import { sortedBy, type SortRequest } from '../api/list-order.js';
import { containing } from '../api/request-params.js';
import { scopeOrNothing } from './project-scope.js';

/** A row of the staff list as the contract's AuctionRegistrationRow, before the route masks the phone and formats the times. */
export type PendingRegistration = Omit<AuctionRegistrationRow, 'createdAt' | 'reviewedAt'> & { createdAt: Date; reviewedAt: Date | null };

/** The registration list's sortable fields and their columns. */
const SORTABLE = {
  projectName: 'p.projectName',
  name: 'u.name',
  state: 'r.state',
  bidderCode: 'r.bidderCode',
  createdAt: 'r.createdAt',
  reviewedAt: 'r.reviewedAt',
} as const;

/**
 * Registrations for staff, newest first unless `sort` names a column: by project (its id, or part of its name or
 * code) and/or state (2 = awaiting review), within `deptIds`.
 */
export async function listRegistrations(
  db: Kysely<Database>,
  filter: { deptIds?: number[]; projectId?: number; projectName?: string; state?: number; sort?: SortRequest; limit: number; offset: number },
): Promise<Page<PendingRegistration>> {
  let base = db.selectFrom('registration as r').innerJoin('project as p', 'p.id', 'r.projectId').innerJoin('appUser as u', 'u.userId', 'r.userId');
  if (filter.deptIds) base = base.where('p.deptId', 'in', scopeOrNothing(filter.deptIds));
  if (filter.projectId !== undefined) base = base.where('r.projectId', '=', filter.projectId);
  if (filter.state !== undefined) base = base.where('r.state', '=', filter.state);
  const name = filter.projectName?.trim();
  if (name) base = base.where((eb) => eb.or([eb('p.projectName', 'ilike', containing(name)), eb('p.code', 'ilike', containing(name))]));
  return pageOf(base, filter, (q) =>
    q
      .select([
        'r.projectId',
        'p.projectName',
        'p.status as projectStatus',
        'p.deptId',
        'r.userId',
        'u.name',
        'u.phone',
        // The column holds only the registration states (1 approved, 2 awaiting review, 3 rejected).
        sql<1 | 2 | 3>`r.state`.as('state'),
        'r.bidderCode',
        'r.createdAt',
        'r.reviewedAt',
        ...depositSelection,
      ])
      .$call((q) => sortedBy(q, filter.sort ?? {}, SORTABLE, 'r.id', newestRegistrationsFirst)),
  ).then(({ rows, total }) => ({ rows: rows.map(depositNumbers), total }));
}

/** Newest registration first (ties by id): the order of both registration lists. */
export const newestRegistrationsFirst =
  // Any query over `registration r`: Kysely's builder types would need the whole join spelled out here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  <QB extends SelectQueryBuilder<any, any, any>>(query: QB): QB => query.orderBy('r.createdAt', 'desc').orderBy('r.id', 'desc') as QB;
