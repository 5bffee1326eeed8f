import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../../db/schema.js';

/**
 * The staff accounts an actor may see and change: those placed in its scope, and those without a place (an
 * administrator over every tenant) only when the actor has no place either. A county's administrator who could reset
 * such an account's password would sign in as it and manage every other county.
 *
 * @example
 * db.selectFrom('appUser').where(withinReach(request.user, consoleScope(request, places)))
 */
export function withinReach(actor: { deptId: number | null }, scope: readonly number[], { placeless = true } = {}) {
  return (eb: ExpressionBuilder<Database, 'appUser'>) => {
    const placed = eb('deptId', 'in', scope.length ? [...scope] : [-1]);
    return actor.deptId === null && placeless ? eb.or([placed, eb('deptId', 'is', null)]) : placed;
  };
}
