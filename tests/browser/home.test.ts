import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AIDS_STORAGE_KEY, ELDER_PRESET } from '../../engine/accessibility/index.js';
import { evaluateCondition } from '../../engine/region/index.js';
import { loadRegionCatalog } from '../../engine/region-files/index.js';
import type { Region } from '../../schemas/types/region.js';
import { SCREENSHOT_DIR, seriousViolations, withPortalInChromium } from './portal-harness.js';

// Each demo region's home page in real Chromium, served by the real server over the seeded database.
const chromium = withPortalInChromium();
const catalog = loadRegionCatalog(path.resolve('regions'));
const regionById = new Map(catalog.regions.map((r) => [r.id, r as unknown as Region]));

/** The block types a visitor (not logged in) should see on a region's home page, in order. */
function expectedHomeBlocks(region: Region): string[] {
  const home = Object.values(region.pages ?? {}).find((p) => p.route === '/');
  const context = { flags: region.flags ?? {}, region, query: {}, session: { loggedIn: false } };
  const visible = (list: Array<{ type: string; when?: unknown }> | undefined) =>
    (list ?? []).filter((b) => !b.when || evaluateCondition(b.when as never, context as never)).map((b) => b.type);
  return [...visible(region.layout?.header), ...visible(home?.blocks), ...visible(region.layout?.footer)];
}

describe.each(['chunan', 'chunan-dev', 'xinyang', 'lantian', 'shouguang'])('home of %s', (regionId) => {
  it('renders its configured blocks with seeded data, in Chinese, and passes axe', async () => {
    const region = regionById.get(regionId);
    expect(region, `region ${regionId} in regions/`).toBeDefined();
    const { page, errors } = await chromium.openPage({ region: regionId, until: 'blocks' });
    try {
      expect(errors).toEqual([]);
      const rendered = await page.$$eval('[data-block]', (els) => els.map((e) => e.getAttribute('data-block')));
      expect(rendered).toEqual(expectedHomeBlocks(region!));
      // Title = region name + platform name.
      expect(await page.title()).toContain(region!.cityName);
      // Seeded data arrived: no block is stuck in an error state, and lists have rows.
      expect(await page.locator('.tm-status--error').count()).toBe(0);
      expect(await page.locator('.tm-list__row, .tm-cards li').count()).toBeGreaterThan(0);
      // Their data came in one request, which index.html's inline script made as the page started: no block asked
      // for its own (a dozen requests, each made only once the app's code had run).
      const asked = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => new URL(e.name).pathname)
          .filter((p) => p.startsWith('/prod-api/')),
      );
      expect(asked).toEqual(['/prod-api/portal/first-view']);
      const text = await page.locator('body').innerText();
      expect(text).toMatch(/[\u4e00-\u9fa5]{20,}/);
      // The latest notice shows a notice or its own empty text (暂无公告), never the engine's 暂无数据.
      for (const notice of await page.locator('[data-block="latest-notice"]').all()) {
        const shown = await notice.innerText();
        expect(shown).not.toContain('暂无数据');
        if (!(await notice.locator('.tm-notice').count())) expect(shown).toContain('暂无公告');
      }
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `home-${regionId}.png`), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      // Pointer targets (WCAG 2.2's 2.5.8, the carousel's ‹ › and 1–4 among them) are at least 24 px on screen.
      expect(await seriousViolations(page, { tags: ['wcag22aa'] })).toEqual([]);
      // The check can fail: an unnamed button and a picture without alt planted in main are reported, within main too.
      await page.evaluate(() => document.querySelector('main')!.insertAdjacentHTML('beforeend', '<button type="button"></button><img src="/x.png">'));
      expect((await seriousViolations(page, { within: 'main' })).map((v) => v.split(':')[0])).toEqual(expect.arrayContaining(['button-name', 'image-alt']));
    } finally {
      await page.context().close();
    }
  });
});

describe('the first paint', () => {
  /** The header's box, and what draws it. */
  const headerOf = (page: import('playwright-core').Page) =>
    page.evaluate(() => {
      const header = document.querySelector<HTMLElement>('.tm-header')!;
      const box = header.getBoundingClientRect();
      return {
        box: [box.x, box.y, box.width, box.height].map((n) => Math.round(n * 10) / 10),
        title: header.querySelector('.tm-header__title')?.textContent,
        picture: getComputedStyle(header).backgroundImage.includes('landscape'),
        firstPaint: Boolean(header.closest('.tm-first-paint')),
      };
    });

  it('draws the header before any script runs, where the app then draws it: nothing moves', async () => {
    const context = await chromium.browser.newContext({ viewport: { width: 1300, height: 900 }, locale: 'zh-CN' });
    try {
      const page = await context.newPage();
      // No script of the app: what a visitor sees while it is on its way.
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await page.goto(chromium.url({ region: 'lantian' }), { waitUntil: 'networkidle' });
      const before = await headerOf(page);
      expect(before).toMatchObject({ title: '蓝田县农村产权交易平台', picture: true, firstPaint: true });
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'first-paint-lantian.png') });

      await page.unroute(/\/assets\/.*\.js$/);
      await page.goto(chromium.url({ region: 'lantian' }), { waitUntil: 'networkidle' });
      await page.locator('.tm-header__user').waitFor();
      const after = await headerOf(page);
      expect(after).toMatchObject({ title: '蓝田县农村产权交易平台', picture: true, firstPaint: false });
      expect(after.box).toEqual(before.box);
      expect(await page.locator('.tm-first-paint').count()).toBe(0);

      // A page without the shell's header (信阳's big-data board) shows none of it either.
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await page.goto(chromium.url({ region: 'xinyang', route: '/xinyangBigData' }), { waitUntil: 'networkidle' });
      expect(await page.locator('.tm-first-paint').count()).toBe(1);
      expect(await page.locator('.tm-first-paint').isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('is drawn at the reader’s size in elder mode: the stored aids are on the page before the header', async () => {
    const context = await chromium.browser.newContext({ viewport: { width: 1300, height: 900 }, locale: 'zh-CN' });
    try {
      // A reader who chose 长辈版 and one step of larger text on an earlier visit.
      await context.addInitScript(([key, aids]) => localStorage.setItem(key, aids), [
        AIDS_STORAGE_KEY,
        JSON.stringify({ ...ELDER_PRESET, textStep: 1 }),
      ] as const);
      const page = await context.newPage();
      const titleSize = () => page.evaluate(() => parseFloat(getComputedStyle(document.querySelector('.tm-header__title')!).fontSize));
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await page.goto(chromium.url({ region: 'lantian' }), { waitUntil: 'networkidle' });
      const before = await headerOf(page);
      expect(before).toMatchObject({ title: '蓝田县农村产权交易平台', firstPaint: true });
      expect(await page.evaluate(() => document.documentElement.classList.contains('tm-elder'))).toBe(true);
      const sizeBefore = await titleSize();
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'first-paint-lantian-elder.png') });

      await page.unroute(/\/assets\/.*\.js$/);
      await page.goto(chromium.url({ region: 'lantian' }), { waitUntil: 'networkidle' });
      await page.locator('.tm-header__user').waitFor();
      const after = await headerOf(page);
      expect(after).toMatchObject({ firstPaint: false });
      expect(after.box).toEqual(before.box);
      expect(await titleSize()).toBe(sizeBefore);
      // The elder header is the taller one (a visitor without aids, in a context of their own): no normal-size first paint.
      const plain = await chromium.browser.newContext({ viewport: { width: 1300, height: 900 }, locale: 'zh-CN' });
      try {
        const normal = await plain.newPage();
        await normal.goto(chromium.url({ region: 'lantian' }), { waitUntil: 'networkidle' });
        await normal.locator('.tm-header__user').waitFor();
        const normalHeader = await headerOf(normal);
        expect(after.box[3]).toBeGreaterThan(normalHeader.box[3]);
      } finally {
        await plain.close();
      }
    } finally {
      await context.close();
    }
  });
});
