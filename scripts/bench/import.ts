/**
 * npm run bench:import [-- --rows 10000]
 *
 * Imports that many project rows (goal: 10 000 in under 30 s) from an .xlsx and from a .csv into a fresh database
 * (PGlite in memory, or PostgreSQL at DATABASE_URL: use an empty one) through server/import, the code the console and
 * the CLI run: reading the file, checking every row (and 项目编号 against the database), the transaction with one
 * audit row per project. Prints the time of the dry run and of the import for each format.
 */
import ExcelJS from 'exceljs';
import { migrateToLatest, openDatabase } from '../../server/db/database.js';
import { runImport } from '../../server/import/run.js';
import { PROJECT_IMPORT } from '../../server/import/projects.js';
import { numberArg } from './args.js';

const rows = numberArg('rows', 10_000, process.argv.slice(2));
const PLACE = 990_001;

const handle = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: 'memory' });
await migrateToLatest(handle.db);
await handle.db
  .insertInto('place')
  .values({ deptId: PLACE, deptName: '基准县', deptCode: 'bench-990001', parentId: 0, level: 3, ancestors: '0' })
  .onConflict((oc) => oc.column('deptId').doNothing())
  .execute();

const headers = PROJECT_IMPORT.columns.map((c) => c.header);
const example = PROJECT_IMPORT.example('基准县');
const line = (prefix: string, i: number) =>
  headers.map((h) => (h === '项目编号' ? `${prefix}-${i}` : h === '项目名称' ? `基准项目${i}` : String(example[h] ?? '')));

async function xlsxFile(prefix: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('项目导入');
  sheet.addRow(headers);
  for (let i = 1; i <= rows; i++) sheet.addRow(line(prefix, i));
  return Buffer.from(await book.xlsx.writeBuffer());
}

const csvFile = (prefix: string): Buffer =>
  Buffer.from([headers, ...Array.from({ length: rows }, (_, i) => line(prefix, i + 1))].map((r) => r.join(',')).join('\r\n'), 'utf8');

const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(2);
console.log(`数据库：${handle.kind === 'pglite' ? 'PGlite（内存）' : 'PostgreSQL'}；每个文件 ${rows} 行项目`);
for (const [format, make] of [
  ['xlsx', xlsxFile],
  ['csv', async (prefix: string) => csvFile(prefix)],
] as const) {
  const bytes = await make(`BENCH-${format}-${Date.now()}`);
  const request = { kind: 'projects' as const, bytes, scope: [PLACE], actor: { userId: 0, role: 'operator' } };
  let start = performance.now();
  const dry = await runImport(handle.db, { ...request, dryRun: true });
  const dryTime = seconds(start);
  start = performance.now();
  const done = await runImport(handle.db, { ...request, dryRun: false });
  const importTime = seconds(start);
  if (dry.problems.length || done.imported !== rows) throw new Error(`基准导入出错：${JSON.stringify(done.problems.slice(0, 3))}`);
  console.log(`${format.padEnd(5)} ${(bytes.length / 1024 / 1024).toFixed(1)} MB  试导入 ${dryTime} s  导入 ${importTime} s（${done.imported} 条，含审计记录）`);
}
await handle.close();
