import type { FastifyRequest } from 'fastify';
import type { PlaceTree } from '../../plugins/places.js';
import { staffScope } from '../auction.js';
import { forbidden } from '../../errors.js';
import { MESSAGES } from '../../messages.js';

/** Paging of the console's lists: page size bounded by the schema (1..100). */
export function paging(p: { pageNum?: number; pageSize?: number } | null | undefined): { limit: number; offset: number } {
  const pageSize = p?.pageSize ?? 10;
  const pageNum = p?.pageNum ?? 1;
  return { limit: pageSize, offset: (pageNum - 1) * pageSize };
}

/**
 * The places a staff member acts on (staffScope: the signed place's subtree, narrowed to the account's own place
 * for staff). Reads outside it answer 404 like missing records.
 */
export const consoleScope = (request: FastifyRequest, places: PlaceTree): number[] => staffScope(request, places);

/** A place given in a write (the record's new deptId) must be inside the caller's scope: 403 otherwise. */
export function requirePlaceInScope(scope: number[], deptId: number): void {
  if (!scope.includes(deptId)) throw forbidden(MESSAGES.admin.placeOutOfScope);
}
