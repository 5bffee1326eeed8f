import type { SignedInRequest } from '../../api/schemas.js';
import type { PlaceTree } from '../../plugins/places.js';
import { staffScope } from '../auction/staff-scope.js';
import { badRequest, forbidden } from '../../api/errors.js';
import { MESSAGES } from '../../api/messages.js';

/**
 * The places a staff member acts on (staffScope: the signed place's subtree, narrowed to the account's own place
 * for staff). Reads outside it answer 404 like missing records.
 */
export const consoleScope = (request: SignedInRequest, places: PlaceTree): number[] => staffScope(request, places);

/** A place given in a write (the record's new deptId) must be inside the caller's scope: 403 otherwise. */
export function requirePlaceInScope(scope: number[], deptId: number): void {
  if (!scope.includes(deptId)) throw forbidden(MESSAGES.admin.placeOutOfScope);
}

/** 'YYYY-MM-DD[ HH:mm[:ss]]' in China Standard Time → ms; undefined for a date that does not exist (02-30). */
export function cstTimeOf(text: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h = '0', mi = '0', s = '0'] = m.slice(1);
  const ms = Date.UTC(+y, +mo - 1, +d, +h - 8, +mi, +s);
  const back = new Date(ms + 8 * 3_600_000);
  if (back.getUTCFullYear() !== +y || back.getUTCMonth() !== +mo - 1 || back.getUTCDate() !== +d || +h > 23 || +mi > 59 || +s > 59) return undefined;
  return ms;
}

/** {@link cstTimeOf}, refusing with 400 (naming `label`) what is not a real date. */
export function cstTime(text: string, label: string): number {
  const ms = cstTimeOf(text);
  if (ms === undefined) throw badRequest(MESSAGES.admin.timelineInvalid(label));
  return ms;
}

/**
 * A time range from a list's `from` and `to` (China Standard Time text): `to` as a date alone takes in its whole
 * day. Each bound is undefined when not asked; a date that does not exist is 400 naming the field.
 */
export function cstRange(p: { from?: string; to?: string }, labels: { from: string; to: string }): { from?: Date; to?: Date } {
  const from = p.from ? new Date(cstTime(p.from, labels.from)) : undefined;
  if (!p.to) return { from };
  const to = cstTime(p.to, labels.to);
  return { from, to: new Date(/^\d{4}-\d{2}-\d{2}$/.test(p.to) ? to + 86_400_000 - 1 : to) };
}
