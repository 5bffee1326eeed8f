import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import { defineRoute, type RouteRequest } from '../../../api/schemas.js';
import type { AppContext } from '../../../api/context.js';
import type { Database } from '../../../db/schema.js';
import { ApiError, badRequest, forbidden, notFound, ok } from '../../../api/errors.js';
import { MESSAGES } from '../../../api/messages.js';
import { audit } from '../../../services/audit.js';
import { assertPasswordRule, hashPassword } from '../../../services/passwords.js';
import type { SessionUser } from '../../../services/sessions.js';
import { withinReach } from './reach.js';
import { consoleScope, requirePlaceInScope } from '../common.js';
import { roleNames, STAFF_COLUMNS, staffView } from './view.js';
import { roleTenant } from '../role/view.js';

const M = MESSAGES.admin;
type SaveInput = NonNullable<RouteRequest<'adminStaffSave'>['input']>;

/**
 * The staff role an account is given: none for an administrator (every page), the tenant's role by id (held FOR
 * SHARE, so it cannot be deleted under the save), `keep` when the input leaves it out (停用/启用 send no role).
 */
async function roleToSave(trx: Transaction<Database>, tenant: number, b: SaveInput, keep: number | null): Promise<number | null> {
  if (b.role === 'admin') return null;
  if (b.staffRoleId === undefined) return keep;
  if (b.staffRoleId === null) return null;
  const role = await trx
    .selectFrom('staffRole')
    .select('roleId')
    .where('roleId', '=', b.staffRoleId)
    .where('deptId', '=', tenant)
    .forShare()
    .executeTakeFirst();
  if (!role) throw badRequest(MESSAGES.shell.staffRoleMissing);
  return role.roleId;
}

/** A new staff account: it needs a password. */
async function createStaff(trx: Transaction<Database>, actor: SessionUser, b: SaveInput, passwordHash: string | undefined, tenant: number) {
  if (!passwordHash) throw badRequest(M.staffPasswordMissing);
  const staffRoleId = await roleToSave(trx, tenant, b, null);
  const row = await trx
    .insertInto('appUser')
    .values({ phone: b.phone, name: b.name.trim(), role: b.role, deptId: b.deptId, passwordHash, disabled: b.disabled ?? false, staffRoleId })
    .returning([...STAFF_COLUMNS])
    .executeTakeFirstOrThrow();
  await audit(trx, actor, { deptId: row.deptId, entity: 'staff', entityId: row.userId, action: 'create', before: null, after: row });
  return row;
}

/**
 * The enabled administrators of the tenant (its places, and those without a place), locked in id order: every save
 * takes these locks first, so two demotions of the last two administrators run one after the other and the second
 * sees the first's result (no deadlock either, the order being the same).
 */
async function lockTenantAdmins(trx: Transaction<Database>, scope: number[]): Promise<number[]> {
  const rows = await trx
    .selectFrom('appUser')
    .select('userId')
    .where('role', '=', 'admin')
    .where('disabled', '=', false)
    .where((eb) => eb.or([eb('deptId', 'in', scope), eb('deptId', 'is', null)]))
    .orderBy('userId')
    .forUpdate()
    .execute();
  return rows.map((r) => r.userId);
}

/** An existing staff account within the caller's reach (see withinReach); another is 404 like a missing one. */
async function updateStaff(
  trx: Transaction<Database>,
  actor: SessionUser,
  b: SaveInput & { userId: number },
  passwordHash: string | undefined,
  scope: number[],
  tenant: number,
) {
  const admins = await lockTenantAdmins(trx, scope);
  const before = await trx
    .selectFrom('appUser')
    .select([...STAFF_COLUMNS])
    .where('userId', '=', b.userId)
    .where('role', 'in', ['staff', 'admin'])
    .where(withinReach(actor, scope))
    .forUpdate()
    .executeTakeFirst();
  if (!before) throw notFound(M.staffMissing);
  const demoted = before.role === 'admin' && !before.disabled && (b.role !== 'admin' || (b.disabled ?? before.disabled));
  if (demoted && !admins.some((id) => id !== b.userId)) throw new ApiError(409, M.lastAdmin);
  // Disabling oneself would end one's own session mid-work and may lock the centre out: another administrator does it.
  if (b.userId === actor.userId && b.disabled && !before.disabled) throw new ApiError(409, M.disableSelf);
  const staffRoleId = await roleToSave(trx, tenant, b, before.staffRoleId);
  const row = await trx
    .updateTable('appUser')
    .set({
      phone: b.phone,
      name: b.name.trim(),
      role: b.role,
      deptId: b.deptId,
      disabled: b.disabled ?? before.disabled,
      staffRoleId,
      updatedAt: new Date(),
      ...(passwordHash ? { passwordHash } : {}),
    })
    .where('userId', '=', b.userId)
    .returning([...STAFF_COLUMNS])
    .executeTakeFirstOrThrow();
  // A disabled account's sessions end now; so do they after a new password. A new role applies at the next call.
  if (row.disabled || passwordHash) await trx.deleteFrom('userSession').where('userId', '=', row.userId).execute();
  const action = row.disabled !== before.disabled ? (row.disabled ? 'disable' : 'enable') : 'update';
  await audit(trx, actor, { deptId: row.deptId, entity: 'staff', entityId: row.userId, action, before, after: row });
  return row;
}

/** Creating and editing staff accounts: their place, role, password and whether they are disabled. */
export async function registerAdminStaffSaveRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  defineRoute(app, 'adminStaffSave', async (request) => {
    // The input drops nulls; a role sent as null (全部权限) clears the account's role, one left out keeps it.
    const sent = (request.body ?? {}) as object;
    // A place null or left out is none: an administrator may have none (every place of the tenant), staff may not.
    const b = {
      ...request.input!,
      deptId: request.input!.deptId ?? null,
      staffRoleId: 'staffRoleId' in sent ? (request.input!.staffRoleId ?? null) : undefined,
    };
    if (b.deptId === null && b.role !== 'admin') throw badRequest(MESSAGES.consoleFixes.staffPlaceRequired);
    // An account without a place reaches every tenant: only an administrator who has none may make one.
    if (b.deptId === null && request.user.deptId !== null) throw forbidden(MESSAGES.consoleFixes.placelessByPlaced);
    const scope = consoleScope(request, places);
    if (b.deptId !== null) requirePlaceInScope(scope, b.deptId);
    if (b.password !== undefined) assertPasswordRule(b.password);
    // The slow hash runs before the transaction, so no lock is held while it works.
    const passwordHash = b.password === undefined ? undefined : await hashPassword(b.password);
    const saved = await db.transaction().execute(async (trx) => {
      const taken = await trx.selectFrom('appUser').select('userId').where('phone', '=', b.phone).executeTakeFirst();
      if (taken && taken.userId !== b.userId) throw new ApiError(409, M.staffPhoneTaken);
      const { userId } = b;
      const tenant = roleTenant(request);
      return userId ? updateStaff(trx, request.user, { ...b, userId }, passwordHash, scope, tenant) : createStaff(trx, request.user, b, passwordHash, tenant);
    });
    return ok(staffView(places, saved, await roleNames(db, [saved.staffRoleId]), request.user.userId), M.staffSaved);
  });
}
