import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { auditMany } from '../services/audit.js';
import { ARTICLE_IMPORT } from './articles.js';
import { DEAL_IMPORT } from './deals.js';
import { importLockKey, type ImportContext, type ImportKind, type ImportKindName, type Report } from './kind.js';
import { PlaceResolver } from './places.js';
import { PROJECT_IMPORT } from './projects.js';
import { RowReader, readHeader, type ImportProblem } from './row-reader.js';
import { readSheet, type Sheet } from './sheet.js';

export const IMPORT_KINDS: Readonly<Record<ImportKindName, ImportKind<{ id: number; deptId: number }>>> = {
  projects: PROJECT_IMPORT as unknown as ImportKind<{ id: number; deptId: number }>,
  deals: DEAL_IMPORT as unknown as ImportKind<{ id: number; deptId: number }>,
  articles: ARTICLE_IMPORT as unknown as ImportKind<{ id: number; deptId: number }>,
};

/** Data rows one file may hold: a county's history fits; a larger file is split. */
export const MAX_IMPORT_ROWS = 50_000;

export interface ImportRequest {
  kind: ImportKindName;
  bytes: Buffer;
  /** The places the importer acts on (consoleScope for staff; a place's subtree or all places for the operator). */
  scope: readonly number[];
  /** The place of rows whose 地点 is empty (the CLI's --place). */
  defaultPlace?: number;
  /** Who imports: the signed-in staff member, or the operator (0, 'operator') on the command line. */
  actor: { userId: number; role: string };
  dryRun: boolean;
}

export interface ImportReport {
  kind: ImportKindName;
  dryRun: boolean;
  /** Data rows read. */
  rows: number;
  /** Records written (0 on a dry run or when there is any problem). */
  imported: number;
  problems: ImportProblem[];
  /** Rows naming a place outside the importer's places. */
  outOfScope: number;
}

/** The row's line then the column's position in the template: the order a person fixes them in. */
function sorted(problems: ImportProblem[], kind: ImportKind<{ id: number; deptId: number }>): ImportProblem[] {
  const order = new Map(kind.columns.map((c, i) => [c.header, i]));
  return [...problems].sort((a, b) => a.row - b.row || (order.get(a.column) ?? -1) - (order.get(b.column) ?? -1));
}

/** Every row read and checked against the database as it is now; `db` may be the import's transaction. */
async function checkSheet(db: Kysely<Database>, sheet: Sheet, request: ImportRequest) {
  const kind = IMPORT_KINDS[request.kind];
  const header = readHeader(sheet.headers, kind.columns);
  const reader = new RowReader(header.index);
  reader.problems.push(...header.problems);
  const { rows: clock } = await sql<{ now: Date }>`SELECT now() AS now`.execute(db);
  const ctx: ImportContext = { places: await PlaceResolver.load(db, request.scope, request.defaultPlace), now: new Date(clock[0].now).getTime() };
  const values: Array<{ line: number; value: { id: number; deptId: number } }> = [];
  const firstLine = new Map<string, number>();
  if (header.problems.length === 0) {
    for (const row of sheet.rows) {
      const value = kind.read(reader.at(row.line, row.cells), ctx);
      const key = kind.unique ? reader.raw(kind.unique.header) : '';
      const first = firstLine.get(key);
      if (key && first !== undefined) reader.problem(kind.unique!.header, kind.unique!.msg(key, first));
      else if (key) firstLine.set(key, row.line);
      if (value && (!key || first === undefined)) values.push({ line: row.line, value });
    }
  }
  const report: Report = (line, column, msg) => reader.problems.push({ row: line, column, msg });
  await kind.check(db, values, report);
  return { kind, values, problems: sorted(reader.problems, kind), outOfScope: ctx.places.outOfScope };
}

/**
 * A spreadsheet's rows checked, then (unless a dry run, and only when no row has a problem) written all at once in
 * one transaction with one audit row per record. Nothing is written when anything is wrong. The checks against the
 * database run again inside the transaction, under a lock per kind, so two imports cannot both add one 项目编号.
 */
export async function runImport(db: Kysely<Database>, request: ImportRequest): Promise<ImportReport> {
  const sheet = await readSheet(request.bytes, MAX_IMPORT_ROWS);
  const base = { kind: request.kind, dryRun: request.dryRun, rows: sheet.rows.length, imported: 0 };
  const first = await checkSheet(db, sheet, request);
  if (request.dryRun || first.problems.length > 0 || first.values.length === 0) return { ...base, problems: first.problems, outOfScope: first.outOfScope };
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${importLockKey(request.kind)}))`.execute(trx);
    const checked = await checkSheet(trx, sheet, request);
    if (checked.problems.length > 0) return { ...base, problems: checked.problems, outOfScope: checked.outOfScope };
    const written = await checked.kind.write(
      trx,
      checked.values.map((v) => v.value),
    );
    await auditMany(
      trx,
      request.actor,
      written.map((row) => ({
        deptId: row.deptId,
        entity: checked.kind.entity,
        entityId: row.id,
        action: 'create',
        before: null,
        after: { ...row, source: 'import' },
      })),
    );
    return { ...base, imported: written.length, problems: [], outOfScope: 0 };
  });
}

/** A problem as one line: 第3行「项目类别」：未知的项目类别：果园. */
export const problemText = (p: ImportProblem): string => `第${p.row}行「${p.column}」：${p.msg}`;
