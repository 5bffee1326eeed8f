import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { settled, withPortalInChromium } from './portal-harness.js';

const chromium = withPortalInChromium();

/** The home drawn with every picture loaded (those below the fold load lazily: the page is scrolled to its end). */
async function seeAllPictures(page: Page): Promise<void> {
  await settled(page);
  await page.locator('.tm-pcard__images img').last().scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('img')].every((img) => img.complete && img.naturalWidth > 0));
}

// Pictures in a modern format at the size they are shown (server/pictures/variants.ts, blocks/_parts/url-policy.ts
// sizedPicture): Chromium names AVIF in its Accept.
describe('pictures on the home', () => {
  it('come as AVIF, the cards at the 320 px their srcset asks for, the header background at its own size', async () => {
    // A variant is made on its first request (that visitor may get the original meanwhile): a second visitor, with
    // an empty cache, is the one checked.
    const earlier = await chromium.openPage({ region: 'chunan', route: '/' });
    const asked = new Set<string>();
    earlier.page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/image-api/')) asked.add(r.url());
    });
    await earlier.page.reload({ waitUntil: 'networkidle' });
    await seeAllPictures(earlier.page);
    // The header's picture too, by name: index.html preloads it, and a reload may take it from the cache unasked.
    asked.add(new URL('/image-api/demo/landscape-01.png', earlier.page.url()).toString());
    // Every variant that visit asked for is made before the checked visit (on a loaded machine a variant can take
    // longer than a request waits for it, and that visitor rightly gets the original).
    for (const url of asked) {
      await expect
        .poll(async () => (await earlier.page.request.get(url, { headers: { accept: 'image/avif,image/webp,*/*' } })).headers()['content-type'], {
          timeout: 20_000,
        })
        .toMatch(/^image\/(avif|svg\+xml)/);
    }
    await earlier.page.context().close();

    const context = await chromium.browser.newContext({ viewport: { width: 1300, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const pictures = new Map<string, string>();
    page.on('response', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/image-api/')) pictures.set(url.pathname + url.search, r.headers()['content-type'] ?? '');
    });
    try {
      await page.goto(chromium.url({ region: 'chunan', route: '/' }), { waitUntil: 'networkidle' });
      await seeAllPictures(page);
      const card = await page
        .locator('.tm-pcard__images img')
        .first()
        .evaluate((img: HTMLImageElement) => ({ src: img.currentSrc, width: img.naturalWidth, srcset: img.srcset }));
      expect(card.srcset).toMatch(/\?w=320 320w, .*\?w=640 640w$/);
      expect(new URL(card.src).search).toBe('?w=320');
      expect(card.width).toBe(320);
      expect(pictures.get(`${new URL(card.src).pathname}?w=320`)).toBe('image/avif');
      // The header's background (the largest paint, preloaded by index.html) is the same address, negotiated.
      expect(pictures.get('/image-api/demo/landscape-01.png')).toBe('image/avif');
      expect(
        [...pictures.values()].every((type) => type === 'image/avif' || type === 'image/svg+xml'),
        JSON.stringify([...pictures]),
      ).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
