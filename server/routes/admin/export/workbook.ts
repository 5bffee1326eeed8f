import ExcelJS from 'exceljs';

/** A column of an export as the table shows it. */
export interface ExportColumn {
  field: string;
  heading: string;
  /** Choices' words by value (a status's 已发布). */
  choices: ReadonlyMap<unknown, string>;
  money: boolean;
}

const YUAN_FORMAT = '"¥"#,##0.00';
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * A cell's value: a choice in its words, yes/no in words, an amount as a number, a time as a date (its China Standard
 * Time shown as written: Excel dates have no zone), a list joined by 、, anything else as text.
 */
export function cellOf(column: ExportColumn, value: unknown): { value: ExcelJS.CellValue; format?: string } {
  if (value === null || value === undefined || value === '') return { value: null };
  const word = column.choices.get(value);
  if (word !== undefined) return { value: word };
  if (typeof value === 'boolean') return { value: value ? '是' : '否' };
  if (typeof value === 'number') return column.money ? { value, format: YUAN_FORMAT } : { value };
  if (typeof value === 'string') {
    const m = DATE_TIME.exec(value);
    if (m) {
      const [y, mo, d, h, mi, s] = m.slice(1).map((part) => Number(part ?? 0));
      return { value: new Date(Date.UTC(y, mo - 1, d, h, mi, s)), format: m[4] === undefined ? 'yyyy-mm-dd' : 'yyyy-mm-dd hh:mm:ss' };
    }
    return { value };
  }
  if (Array.isArray(value)) return { value: value.map(String).join('、') };
  return { value: JSON.stringify(value) };
}

/** A sheet name Excel accepts: at most 31 characters, none of []:*?/\. */
const sheetName = (title: string) => title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';

/**
 * The rows as one sheet: a bold, frozen heading row with a filter, a column per table column, and, when the export
 * stopped at its cap, a last line saying so.
 */
export async function exportWorkbook(
  title: string,
  columns: readonly ExportColumn[],
  rows: readonly Record<string, unknown>[],
  capNote?: string,
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = '田亩';
  book.created = new Date();
  const sheet = book.addWorksheet(sheetName(title), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.heading, key: c.field, width: Math.max(10, Math.min(40, c.heading.length * 2 + 4)) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const line = sheet.addRow([]);
    columns.forEach((column, i) => {
      const cell = line.getCell(i + 1);
      const { value, format } = cellOf(column, row[column.field]);
      cell.value = value;
      if (format) cell.numFmt = format;
      if (format?.startsWith('yyyy')) sheet.getColumn(i + 1).width = Math.max(sheet.getColumn(i + 1).width ?? 10, format.length + 2);
    });
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: Math.max(1, rows.length + 1), column: columns.length } };
  if (capNote) sheet.addRow([capNote]).font = { italic: true };
  return Buffer.from(await book.xlsx.writeBuffer());
}
