import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { MESSAGES } from '../api/messages.js';

export const PROJECT_MISSING = MESSAGES.projects.projectMissing;

/** A place scope for `IN (…)`: no places matches nothing (`IN ()` would be a syntax error). */
export const scopeOrNothing = (deptIds: number[]): number[] => (deptIds.length ? deptIds : [-1]);

/** The project row, locked for the rest of the transaction; undefined when missing or outside `deptIds` (when given). */
export const lockProject = (trx: Transaction<Database>, projectId: number, deptIds: number[] | undefined) => {
  let q = trx.selectFrom('project').selectAll().where('id', '=', projectId);
  if (deptIds) q = q.where('deptId', 'in', scopeOrNothing(deptIds));
  return q.forUpdate().executeTakeFirst();
};
