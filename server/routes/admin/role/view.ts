import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { formatRequiredDateTime } from '../../../api/format.js';
import { CONSOLE_PERMISSIONS, isConsolePermission } from '../../../../machines/console-permissions.js';
import type { SignedInRequest } from '../../../api/schemas.js';

/** Roles belong to the tenant: the region's own place, whatever place the administrator signed in under. */
export const roleTenant = (request: SignedInRequest): number => request.tenant!.place.deptId;

/** A tenant's roles with how many accounts have each (the query the list and the single read share). */
export function rolesQuery(db: Kysely<Database> | Transaction<Database>, tenant: number) {
  return db
    .selectFrom('staffRole as r')
    .where('r.deptId', '=', tenant)
    .select((eb) => [
      'r.roleId',
      'r.name',
      'r.permissions',
      'r.updatedAt',
      eb.selectFrom('appUser as u').select(eb.fn.countAll<string>().as('n')).whereRef('u.staffRoleId', '=', 'r.roleId').as('staffCount'),
    ]);
}

/** A role as the console shows it: permissions in the catalogue's order, the count a number. */
export function roleView(r: { roleId: number; name: string; permissions: unknown; updatedAt: Date; staffCount: string | number | null }) {
  const stored = Array.isArray(r.permissions) ? (r.permissions as unknown[]) : [];
  return {
    roleId: r.roleId,
    name: r.name,
    permissions: CONSOLE_PERMISSIONS.filter((p) => stored.includes(p) && isConsolePermission(p)),
    staffCount: Number(r.staffCount ?? 0),
    updatedAt: formatRequiredDateTime(r.updatedAt),
  };
}
