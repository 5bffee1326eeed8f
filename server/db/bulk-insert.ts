import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/** SQL type of each column, keyed by the camelCase field name the rows use. */
export type ColumnTypes<Row> = { [K in keyof Row]-?: string };

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Inserts many rows with one statement per batch: the batch travels as a single JSON parameter and
 * `json_to_recordset` unpacks it. One parameter instead of rows × columns keeps statements small and fast on
 * PGlite and under PostgreSQL's 65 535-parameter limit; jsonb columns take real arrays/objects.
 * Works on PGlite and PostgreSQL alike. Returns the number of rows inserted.
 */
export async function bulkInsert<Row extends object>(
  db: Kysely<Database>,
  table: string,
  columns: ColumnTypes<Row>,
  rows: readonly Row[],
  batchSize = 2000,
): Promise<number> {
  if (rows.length === 0) return 0;
  const names = Object.keys(columns) as Array<keyof Row & string>;
  const target = sql.raw(names.map(snake).join(', '));
  const source = sql.raw(names.map((n) => `x."${n}"`).join(', '));
  const record = sql.raw(names.map((n) => `"${n}" ${columns[n]}`).join(', '));
  for (let i = 0; i < rows.length; i += batchSize) {
    const chunk = rows.slice(i, i + batchSize);
    await sql`INSERT INTO ${sql.raw(table)} (${target}) SELECT ${source} FROM json_to_recordset(${JSON.stringify(chunk)}::json) AS x(${record})`.execute(db);
  }
  return rows.length;
}

/** After inserting explicit ids into a serial column, moves its sequence past them. */
export async function syncSequence(db: Kysely<Database>, table: string, column = 'id'): Promise<void> {
  await sql`SELECT setval(pg_get_serial_sequence(${table}, ${column}), COALESCE((SELECT max(${sql.raw(column)}) FROM ${sql.raw(table)}), 0) + 1, false)`.execute(
    db,
  );
}

/**
 * Skips foreign-key and other triggers for the rest of the transaction when the role may (PGlite, or a PostgreSQL
 * superuser): the seed only references rows it has just written, and per-row FK checks are a large share of bulk
 * insert time. Elsewhere it changes nothing. Returns whether it applied; if so, the caller must
 * {@link recountProjectDerived} after writing projects and bids, since the triggers that keep those counts were skipped.
 */
export async function skipTriggersInTransaction(trx: Kysely<Database>): Promise<boolean> {
  await sql`SAVEPOINT seed_triggers`.execute(trx);
  try {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await sql`RELEASE SAVEPOINT seed_triggers`.execute(trx);
    return true;
  } catch {
    await sql`ROLLBACK TO SAVEPOINT seed_triggers`.execute(trx);
    return false;
  }
}

/**
 * Rebuilds what triggers keep beside projects and bids (project_tally and project_tally_place for the list's totals,
 * migrations 013 and 017; project.bid_count, migration 014) from the rows themselves: after a bulk insert with triggers skipped they missed
 * every row, and the list showed 0 条 over 100 000 projects.
 */
export async function recountProjectDerived(trx: Kysely<Database>): Promise<void> {
  await sql`DELETE FROM project_tally`.execute(trx);
  await sql`INSERT INTO project_tally (dept_id, type, status, number, n)
    SELECT dept_id, type, status, number, count(*)::int FROM project GROUP BY dept_id, type, status, number`.execute(trx);
  // Its per-place sums (migration 017) follow the tally by a trigger, skipped here as well.
  await sql`DELETE FROM project_tally_place`.execute(trx);
  await sql`INSERT INTO project_tally_place (dept_id, type, n) SELECT dept_id, type, sum(n)::int FROM project_tally GROUP BY dept_id, type`.execute(trx);
  await sql`UPDATE project p SET bid_count = coalesce(b.n, 0)
    FROM project q LEFT JOIN (SELECT project_id, count(*)::int AS n FROM bid GROUP BY project_id) b ON b.project_id = q.id
    WHERE p.id = q.id AND p.bid_count IS DISTINCT FROM coalesce(b.n, 0)`.execute(trx);
}
