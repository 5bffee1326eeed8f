/**
 * npm run qa -- <regions-dir> [--only validate] [--out qa-report] [--base .] [--regions a,b] [--changed <git-ref>]
 *
 * QA's check of a folder of region files, end to end: validates them (as validate:regions); then starts the real
 * server on them with a throwaway database and the demo data, and in Chromium walks every region's every route and
 * every link it draws (页面不存在, error states, blank pages, broken pictures, non-http(s) outside links, console
 * errors), with axe on each screen in normal and elder mode, and a screenshot of each. Writes to `--out`:
 * junit.xml (a case per region × route, a failure with the YAML's file:line:column), summary.json, codequality.json
 * (GitLab) and index.html (the gallery); prints `::error` annotations under GitHub Actions. Exit 0 only when all
 * passed. `--changed <ref>` walks only the regions whose folder changed since that git ref (all when a shared file
 * did); `--base` is the folder file paths are given from (a region repository's root).
 */
import { execFileSync, execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRegionCatalog, type RegionCatalog } from '../../engine/region-files/index.js';
import { stopsServing } from '../../engine/region/index.js';
import type { Region } from '../../schemas/types/region.js';
import { themeCases, validationCases, walkCases, type QaCase } from './cases.js';
import { githubAnnotations, gitlabCodeQuality } from './reports/annotations.js';
import { galleryHtml } from './reports/gallery.js';
import { junitXml } from './reports/junit.js';
import { walkRegions } from './run-walks.js';

export interface QaOptions {
  regionsDir: string;
  out: string;
  only?: 'validate';
  base: string;
  regions?: string[];
  changedSince?: string;
}

export function parseQaArguments(args: readonly string[]): QaOptions {
  const value = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const flagged = new Set(
    ['--only', '--out', '--base', '--regions', '--changed'].flatMap((n) => (args.includes(n) ? [args.indexOf(n), args.indexOf(n) + 1] : [])),
  );
  const positional = args.filter((a, i) => !flagged.has(i) && !a.startsWith('--'));
  return {
    regionsDir: positional[0] ?? 'regions',
    out: value('--out') ?? 'qa-report',
    only: value('--only') === 'validate' ? 'validate' : undefined,
    base: value('--base') ?? process.cwd(),
    regions: value('--regions')?.split(',').filter(Boolean),
    changedSince: value('--changed'),
  };
}

/**
 * The regions whose folder changed since `ref` (git: committed since, or changed in the work tree); every region when
 * a shared file (`_base`, deployment.yaml) did. Paths are read relative to the regions folder, wherever it sits in
 * its repository.
 */
export function changedRegions(catalog: RegionCatalog, regionsDir: string, ref: string): string[] {
  const names = execFileSync('git', ['diff', '--name-only', '--relative', ref, '--', '.'], { cwd: regionsDir, encoding: 'utf8' }).split('\n').filter(Boolean);
  const folders = new Set(names.map((n) => n.split('/')[0]));
  if ([...folders].some((f) => f.startsWith('_') || f.endsWith('.yaml'))) return catalog.regions.map((r) => r.id);
  return catalog.regions
    .filter((r) =>
      folders.has(
        path
          .dirname(catalog.files.get(r.id) ?? '')
          .split('/')
          .pop() ?? '',
      ),
    )
    .map((r) => r.id);
}

/** One region's walk: how long it took and how many screens it opened. */
export interface RegionTiming {
  region: string;
  seconds: number;
  screens: number;
}

/** Runs QA and writes its reports; the exit code is 0 only when every case passed. */
export async function runQa(options: QaOptions): Promise<{ cases: QaCase[]; exitCode: number; timings: RegionTiming[] }> {
  const started = Date.now();
  const regionsDir = path.resolve(options.regionsDir);
  const catalog = loadRegionCatalog(regionsDir, { baseDir: options.base, precise: true });
  const cases = validationCases(catalog.problems, path.relative(options.base, regionsDir) || '.');
  const screenshotDir = path.join(options.out, 'screens');
  fs.rmSync(options.out, { recursive: true, force: true });
  fs.mkdirSync(options.out, { recursive: true });
  // A link to no page leaves every page served: the walk still runs, to find what else a visitor would meet.
  const walkable = !catalog.problems.some(stopsServing);
  const wanted = !walkable
    ? []
    : (options.regions ?? (options.changedSince ? changedRegions(catalog, regionsDir, options.changedSince) : catalog.regions.map((r) => r.id)));
  const regions = catalog.regions.filter((r) => wanted.includes(r.id)) as unknown as Region[];
  for (const region of regions) cases.push(...themeCases(region, catalog.origins.get(region.id)!));
  const timings: RegionTiming[] = [];
  if (!options.only && walkable) {
    console.log(`走查 ${regions.length} 个地区：${regions.map((r) => r.id).join('、') || '（无）'}`);
    const walks = await walkRegions(regionsDir, regions, screenshotDir);
    timings.push(...walks.map(({ walk, seconds }) => ({ region: walk.region, seconds, screens: walk.screens.length })));
    for (const { walk, errors } of walks) {
      const region = regions.find((r) => r.id === walk.region)!;
      cases.push(...walkCases(walk, region, catalog.origins.get(region.id)!, 'screens/'));
      cases.push({ suite: walk.region, name: '(浏览器控制台)', failures: errors, screenshots: [] });
    }
  }
  const seconds = (Date.now() - started) / 1000;
  const ok = cases.every((c) => c.failures.length === 0);
  writeReports(options, cases, { ok, seconds, regionsDir: path.relative(options.base, regionsDir) || '.', regions: regions.map((r) => r.id) });
  return { cases, exitCode: ok ? 0 : 1, timings };
}

function writeReports(options: QaOptions, cases: QaCase[], summary: { ok: boolean; seconds: number; regionsDir: string; regions: string[] }): void {
  const failed = cases.filter((c) => c.failures.length);
  fs.writeFileSync(path.join(options.out, 'junit.xml'), junitXml(cases, summary.seconds));
  fs.writeFileSync(
    path.join(options.out, 'summary.json'),
    `${JSON.stringify({ ...summary, cases: cases.length, failed: failed.length, failures: failed }, null, 2)}\n`,
  );
  fs.writeFileSync(path.join(options.out, 'codequality.json'), `${JSON.stringify(gitlabCodeQuality(cases), null, 2)}\n`);
  fs.writeFileSync(path.join(options.out, 'index.html'), galleryHtml(cases, summary));
  if (process.env.GITHUB_ACTIONS === 'true') for (const line of githubAnnotations(cases)) console.log(line);
  for (const c of failed) {
    const at = c.where ? `${c.where.file}:${c.where.line}:${c.where.column}  ` : '';
    console.error(`${at}${c.suite} ${c.name}：${c.failures.join('；')}`);
  }
  console.log(
    `${summary.ok ? '全部通过' : `${failed.length} 项有问题`}（共 ${cases.length} 项，用时 ${summary.seconds.toFixed(0)} 秒）；报告：${path.join(options.out, 'index.html')}、junit.xml、summary.json`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const options = parseQaArguments(process.argv.slice(2));
  if (!options.only && !fs.existsSync(path.resolve('dist/client/index.html'))) execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
  const { exitCode } = await runQa(options);
  process.exit(exitCode);
}
