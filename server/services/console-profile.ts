import type { Kysely } from 'kysely';
import type { ConsolePermission } from '../../schemas/types/api.js';
import { effectivePermissions } from '../../machines/console-permissions.js';
import type { Database } from '../db/schema.js';
import type { PlaceTree } from '../plugins/places.js';
import { MESSAGES } from '../api/messages.js';

export interface ConsoleProfile {
  permissions?: ConsolePermission[];
  staffRoleName?: string;
  placeName?: string;
}

/**
 * What the console's frame shows of a staff or administrator account (its pages, role and place), added to the token
 * check's and the login's answers; nothing for a visitor's account.
 */
export function consoleProfile(
  places: PlaceTree,
  user: { role: 'user' | 'staff' | 'admin'; deptId: number | null; staffRole?: { name: string; permissions: readonly unknown[] } | null },
): ConsoleProfile {
  if (user.role === 'user') return {};
  const staffRole = user.role === 'admin' ? null : (user.staffRole ?? null);
  return {
    permissions: effectivePermissions(user.role, staffRole?.permissions),
    staffRoleName: user.role === 'admin' ? MESSAGES.shell.administrator : (staffRole?.name ?? MESSAGES.shell.allPages),
    placeName: user.deptId === null ? '' : places.name(user.deptId),
  };
}

/** An account's staff role by its id (the login reads it; signed-in calls get it with the session). */
export async function staffRoleOf(db: Kysely<Database>, staffRoleId: number | null) {
  if (staffRoleId === null) return null;
  const row = await db.selectFrom('staffRole').select(['name', 'permissions']).where('roleId', '=', staffRoleId).executeTakeFirst();
  return row ? { name: row.name, permissions: Array.isArray(row.permissions) ? (row.permissions as unknown[]) : [] } : null;
}
