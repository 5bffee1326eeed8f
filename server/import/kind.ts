import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { AuditEntity } from '../services/audit.js';
import type { PlaceResolver } from './places.js';
import type { ColumnSpec, RowReader } from './row-reader.js';

export type ImportKindName = 'projects' | 'deals' | 'articles';

/** The transaction lock an import of the kind holds while it checks and writes (the console's 项目编号 takes it too). */
export const importLockKey = (kind: ImportKindName): string => `tianmu-import-${kind}`;
export type ImportTrx = Transaction<Database>;

/** What reading a row needs besides its cells. */
export interface ImportContext {
  places: PlaceResolver;
  /** The database's clock (ms), for statuses that follow the timeline. */
  now: number;
}

/** Reports a problem found across rows or against the database: (line, column header, message). */
export type Report = (line: number, column: string, msg: string) => void;

/** One kind of record a spreadsheet imports: its columns, how a row is read and checked, and how rows are written. */
export interface ImportKind<R extends { id: number; deptId: number }> {
  kind: ImportKindName;
  /** What the kind is called in messages: 项目, 成交公告, 文章. */
  label: string;
  entity: AuditEntity;
  columns: ColumnSpec[];
  /** The column whose non-empty values may appear once in a file (项目编号), checked on every row, bad or not. */
  unique?: { header: string; msg: (value: string, firstLine: number) => string };
  /** The template's example row by header, in `place` (a place the downloader may import into). */
  example: (place: string) => Record<string, string | number>;
  /** One row's record, or undefined when a cell is bad (its problems left on the reader). */
  read: (reader: RowReader, ctx: ImportContext) => R | undefined;
  /** Checks against the database (a 项目编号 already there); run again inside the import's transaction. */
  check: (db: Kysely<Database>, rows: ReadonlyArray<{ line: number; value: R }>, report: Report) => Promise<void>;
  /** Writes all rows in the transaction; returns them with their ids. */
  write: (trx: ImportTrx, rows: R[]) => Promise<R[]>;
}

/** Which of `values` a query already finds (`query` ends in `IN`; the list travels as one JSON parameter). */
export async function existingValues(db: Kysely<Database>, query: RawBuilder<unknown>, values: string[]): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const { rows } = await sql<{ v: string }>`${query} (SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`.execute(db);
  return new Set(rows.map((r) => String(r.v)));
}

/** `n` fresh ids from the table's serial sequence, so rows written in bulk can be audited by id. */
export async function allocateIds(trx: ImportTrx, table: string, n: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`SELECT nextval(pg_get_serial_sequence(${table}, 'id'))::int AS id FROM generate_series(1, ${n}::int)`.execute(trx);
  return rows.map((r) => Number(r.id));
}
