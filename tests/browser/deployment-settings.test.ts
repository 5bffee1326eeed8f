import { describe, expect, it } from 'vitest';
import { withPortalInChromium } from './portal-harness.js';

// One build serves every deployment: the built client, served by a server started with a sign key and form secret
// the build never saw (API_SIGN_KEY=… npm start), signs with the server's own and loads the home's data.
const chromium = withPortalInChromium({ server: () => ({ apiSignKey: 'a-key-the-build-never-saw', formSecret: 'a-secret-the-build-never-saw' }) });

describe('deployment settings from the server, not the build', () => {
  it('a server with another sign key serves a home whose calls are answered (no 403)', async () => {
    const refused: string[] = [];
    const context = await chromium.browser.newContext({ viewport: { width: 1300, height: 900 }, locale: 'zh-CN' });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('response', (response) => {
        if (response.status() === 403) refused.push(response.url());
      });
      await page.goto(chromium.url(), { waitUntil: 'networkidle' });
      await page.waitForFunction(() => document.querySelectorAll('[data-block]').length > 0 && !document.querySelector('.tm-status--loading'), undefined, {
        timeout: 20_000,
      });
      expect(refused).toEqual([]);
      expect(errors).toEqual([]);
      expect(await page.locator('.tm-status--error').count()).toBe(0);
      expect(await page.locator('.tm-list__row, .tm-cards li').count()).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});
