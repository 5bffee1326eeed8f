/**
 * What the first-view benchmarks share (bench:bundle, bench:console): the block timeline a page records from its
 * first script on, the frame from which every block stood drawn (the last card), and the gzip size of the files
 * loaded before and after it.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';

/** The gzip sizes of the JS and CSS files a page loaded (as built: what a browser would fetch compressed). */
export function sizes(assets: Iterable<string>) {
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

/**
 * Records, from the page's first script on, every frame in which the number of drawn blocks or of blocks still
 * loading changed; the LCP entries come from the browser's own observer.
 */
export const TIMELINE_SCRIPT = `(() => {
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

/** The frame from which every block of the page stood drawn with none loading, for good (page clock, ms). */
export function lastCardOf(timeline: Array<{ t: number; blocks: number; loading: number }>): number {
  const final = timeline[timeline.length - 1];
  if (!final) return Number.NaN;
  let lastCard = final.t;
  for (let i = timeline.length - 1; i >= 0; i--) {
    const frame = timeline[i]!;
    if (frame.blocks === final.blocks && frame.loading === 0) lastCard = frame.t;
    else break;
  }
  return lastCard;
}

/**
 * The JS and CSS files a page opened in a fresh context requested until its last card (`first`: its first view),
 * and those requested after it until the network went idle (`later`: a chart library loaded once the figures are
 * drawn, a widget on idle). Call once the page has gone idle.
 */
export async function firstViewAssets(page: Page): Promise<{ first: Set<string>; later: Set<string>; lastCard: number }> {
  const { timeline, resources } = await page.evaluate(() => ({
    timeline: (window as unknown as { __blockTimeline: Array<{ t: number; blocks: number; loading: number }> }).__blockTimeline,
    resources: performance.getEntriesByType('resource').map((e) => ({ path: new URL(e.name).pathname, start: e.startTime })),
  }));
  const lastCard = lastCardOf(timeline);
  const first = new Set<string>();
  const later = new Set<string>();
  for (const { path: pathname, start } of resources) {
    if (!/\.(js|css)$/.test(pathname)) continue;
    // A page that never drew a block (NaN) counts everything as its first view.
    (start > lastCard ? later : first).add(pathname);
  }
  for (const asset of first) later.delete(asset);
  return { first, later, lastCard };
}
