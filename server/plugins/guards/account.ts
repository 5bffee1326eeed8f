import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { forbidden, unauthorized } from '../../api/errors.js';
import { resolveToken, type SessionPolicy } from '../../services/sessions.js';
import { MESSAGES } from '../../api/messages.js';
import { header } from './header.js';
import { checkPermission } from './permissions.js';
import type { PlaceTree } from '../places.js';

/**
 * The signed-in calls an account that must change its one-time password may still make: the change itself, and the
 * reads every page makes of the account (who it is, its messages: the header's new-message dot).
 */
const OPEN_BEFORE_PASSWORD_CHANGE = new Set(['checkToken', 'logout', 'updatePwd', 'getUserInfoByUserId', 'messageListByRefId']);

export interface AccountCheck {
  db: Kysely<Database>;
  policy: SessionPolicy;
  /** PGlite: one session, so hot lookups run as prepared statements. */
  singleSession: boolean;
  places: PlaceTree;
}

/**
 * The account a login token stands for, on every route that carries one; where the route's auth asks for an
 * account (bearer / staff / admin), a missing or expired one is 401 and the wrong role 403.
 */
/**
 * An administrator with a place manages the tenants of that place (itself or under it); one without a place, every
 * tenant. Without this a county's administrator, signed in on another county's portal, managed that county.
 */
function checkAdminReach(request: FastifyRequest, places: PlaceTree): void {
  const own = request.user?.deptId;
  const tenant = request.tenant;
  if (own === null || own === undefined || !tenant) return;
  if (!places.subtree(own).includes(tenant.place.deptId)) throw forbidden(MESSAGES.consoleFixes.adminOfOtherPlace(places.name(own)));
}

export async function checkAccount(request: FastifyRequest, auth: readonly string[], { db, policy, singleSession, places }: AccountCheck): Promise<void> {
  const authorization = header(request, 'authorization');
  const token = authorization?.replace(/^Bearer\s+/i, '').trim();
  if (token) request.user = await resolveToken(db, token, policy, { singleSession });
  if (auth.includes('bearer') || auth.includes('staff')) {
    if (!token) throw unauthorized(MESSAGES.users.loginFirst);
    if (!request.user) throw unauthorized(MESSAGES.users.sessionExpired);
    if (auth.includes('staff') && request.user.role === 'user') throw forbidden(MESSAGES.requests.staffOnly);
    if (auth.includes('admin') && request.user.role !== 'admin') throw forbidden(MESSAGES.requests.adminOnly);
    if (auth.includes('staff') && request.user.role === 'admin') checkAdminReach(request, places);
    // A one-time password (npm run admin:create) opens only its own change: whoever read it on the way cannot act.
    if (request.user.mustChangePassword && !OPEN_BEFORE_PASSWORD_CHANGE.has(request.routeOptions.config.routeName ?? '')) {
      throw forbidden(MESSAGES.users.changePasswordFirst);
    }
    // A staff role opens only its pages; the administrator's routes were settled by the role check above.
    if (auth.includes('staff') && !auth.includes('admin')) checkPermission(request.user, request.routeOptions.config.routeName ?? '');
  }
}
