/**
 * npm run bench:bundle [-- --region chunan] [--loads 7] [--no-build] [--no-routes]
 *
 * Builds the client, serves it from the real server over a seeded database and opens it in Chromium:
 *
 * 1. Bytes: each demo region's home, the gzip size of every JS and CSS file of its first view — requested before
 *    every block of the page stood drawn (the last card) — and, apart, the JS fetched after it until the network was
 *    idle (the statistics page's chart library, drawn once its numbers are). Goal: ≤ 150 KB JS and ≤ 40 KB CSS.
 * 2. Every route's first view (the pages of the default region, chunan, each opened fresh): its JS, each printed.
 *    Goal: no route over 150 KB JS.
 * 3. Time: each region's home, fresh loads (a new browser context each: empty cache) at normal speed and with the
 *    CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), the median of `--loads` (7): the largest contentful
 *    paint (LCP, from the browser's own PerformanceObserver) and the last card — the frame from which every block
 *    of the page is drawn and none still loading. Goals: LCP ≤ 500 ms at 1× and ≤ 900 ms at 4×; last card
 *    ≤ 800 ms at 4×.
 *
 * The last line is `RESULT {json}`: every figure, its goal, the machine's load average and what was missed.
 */
import { execSync } from 'node:child_process';
import os from 'node:os';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, startPortal } from '../../tests/browser/portal-harness.js';
import { lastCardOf, sizes, TIMELINE_SCRIPT } from './first-view.js';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const only = option('--region');
const regions = only ? [only] : ['chunan', 'xinyang', 'lantian', 'shouguang'];
const loads = Number(option('--loads') ?? 7);
const GOALS = { jsKb: 150, cssKb: 40, lcp1: 500, lcp4: 900, lastCard4: 800 };

if (!args.includes('--no-build')) execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
const portal = await startPortal();
const browser = await launchChromium();
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n: number) => `${Math.round(n)} ms`;
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Opens a URL in a fresh context (empty cache) and returns the JS/CSS files of its first view — those requested
 * until every block stood drawn (the last card) — and the JS it fetched afterwards, until the network was idle (a
 * chart library loaded once the numbers are drawn, a widget on idle).
 */
/** Links to detail pages seen on the pages measured so far, by route: a detail route opens on a record they name. */
const detailLinks = new Map<string, string>();

async function assetsOf(b: Browser, url: string): Promise<{ first: Set<string>; later: Set<string>; missing: boolean }> {
  const context = await b.newContext({ viewport: { width: 1300, height: 900 }, locale: 'zh-CN' });
  await context.addInitScript(TIMELINE_SCRIPT);
  const page = await context.newPage();
  // A record that is not there (404 from the API) shows an error notification, code a visitor's first view lacks.
  let missing = false;
  page.on('response', (response) => {
    if (response.status() === 404 && new URL(response.url()).pathname.startsWith('/prod-api/')) missing = true;
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const { lastCard, resources } = await page.evaluate(() => ({
    lastCard: 0,
    timeline: (window as unknown as { __blockTimeline: Array<{ t: number; blocks: number; loading: number }> }).__blockTimeline,
    resources: performance.getEntriesByType('resource').map((e) => ({ path: new URL(e.name).pathname, start: e.startTime })),
  })).then((r) => ({ ...r, lastCard: lastCardOf(r.timeline) }));
  for (const href of await page.evaluate(() => [...document.querySelectorAll<HTMLAnchorElement>('a[href*="?id="]')].map((a) => a.getAttribute('href') ?? ''))) {
    const hash = href.replace(/^[^#]*#/, '');
    const route = hash.split('?')[0]!;
    if (!detailLinks.has(route)) detailLinks.set(route, hash);
  }
  await context.close();
  const first = new Set<string>();
  const later = new Set<string>();
  for (const { path: pathname, start } of resources) {
    if (!/\.(js|css)$/.test(pathname)) continue;
    // A page that never drew a block (NaN) counts everything as its first view.
    (start > lastCard ? later : first).add(pathname);
  }
  for (const asset of first) later.delete(asset);
  return { first, later, missing };
}

/**
 * A detail route opened on a record that exists, as a visitor arrives at one: a link seen on a list page, else the
 * first of a few ids the API has.
 */
async function detailAssetsOf(b: Browser, base: string, route: string): Promise<{ hash: string; first: Set<string>; later: Set<string> }> {
  let result: Awaited<ReturnType<typeof assetsOf>> | undefined;
  let hash = '';
  const linked = detailLinks.get(route);
  for (const candidate of [...(linked ? [linked] : []), ...[1, 2, 3, 5, 8, 13, 21, 34].map((id) => `${route}?id=${id}`)]) {
    hash = candidate;
    result = await assetsOf(b, `${base}#${hash}`);
    if (!result.missing) break;
  }
  return { hash: result!.missing ? `${route}?id=1 (no record found)` : hash, first: result!.first, later: result!.later };
}

async function timeOneLoad(b: Browser, url: string, rate: number): Promise<{ lcp: number; lastCard: number }> {
  const context = await b.newContext({ viewport: { width: 1300, height: 900 }, locale: 'zh-CN' });
  await context.addInitScript(TIMELINE_SCRIPT);
  const page: Page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.goto(url, { waitUntil: 'networkidle' });
  // LCP is final once the page settles; the buffered entries give its last candidate.
  const result = await page.evaluate(
    () =>
      new Promise<{ lcp: number; timeline: Array<{ t: number; blocks: number; loading: number }> }>((resolve) => {
        const timeline = (window as unknown as { __blockTimeline: never }).__blockTimeline;
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve({ lcp: entries[entries.length - 1]!.startTime, timeline });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        // A page that painted nothing contentful reports none: say so rather than wait forever.
        setTimeout(() => resolve({ lcp: Number.NaN, timeline }), 3000);
      }),
  );
  await context.close();
  return { lcp: result.lcp, lastCard: lastCardOf(result.timeline) };
}

const misses: string[] = [];
/** Every figure with its goal, for the last line (`RESULT {json}`) that `npm run bench` collects into bench/report.md. */
const result: {
  bench: 'bundle';
  goals: typeof GOALS;
  loads: number;
  load: string;
  home: Record<string, { jsKb: number; cssKb: number; laterJsKb: number; lcp1: number; lastCard1: number; lcp4: number; lastCard4: number }>;
  routes: { region: string; count: number; heaviest: string; heaviestKb: number; overGoal: Record<string, number>; laterJsKb: Record<string, number> } | null;
  met: boolean;
  missed: string[];
} = { bench: 'bundle', goals: GOALS, loads, load: os.loadavg().map((l) => l.toFixed(2)).join(' '), home: {}, routes: null, met: false, missed: misses };
const round1 = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
try {
  console.log(`\nHome bytes, first view (gzip; goals JS ≤ ${GOALS.jsKb} KB, CSS ≤ ${GOALS.cssKb} KB; "later": JS fetched after every block is drawn)`);
  console.log('region      JS files  JS gzip    CSS files  CSS gzip   later JS');
  for (const region of regions) {
    const { first, later } = await assetsOf(browser, `${portal.url}?region=${region}`);
    const s = sizes(first);
    const after = sizes(later);
    console.log(`${region.padEnd(11)} ${String(s.jsFiles).padStart(8)}  ${kb(s.js).padStart(8)}  ${String(s.cssFiles).padStart(9)}  ${kb(s.css).padStart(8)}  ${kb(after.js).padStart(9)}`);
    result.home[region] = { jsKb: round1(s.js), cssKb: round1(s.css), laterJsKb: round1(after.js), lcp1: Number.NaN, lastCard1: Number.NaN, lcp4: Number.NaN, lastCard4: Number.NaN };
    if (s.js > GOALS.jsKb * 1024) misses.push(`${region} home JS ${kb(s.js)}`);
    if (s.css > GOALS.cssKb * 1024) misses.push(`${region} home CSS ${kb(s.css)}`);
  }

  if (!args.includes('--no-routes')) {
    const region = only ?? 'chunan';
    const pages = Object.values(portal.app.ctx.regions.load().regions.find((r) => r.id === region)?.pages ?? {}) as Array<{ route: string }>;
    const routes = [...new Set(pages.map((p) => p.route))].sort();
    console.log(`\nEvery route's first view, ${region} (JS gzip; goal ≤ ${GOALS.jsKb} KB each; later JS after the first view)`);
    const routeFigures: NonNullable<typeof result.routes> = { region, count: routes.length, heaviest: '', heaviestKb: 0, overGoal: {}, laterJsKb: {} };
    // Lists before details: a list's links name records that exist.
    const isDetail = (route: string) => /detail|Detail/.test(route);
    for (const route of [...routes.filter((r) => !isDetail(r)), ...routes.filter(isDetail)]) {
      const base = `${portal.url}?region=${region}`;
      const { hash, first, later } = isDetail(route) ? await detailAssetsOf(browser, base, route) : { hash: route, ...(await assetsOf(browser, `${base}#${route}`)) };
      const { js } = sizes(first);
      const after = sizes(later).js;
      if (js > routeFigures.heaviestKb * 1024) Object.assign(routeFigures, { heaviest: `#${hash}`, heaviestKb: round1(js) });
      if (after) routeFigures.laterJsKb[`#${hash}`] = round1(after);
      const over = js > GOALS.jsKb * 1024;
      if (over) {
        misses.push(`#${hash} JS ${kb(js)}`);
        routeFigures.overGoal[`#${hash}`] = round1(js);
      }
      console.log(`  #${hash.padEnd(42)} ${kb(js).padStart(9)}${after ? `  (+${kb(after)} later)` : ''}${over ? '  over' : ''}`);
    }
    result.routes = routeFigures;
    console.log(`  ${routes.length} routes; heaviest ${routeFigures.heaviest} ${routeFigures.heaviestKb} KB — ${verdict(routeFigures.heaviestKb <= GOALS.jsKb)}`);
  }

  console.log(`\nHome timing, median of ${loads} fresh loads (goals: LCP ≤ ${GOALS.lcp1} ms at 1×, ≤ ${GOALS.lcp4} ms at 4×; last card ≤ ${GOALS.lastCard4} ms at 4×)`);
  console.log('region      LCP 1×    last card 1×   LCP 4×    last card 4×');
  for (const region of regions) {
    const url = `${portal.url}?region=${region}`;
    const figures: Record<number, { lcp: number; lastCard: number }> = {};
    for (const rate of [1, 4]) {
      const runs = [];
      // One load first, not counted: the server's own caches (region, lead pictures, lists) warm as in production.
      await timeOneLoad(browser, url, rate);
      for (let i = 0; i < loads; i++) runs.push(await timeOneLoad(browser, url, rate));
      figures[rate] = { lcp: median(runs.map((r) => r.lcp)), lastCard: median(runs.map((r) => r.lastCard)) };
    }
    const f1 = figures[1]!;
    const f4 = figures[4]!;
    console.log(`${region.padEnd(11)} ${ms(f1.lcp).padStart(7)}  ${ms(f1.lastCard).padStart(12)}  ${ms(f4.lcp).padStart(8)}  ${ms(f4.lastCard).padStart(13)}`);
    Object.assign(result.home[region]!, { lcp1: Math.round(f1.lcp), lastCard1: Math.round(f1.lastCard), lcp4: Math.round(f4.lcp), lastCard4: Math.round(f4.lastCard) });
    if (f1.lcp > GOALS.lcp1) misses.push(`${region} LCP 1× ${ms(f1.lcp)}`);
    if (f4.lcp > GOALS.lcp4) misses.push(`${region} LCP 4× ${ms(f4.lcp)}`);
    if (f4.lastCard > GOALS.lastCard4) misses.push(`${region} last card 4× ${ms(f4.lastCard)}`);
  }
  console.log(misses.length ? `\nGoals missed: ${misses.join('; ')}` : '\nEvery goal met.');
  result.met = misses.length === 0;
  console.log(`RESULT ${JSON.stringify(result)}`);
} finally {
  await browser.close();
  await portal.close();
}
