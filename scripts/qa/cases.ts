import { formatProblem, type OriginNode, type Problem } from '../../engine/region/index.js';
import type { Region } from '../../schemas/types/region.js';
import { blockOrigin, linkOrigin, pageOrigin, type Where } from './origins.js';
import type { RegionWalk, ScreenResult } from './walk.js';

/** One test case of QA's reports: a region file's validation, or one screen of one region. */
export interface QaCase {
  /** `validate`, or the region id. */
  suite: string;
  /** The file validated, or the screen's route. */
  name: string;
  /** Where an author fixes it: the YAML that declared the failing link, block or page. */
  where?: Where;
  /** What is wrong; empty when it passed. */
  failures: string[];
  /** Screenshots (relative to the report folder). */
  screenshots: string[];
  /** How axe judged a screen. */
  axe?: ScreenResult['axe'];
  /** The route a screen was linked from. */
  from?: string;
}

/** Validation's cases: one per file with problems (all of them, located), or one passing case for the folder. */
export function validationCases(problems: readonly Problem[], regionsDir: string): QaCase[] {
  if (problems.length === 0) return [{ suite: 'validate', name: regionsDir, failures: [], screenshots: [] }];
  const byFile = new Map<string, Problem[]>();
  for (const problem of problems) byFile.set(problem.file, [...(byFile.get(problem.file) ?? []), problem]);
  return [...byFile].map(([file, list]) => ({
    suite: 'validate',
    name: file,
    where: { file, line: list[0].line, column: list[0].column },
    failures: list.map((p) => formatProblem(p)),
    screenshots: [],
  }));
}

/** Where a failing screen's fix is: the link that led to a missing page, the block in an error state, else the page. */
function whereOf(screen: ScreenResult, region: Region, origin: OriginNode): Where | undefined {
  if (screen.problems.includes('页面不存在')) return linkOrigin(region, origin, screen.route) ?? pageOrigin(region, origin, screen.from);
  if (screen.failingBlock)
    return blockOrigin(region, origin, screen.failingBlock.blockId, screen.failingBlock.type) ?? pageOrigin(region, origin, screen.route);
  return pageOrigin(region, origin, screen.route);
}

/** A walk's cases: one per screen, and one each for the region's orphan pages and odd outside links. */
export function walkCases(walk: RegionWalk, region: Region, origin: OriginNode, screenshotPrefix: string): QaCase[] {
  const cases: QaCase[] = walk.screens.map((screen) => ({
    suite: walk.region,
    name: screen.route,
    where: screen.problems.length ? whereOf(screen, region, origin) : undefined,
    failures: screen.problems.map((p) => `${p}（从 ${screen.from} 进入）`),
    screenshots: screen.screenshots.map((s) => `${screenshotPrefix}${s}`),
    axe: screen.axe,
    from: screen.from,
  }));
  cases.push({ suite: walk.region, name: '(详情页可达)', failures: walk.unreached.map((u) => `没有链接通向详情页 ${u}`), screenshots: [] });
  cases.push({
    suite: walk.region,
    name: '(站外链接)',
    failures: walk.badOutside.map((o) => `不是 http(s) 地址：${o}`),
    where: walk.badOutside.length ? linkOrigin(region, origin, walk.badOutside[0].split(' on ')[0]) : undefined,
    screenshots: [],
  });
  return cases;
}
