import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { review } from '../../server/auction/index.js';
import { DEMO_PHONES } from '../../server/seed/index.js';
import { loadRegionCatalog } from '../../engine/region-files/index.js';
import { SCREENSHOT_DIR, finishAnimations, seriousViolations, settled, seededProjectOf, withPortalInChromium } from './portal-harness.js';

// Phones, and desktops zoomed in by older readers (适老化; GB/T 37668 reflow): at 400% a 1280 px window is 320 CSS px
// wide. Every page must fit the window without sideways scrolling, and touch must work where a mouse hovers.
const chromium = withPortalInChromium();
const catalog = loadRegionCatalog(path.resolve('regions'));
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
let biddingId: number;

beforeAll(async () => {
  const db = chromium.portal.db;
  const project = await seededProjectOf(db, '淳安县', { type: 2, status: 6, last: true });
  biddingId = project.id;
  // The first demo user may bid on it, so the phone shows the whole bid form.
  const user = await db.selectFrom('appUser').select('userId').where('phone', '=', DEMO_PHONES[0]).executeTakeFirstOrThrow();
  await db.deleteFrom('registration').where('projectId', '=', biddingId).where('userId', '=', user.userId).execute();
  await db.insertInto('registration').values({ projectId: biddingId, userId: user.userId, state: 2 }).execute();
  await review(db, { projectId: biddingId, userId: user.userId, approve: true, reviewerId: null, withoutDeposit: true });
}, 120_000);

/** The elements reaching past the window's right edge (their tag and class), the first few; [] when the page fits. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('body *')].filter((e) => {
      const box = e.getBoundingClientRect();
      // Inside a box that scrolls sideways on purpose (tab rows, wide notice tables) is not the page's overflow.
      return box.width > 0 && box.right > width + 1 && !e.parentElement?.closest('.tm-plist__types, .tm-tabs__list, table');
    });
    const page = document.documentElement.scrollWidth > width ? [`page ${document.documentElement.scrollWidth} > ${width}`] : [];
    return [...page, ...wide.slice(0, 5).map((e) => `${e.tagName.toLowerCase()}.${String(e.className).split(' ')[0]}`)];
  });
}

describe('on a phone and at 400% zoom', () => {
  it('every main page of every demo region fits 320 px without sideways scrolling', async () => {
    const routes = (id: number) => ['/tradingProject', `/tradingProject/pressCenterDetail?id=${id}`, '/register', '/login'];
    const checked: Record<string, string[]> = {};
    for (const region of ['chunan', 'lantian', 'shouguang', 'xinyang']) {
      // One window per region: its home, then each page reached by the address's hash as a visitor's link does (the
      // router draws the page afresh: its `tm-page--<id>` shell with every block mounted anew).
      const { page, errors } = await chromium.openPage({ region, route: '/', until: 'loaded', context: { viewport: { width: 320, height: 800 } } });
      try {
        checked[`${region} /`] = await overflowing(page);
        const pages = catalog.regions.find((r) => r.id === region)!.pages as Record<string, { route: string }>;
        for (const route of routes(biddingId)) {
          const pageId = Object.entries(pages).find(([, p]) => p.route === route.split('?')[0])![0];
          await page.evaluate((hash) => void (window.location.hash = hash), route);
          await page.waitForSelector(`.tm-page--${pageId}`, { state: 'attached', timeout: 20_000 });
          await settled(page, 'loaded');
          // Another region's project is not found there: its page (an error state) must fit too. The refusal also
          // says so in a notification (loaded on demand): measure with it on screen, it must fit too.
          if (region !== 'chunan' && route.includes('pressCenterDetail')) {
            await page.locator('.semi-notification-notice').first().waitFor({ timeout: 10_000 });
            // Measured where it comes to rest, not while it slides in from the edge.
            await finishAnimations(page);
          }
          checked[`${region} ${route}`] = await overflowing(page);
        }
        expect(errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    }
    expect(Object.entries(checked).filter(([, wide]) => wide.length)).toEqual([]);
    expect(Object.keys(checked)).toHaveLength(20);
  }, 180_000);

  it('the trading screen on a phone: cards stack with their picture above, filters fit, axe finds nothing serious', async () => {
    const { page, errors } = await chromium.openPage({ region: 'chunan', route: '/tradingProject', context: PHONE });
    try {
      await page.waitForSelector('.tm-plist .tm-pcard', { timeout: 20_000 });
      await settled(page);
      const card = page.locator('.tm-plist .tm-pcard').first();
      const picture = await card.locator('.tm-pcard__images').boundingBox();
      const body = await card.locator('.tm-pcard__body').boundingBox();
      expect(picture && body && body.y >= picture.y + picture.height - 1).toBe(true);
      // The region select and the search box take the row's width, not a fixed desktop width.
      const select = await page.locator('.tm-plist__select').first().boundingBox();
      expect(select!.width).toBeGreaterThan(200);
      expect(await overflowing(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'phone-trading-chunan.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 60_000);

  it('a tap opens a navigation menu and a second tap closes it (a tap is not a hover); a town in it opens', async () => {
    const { page, errors } = await chromium.openPage({ region: 'chunan', route: '/', context: PHONE });
    try {
      const places = page.getByRole('button', { name: /所在区域/ });
      await places.tap();
      const panel = page.locator('#' + (await places.getAttribute('aria-controls'))!);
      await expect.poll(() => panel.isVisible(), { timeout: 5_000 }).toBe(true);
      expect(await places.getAttribute('aria-expanded')).toBe('true');
      const town = panel.getByRole('link').first();
      await town.waitFor({ timeout: 10_000 });
      const box = await panel.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390 + 1);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'phone-nav-places.png') });
      await places.tap();
      await expect.poll(() => panel.isVisible(), { timeout: 5_000 }).toBe(false);

      // A town opens in a new window (the spec's place links), at that town's portal.
      await places.tap();
      const name = (await town.innerText()).replace('（在新窗口打开）', '').trim();
      const [opened] = await Promise.all([page.context().waitForEvent('page'), town.tap()]);
      await opened.waitForLoadState('domcontentloaded');
      expect(decodeURIComponent(opened.url())).toContain(`deptName=${name}`);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 60_000);

  it('with a mouse, hovering still opens the menu and leaving closes it', async () => {
    const { page } = await chromium.openPage({ region: 'chunan', route: '/' });
    try {
      const places = page.getByRole('button', { name: /所在区域/ });
      const panel = page.locator('#' + (await places.getAttribute('aria-controls'))!);
      await places.hover();
      await expect.poll(() => panel.isVisible(), { timeout: 5_000 }).toBe(true);
      await page.mouse.move(5, 600);
      await expect.poll(() => panel.isVisible(), { timeout: 5_000 }).toBe(false);
    } finally {
      await page.context().close();
    }
  }, 60_000);

  it('a bidder on a phone sees the bid panel whole: price, countdown and a full-width bid button', async () => {
    const { page, errors } = await chromium.openLoggedIn(DEMO_PHONES[0], {
      region: 'chunan-dev',
      route: `/bidDetail?id=${biddingId}`,
      until: 'loaded',
      context: PHONE,
    });
    try {
      const panel = page.locator('.tm-auction');
      await panel.waitFor({ timeout: 20_000 });
      const submit = panel.getByRole('button', { name: '立即竞价' });
      await submit.waitFor({ timeout: 20_000 });
      expect(await submit.isEnabled()).toBe(true);
      const [panelBox, submitBox] = [await panel.boundingBox(), await submit.boundingBox()];
      expect(submitBox!.width).toBeGreaterThan(panelBox!.width * 0.8);
      expect(submitBox!.height).toBeGreaterThanOrEqual(44); // a finger's target
      expect(await overflowing(page)).toEqual([]);
      await panel.screenshot({ path: path.join(SCREENSHOT_DIR, 'phone-bid-panel.png') });
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 60_000);
});
