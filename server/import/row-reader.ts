import { cstTimeOf } from '../routes/admin/common.js';
import type { Cell } from './sheet.js';

/** One bad cell: its line in the file, its column's header, what is wrong (Chinese). */
export interface ImportProblem {
  row: number;
  column: string;
  msg: string;
}

/** How a column is written in the template and checked on import. */
export interface ColumnSpec {
  header: string;
  required: boolean;
  /** What the template's notes sheet says about the column. */
  note: string;
}

const MAX_TEXT = 200;
/** Amounts and areas: within numeric(14,2)'s reach, with two decimals at most. */
export const MAX_AMOUNT = 999_999_999_999;

/** A cell as trimmed text ('' when empty); an Excel date as China Standard Time. */
function textOf(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cstText(cell);
  return String(cell).trim();
}

/** An Excel date cell holds the wall-clock time it shows, stored as if it were UTC: read as China Standard Time. */
function cstText(d: Date): string {
  const iso = d.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/**
 * Reads one row's cells by column header and collects what is wrong with them, so that a file's every problem is
 * listed at once. Each reader returns undefined for an empty or bad cell (a bad one leaves a problem behind).
 */
export class RowReader {
  readonly problems: ImportProblem[] = [];
  line = 0;
  private cells: Cell[] = [];

  constructor(private readonly columnIndex: ReadonlyMap<string, number>) {}

  at(line: number, cells: Cell[]): this {
    this.line = line;
    this.cells = cells;
    return this;
  }

  problem(column: string, msg: string): undefined {
    this.problems.push({ row: this.line, column, msg });
    return undefined;
  }

  /** The cell's trimmed text as it is, unchecked ('' when empty or the column is absent). */
  raw(header: string): string {
    const index = this.columnIndex.get(header);
    return index === undefined ? '' : textOf(this.cells[index]);
  }

  /** The cell's trimmed text; '' when empty or missing, a problem when required. */
  text(column: ColumnSpec, max = MAX_TEXT): string | undefined {
    const index = this.columnIndex.get(column.header);
    const value = index === undefined ? '' : textOf(this.cells[index]);
    if (value.includes('\u0000')) return this.problem(column.header, '含有不允许的字符');
    if (value.length > max) return this.problem(column.header, `不能超过 ${max} 个字`);
    if (!value && column.required) return this.problem(column.header, '不能为空');
    return value;
  }

  /** A number within [min, max] with at most `decimals` decimals (thousands commas allowed); undefined when empty. */
  number(column: ColumnSpec, range: { min: number; max: number; decimals: number }): number | undefined {
    const raw = this.text(column);
    if (!raw) return undefined;
    const cleaned = raw.replace(/[,，]/g, '');
    const pattern = range.decimals > 0 ? new RegExp(`^-?\\d+(\\.\\d{1,${range.decimals}})?$`) : /^-?\d+$/;
    const n = Number(cleaned);
    if (!pattern.test(cleaned) || !Number.isFinite(n)) return this.problem(column.header, `不是有效的${range.decimals > 0 ? '数字' : '整数'}：${raw}`);
    if (n < range.min || n > range.max) return this.problem(column.header, `应在 ${range.min} 到 ${range.max} 之间：${raw}`);
    return n;
  }

  /** A date (and time) in China Standard Time: 2024-03-05, 2024/3/5 14:30 or an Excel date cell; ms, undefined when empty. */
  date(column: ColumnSpec): number | undefined {
    const raw = this.text(column);
    if (!raw) return undefined;
    const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(raw);
    const pad = (s: string | undefined) => (s ?? '0').padStart(2, '0');
    const ms = m ? cstTimeOf(`${m[1]}-${pad(m[2])}-${pad(m[3])} ${pad(m[4])}:${pad(m[5])}:${pad(m[6])}`) : undefined;
    return ms ?? this.problem(column.header, `不是有效的日期：${raw}（应为 2024-03-05 或 2024-03-05 14:30）`);
  }

  /** One of `choices` by its label (or one of its other spellings); undefined when empty. */
  choice<T>(column: ColumnSpec, choices: ReadonlyMap<string, T>, what: string): T | undefined {
    const raw = this.text(column);
    if (!raw) return undefined;
    const value = choices.get(raw);
    if (value === undefined) return this.problem(column.header, `未知的${what}：${raw}`);
    return value;
  }
}

/** Header → position, and the problems of the header row itself (line 1): unknown, repeated or missing columns. */
export function readHeader(headers: string[], columns: readonly ColumnSpec[]): { index: Map<string, number>; problems: ImportProblem[] } {
  const index = new Map<string, number>();
  const problems: ImportProblem[] = [];
  const known = new Set(columns.map((c) => c.header));
  headers.forEach((raw, i) => {
    // The template marks required columns with *; a header is matched with or without it.
    const header = raw.replace(/[*＊]$/, '').trim();
    if (!header) return;
    if (!known.has(header)) problems.push({ row: 1, column: header, msg: `未知的列：${header}（请使用导入模板的表头）` });
    else if (index.has(header)) problems.push({ row: 1, column: header, msg: `列重复：${header}` });
    else index.set(header, i);
  });
  for (const c of columns) if (c.required && !index.has(c.header)) problems.push({ row: 1, column: c.header, msg: `缺少必填列：${c.header}` });
  return { index, problems };
}
