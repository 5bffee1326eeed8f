import path from 'node:path';
import { launchChromium } from './tests/browser/portal-harness.ts';
import { startTestServer } from './tests/server/harness.ts';
import { seedDemo } from './server/seed/index.ts';
const s = await startTestServer({ serveClient: true }, { clientDir: path.resolve(process.argv[2]) });
await seedDemo(s.db, { projects: 120, now: new Date(), imagesDir: path.join(s.config.dataDir, 'images', 'demo') });
await s.app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${s.app.server.address().port}/?region=lantian`;
const browser = await launchChromium();
for (let i = 0; i < 3; i++) {
  const context = await browser.newContext({ viewport: { width: 1300, height: 900 } });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'networkidle' });
  if (i < 2) { await context.close(); continue; }
  const r = await page.evaluate(() => ({
    nav: performance.getEntriesByType('navigation').map((n) => ({ fetchStart: n.fetchStart, reqStart: n.requestStart, respStart: n.responseStart, respEnd: n.responseEnd, domInteractive: n.domInteractive, dcl: n.domContentLoadedEventStart })),
    paint: performance.getEntriesByType('paint').map((p) => [p.name, Math.round(p.startTime)]),
    res: performance.getEntriesByType('resource').slice(0, 12).map((e) => [e.name.split('/').pop().slice(0, 28), Math.round(e.startTime), Math.round(e.requestStart), Math.round(e.responseStart), Math.round(e.responseEnd), e.renderBlockingStatus]),
  }));
  console.log(JSON.stringify(r.nav), JSON.stringify(r.paint));
  for (const x of r.res) console.log(x.join('  '));
  await context.close();
}
await browser.close(); process.exit(0);
