import { formatRequiredDateTime } from '../../../api/format.js';
import type { PlaceTree } from '../../../plugins/places.js';

/** The columns of a staff account the console reads and the audit log records. */
export const STAFF_COLUMNS = ['userId', 'phone', 'name', 'role', 'deptId', 'disabled', 'createdAt', 'passwordHash'] as const;

/** A staff account as the console shows it: no password hash, its place named. */
export function staffView(
  places: PlaceTree,
  r: { userId: number; phone: string; name: string; role: string; deptId: number | null; disabled: boolean; createdAt: Date },
) {
  return {
    userId: r.userId,
    phone: r.phone,
    name: r.name,
    role: r.role as 'staff' | 'admin',
    deptId: r.deptId,
    deptName: r.deptId === null ? '' : places.name(r.deptId),
    disabled: r.disabled,
    createdAt: formatRequiredDateTime(r.createdAt),
  };
}
