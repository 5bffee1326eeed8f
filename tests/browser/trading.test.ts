import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, seriousViolations, settled, withPortalInChromium } from './portal-harness.js';

// The trading projects screen, a project detail and the home bidding/tender blocks of chunan in real Chromium,
// served by the real server over the seeded database.
const chromium = withPortalInChromium();
const open = (route: string) => chromium.openPage({ region: 'chunan', route });

/** The status badges of the cards on screen. */
const badges = (page: Page) => page.$$eval('.tm-plist .tm-pcard .tm-badge', (els) => els.map((e) => e.textContent));

describe('trading projects of chunan', () => {
  it('lists seeded cards, filters by a status tile, and a card opens its detail; axe finds nothing serious', async () => {
    const { page, errors } = await open('/tradingProject?idx=2');
    try {
      await page.waitForSelector('.tm-plist .tm-pcard', { timeout: 20_000 });
      await settled(page);
      const count = await page.locator('.tm-plist .tm-pcard').count();
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThanOrEqual(7);
      expect(await page.locator('.tm-pager__total').innerText()).toMatch(/共 \d+ 条/);
      expect(await page.locator('.tm-plist__title').innerText()).toContain('淳安县');
      expect(await page.locator('.tm-status--error').count()).toBe(0);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'trading-list-chunan.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      await page.locator('.tm-plist__tiles button', { hasText: '竞价中' }).click();
      await page.waitForFunction(() => window.location.hash.includes('statusIndex='), null, { timeout: 10_000 });
      await page.waitForFunction(
        () => {
          const list = [...document.querySelectorAll('.tm-plist .tm-pcard .tm-badge')].map((e) => e.textContent);
          return !document.querySelector('.tm-status--loading') && list.length > 0 && list.every((t) => t === '竞价中');
        },
        null,
        { timeout: 15_000 },
      );
      expect(new Set(await badges(page))).toEqual(new Set(['竞价中']));
      expect(await page.locator('.tm-plist__tiles button', { hasText: '竞价中' }).getAttribute('aria-pressed')).toBe('true');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'trading-list-chunan-bidding.png'), fullPage: true });

      // Back keeps the filters in the address: the unfiltered list comes back.
      await page.goBack();
      await page.waitForFunction(() => !window.location.hash.includes('statusIndex='), null, { timeout: 10_000 });

      const first = page.locator('.tm-plist .tm-pcard').first();
      const title = (await first.locator('.tm-pcard__name').innerText()).trim();
      await first.locator('a').click();
      await page.waitForSelector('.tm-pdetail', { timeout: 20_000 });
      await settled(page);
      expect(page.url()).toMatch(/#\/tradingProject\/pressCenterDetail\?id=\d+/);
      expect(await page.locator('.tm-pdetail__title').innerText()).toContain(title);
      expect(await page.locator('.tm-pdetail__times').innerText()).toContain('竞价截止时间');
      expect(await page.locator('.tm-pdetail__content').innerText()).toMatch(/[\u4e00-\u9fa5]{10,}/);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'trading-detail-chunan.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      // The 项目编号 on the detail, typed into the list's search box (项目名称、编号或地址), finds that project alone.
      const code = (await page.locator('.tm-pdetail__row', { hasText: '项目编号' }).locator('dd').innerText()).trim();
      expect(code).toMatch(/^[A-Z]{2}\d{4}-\d-\d{6}$/);
      await page.goBack();
      await page.waitForSelector('.tm-plist .tm-pcard', { timeout: 20_000 });
      await page.getByPlaceholder('项目名称、编号或地址').fill(code);
      await page.getByRole('button', { name: '搜索' }).click();
      await page.waitForFunction(
        (name) => {
          const names = [...document.querySelectorAll('.tm-plist .tm-pcard .tm-pcard__name')].map((e) => e.textContent?.trim());
          return !document.querySelector('.tm-status--loading') && names.length === 1 && names[0] === name;
        },
        title,
        { timeout: 15_000 },
      );
      expect(await page.locator('.tm-pager__total').innerText()).toContain('共 1 条');
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('tender and demand tabs: area filter offered, tender category 009 opens the tender detail', async () => {
    const { page, errors } = await open('/tradingProject?idx=1&number=009');
    try {
      await page.waitForSelector('.tm-plist .tm-pcard', { timeout: 20_000 });
      await settled(page);
      expect(await page.locator('#tradingProject-project-list-0-area').count()).toBe(1);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'trading-list-chunan-tender.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      await page.locator('.tm-plist .tm-pcard a').first().click();
      await page.waitForSelector('.tm-pdetail', { timeout: 20_000 });
      expect(page.url()).toMatch(/#\/tradingProject\/pressCenterDetail1\?id=\d+/);
      await settled(page);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'trading-detail1-chunan.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('home shows 4 bidding cards and 8 tenders, each linking to its detail', async () => {
    const { page, errors } = await open('/');
    try {
      await settled(page);
      const bidding = page.locator('[data-block="bidding-projects"] .tm-pcard');
      expect(await bidding.count()).toBe(4);
      // homeBiddingLabel: still bidding, or ended.
      const labels = await bidding.locator('.tm-badge').allInnerTexts();
      for (const text of labels) expect(['竞价中', '已结束']).toContain(text);
      // Those still bidding come first (the seed has one in chunan).
      expect(labels[0]).toBe('竞价中');
      expect(await page.locator('[data-block="tender-list"] .tm-tenders__row').count()).toBe(8);
      await page.locator('[data-block="bidding-projects"]').screenshot({ path: path.join(SCREENSHOT_DIR, 'home-chunan-bidding.png') });
      await page.locator('[data-block="tender-list"]').screenshot({ path: path.join(SCREENSHOT_DIR, 'home-chunan-tenders.png') });
      await bidding.first().locator('a').click();
      await page.waitForSelector('.tm-pdetail', { timeout: 20_000 });
      expect(page.url()).toMatch(/#\/bidDetail\?id=\d+/);
      await settled(page);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'trading-bid-detail-chunan.png'), fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('a project that is not there (an old link, a withdrawn project) says so once, in the page, with a way home and no pointless retry', async () => {
    const { page, errors } = await open('/bidDetail?id=999999');
    try {
      await page.waitForSelector('.tm-status--refused', { timeout: 20_000 });
      await settled(page, 'loaded');
      const refused = page.locator('.tm-status--refused');
      // The detail and the bid panel both asked: the page says why once, and nowhere offers 重新加载.
      await page.waitForTimeout(300);
      expect(await refused.count()).toBe(1);
      expect(await refused.innerText()).toContain('项目不存在或已下架');
      expect(await page.locator('[data-block="auction-panel"]').count()).toBe(0);
      expect(await page.getByRole('button', { name: '重新加载' }).count()).toBe(0);
      // Both blocks' 404s arrive at once: one notification, not one per block.
      await page.waitForSelector('.semi-notification-notice', { timeout: 10_000 });
      await page.waitForTimeout(500);
      expect(await page.locator('.semi-notification-notice', { hasText: '项目不存在或已下架' }).count()).toBe(1);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'trading-detail-missing.png') });
      expect(await seriousViolations(page)).toEqual([]);

      await refused.first().getByRole('link', { name: '返回首页' }).click();
      await page.waitForFunction(() => window.location.hash === '#/', null, { timeout: 10_000 });
      expect(page.url()).toContain('region=chunan');
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 60_000);
});
