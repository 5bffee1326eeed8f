import { sql, type SelectQueryBuilder } from 'kysely';
import { badRequest } from './errors.js';
import { MESSAGES } from './messages.js';

/** A list's sort as the request asks it: a field of its rows and a direction. */
export interface SortRequest {
  orderBy?: string;
  order?: 'asc' | 'desc';
}

/**
 * Orders a list by the column the request names, from the route's whitelist (field → SQL column), then by `tie` so a
 * page boundary never moves; without `orderBy`, `fallback` orders it. The schema's enum refuses an unknown field
 * already; a field the schema offers but the handler does not map is still a 400, never an SQL error.
 */
export function sortedBy<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  p: SortRequest,
  columns: Readonly<Record<string, string>>,
  tie: string,
  fallback: (query: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  if (!p.orderBy) return fallback(query);
  const column = Object.prototype.hasOwnProperty.call(columns, p.orderBy) ? columns[p.orderBy] : undefined;
  if (!column) throw badRequest(MESSAGES.tables.sortNotAllowed(p.orderBy, Object.keys(columns)));
  const direction = p.order === 'asc' ? sql`asc` : sql`desc`;
  // Identifiers come from the whitelist above, never from the request.
  return query.orderBy(sql`${sql.ref(column)} ${direction} nulls last`).orderBy(sql`${sql.ref(tie)} ${direction}`);
}
