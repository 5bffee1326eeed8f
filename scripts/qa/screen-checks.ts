import type { Page } from 'playwright-core';
import { AIDS_STORAGE_KEY, ELDER_PRESET, NO_AIDS } from '../../engine/accessibility/index.js';
import { seriousViolations } from '../../tests/browser/portal-harness.js';
import { readability } from '../../tests/browser/readability.js';
import { QA_TEXTS } from './texts.js';

/**
 * What one walk remembers across regions, so the same markup is not judged twice: the demo regions share almost
 * every page config (`_base`); a later region's screen with the very same config is not run through axe again — the
 * same blocks draw the same markup — but its text is still measured against 4.5:1 in that region's own colours.
 */
export interface WalkMemory {
  /** Screens axe checked, as `route's screen|the page's config`. */
  axeCheckedConfig: Set<string>;
  /** Screens axe has checked, as `region|screen`: every screen of every region, in normal and in elder mode. */
  axeChecked: Set<string>;
  /** Pages checked in elder mode, as `/path|block types`. */
  elderChecked: Set<string>;
  /** Regions (and `region 长辈版`) whose shell — reading-aids bar, header, nav, footer — axe has checked whole. */
  shellChecked: Set<string>;
  /** Screens whose colour contrast axe's own rule has judged, in some region. */
  contrastJudged: Set<string>;
  /** Problems of a region's shell reported already, as `region|problem`: the same on every screen, told once. */
  shellProblems: Set<string>;
  axeRuns: number;
}

export function newWalkMemory(): WalkMemory {
  return {
    axeCheckedConfig: new Set(),
    axeChecked: new Set(),
    elderChecked: new Set(),
    shellChecked: new Set(),
    contrastJudged: new Set(),
    shellProblems: new Set(),
    axeRuns: 0,
  };
}

/** An element of the shell every screen shows: the reading-aids bar, the header, the navigation, the footer. */
const SHELL = /\btm-(aids|header|nav|footer|site-header|site-footer)(__|\b)/;

/**
 * The problems not reported yet: one that names the shell (a header colour under 4.5:1) is the same on every screen
 * of the region, and is told on the first screen that shows it only.
 */
export function newProblems(memory: WalkMemory, region: string, problems: readonly string[]): string[] {
  return problems.filter((problem) => {
    if (!SHELL.test(problem)) return true;
    const key = `${region}|${problem}`;
    if (memory.shellProblems.has(key)) return false;
    memory.shellProblems.add(key);
    return true;
  });
}

/**
 * What is wrong with the screen shown, by axe: the whole page for a region's (or mode's) first screen, then only the
 * main content — the bar, header, nav and footer are the same on every screen, and axe's time grows with the nodes
 * it checks. axe's colour-contrast rule judges each screen once; the same screen in another region, and every screen
 * in elder mode, have it replaced by readability(), which measures every text node against 4.5:1 in a fraction of
 * the time, and in elder mode what elder mode promises: no text under 18 px and no sideways scrolling.
 */
export async function screenProblems(
  page: Page,
  memory: WalkMemory,
  { shell, screen, elder }: { shell: string; screen: string; elder: boolean },
): Promise<string[]> {
  const within = memory.shellChecked.has(shell) ? 'main' : undefined;
  memory.shellChecked.add(shell);
  memory.axeRuns++;
  const axeContrast = !elder && !memory.contrastJudged.has(screen);
  if (axeContrast) memory.contrastJudged.add(screen);
  const problems = (await seriousViolations(page, { within, skipRules: axeContrast ? [] : ['color-contrast'] })).map(QA_TEXTS.axe);
  if (axeContrast) return problems;
  const seen = await readability(page, { floorPx: elder ? 18 : 0 });
  problems.push(...seen.lowContrast.map(QA_TEXTS.lowContrast));
  problems.push(...seen.underFloor.map(QA_TEXTS.smallText));
  if (elder && seen.scrollsSideways) problems.push(QA_TEXTS.scrollsSideways);
  return problems;
}

/** Text under 4.5:1 on the screen shown, in this region's colours (the cheap check for a screen axe judged elsewhere). */
export async function contrastProblems(page: Page): Promise<string[]> {
  return (await readability(page)).lowContrast.map(QA_TEXTS.lowContrast);
}

/**
 * 长辈版 on or off with the bar's button, as a reader does; behind a modal dialog (the page is inert there) the choice
 * is stored as the bar stores it and the screen loaded again.
 */
export async function switchElderMode(page: Page, on: boolean): Promise<void> {
  const behindModal = await page.evaluate(() => [...document.querySelectorAll('dialog[open]')].some((d) => d.matches(':modal')));
  if (behindModal) {
    await page.evaluate(([key, aids]) => localStorage.setItem(key, aids), [AIDS_STORAGE_KEY, JSON.stringify(on ? ELDER_PRESET : NO_AIDS)] as const);
    await page.reload({ waitUntil: 'networkidle' });
  } else {
    await page.getByRole('button', { name: on ? '长辈版' : '退出长辈版', exact: true }).click();
  }
  await page.waitForFunction((wanted) => document.documentElement.classList.contains('tm-elder') === wanted, on);
}
