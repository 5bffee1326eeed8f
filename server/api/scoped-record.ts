import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.js';
import { notFound } from './errors.js';

/** The tables whose rows belong to a place (`deptId`) and are found by `id`. */
export type PlaceOwnedTable = {
  [T in keyof Database]: Database[T] extends { id: unknown; deptId: unknown } ? T : never;
}[keyof Database];

/**
 * The row `id` of `table` if it belongs to one of the places the caller may see, else 404 with `missing`: a record
 * of another place answers exactly like one that does not exist, so ids cannot be probed across places.
 *
 * @example
 * const article = await findInScope(db, 'article', id, consoleScope(request, places), MESSAGES.admin.articleMissing);
 */
export async function findInScope<T extends PlaceOwnedTable>(
  db: Kysely<Database>,
  table: T,
  id: number,
  scope: readonly number[],
  missing: string,
): Promise<Selectable<Database[T]>> {
  // Kysely cannot follow a table name chosen by a type parameter; the row type is restored from `T`.
  const untyped = db as unknown as Kysely<{ owned: { id: number; deptId: number } }>;
  const row = await untyped
    .selectFrom(table as 'owned')
    .selectAll()
    .where('id', '=', id)
    .where('deptId', 'in', [...scope])
    .executeTakeFirst();
  if (!row) throw notFound(missing);
  return row as unknown as Selectable<Database[T]>;
}
