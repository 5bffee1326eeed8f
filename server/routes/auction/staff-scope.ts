import type { SignedInRequest } from '../../api/schemas.js';
import { scopeIds } from '../../plugins/guards/index.js';
import type { PlaceTree } from '../../plugins/places.js';

/**
 * What a staff account may review: the request's tenant, narrowed to the staff member's own place when the
 * account has one (a town clerk reviews that town); admins are limited by the tenant only. Never empty: a scope
 * that covers no place is [-1], which matches no row.
 */
export function staffScope(request: SignedInRequest, places: PlaceTree): number[] {
  const ids = scopeIds(request, places);
  const { user } = request;
  const own = user.role === 'admin' || user.deptId === null ? undefined : new Set(places.subtree(user.deptId));
  const scope = own ? ids.filter((id) => own.has(id)) : ids;
  // A staff member of another tenant's place reviews nothing here. No place has id -1, and SQL has no empty IN list.
  return scope.length ? scope : [-1];
}
