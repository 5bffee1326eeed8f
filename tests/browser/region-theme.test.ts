import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { AIDS_STORAGE_KEY, NO_AIDS } from '../../engine/accessibility/index.js';
import { SCREENSHOT_DIR, seriousViolations, withPortalInChromium } from './portal-harness.js';

// A region's colours (region.yaml theme) in Chromium: the header is drawn in them from the first paint on, the main
// colour reaches the navigation, links and Semi's controls, axe finds nothing serious in a readable theme, and the
// high-contrast reading aid still puts its own palette over the region's.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-theme-browser-'));
const regionsDir = path.join(work, 'regions');
fs.mkdirSync(regionsDir);
for (const folder of ['_base', 'lantian']) fs.cpSync(path.join('regions', folder), path.join(regionsDir, folder), { recursive: true });
fs.writeFileSync(path.join(regionsDir, 'deployment.yaml'), 'defaultRegion: lantian\nhosts: {}\n');
const regionFile = path.join(regionsDir, 'lantian', 'region.yaml');
const withoutPicture = fs
  .readFileSync(regionFile, 'utf8')
  .split('\n')
  .filter((l) => !l.startsWith('homeBackImg:'));
fs.writeFileSync(regionFile, `${withoutPicture.join('\n')}\ntheme:\n  primary: "#1d4ed8"\n  headerBackground: "#1e3a8a"\n  headerText: "#fef3c7"\n`);
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const chromium = withPortalInChromium({ server: () => ({ regionsDir }) });

/** An element's background and text colour, as computed. */
const colours = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const style = getComputedStyle(document.querySelector(sel)!);
    return [style.backgroundColor, style.color];
  }, selector);

describe('a region theme in the browser', () => {
  it('draws the header, the navigation and the links in the region’s colours, readable', async () => {
    const { page, errors } = await chromium.openPage({ region: 'lantian', route: '/tradingProject?idx=2', until: 'blocks' });
    try {
      expect(await colours(page, '.tm-header')).toEqual(['rgb(30, 58, 138)', 'rgb(254, 243, 199)']);
      expect(await colours(page, '.tm-header__title')).toEqual(['rgba(0, 0, 0, 0)', 'rgb(254, 243, 199)']);
      // The navigation bar is the main colour's darker shade; the page's links are the main colour.
      expect((await colours(page, '.tm-nav'))[0]).toBe('rgb(23, 62, 173)');
      expect(await page.evaluate(() => getComputedStyle(document.body).getPropertyValue('--semi-color-primary').trim())).toBe('#1d4ed8');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'region-theme.png') });
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('leaves the high-contrast reading aid its own palette', async () => {
    const { page } = await chromium.openPage({ region: 'lantian', route: '/' });
    try {
      await page.evaluate(([key, aids]) => localStorage.setItem(key, aids), [AIDS_STORAGE_KEY, JSON.stringify({ ...NO_AIDS, contrast: true })] as const);
      await page.reload({ waitUntil: 'load' });
      await page.waitForFunction(() => document.documentElement.classList.contains('tm-aid-contrast'));
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--tm-primary').trim())).toBe('#00472a');
    } finally {
      await page.context().close();
    }
  });
});
