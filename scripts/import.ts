/**
 * npm run import -- --kind projects|deals|articles --file <file.xlsx|file.csv> [--place <地点>] [--dry-run]
 * npm run import -- --kind projects --template <out.xlsx> [--place <地点>]
 *
 * Imports a county's existing records from a spreadsheet into the database (PGlite under DATA_DIR, or DATABASE_URL),
 * the same way the console's import does: every bad row is listed by line and column and nothing is written, or all
 * rows are written in one transaction, each with its audit row (actor 0, role operator: nobody is signed in to a
 * command line). --place limits the import to that place and the places under it and fills an empty 地点 cell.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../server/runtime/config.js';
import { PlaceTree } from '../server/plugins/places.js';
import { runCommand, withMigratedDatabase } from './cli.js';
import { IMPORT_KINDS, problemText, runImport } from '../server/import/run.js';
import { importTemplate } from '../server/import/template.js';
import { SheetError } from '../server/import/sheet.js';
import type { ImportKindName } from '../server/import/kind.js';

const USAGE =
  '用法：npm run import -- --kind projects|deals|articles --file <文件.xlsx|文件.csv> [--place <地点编号、代码或名称>] [--dry-run]\n' +
  '      npm run import -- --kind projects|deals|articles --template <输出.xlsx> [--place <地点>]';

/** A refusal written for the operator. */
class ImportArgsError extends Error {}

interface Args {
  kind: ImportKindName;
  file?: string;
  template?: string;
  place?: string;
  dryRun: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Partial<Args> = { dryRun: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].includes('=') ? [argv[i].slice(0, argv[i].indexOf('=')), argv[i].slice(argv[i].indexOf('=') + 1)] : [argv[i], undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (!v) throw new ImportArgsError(`${flag} 需要一个值\n${USAGE}`);
      return v;
    };
    if (flag === '--kind') {
      const kind = value();
      if (!(kind in IMPORT_KINDS)) throw new ImportArgsError(`未知的导入类型：${kind}（可用：projects 项目、deals 成交公告、articles 文章）`);
      args.kind = kind as ImportKindName;
    } else if (flag === '--file') args.file = path.resolve(value());
    else if (flag === '--template') args.template = path.resolve(value());
    else if (flag === '--place') args.place = value();
    else if (flag === '--dry-run') args.dryRun = true;
    else if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else throw new ImportArgsError(`未知参数：${argv[i]}\n${USAGE}`);
  }
  if (!args.kind || (!args.file && !args.template)) throw new ImportArgsError(`需要 --kind 和 --file（或 --template）\n${USAGE}`);
  return args as Args;
}

/** The place --place names (number, code or name, which must be unique); its subtree is the import's scope. */
function placeOf(places: PlaceTree, all: Array<{ deptId: number; deptCode: string; deptName: string }>, wanted: string): number {
  const hits = all.filter((p) => String(p.deptId) === wanted || p.deptCode === wanted);
  const named = hits.length ? hits : all.filter((p) => p.deptName === wanted);
  if (named.length === 1) return named[0].deptId;
  if (named.length > 1)
    throw new ImportArgsError(`有 ${named.length} 个地点名为“${wanted}”：${named.map((p) => `${p.deptId}（${places.name(p.deptId)}）`).join('、')}，请用编号`);
  throw new ImportArgsError(`没有地点“${wanted}”（请先运行 npm run places:sync）`);
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  return withMigratedDatabase(loadConfig(), async ({ db }) => {
    const places = new PlaceTree(db);
    await places.load();
    const all = await db.selectFrom('place').select(['deptId', 'deptCode', 'deptName']).orderBy('level').orderBy('deptId').execute();
    const place = args.place ? placeOf(places, all, args.place) : undefined;
    if (args.template) {
      await fs.writeFile(args.template, await importTemplate(args.kind, place ? places.name(place) : (all[0]?.deptName ?? '')));
      console.log(`导入模板已写入：${args.template}`);
      return 0;
    }
    const bytes = await fs.readFile(args.file!).catch(() => {
      throw new ImportArgsError(`无法读取文件：${args.file}`);
    });
    const scope = place ? places.subtree(place) : all.map((p) => p.deptId);
    const report = await runImport(db, { kind: args.kind, bytes, scope, defaultPlace: place, actor: { userId: 0, role: 'operator' }, dryRun: args.dryRun });
    const label = IMPORT_KINDS[args.kind].label;
    for (const p of report.problems) console.log(problemText(p));
    if (report.problems.length > 0) {
      console.error(`共 ${report.rows} 行，${report.problems.length} 处错误${args.dryRun ? '' : '，未导入任何记录'}。`);
      return 1;
    }
    console.log(args.dryRun ? `试导入：共 ${report.rows} 行${label}，没有发现错误（未写入）。` : `已导入 ${report.imported} 条${label}。`);
    return 0;
  });
}

runCommand(main, { failure: '导入失败', expected: [ImportArgsError, SheetError] });
