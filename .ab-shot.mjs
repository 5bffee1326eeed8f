import path from 'node:path';
import { launchChromium } from './tests/browser/portal-harness.ts';
import { startTestServer } from './tests/server/harness.ts';
import { seedDemo } from './server/seed/index.ts';
const s = await startTestServer({ serveClient: true }, { clientDir: path.resolve('/tmp/dist-exp') });
await seedDemo(s.db, { projects: 120, now: new Date(), imagesDir: path.join(s.config.dataDir, 'images', 'demo') });
await s.app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${s.app.server.address().port}/?region=lantian`;
const browser = await launchChromium();
const html = await (await fetch(url)).text();
console.log('has skeleton', html.includes('tm-header__title'), html.indexOf('<div id="root">'));
for (const delay of [250, 500, 800]) {
  const context = await browser.newContext({ viewport: { width: 1300, height: 900 } });
  const page = await context.newPage();
  page.goto(url).catch(() => {});
  await page.waitForTimeout(delay);
  await page.screenshot({ path: `/tmp/ab-${delay}.png` });
  console.log(delay, await page.evaluate(() => [document.readyState, document.getElementById('root')?.innerHTML.slice(0, 120), JSON.stringify(performance.getEntriesByType('paint').map((p) => [p.name, Math.round(p.startTime)]))]));
  await context.close();
}
await browser.close(); process.exit(0);
