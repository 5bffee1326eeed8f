import type { SelectQueryBuilder } from 'kysely';

/** Which rows of a list one page shows. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/** A paged list's `data`: the page's rows and how many rows the whole list has. */
export interface Page<Row> {
  rows: Row[];
  total: number;
}

/**
 * One page of a filtered list and the size of the whole list, asked of the database at once. `filtered` holds the
 * list's conditions only; `rowsOf` adds the columns and the order of the page.
 *
 * @example
 * const filtered = db.selectFrom('financing').where('deptId', 'in', ids);
 * const { rows, total } = await pageOf(filtered, paging(p), (q) => q.selectAll().orderBy('id', 'desc'));
 */
export async function pageOf<DB, TB extends keyof DB, Row>(
  filtered: SelectQueryBuilder<DB, TB, object>,
  window: PageWindow,
  rowsOf: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, Row>,
): Promise<Page<Row>> {
  const [rows, count] = await Promise.all([
    rowsOf(filtered).limit(window.limit).offset(window.offset).execute(),
    filtered.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as Row[], total: Number((count as { total: string }).total) };
}
