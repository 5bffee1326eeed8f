import { formatProblem, locate, type OriginNode, type Problem } from '../../engine/region/index.js';
import { themeContrastFailures } from '../../engine/runtime/theme.js';
import type { Region } from '../../schemas/types/region.js';
import { blockOrigin, linkOrigin, pageOrigin, type Where } from './origins.js';
import { QA_TEXTS } from './texts.js';
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

/** The theme's colour an author changes when the header's text is hard to read: its text colour, else its background. */
function headerColourOrigin(region: Region, origin: OriginNode): Where | undefined {
  const theme = region.theme;
  if (!theme?.headerText && !theme?.headerBackground) return undefined;
  return locate(origin, ['theme', theme.headerText ? 'headerText' : 'headerBackground']);
}

/** A contrast finding (axe's or the measured one) on the header: its colours are the region's theme's. */
const HEADER_CONTRAST = /(color-contrast|对比度).*tm-header/;

/**
 * Where a failing screen's fix is: the link that led to a missing page, the block in an error state, the theme's
 * header colour when the header's text is hard to read, else the page.
 */
function whereOf(screen: ScreenResult, region: Region, origin: OriginNode): Where | undefined {
  if (screen.problems.includes(QA_TEXTS.notFound)) return linkOrigin(region, origin, screen.route) ?? pageOrigin(region, origin, screen.from);
  if (screen.failingBlock)
    return blockOrigin(region, origin, screen.failingBlock.blockId, screen.failingBlock.type) ?? pageOrigin(region, origin, screen.route);
  const headerColour = screen.problems.some((p) => HEADER_CONTRAST.test(p)) ? headerColourOrigin(region, origin) : undefined;
  return headerColour ?? pageOrigin(region, origin, screen.route);
}

/**
 * The region's theme measured before any page is drawn: each colour pair under 4.5:1 at the line of the setting to
 * change (a header over a picture, which the walk cannot measure, is judged here by its colours alone).
 */
export function themeCases(region: Region, origin: OriginNode): QaCase[] {
  const theme = region.theme;
  if (!theme) return [];
  const failures = themeContrastFailures(theme);
  const texts = failures.map((f) =>
    f.key === 'primary'
      ? QA_TEXTS.themeContrast(QA_TEXTS.themePrimary, f.ratio, '#ffffff', theme.primary ?? '')
      : QA_TEXTS.themeContrast(QA_TEXTS.themeHeader, f.ratio, theme.headerText ?? '#ffffff', f.against),
  );
  return [
    {
      suite: region.id,
      name: '(配色)',
      where: failures.length ? locate(origin, ['theme', failures[0].key]) : undefined,
      failures: texts,
      screenshots: [],
    },
  ];
}

/** A walk's cases: one per screen, and one each for the region's orphan pages and odd outside links. */
export function walkCases(walk: RegionWalk, region: Region, origin: OriginNode, screenshotPrefix: string): QaCase[] {
  const cases: QaCase[] = walk.screens.map((screen) => ({
    suite: walk.region,
    name: screen.route,
    where: screen.problems.length ? whereOf(screen, region, origin) : undefined,
    failures: screen.problems.map((p) => QA_TEXTS.linkedFrom(p, screen.from)),
    screenshots: screen.screenshots.map((s) => `${screenshotPrefix}${s}`),
    axe: screen.axe,
    from: screen.from,
  }));
  cases.push({ suite: walk.region, name: '(详情页可达)', failures: walk.unreached.map(QA_TEXTS.unreached), screenshots: [] });
  cases.push({
    suite: walk.region,
    name: '(站外链接)',
    failures: walk.badOutside.map((o) => QA_TEXTS.badOutside(o.href, o.route)),
    where: walk.badOutside.length ? linkOrigin(region, origin, walk.badOutside[0].href) : undefined,
    screenshots: [],
  });
  return cases;
}
