import { describe, expect, it } from 'vitest';
import { settled, withPortalInChromium } from './portal-harness.js';

const chromium = withPortalInChromium();

// Pictures in a modern format at the size they are shown (server/picture-variants.ts, blocks/shared/url-policy.ts
// sizedPicture): one home load in Chromium, which names AVIF in its Accept.
describe('pictures on the home', () => {
  it('come as AVIF, the cards at the 320 px their srcset asks for, the header background at its own size', async () => {
    const { page, errors } = await chromium.openPage({ region: 'chunan', route: '/' });
    const pictures = new Map<string, string>();
    page.on('response', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/image-api/')) pictures.set(url.pathname + url.search, r.headers()['content-type'] ?? '');
    });
    await page.reload();
    await settled(page);
    // The cards' pictures load lazily: bring them into view.
    await page.locator('.tm-pcard__images img').last().scrollIntoViewIfNeeded();
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.tm-pcard__images img')].every((img) => img.complete && img.naturalWidth > 0));
    const card = await page.locator('.tm-pcard__images img').first().evaluate((img: HTMLImageElement) => ({ src: img.currentSrc, width: img.naturalWidth, srcset: img.srcset }));
    expect(card.srcset).toMatch(/\?w=320 320w, .*\?w=640 640w$/);
    expect(new URL(card.src).search).toBe('?w=320');
    expect(card.width).toBe(320);
    expect(pictures.get(new URL(card.src).pathname + '?w=320')).toBe('image/avif');
    // The header's background (the largest paint, preloaded by index.html) is the same address, negotiated.
    expect(pictures.get('/image-api/demo/landscape-01.png')).toBe('image/avif');
    expect([...pictures.values()].every((type) => type === 'image/avif' || type === 'image/svg+xml'), JSON.stringify([...pictures])).toBe(true);
    expect(errors).toEqual([]);
  });
});
