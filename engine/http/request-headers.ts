import { API_ROUTES, type ApiRouteName } from '../../schemas/types/api.js';
import type { SessionStore } from './session-store.js';
import { signFor } from './sign.js';

/** The place a call is for: the call's own, else the session's, else the region's; undefined when none is set. */
export function deptIdFor(
  explicit: number | string | undefined,
  session: SessionStore,
  defaultDeptId: (() => number | string | undefined) | undefined,
): string | undefined {
  const value = explicit ?? session.deptId ?? defaultDeptId?.();
  return value === undefined || value === null || value === '' ? undefined : String(value);
}

/** What signs a call of the /api/ namespace and carries the user's token. */
export interface HeaderSettings {
  session: SessionStore;
  signKey: string;
  now: () => number;
}

/** The headers of one call: its place, the timeStamp and sign of an /api/ call, and the token of a user call. */
export function headersFor(name: ApiRouteName, url: string, deptId: string | undefined, { session, signKey, now }: HeaderSettings): Record<string, string> {
  const headers: Record<string, string> = {};
  if (deptId !== undefined) headers.deptId = deptId;
  if (url.startsWith('/api/')) {
    const timeStamp = String(now());
    headers.timeStamp = timeStamp;
    headers.sign = signFor(deptId ?? '', timeStamp, signKey);
  }
  // User calls carry the token: those that require it (a user's or a staff member's), and every call outside the
  // signed /api/ namespace (token check, logout, upload…) and those marked optional-user (a complaint keeps its
  // sender so the reply reaches 我的消息), which the server reads when present.
  const token = session.token;
  const auth = API_ROUTES[name].auth as readonly string[];
  const userCall = auth.includes('bearer') || auth.includes('staff') || auth.includes('admin') || auth.includes('optional-user') || !url.startsWith('/api/');
  if (token && userCall) headers.Authorization = `Bearer ${token}`;
  return headers;
}
