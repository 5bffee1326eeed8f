import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AIDS_STORAGE_KEY, ELDER_PRESET, NO_AIDS } from '../../engine/accessibility/index.js';
import { evaluateCondition } from '../../engine/region/index.js';
import { loadRegionCatalog } from '../../engine/region-files/index.js';
import type { Page as PageConfig, Region } from '../../schemas/types/region.js';
import { seriousViolations, withPortalInChromium } from './portal-harness.js';
import { readability } from './readability.js';

// No dead ends: in every demo region, every route of the region's page table renders real content, and
// every link the portal draws — nav, footer, home blocks, lists, details — leads to a real page. A visitor walks the
// portal from its home page, following each kind of link once, as far as the links go.
const chromium = withPortalInChromium();
const catalog = loadRegionCatalog(path.resolve('regions'));
const DEMO_REGIONS = ['chunan', 'chunan-dev', 'xinyang', 'lantian', 'shouguang'];
/**
 * Screens axe checked, as `route's screen|the page's config`, over all regions walked so far. The demo regions share
 * almost every page config (`_base`); a later region's screen with the very same config is not run through axe again —
 * the same blocks draw the same markup — but its text is still measured against 4.5:1 in that region's own colours
 * (readability(), a fraction of axe's time). Each region's first screen is always checked whole (its own shell), and
 * every route is still walked and every link followed.
 */
const axeCheckedConfig = new Set<string>();
/** Screens axe has checked, as `region|screen`: every screen of every region, in normal and in elder mode. */
const axeChecked = new Set<string>();
/**
 * Pages checked in elder mode, as `/path|block types`: each page once, whatever its query, and once over all regions
 * where regions draw it with the same blocks. Elder mode's promises (text of 18 px or more, no sideways scrolling,
 * contrast) come from the blocks and the shell; a region's own colours are judged on every screen in normal mode.
 */
const elderChecked = new Set<string>();
/** Regions (and `region 长辈版`) whose shell — reading-aids bar, header, nav, footer — axe has checked on a whole page. */
const shellChecked = new Set<string>();
let axeRuns = 0;

/** Query keys whose value picks another record or filter of the same screen, not another screen: one visit stands for all. */
const SAME_SCREEN_KEYS = new Set([
  'id',
  'page',
  'pageNum',
  'keyword',
  'keys',
  'dm',
  'deptName',
  'deptCode',
  'deptId',
  'parentId',
  'number',
  'statusIndex',
  'index',
  'area',
  'area1',
  'area2',
  'pid',
  'classname',
  'item',
  'backUrl',
  'remark',
  'address',
  'cid',
]);

/** A route and the query values that choose a screen: `/announcement?type=3`, `/tradingProject?idx=1`. */
function screenKey(hashRoute: string): string {
  const [pathPart, search = ''] = hashRoute.split('?');
  const query = new URLSearchParams(search);
  const params = [...query.entries()].filter(([k]) => !SAME_SCREEN_KEYS.has(k)).sort();
  // A place window (dm/deptId in the address) shows another place: a screen of its own, once for all places.
  const place = query.has('dm') || query.has('deptId') ? '@place' : '';
  return (params.length ? `${pathPart}?${new URLSearchParams(params).toString()}` : pathPart) + place;
}

/** A detail page: it reads the record id from the address, so it is reached from its list, not opened bare. */
function needsRecord(page: PageConfig): boolean {
  return /detail/i.test(page.route) && JSON.stringify(page.blocks ?? []).includes('"query.id"');
}

interface Visit {
  /** What is wrong with the page, or undefined. */
  problem?: string;
  /** Hash routes (`/x?y=1`) of the portal's own links on the page. */
  links: string[];
  /** Outside addresses the page links to. */
  outside: string[];
}

/**
 * Opens a screen. Another page of the table is reached as a visitor reaches it, by the address's hash in the running
 * portal: the router draws that page (its `tm-page--<id>` shell) with every block mounted afresh (block keys carry
 * the page id), so nothing of the last screen survives. The same page with another query, an unknown page, or a
 * screen after a dialog is loaded as a fresh document instead: there the mounted blocks would stay.
 */
async function visit(page: Page, url: string, reachBy: { hashTo: string } | 'fresh document'): Promise<Visit> {
  if (reachBy === 'fresh document' || (await page.evaluate(() => Boolean(document.querySelector('[role="dialog"], [role="alertdialog"], .semi-modal-wrap'))))) {
    await page.goto('about:blank');
    await page.goto(url, { waitUntil: 'domcontentloaded' });
  } else {
    await page.evaluate((hash) => {
      window.location.hash = hash;
    }, new URL(url).hash);
    await page.waitForSelector(`.tm-page--${reachBy.hashTo}`, { state: 'attached', timeout: 20_000 });
  }
  // Drawn: the app has replaced the first paint (the header the server writes into the page, drawn before any
  // script), no block still loads, and either some block or the not-found page shows.
  await page.waitForFunction(
    () =>
      !document.querySelector('.tm-first-paint') &&
      (document.querySelector('[data-block]') || document.body.innerText.includes('页面不存在')) &&
      !document.querySelector('.tm-status--loading'),
    undefined,
    { timeout: 20_000 },
  );
  // Blocks that load in a second step (a list after its categories) start it in the render or the effects that follow
  // the first step's data: two frames give them their turn (a fixed wait here was a tenth of the walk's time).
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
  await page.waitForFunction(() => !document.querySelector('.tm-status--loading'), undefined, { timeout: 20_000 });
  return page.evaluate(() => {
    const main = document.querySelector('main');
    const text = (main?.innerText ?? '').replace(/\s+/g, '');
    let problem: string | undefined;
    if (document.body.innerText.includes('页面不存在')) problem = '页面不存在';
    else if (document.querySelector('.tm-status--error')) problem = `error state: ${document.querySelector('.tm-status--error')!.textContent}`;
    else if (!main || text.length < 8) problem = `blank page (${JSON.stringify(text)})`;
    const links: string[] = [];
    const outside: string[] = [];
    for (const a of document.querySelectorAll('a[href]')) {
      const raw = a.getAttribute('href')!;
      let url: URL;
      try {
        // Resolved from the attribute: an SVG <a> (the town map) has no string `href` property.
        url = new URL(raw, location.href);
      } catch {
        outside.push(raw);
        continue;
      }
      if (url.origin !== location.origin) outside.push(raw);
      // The portal's own screens (a place window is the same page with the place in its address, in a new window).
      else if (url.hash.startsWith('#/')) links.push(url.hash.slice(1));
      // A file of the portal's own (a download, a picture), or an in-page anchor such as the skip link.
      else if (!url.hash && url.pathname !== '/' && !raw.startsWith('#')) continue;
      else if (!raw.startsWith('#') && raw !== '') outside.push(raw);
    }
    return { problem, links, outside };
  });
}

/** Screens whose colour contrast axe's own rule has judged, in some region (the regions share the blocks' styles). */
const contrastJudged = new Set<string>();

/**
 * What is wrong with the screen shown, by axe: the whole page for a region's (or mode's) first screen, then only the
 * main content — the bar, header, nav and footer are the same on every screen, and axe's time grows with the nodes
 * it checks.
 *
 * axe's colour-contrast rule (most of its time) judges each screen once; the same screen in another region, and every
 * screen in elder mode, have it replaced by readability(), which measures every text node against 4.5:1 (stricter
 * than axe's 3:1 for large text) in a fraction of the time. In elder mode it also checks what elder mode promises: no
 * text under 18 px and no sideways scrolling.
 */
async function screenProblems(page: Page, { shell, screen, elder }: { shell: string; screen: string; elder: boolean }): Promise<string[]> {
  const within = shellChecked.has(shell) ? 'main' : undefined;
  shellChecked.add(shell);
  axeRuns++;
  const axeContrast = !elder && !contrastJudged.has(screen);
  if (axeContrast) contrastJudged.add(screen);
  const problems = (await seriousViolations(page, { within, skipRules: axeContrast ? [] : ['color-contrast'] })).map((v) => `axe ${v}`);
  if (axeContrast) return problems;
  const seen = await readability(page, { floorPx: elder ? 18 : 0 });
  problems.push(...seen.lowContrast.map((low) => `contrast ${low}`));
  problems.push(...seen.underFloor.map((small) => `text of ${small}`));
  if (elder && seen.scrollsSideways) problems.push('scrolls sideways');
  return problems;
}

/**
 * 长辈版 on or off with the bar's button, as a reader does; behind a modal dialog (the page is inert there) the choice
 * is stored as the bar stores it and the screen loaded again.
 */
async function switchElderMode(page: Page, on: boolean): Promise<void> {
  const behindModal = await page.evaluate(() => [...document.querySelectorAll('dialog[open]')].some((d) => d.matches(':modal')));
  if (behindModal) {
    await page.evaluate(([key, aids]) => localStorage.setItem(key, aids), [AIDS_STORAGE_KEY, JSON.stringify(on ? ELDER_PRESET : NO_AIDS)] as const);
    await page.reload({ waitUntil: 'networkidle' });
  } else {
    await page.getByRole('button', { name: on ? '长辈版' : '退出长辈版', exact: true }).click();
  }
  await page.waitForFunction((wanted) => document.documentElement.classList.contains('tm-elder') === wanted, on);
}

describe.each(DEMO_REGIONS)('region %s', (regionId) => {
  it('every route renders real content and every link leads to a real page', async () => {
    const region = catalog.regions.find((r) => r.id === regionId) as unknown as Region;
    expect(region, `region ${regionId}`).toBeDefined();
    const context = { flags: region.flags ?? {}, region, query: {}, session: { loggedIn: false } };
    const pages = Object.values(region.pages ?? {}).filter((p) => !p.when || evaluateCondition(p.when as never, context as never));

    // The visitor also searches the site once, so the search results' links are followed too.
    const queue: Array<{ route: string; from: string }> = [
      { route: '/', from: '(start)' },
      { route: `/quanzhansousuo?keyword=${encodeURIComponent('农村')}`, from: '(a search)' },
    ];
    // Every page that needs no record is also opened directly (the page table is the spec's route list as configured).
    for (const p of pages) if (!needsRecord(p) && p.route !== '/') queue.push({ route: p.route, from: '(route table)' });
    const seen = new Set(queue.map((q) => screenKey(q.route)));
    const visitedPaths = new Set<string>();
    const problems: string[] = [];
    const badOutside = new Set<string>();

    const { page, errors, cspViolations } = await chromium.openPage({ region: regionId, route: '/' });
    /** The id of the page a route shows (undefined: not found), to tell a new page from the same one re-queried. */
    const pageIdOf = (route: string) => Object.entries(region.pages ?? {}).find(([, p]) => p.route === route.split('?')[0] && pages.includes(p))?.[0];
    let shown = pageIdOf('/');
    /** True when an earlier region's walk ran axe on this screen with the same page config; marks it checked. */
    const axeCheckedElsewhere = (route: string, pageId: string | undefined) => {
      const config = `${screenKey(route)}|${JSON.stringify(region.pages?.[pageId ?? ''] ?? null)}`;
      const checked = axeCheckedConfig.has(config);
      axeCheckedConfig.add(config);
      return checked && route !== '/';
    };
    try {
      while (queue.length > 0) {
        const { route, from } = queue.shift()!;
        const next = pageIdOf(route);
        const result = await visit(page, chromium.url({ region: regionId, route }), next && shown && next !== shown ? { hashTo: next } : 'fresh document');
        shown = next;
        visitedPaths.add(route.split('?')[0]);
        if (result.problem) problems.push(`${route} (linked from ${from}): ${result.problem}`);
        else if (axeChecked.has(`${regionId}|${screenKey(route)}`)) {
          // This screen of this region was checked already (another record or filter of it).
        } else if (axeCheckedElsewhere(route, next)) {
          axeChecked.add(`${regionId}|${screenKey(route)}`);
          for (const low of (await readability(page)).lowContrast) problems.push(`${route}: contrast ${low}`);
        } else {
          axeChecked.add(`${regionId}|${screenKey(route)}`);
          for (const problem of await screenProblems(page, { shell: regionId, screen: screenKey(route), elder: false })) problems.push(`${route}: ${problem}`);
          // Every route in elder mode (长辈版) too, switched on and off with the bar as a reader does.
          const elderKey = `${route.split('?')[0]}|${JSON.stringify((region.pages?.[next ?? ''] as PageConfig | undefined)?.blocks?.map((b) => b.type) ?? null)}`;
          if (region.elderMode !== 'hidden' && !elderChecked.has(elderKey)) {
            elderChecked.add(elderKey);
            await switchElderMode(page, true);
            for (const problem of await screenProblems(page, { shell: `${regionId} 长辈版`, screen: screenKey(route), elder: true }))
              problems.push(`${route} (长辈版): ${problem}`);
            await switchElderMode(page, false);
          }
        }
        for (const href of result.outside) if (!/^(https?:\/\/|tel:|mailto:)/i.test(href)) badOutside.add(`${href} on ${route}`);
        for (const link of result.links) {
          const key = screenKey(link);
          if (seen.has(key)) continue;
          seen.add(key);
          queue.push({ route: link, from: route });
        }
        expect(seen.size, 'the walk stays bounded').toBeLessThan(400);
      }
      // Every page ran under the production Content-Security-Policy without a violation.
      console.log(
        `no dead ends, ${regionId}: ${visitedPaths.size} routes, ${seen.size} screens walked, CSP violations ${cspViolations.length}; axe runs so far over all regions: ${axeRuns}`,
      );
      expect(cspViolations).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
    // Every detail page of the route table is reached from a list: none is an orphan only a typed address finds.
    const unreached = pages.filter((p) => needsRecord(p) && !visitedPaths.has(p.route)).map((p) => `${p.route}: no link leads here`);
    const outside = [...badOutside].map((o) => `not an http(s) address: ${o}`);
    expect([...problems, ...outside, ...unreached]).toEqual([]);
  }, 900_000);
});
