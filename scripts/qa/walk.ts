import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { evaluateCondition } from '../../engine/region/index.js';
import type { Page as PageConfig, Region } from '../../schemas/types/region.js';
import { needsRecord, screenKey } from './screens.js';
import { contrastProblems, newProblems, screenProblems, switchElderMode, type WalkMemory } from './screen-checks.js';
import { QA_TEXTS } from './texts.js';
import { visit, type Visit } from './visit.js';

/** One screen the walk opened. */
export interface ScreenResult {
  region: string;
  /** The hash route opened (`/tradingProject?idx=2`). */
  route: string;
  /** The screen it stands for (records and filters of one screen are one screen). */
  screen: string;
  /** The route it was linked from, or how the walk came to it: `(start)`, `(route table)`, `(a search)`. */
  from: string;
  /** What is wrong with it: 页面不存在, an error state, a blank page, axe findings, contrast, text too small… */
  problems: string[];
  /** The block in an error state, to point at where its YAML declares it. */
  failingBlock?: Visit['failingBlock'];
  /** How axe judged it: whole or main, contrast only (its markup judged in another region), or not again. */
  axe: 'checked' | 'contrast only' | 'checked before';
  /** Screenshots taken, relative to the walk's screenshot folder: normal, then elder mode. */
  screenshots: string[];
}

/** A region's walk: its screens, and what concerns the region as a whole. */
export interface RegionWalk {
  region: string;
  screens: ScreenResult[];
  /** Routes of detail pages no link led to. */
  unreached: string[];
  /** Outside links that are not http(s), tel: or mailto:, and the route that drew each. */
  badOutside: Array<{ href: string; route: string }>;
}

export interface WalkOptions {
  region: Region;
  /** The portal's address of a hash route in this region. */
  url: (route: string) => string;
  memory: WalkMemory;
  /** Where to write each screen's screenshot (none taken when absent). */
  screenshotDir?: string;
}

/** The region's pages shown to a visitor who is not logged in (a page whose `when` fails has no route). */
function visiblePages(region: Region): PageConfig[] {
  const context = { flags: region.flags ?? {}, region, query: {}, session: { loggedIn: false } };
  return Object.values(region.pages ?? {}).filter((p) => !p.when || evaluateCondition(p.when as never, context as never));
}

/**
 * Takes the screen's picture; the file name is its order in the walk. JPEG: a whole long page encodes several times
 * faster than as PNG, and the gallery's artifact is a fraction of the size.
 */
async function shoot(page: Page, options: WalkOptions, index: number, suffix: string): Promise<string[]> {
  if (!options.screenshotDir) return [];
  const name = `${options.region.id}/${String(index).padStart(3, '0')}${suffix}.jpg`;
  fs.mkdirSync(path.join(options.screenshotDir, options.region.id), { recursive: true });
  await page.screenshot({ path: path.join(options.screenshotDir, name), fullPage: true, type: 'jpeg', quality: 70 });
  return [name];
}

/** axe (or the cheap contrast check) on a screen, and the same in elder mode; its screenshots. */
async function judgeScreen(page: Page, options: WalkOptions, result: ScreenResult, pageId: string | undefined, index: number): Promise<void> {
  const { region, memory } = options;
  const regionScreen = `${region.id}|${result.screen}`;
  if (memory.axeChecked.has(regionScreen)) {
    result.axe = 'checked before';
    return;
  }
  memory.axeChecked.add(regionScreen);
  result.screenshots.push(...(await shoot(page, options, index, '')));
  const config = `${result.screen}|${JSON.stringify(region.pages?.[pageId ?? ''] ?? null)}`;
  const seenElsewhere = memory.axeCheckedConfig.has(config) && result.route !== '/';
  memory.axeCheckedConfig.add(config);
  if (seenElsewhere) {
    result.axe = 'contrast only';
    result.problems.push(...newProblems(memory, region.id, await contrastProblems(page)));
    return;
  }
  result.problems.push(...newProblems(memory, region.id, await screenProblems(page, memory, { shell: region.id, screen: result.screen, elder: false })));
  // Every page in elder mode (长辈版) too, switched on and off with the bar as a reader does.
  const blocks = (region.pages?.[pageId ?? ''] as PageConfig | undefined)?.blocks?.map((b) => b.type) ?? null;
  const elderKey = `${result.route.split('?')[0]}|${JSON.stringify(blocks)}`;
  if (region.elderMode === 'hidden' || memory.elderChecked.has(elderKey)) return;
  memory.elderChecked.add(elderKey);
  await switchElderMode(page, true);
  result.screenshots.push(...(await shoot(page, options, index, '-elder')));
  const elderProblems = await screenProblems(page, memory, { shell: `${region.id} 长辈版`, screen: result.screen, elder: true });
  result.problems.push(...newProblems(memory, region.id, elderProblems.map(QA_TEXTS.elder)));
  await switchElderMode(page, false);
}

/**
 * Walks a region as a visitor does: from the home page, a search, and every page of its route table that needs no
 * record, following every link the portal draws, each screen once; axe on each screen in normal and elder mode.
 * The page must be open on the portal already (any route of this region).
 */
export async function walkRegion(page: Page, options: WalkOptions): Promise<RegionWalk> {
  const { region } = options;
  const pages = visiblePages(region);
  const queue: Array<{ route: string; from: string }> = [
    { route: '/', from: '(start)' },
    { route: `/quanzhansousuo?keyword=${encodeURIComponent('农村')}`, from: '(a search)' },
  ];
  for (const p of pages) if (!needsRecord(p) && p.route !== '/') queue.push({ route: p.route, from: '(route table)' });
  const seen = new Set(queue.map((q) => screenKey(q.route)));
  const visitedPaths = new Set<string>();
  const badOutside = new Map<string, { href: string; route: string }>();
  const screens: ScreenResult[] = [];
  /** The id of the page a route shows (undefined: not found), to tell a new page from the same one re-queried. */
  const pageIdOf = (route: string) => Object.entries(region.pages ?? {}).find(([, p]) => p.route === route.split('?')[0] && pages.includes(p))?.[0];
  let shown = pageIdOf('/');
  while (queue.length > 0) {
    const { route, from } = queue.shift()!;
    const next = pageIdOf(route);
    const shownBefore = shown;
    shown = next;
    const result: ScreenResult = { region: region.id, route, screen: screenKey(route), from, problems: [], axe: 'checked', screenshots: [] };
    screens.push(result);
    let seenScreen: Visit;
    try {
      seenScreen = await visit(page, options.url(route), next && shownBefore && next !== shownBefore ? { hashTo: next } : 'fresh document');
    } catch (error) {
      result.problems.push(QA_TEXTS.unfinished(error instanceof Error ? error.message.split('\n')[0] : String(error)));
      shown = undefined;
      continue;
    }
    visitedPaths.add(route.split('?')[0]);
    if (seenScreen.problem) {
      result.problems.push(seenScreen.problem);
      result.failingBlock = seenScreen.failingBlock;
      result.screenshots.push(...(await shoot(page, options, screens.length, '')));
    } else {
      await judgeScreen(page, options, result, next, screens.length);
    }
    for (const src of seenScreen.brokenPictures) result.problems.push(QA_TEXTS.brokenPicture(src));
    for (const href of seenScreen.outside)
      if (!/^(https?:\/\/|tel:|mailto:)/i.test(href) && !badOutside.has(`${href} ${route}`)) badOutside.set(`${href} ${route}`, { href, route });
    for (const link of seenScreen.links) {
      const key = screenKey(link);
      if (seen.has(key)) continue;
      seen.add(key);
      queue.push({ route: link, from: route });
    }
    if (seen.size >= 400) throw new Error(QA_TEXTS.endless(region.id));
  }
  // Every detail page of the route table is reached from a list: none is an orphan only a typed address finds.
  const unreached = pages.filter((p) => needsRecord(p) && !visitedPaths.has(p.route)).map((p) => p.route);
  return { region: region.id, screens, unreached, badOutside: [...badOutside.values()] };
}
