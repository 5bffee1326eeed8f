import type { ConsolePermission } from '../schemas/types/api.js';

/**
 * The console pages a staff role may open, with the words the role editor and the refusals use. The server's guards
 * (server/plugins/guards/permissions.ts) and the console's sidebar read the same names.
 */
export const CONSOLE_PERMISSION_TITLES: Readonly<Record<ConsolePermission, string>> = {
  articles: '内容管理',
  projects: '项目管理',
  registrations: '报名审核',
  auctions: '竞价监控',
  intents: '意向审核',
  requests: '投诉咨询',
  audit: '操作日志',
  import: '数据导入',
};

export const CONSOLE_PERMISSIONS = Object.keys(CONSOLE_PERMISSION_TITLES) as ConsolePermission[];

/** Whether a value is one of the permission names (a role's stored list is checked on the way out). */
export const isConsolePermission = (value: unknown): value is ConsolePermission =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(CONSOLE_PERMISSION_TITLES, value);

/**
 * The pages an account may use: an administrator and a staff account without a role every one; a staff account with
 * a role only its role's; a visitor's account none.
 */
export function effectivePermissions(role: 'user' | 'staff' | 'admin', rolePermissions: readonly unknown[] | null | undefined): ConsolePermission[] {
  if (role === 'user') return [];
  if (role === 'admin' || !rolePermissions) return [...CONSOLE_PERMISSIONS];
  return CONSOLE_PERMISSIONS.filter((p) => rolePermissions.includes(p));
}
