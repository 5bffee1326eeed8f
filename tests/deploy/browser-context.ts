import type { Browser, BrowserContext, Page } from 'playwright-core';
import { watchCsp } from '../browser/portal-harness.js';

/**
 * A page in a context of its own that takes the stack's self-signed certificate, with the page's uncaught errors and
 * Content-Security-Policy violations collected in `errors` (a test ends with `expect(errors).toEqual([])`).
 */
export async function newContext(browser: Browser): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1300, height: 900 }, locale: 'zh-CN' });
  const errors: string[] = [];
  await watchCsp(context, [], errors);
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}
