import fs from 'node:fs';
import path from 'node:path';
import QRCode from 'qrcode';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { APP_QR_OPTIONS, svgDataUrl } from '../../blocks/app-qr/qr.js';
import { loadRegionCatalog } from '../../engine/region-files/index.js';
import type { Region } from '../../schemas/types/region.js';
import { SCREENSHOT_DIR, settled, seriousViolations, withPortalInChromium } from './portal-harness.js';

// Journeys that must not stop short: a place opened from the area menu or the town map shows that place (its name
// as heading and window title, its own news and projects, checked against the database); the app QR code is drawn
// from the region's appUrl; the town map is a diagram of keyboard-reachable links; banners carry their words.
const chromium = withPortalInChromium();
const catalog = loadRegionCatalog(path.resolve('regions'));
const regionById = new Map(catalog.regions.map((r) => [r.id, r as unknown as Region]));
/** Several pages a test on a busy 2-core machine. */
const SLOW = 240_000;
const shot = (name: string) => path.join(SCREENSHOT_DIR, `place-window-${name}.png`);

/** The ids in the `id` query of the links of a block (its rows' detail links). */
async function linkedIds(page: Page, blockSelector: string): Promise<number[]> {
  const hrefs = await page.locator(`${blockSelector} a[href*="id="]`).evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.map((h) => Number(new URLSearchParams(h.split('?')[1]).get('id'))).filter((n) => Number.isInteger(n) && n > 0);
}

/** A town of the region (under its root, directly or through a county) that has transfer projects and news of its own. */
async function townWithContent(rootId: number): Promise<{ deptId: number; deptName: string }> {
  const db = chromium.portal.db;
  const towns = await db
    .selectFrom('place')
    .select(['deptId', 'deptName'])
    .where('level', '=', 4)
    .where('ancestors', 'like', `%,${rootId}%`)
    .orderBy('orderNum')
    .execute();
  for (const town of towns) {
    const projects = await db.selectFrom('project').select('id').where('deptId', '=', town.deptId).where('type', '=', 2).execute();
    if (projects.length > 0) return town;
  }
  throw new Error(`no town under ${rootId} has transfer projects`);
}

/** What a place's page must show: the town's name as h1 and title, and rows that are that town's in the database. */
async function expectPlacePage(page: Page, town: { deptId: number; deptName: string }, name: string) {
  const db = chromium.portal.db;
  await page.waitForLoadState('networkidle');
  await settled(page);
  const query = new URLSearchParams(page.url().split('#')[1].split('?')[1]);
  // Spec §2: the new window carries dm, deptName, deptCode and parentId.
  for (const key of ['dm', 'deptName', 'deptCode', 'parentId']) expect(query.get(key), key).toBeTruthy();
  await expect.poll(() => page.locator('h1').allInnerTexts()).toEqual([town.deptName]);
  await expect.poll(() => page.title()).toMatch(new RegExp(`^${town.deptName} - `));

  const newsIds = await linkedIds(page, '[data-block="news-list"]');
  expect(newsIds.length).toBeGreaterThanOrEqual(3);
  const news = await db.selectFrom('article').select(['deptId', 'number']).where('id', 'in', newsIds).execute();
  expect(news.map((n) => n.deptId)).toEqual(newsIds.map(() => town.deptId));
  expect(new Set(news.map((n) => n.number))).toEqual(new Set(['001017']));

  const projectIds = await linkedIds(page, '[data-block="tender-list"]:has(h2:text-is("交易项目"))');
  const expected = await db.selectFrom('project').select('id').where('deptId', '=', town.deptId).where('type', '=', 2).execute();
  expect(projectIds.length).toBe(Math.min(8, expected.length));
  expect(projectIds.length).toBeGreaterThan(0);
  const projects = await db.selectFrom('project').select('deptId').where('id', 'in', projectIds).execute();
  expect(projects.map((p) => p.deptId)).toEqual(projectIds.map(() => town.deptId));

  expect(await page.locator('.tm-status--error').count()).toBe(0);
  await page.screenshot({ path: shot(name), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
}

describe('a place window', () => {
  it(
    'opened from the area menu shows that town: heading, title, its own news and projects',
    async () => {
      const chunan = regionById.get('chunan')!;
      const town = await townWithContent(chunan.deptId);
      const { page, errors } = await chromium.openPage({ region: 'chunan', until: 'blocks' });
      try {
        // From the keyboard (a mouse click also hovers, which opens the menu before the click toggles it).
        await page.getByRole('button', { name: '所在区域' }).focus();
        await page.keyboard.press('Enter');
        const link = page.locator('.tm-nav__places a', { hasText: town.deptName });
        await expect.poll(() => link.count()).toBe(1);
        const [opened] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
        await expectPlacePage(opened, town, 'from-area-menu');
        // Inside the place window the area menu still lists the region's places (it is not scoped to the town).
        await opened.getByRole('button', { name: '所在区域' }).focus();
        await opened.keyboard.press('Enter');
        await expect.poll(() => opened.locator('.tm-nav__places a').count()).toBeGreaterThanOrEqual(6);
        // Back to the county: its home, its title, its heading-less page again.
        await opened.getByRole('link', { name: `返回${chunan.cityName}首页` }).click();
        await expect.poll(() => opened.title()).toBe('淳安县农村产权交易平台');
        expect(errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    },
    SLOW,
  );

  it(
    'opened from the town map (a city: a county’s town) by keyboard shows that town; every map link is reachable by Tab',
    async () => {
      const xinyang = regionById.get('xinyang')!;
      const town = await townWithContent(Number(411521));
      const { page, errors } = await chromium.openPage({ region: 'xinyang', until: 'blocks' });
      try {
        const map = page.locator('[data-block="town-map"]');
        await map.scrollIntoViewIfNeeded();
        await map.screenshot({ path: shot('town-map-xinyang') });
        // A diagram, not a picture: no <img>, an SVG whose places are links.
        expect(await map.locator('img').count()).toBe(0);
        const labels = await map.locator('svg a').evaluateAll((as) => as.map((a) => a.getAttribute('aria-label')));
        // 平桥区 and 明港镇 are in notGoCityList: drawn, but not links.
        expect(labels.join()).not.toMatch(/平桥区|明港镇/);
        expect(await map.locator('svg text', { hasText: '明港镇' }).count()).toBe(1);
        expect(labels).toContain(`${town.deptName}（在新窗口打开）`);
        // Tab from the top of the page reaches every link of the map, in order.
        const reached: string[] = [];
        await page.locator('body').focus();
        for (let i = 0; i < 400 && reached.length < labels.length; i++) {
          await page.keyboard.press('Tab');
          const label = await page.evaluate(() =>
            document.activeElement?.closest('[data-block="town-map"]') ? document.activeElement.getAttribute('aria-label') : null,
          );
          if (label) reached.push(label);
          if (label === `${town.deptName}（在新窗口打开）`) {
            await map.screenshot({ path: shot('town-map-focus') });
          }
        }
        expect(reached).toEqual(labels);
        // Enter on the town opens its window.
        await map.locator(`svg a[aria-label="${town.deptName}（在新窗口打开）"]`).focus();
        const [opened] = await Promise.all([page.context().waitForEvent('page'), page.keyboard.press('Enter')]);
        await expectPlacePage(opened, town, 'from-town-map');
        // 当前位置 names the county between the city and the town.
        expect(await opened.locator('nav[aria-label="当前位置"]').innerText()).toMatch(new RegExp(`${xinyang.cityName}.*罗山县.*${town.deptName}`, 's'));
        expect(errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    },
    SLOW,
  );

  it(
    'refuses a place of another region or in notGoCityList, with a way to choose another',
    async () => {
      for (const [region, deptId] of [
        ['chunan', 411521101],
        ['xinyang', 411503101],
      ] as const) {
        const { page } = await chromium.openPage({ region, route: `/szqy/detail?deptId=${deptId}`, until: 'loaded' });
        try {
          await expect.poll(() => page.locator('h1').innerText()).toBe('未找到该地区');
          expect(await page.getByRole('link', { name: '选择地区' }).count()).toBe(1);
        } finally {
          await page.context().close();
        }
      }
    },
    SLOW,
  );
});

describe('the app QR code', () => {
  it(
    'is generated from the region’s appUrl, shown with the address, and changes with it',
    async () => {
      const sources: string[] = [];
      for (const id of ['chunan', 'chunan-dev']) {
        const url = regionById.get(id)!.appUrl!;
        expect(url).toMatch(/^https:\/\//);
        const { page } = await chromium.openPage({ region: id, until: 'blocks' });
        try {
          const qr = page.locator('[data-block="app-qr"] img');
          await expect.poll(() => qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
          const src = (await qr.getAttribute('src'))!;
          // The picture is qrcode's own drawing of that address.
          expect(src).toBe(svgDataUrl(await QRCode.toString(url, APP_QR_OPTIONS)));
          const svg = decodeURIComponent(src.slice(src.indexOf(',') + 1));
          const modules = QRCode.create(url, { errorCorrectionLevel: 'M' }).modules.size;
          expect(svg).toContain(`viewBox="0 0 ${modules + 2} ${modules + 2}"`);
          expect(await qr.getAttribute('alt')).toMatch(/二维码/);
          const link = page.locator('[data-block="app-qr"] a');
          expect(await link.getAttribute('href')).toBe(url);
          expect(await link.innerText()).toContain(url);
          sources.push(src);
          await page.locator('[data-block="app-qr"]').screenshot({ path: shot(`app-qr-${id}`) });
          expect(await seriousViolations(page)).toEqual([]);
        } finally {
          await page.context().close();
        }
      }
      expect(sources[0]).not.toBe(sources[1]);
    },
    SLOW,
  );

  it('refuses an appUrl that is not http(s) at validation', () => {
    const schema = JSON.parse(fs.readFileSync(path.resolve('schemas/region.schema.json'), 'utf8')) as { properties: { appUrl: { pattern: string } } };
    const pattern = new RegExp(schema.properties.appUrl.pattern, 'u');
    expect(pattern.test('https://app.example.gov.cn/download')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '//app.example.gov.cn/', 'ftp://x', 'https://a b'])
      expect(pattern.test(bad), bad).toBe(false);
  });
});

describe('pictures that carry information', () => {
  it(
    'no landscape placeholder on any demo home: banners show their words, map and QR are drawn, tiles are named',
    async () => {
      for (const region of catalog.regions.map((r) => r.id)) {
        const { page } = await chromium.openPage({ region, until: 'blocks' });
        try {
          // Every demo picture is a news photo, a card's photo or a banner with text beside it on the same link/row —
          // or marked decorative (alt=""), such as the region's loginImg beside the login form, which informs nobody.
          const bare = await page.locator('img[src*="landscape"]:not([alt=""])').evaluateAll((imgs) =>
            imgs
              .filter((img) => {
                const holder = img.closest('a, li, figure, .tm-banner');
                const words = (holder as HTMLElement | null)?.innerText.replace(/（在新窗口打开）/g, '').trim() ?? '';
                return words.length < 4;
              })
              .map((img) => `${img.closest('[data-block]')?.getAttribute('data-block')}: ${img.getAttribute('src')}`),
          );
          expect(bare, region).toEqual([]);
          for (const banner of await page.locator('.tm-banner').all()) {
            const title = banner.locator('.tm-banner__title');
            expect((await title.innerText()).length, region).toBeGreaterThanOrEqual(4);
            expect(await title.isVisible()).toBe(true);
          }
          const banner = page.locator('[data-block="finance-banner"], [data-block="image-banner"]').first();
          if (await banner.count()) await banner.screenshot({ path: shot(`banner-${region}`) });
          expect(await page.locator('[data-block="town-map"] img, [data-block="app-qr"] img[src*="landscape"]').count()).toBe(0);
          // axe on each whole home page: tests/browser/no-dead-ends.test.ts (its first screen of every region).
        } finally {
          await page.context().close();
        }
      }
    },
    2 * SLOW,
  );

  it(
    'a narrow screen (a phone, a desktop at 400%) gets the town map as a list of readable links',
    async () => {
      const { page } = await chromium.openPage({ region: 'lantian', until: 'blocks', context: { viewport: { width: 320, height: 800 } } });
      try {
        const map = page.locator('[data-block="town-map"]');
        expect(await map.locator('svg').isVisible()).toBe(false);
        const links = map.locator('.tm-townmap__list a');
        expect(await links.count()).toBe(6);
        for (const link of await links.all()) {
          expect(await link.isVisible()).toBe(true);
          expect(Number.parseFloat(await link.evaluate((a) => getComputedStyle(a).fontSize))).toBeGreaterThanOrEqual(14);
        }
        await map.scrollIntoViewIfNeeded();
        await map.screenshot({ path: shot('town-map-320') });
      } finally {
        await page.context().close();
      }
    },
    SLOW,
  );
});
