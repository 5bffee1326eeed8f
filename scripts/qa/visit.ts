import type { Page } from 'playwright-core';
import { QA_TEXTS } from './texts.js';

/** What a screen showed: what is wrong with it, and where its links go. */
export interface Visit {
  /** What is wrong with the page, or undefined. */
  problem?: string;
  /** The block that shows an error state: its type and its id on the page (`<page>-<type>-<index>`), when framed. */
  failingBlock?: { type: string; blockId?: string };
  /** Hash routes (`/x?y=1`) of the portal's own links on the page. */
  links: string[];
  /** Outside addresses the page links to. */
  outside: string[];
  /** Pictures that did not load (their src). */
  brokenPictures: string[];
}

/**
 * Opens a screen. Another page of the table is reached as a visitor reaches it, by the address's hash in the running
 * portal: the router draws that page (its `tm-page--<id>` shell) with every block mounted afresh (block keys carry
 * the page id), so nothing of the last screen survives. The same page with another query, an unknown page, or a
 * screen after a dialog is loaded as a fresh document instead: there the mounted blocks would stay.
 */
export async function visit(page: Page, url: string, reachBy: { hashTo: string } | 'fresh document'): Promise<Visit> {
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
  // the first step's data: two frames give them their turn.
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
  await page.waitForFunction(() => !document.querySelector('.tm-status--loading'), undefined, { timeout: 20_000 });
  const { state, ...seen } = await page.evaluate(readScreen);
  // The page says what it found; the words are written here, where the reports' texts are.
  const problem =
    state?.kind === 'notFound'
      ? QA_TEXTS.notFound
      : state?.kind === 'error'
        ? QA_TEXTS.errorState(state.text)
        : state?.kind === 'blank'
          ? QA_TEXTS.blank(state.text)
          : undefined;
  return { ...seen, problem };
}

/** What is wrong with a screen, as the page finds it. */
type ScreenState = { kind: 'notFound' | 'error' | 'blank'; text: string } | undefined;

/** Runs in the page: the screen's state and links. */
function readScreen(): Omit<Visit, 'problem'> & { state: ScreenState } {
  const main = document.querySelector('main');
  const text = (main?.innerText ?? '').replace(/\s+/g, '');
  let state: ScreenState;
  let failingBlock: Visit['failingBlock'];
  const error = document.querySelector('.tm-status--error');
  if (document.body.innerText.includes('页面不存在')) state = { kind: 'notFound', text: '' };
  else if (error) {
    state = { kind: 'error', text: error.textContent ?? '' };
    const block = error.closest('[data-block]');
    const heading = block?.querySelector('[id$="-title"]');
    failingBlock = { type: block?.getAttribute('data-block') ?? '', blockId: heading?.id.replace(/-title$/, '') };
  } else if (!main || text.length < 8) state = { kind: 'blank', text };
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
  const brokenPictures = [...document.querySelectorAll('img')]
    .filter((img) => img.complete && img.naturalWidth === 0 && img.getAttribute('src'))
    .map((img) => img.getAttribute('src')!);
  return { state, failingBlock, links, outside, brokenPictures };
}
