import ExcelJS from 'exceljs';
import type { ImportKindName } from './kind.js';
import { IMPORT_KINDS } from './run.js';

/**
 * The import template of a kind as an .xlsx: sheet 1 the header row (required columns marked *) and one example row
 * in `place`; sheet 2 each column's notes. Filled in and saved (as .xlsx or .csv), it imports as it is.
 */
export async function importTemplate(kindName: ImportKindName, place: string): Promise<Buffer> {
  const kind = IMPORT_KINDS[kindName];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(`${kind.label}导入`);
  sheet.columns = kind.columns.map((c) => ({ header: c.required ? `${c.header}*` : c.header, key: c.header, width: Math.max(12, c.header.length * 3) }));
  sheet.getRow(1).font = { bold: true };
  // Every cell is text, so Excel keeps 001 and dates as typed.
  sheet.columns.forEach((column) => {
    column.numFmt = '@';
  });
  const example = kind.example(place);
  sheet.addRow(Object.fromEntries(kind.columns.map((c) => [c.header, example[c.header] === undefined ? '' : String(example[c.header])])));
  const notes = workbook.addWorksheet('填写说明');
  notes.columns = [
    { header: '列名', key: 'header', width: 16 },
    { header: '是否必填', key: 'required', width: 10 },
    { header: '说明', key: 'note', width: 90 },
  ];
  notes.getRow(1).font = { bold: true };
  for (const c of kind.columns) notes.addRow({ header: c.header, required: c.required ? '必填' : '选填', note: c.note });
  notes.addRow({});
  notes.addRow({ header: '说明', note: `第1个工作表的第2行是示例，请改成真实数据或删除。先“试导入”检查，全部无误后再导入；有任何错误时一条也不会导入。` });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
