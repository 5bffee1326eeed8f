import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, Place } from '../../db/schema.js';
import { ApiError, badRequest, forbidden } from '../../api/errors.js';
import type { PlaceTree } from '../places.js';
import { MESSAGES } from '../../api/messages.js';

const M = MESSAGES.requests;

export interface Tenant {
  /** The place named by the request (deptId header, or dm for the form-encoded style). */
  place: Place;
  /** That place and every place under it: the rows this request may see. */
  deptIds: number[];
}

/** The tenant a deptId header names: 400 when it is not an id, 404 when no place has it. */
export async function tenantOfDeptId(places: PlaceTree, deptIdText: string): Promise<Tenant> {
  const deptId = Number(deptIdText);
  if (!Number.isInteger(deptId) || deptId <= 0) throw badRequest(M.deptIdInvalid(deptIdText));
  const place = await places.find(deptId);
  if (!place) throw new ApiError(404, M.deptIdPlaceMissing(deptId));
  return { place, deptIds: places.subtree(deptId) };
}

/** The tenant a form call's dm (a place's code) names: 400 when it is missing, 404 when no place has it. */
export async function tenantOfDm(db: Kysely<Database>, places: PlaceTree, dmValue: unknown): Promise<Tenant> {
  const dm = String(dmValue ?? '');
  if (!dm) throw badRequest(M.missingDm);
  const place = await db.selectFrom('place').selectAll().where('deptCode', '=', dm).executeTakeFirst();
  if (!place) throw new ApiError(404, MESSAGES.params.placeMissing(dm));
  return { place, deptIds: places.subtree(place.deptId) };
}

/**
 * The dept ids a query may read: the tenant's subtree, narrowed to `requested` when the caller asks for one
 * place inside it. Asking for a place outside the tenant is refused.
 */
export function scopeIds(request: FastifyRequest, places: PlaceTree, requested?: number | string | null): number[] {
  const tenant = request.tenant;
  const wanted = requested === undefined || requested === null || requested === '' ? undefined : Number(requested);
  if (!tenant) {
    if (wanted === undefined) throw badRequest(M.missingDeptIdHeader);
    return places.subtree(wanted);
  }
  if (wanted === undefined || wanted === tenant.place.deptId) return tenant.deptIds;
  if (!tenant.deptIds.includes(wanted)) throw forbidden(M.otherPlaceForbidden);
  return places.subtree(wanted);
}
