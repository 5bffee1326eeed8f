/**
 * npm run bench:bundle [-- --region chunan] [--loads 7] [--no-build] [--no-routes]
 *
 * Builds the client, serves it from the real server over a seeded database and opens it in Chromium:
 *
 * 1. Bytes: each demo region's home, the gzip size of every JS and CSS file the page loaded (until the network is
 *    idle). Goal: ≤ 150 KB JS and ≤ 40 KB CSS.
 * 2. Every route's first view (the pages of the default region, chunan, each opened fresh): its JS. Goal: no route
 *    over 150 KB JS.
 * 3. Time: each region's home, fresh loads (a new browser context each: empty cache) at normal speed and with the
 *    CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), the median of `--loads` (7): the largest contentful
 *    paint (LCP, from the browser's own PerformanceObserver) and the last card — the frame from which every block
 *    of the page is drawn and none still loading. Goals: LCP ≤ 500 ms at 1× and ≤ 900 ms at 4×; last card
 *    ≤ 800 ms at 4×.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, startPortal } from '../../tests/browser/portal-harness.js';

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

/** The gzip sizes of the JS and CSS files a page loaded (as built: what a browser would fetch compressed). */
function sizes(assets: Iterable<string>) {
  let js = 0;
  let css = 0;
  let jsFiles = 0;
  let cssFiles = 0;
  for (const asset of assets) {
    const gzip = zlib.gzipSync(fs.readFileSync(path.resolve('dist/client', `.${asset}`)), { level: 9 }).length;
    if (asset.endsWith('.js')) {
      js += gzip;
      jsFiles++;
    } else {
      css += gzip;
      cssFiles++;
    }
  }
  return { js, css, jsFiles, cssFiles };
}

/** Opens a URL in a fresh context (empty cache) and returns the JS/CSS files it loaded until the network was idle. */
async function assetsOf(b: Browser, url: string): Promise<Set<string>> {
  const context = await b.newContext({ viewport: { width: 1300, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  const assets = new Set<string>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (/\.(js|css)$/.test(pathname)) assets.add(pathname);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await context.close();
  return assets;
}

/**
 * Records, from the page's first script on, every frame in which the number of drawn blocks or of blocks still
 * loading changed; the LCP entries come from the browser's own observer.
 */
const TIMELINE_SCRIPT = `(() => {
  const timeline = (window.__blockTimeline = []);
  let last = '';
  const tick = () => {
    const blocks = document.querySelectorAll('.tm-block').length;
    const loading = document.querySelectorAll('.tm-block .tm-status--loading').length;
    const key = blocks + '/' + loading;
    if (key !== last) { last = key; timeline.push({ t: performance.now(), blocks, loading }); }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

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
  const final = result.timeline[result.timeline.length - 1]!;
  // The first frame from which all the page's blocks stood drawn with none loading, for good.
  let lastCard = final.t;
  for (let i = result.timeline.length - 1; i >= 0; i--) {
    const frame = result.timeline[i]!;
    if (frame.blocks === final.blocks && frame.loading === 0) lastCard = frame.t;
    else break;
  }
  return { lcp: result.lcp, lastCard };
}

const misses: string[] = [];
try {
  console.log(`\nHome bytes (gzip; goals JS ≤ ${GOALS.jsKb} KB, CSS ≤ ${GOALS.cssKb} KB)`);
  console.log('region      JS files  JS gzip    CSS files  CSS gzip');
  for (const region of regions) {
    const s = sizes(await assetsOf(browser, `${portal.url}?region=${region}`));
    console.log(`${region.padEnd(11)} ${String(s.jsFiles).padStart(8)}  ${kb(s.js).padStart(8)}  ${String(s.cssFiles).padStart(9)}  ${kb(s.css).padStart(8)}`);
    if (s.js > GOALS.jsKb * 1024) misses.push(`${region} home JS ${kb(s.js)}`);
    if (s.css > GOALS.cssKb * 1024) misses.push(`${region} home CSS ${kb(s.css)}`);
  }

  if (!args.includes('--no-routes')) {
    const region = only ?? 'chunan';
    const pages = Object.values(portal.app.ctx.regions.load().regions.find((r) => r.id === region)?.pages ?? {}) as Array<{ route: string }>;
    const routes = [...new Set(pages.map((p) => p.route))].sort();
    console.log(`\nEvery route's first view, ${region} (JS gzip; goal ≤ ${GOALS.jsKb} KB each)`);
    let heaviest = { route: '', js: 0 };
    for (const route of routes) {
      // A detail page opens on a record, as a visitor arrives at one.
      const hash = /detail|Detail/.test(route) ? `${route}?id=1` : route;
      const { js } = sizes(await assetsOf(browser, `${portal.url}?region=${region}#${hash}`));
      if (js > heaviest.js) heaviest = { route: hash, js };
      if (js > GOALS.jsKb * 1024) {
        misses.push(`#${hash} JS ${kb(js)}`);
        console.log(`  #${hash.padEnd(36)} ${kb(js).padStart(9)}  over`);
      }
    }
    console.log(`  ${routes.length} routes; heaviest #${heaviest.route} ${kb(heaviest.js)} — ${verdict(heaviest.js <= GOALS.jsKb * 1024)}`);
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
    if (f1.lcp > GOALS.lcp1) misses.push(`${region} LCP 1× ${ms(f1.lcp)}`);
    if (f4.lcp > GOALS.lcp4) misses.push(`${region} LCP 4× ${ms(f4.lcp)}`);
    if (f4.lastCard > GOALS.lastCard4) misses.push(`${region} last card 4× ${ms(f4.lastCard)}`);
  }
  console.log(misses.length ? `\nGoals missed: ${misses.join('; ')}` : '\nEvery goal met.');
} finally {
  await browser.close();
  await portal.close();
}
