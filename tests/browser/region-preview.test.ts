import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, seriousViolations, withPortalInChromium } from './portal-harness.js';

// npm run preview -- lantian over a temp copy of regions/: a typo shows its problems over the open page, the fix
// takes them away, a valid edit updates the page in place — no reload, no client build. (How fast: npm run
// bench:preview; the waits here are generous for a busy CI machine.)
let regionsDir = '';
const chromium = withPortalInChromium({
  server: () => {
    regionsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-preview-'));
    fs.cpSync('regions', regionsDir, { recursive: true });
    return { regionsDir, previewRegion: 'lantian' };
  },
});
afterAll(() => fs.rmSync(regionsDir, { recursive: true, force: true }));

describe('live region preview in Chromium', () => {
  it('a typo shows the overlay with file:line:column, the fix removes it, a valid edit updates the page in place', async () => {
    const file = path.join(regionsDir, 'lantian', 'region.yaml');
    const original = fs.readFileSync(file, 'utf8');
    const { page, errors } = await chromium.openPage({ until: 'blocks' });
    try {
      await page.waitForSelector('html[data-preview="connected"]', { timeout: 10_000 });
      // Gone if the page reloads: the updates below must happen in this same document.
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

      const typoLine = original.split('\n').findIndex((l) => l.startsWith('cityName:')) + 1;
      fs.writeFileSync(file, original.replace('cityName:', 'cityNmae:'));
      const overlay = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: /区域配置有错误/ }) });
      await overlay.waitFor({ timeout: 15_000 });
      const text = await overlay.innerText();
      expect(text).toMatch(new RegExp(`lantian/region\\.yaml:${typoLine}:1`));
      expect(text).toContain('cityName');
      // In Chinese, for the clerk who made the typo.
      expect(text).toContain('不认识的顶层配置项“cityNmae”');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'region-preview-problems.png') });
      expect(await seriousViolations(page)).toEqual([]);

      fs.writeFileSync(file, original);
      await overlay.waitFor({ state: 'detached', timeout: 15_000 });

      fs.writeFileSync(file, original.replace('homeTitle: 蓝田县农村产权交易平台', 'homeTitle: 蓝田县产权交易实时预览'));
      await page.locator('[data-block="site-header"]').getByText('蓝田县产权交易实时预览').waitFor({ timeout: 15_000 });
      expect(await page.title()).toBe('蓝田县产权交易实时预览');
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'region-preview-updated.png') });
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
      fs.writeFileSync(file, original);
    }
  });
});
