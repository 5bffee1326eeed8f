import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateCondition, loadRegionCatalog } from '../../engine/region/index.js';
import type { Region } from '../../schemas/types/region.js';
import { launchChromium, SCREENSHOT_DIR, startPortal } from './portal-harness.js';

// Each demo region's home page in real Chromium, served by the real server over the seeded database.
let portal: Awaited<ReturnType<typeof startPortal>>;
let browser: Browser;
const catalog = loadRegionCatalog(path.resolve('regions'));
const regionById = new Map(catalog.regions.map((r) => [r.id, r as unknown as Region]));

beforeAll(async () => {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  [portal, browser] = await Promise.all([startPortal(), launchChromium()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

/** The block types a visitor (not logged in) should see on a region's home page, in order. */
function expectedHomeBlocks(region: Region): string[] {
  const home = Object.values(region.pages ?? {}).find((p) => p.route === '/');
  const context = { flags: region.flags ?? {}, region, query: {}, session: { loggedIn: false } };
  const visible = (list: Array<{ type: string; when?: unknown }> | undefined) =>
    (list ?? []).filter((b) => !b.when || evaluateCondition(b.when as never, context as never)).map((b) => b.type);
  return [...visible(region.layout?.header), ...visible(home?.blocks), ...visible(region.layout?.footer)];
}

async function openHome(regionId: string): Promise<Page> {
  // axe needs a page of an explicit context.
  const context = await browser.newContext({ viewport: { width: 1300, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${portal.url}?region=${regionId}`, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => document.querySelectorAll('[data-block]').length > 0 && !document.querySelector('.tm-status--loading'), null, { timeout: 20_000 });
  expect(errors).toEqual([]);
  return page;
}

describe.each(['chunan', 'chunan-dev', 'xinyang', 'lantian', 'shouguang'])('home of %s', (regionId) => {
  it('renders its configured blocks with seeded data, in Chinese, and passes axe', async () => {
    const region = regionById.get(regionId);
    expect(region, `region ${regionId} in regions/`).toBeDefined();
    const page = await openHome(regionId);
    try {
      const rendered = await page.$$eval('[data-block]', (els) => els.map((e) => e.getAttribute('data-block')));
      expect(rendered).toEqual(expectedHomeBlocks(region!));
      // Title = region name + platform name.
      expect(await page.title()).toContain(region!.cityName);
      // Seeded data arrived: no block is stuck in an error state, and lists have rows.
      expect(await page.locator('.tm-status--error').count()).toBe(0);
      expect(await page.locator('.tm-list__row, .tm-cards li').count()).toBeGreaterThan(0);
      const text = await page.locator('body').innerText();
      expect(text).toMatch(/[\u4e00-\u9fa5]{20,}/);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `home-${regionId}.png`), fullPage: true });

      const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`)).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
