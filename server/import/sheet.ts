import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/** A cell as the import reads it: text (CSV, text cells), a number, a date (an Excel date cell), or nothing. */
export type Cell = string | number | Date | null;

/** One data row: its line in the file (the header is line 1) and its cells by column position. */
export interface SheetRow {
  line: number;
  cells: Cell[];
}

export interface Sheet {
  headers: string[];
  rows: SheetRow[];
}

/** A file that cannot be read as a spreadsheet at all; its message is Chinese. */
export class SheetError extends Error {}

export type SheetFormat = 'xlsx' | 'csv';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** The format by the file's first bytes (an .xlsx is a zip), never by its name. */
export const sheetFormatOf = (bytes: Buffer): SheetFormat => (bytes.subarray(0, 4).equals(ZIP_MAGIC) ? 'xlsx' : 'csv');

/** A cell's value as the import reads it: formulas by their result, rich text and links by their text. */
function cellValue(cell: ExcelJS.Cell): Cell {
  const v = cell.value;
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || v instanceof Date) return v;
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? '是' : '否';
  if (typeof v === 'object' && 'result' in v) {
    const r = v.result;
    return r === undefined || r === null || typeof r === 'object' ? (r instanceof Date ? r : null) : typeof r === 'number' ? r : String(r);
  }
  return cell.text;
}

/**
 * The text of a CSV file: UTF-8 (with or without the BOM Excel writes), else GB18030, the encoding Chinese Excel
 * saves "CSV" in by default.
 */
function csvText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

async function workbookOf(bytes: Buffer, format: SheetFormat): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  try {
    if (format === 'xlsx') await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    // Cells stay text: exceljs would otherwise turn 001 into 1 and guess dates.
    else await workbook.csv.read(Readable.from([csvText(bytes)]), { map: (value: unknown) => value });
  } catch {
    throw new SheetError(format === 'xlsx' ? '无法读取该 Excel 文件，请用模板另存为 .xlsx 后再试' : '无法读取该 CSV 文件，请检查文件内容');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new SheetError('文件中没有工作表');
  return sheet;
}

/**
 * The first worksheet's header row and its data rows (rows with no value at all are skipped). At most `maxRows`
 * data rows: a larger file is refused whole rather than imported in part.
 */
export async function readSheet(bytes: Buffer, maxRows: number): Promise<Sheet> {
  const sheet = await workbookOf(bytes, sheetFormatOf(bytes));
  const headers: string[] = [];
  const rows: SheetRow[] = [];
  let tooMany = false;
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellValue(cell);
    });
    if (line === 1) {
      for (let i = 0; i < cells.length; i++) headers[i] = String(cells[i] ?? '').trim();
      return;
    }
    if (!cells.some((c) => c !== null && c !== undefined && String(c).trim() !== '')) return;
    if (rows.length >= maxRows) tooMany = true;
    else rows.push({ line, cells });
  });
  if (headers.length === 0) throw new SheetError('文件第1行应为表头（列名），文件为空或没有表头');
  if (tooMany) throw new SheetError(`一次最多导入 ${maxRows} 行，请拆分文件后分批导入`);
  return { headers, rows };
}
