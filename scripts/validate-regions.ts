/**
 * npm run validate:regions [dir] [--lang en]   checks every region file under dir (default regions/) and
 * deployment.yaml. Prints each problem as `file:line:column  where：message（是否应为 X？）` — in Chinese, naming the
 * page, block or place by its name — or, with `--lang en`, `file:line:column  path  message (did you mean X?)`;
 * then a summary. Exit 1 on any problem.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatProblem, type ProblemLanguage } from '../engine/region/index.js';
import { loadRegionCatalog } from '../engine/region-files/index.js';

export function validateRegions(dir: string, language: ProblemLanguage = 'zh'): { output: string[]; exitCode: number } {
  const catalog = loadRegionCatalog(path.resolve(dir));
  const output = catalog.problems.map((p) => formatProblem(p, language));
  const files = new Set(catalog.problems.map((p) => p.file)).size;
  const count = catalog.problems.length;
  const ids = catalog.regions.map((r) => r.id);
  const summary =
    language === 'en'
      ? count === 0
        ? `${ids.length} regions valid (${ids.join(', ')}); default ${catalog.deployment.defaultRegion}`
        : `${count} problem${count === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}`
      : count === 0
        ? `${ids.length} 个区域配置无误（${ids.join('、')}），默认区域 ${catalog.deployment.defaultRegion}`
        : `${files} 个文件中共有 ${count} 处错误`;
  output.push(summary);
  return { output, exitCode: count === 0 ? 0 : 1 };
}

/** `[dir] [--lang en|zh]` in any order. */
export function parseArguments(args: readonly string[]): { dir: string; language: ProblemLanguage } {
  let dir = 'regions';
  let language: ProblemLanguage = 'zh';
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--lang') language = args[++i] === 'en' ? 'en' : 'zh';
    else if (arg.startsWith('--lang=')) language = arg.slice('--lang='.length) === 'en' ? 'en' : 'zh';
    else dir = arg;
  }
  return { dir, language };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { dir, language } = parseArguments(process.argv.slice(2));
  const { output, exitCode } = validateRegions(dir, language);
  const write = exitCode === 0 ? console.log : console.error;
  for (const line of output) write(line);
  process.exit(exitCode);
}
