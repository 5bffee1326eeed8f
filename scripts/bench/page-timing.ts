import net from 'node:net';
import type { Page } from 'playwright-core';

/** A port nothing listens on now (the server a bench starts as a child process takes it). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

/** The middle value, rounded (ms). */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
};

/**
 * Resolves with the wall-clock time (ms) at which `ready()` (a page-side expression) first holds, watched by a
 * MutationObserver. Code as text: tsx's helpers (__name) do not exist in the page.
 */
export function whenPage(page: Page, ready: string): Promise<number> {
  return page.evaluate(`new Promise((resolve) => {
    const now = () => performance.timeOrigin + performance.now();
    const ready = () => Boolean(${ready});
    if (ready()) return resolve(now());
    const observer = new MutationObserver(() => {
      if (ready()) { observer.disconnect(); resolve(now()); }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  })`) as Promise<number>;
}

/** When the site header shows `text` (a homeTitle just saved). */
export const whenHeaderShows = (page: Page, text: string) =>
  whenPage(page, `document.querySelector('[data-block="site-header"]')?.textContent?.includes(${JSON.stringify(text)})`);
