import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { formatRequiredDateTime } from '../../../api/format.js';
import { MESSAGES } from '../../../api/messages.js';
import type { PlaceTree } from '../../../plugins/places.js';

/** The columns of a staff account the console reads and the audit log records. */
export const STAFF_COLUMNS = ['userId', 'phone', 'name', 'role', 'deptId', 'disabled', 'createdAt', 'passwordHash', 'staffRoleId'] as const;

/** The names of the tenant's roles by id, for the rows shown (one query for a page of accounts). */
export async function roleNames(db: Kysely<Database> | Transaction<Database>, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await db.selectFrom('staffRole').select(['roleId', 'name']).where('roleId', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.roleId, r.name]));
}

/**
 * A staff account as the console shows it: no password hash, its place and its role named, and whether it is the
 * caller's own (whose password is changed at 修改密码, so the list offers no reset on it).
 */
export function staffView(
  places: PlaceTree,
  r: { userId: number; phone: string; name: string; role: string; deptId: number | null; disabled: boolean; createdAt: Date; staffRoleId: number | null },
  names: ReadonlyMap<number, string>,
  callerId: number,
) {
  const staffRoleName =
    r.role === 'admin'
      ? MESSAGES.shell.administrator
      : r.staffRoleId === null
        ? MESSAGES.shell.allPages
        : (names.get(r.staffRoleId) ?? MESSAGES.shell.allPages);
  return {
    userId: r.userId,
    phone: r.phone,
    name: r.name,
    role: r.role as 'staff' | 'admin',
    deptId: r.deptId,
    deptName: r.deptId === null ? '' : places.name(r.deptId),
    disabled: r.disabled,
    createdAt: formatRequiredDateTime(r.createdAt),
    staffRoleId: r.role === 'admin' ? null : r.staffRoleId,
    staffRoleName,
    self: r.userId === callerId,
  };
}
