// A/B first view: two built clients served side by side, loads alternated so machine load hits both alike.
import path from 'node:path';
import { launchChromium } from './tests/browser/portal-harness.ts';
import { startTestServer } from './tests/server/harness.ts';
import { seedDemo } from './server/seed/index.ts';
const [dirA, dirB, region = 'lantian', n = '9', rate = '1'] = process.argv.slice(2);
async function serve(dir) {
  const s = await startTestServer({ serveClient: true }, { clientDir: path.resolve(dir) });
  await seedDemo(s.db, { projects: 120, now: new Date(), imagesDir: path.join(s.config.dataDir, 'images', 'demo') });
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${s.app.server.address().port}/?region=${region}`;
}
const urls = [await serve(dirA), await serve(dirB)];
const browser = await launchChromium();
const SCRIPT = `(() => { const tl = (window.__tl = []); let last = ''; const tick = () => { const b = document.querySelectorAll('.tm-block').length; const l = document.querySelectorAll('.tm-block .tm-status--loading').length; const k = b + '/' + l; if (k !== last) { last = k; tl.push({ t: performance.now(), b, l }); } requestAnimationFrame(tick); }; requestAnimationFrame(tick); })();`;
async function once(url) {
  const context = await browser.newContext({ viewport: { width: 1300, height: 900 }, locale: 'zh-CN' });
  await context.addInitScript(SCRIPT);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(rate) });
  await page.goto(url, { waitUntil: 'networkidle' });
  const r = await page.evaluate(() => new Promise((resolve) => { new PerformanceObserver((l) => { const e = l.getEntries(); resolve({ lcp: e[e.length - 1].startTime, tl: window.__tl, all: e.map((x) => [Math.round(x.startTime), x.size, x.element && x.element.className]) }); }).observe({ type: 'largest-contentful-paint', buffered: true }); setTimeout(() => resolve({ lcp: NaN, tl: window.__tl }), 3000); }));
  await context.close();
  const f = r.tl[r.tl.length - 1]; let last = f.t; for (let i = r.tl.length - 1; i >= 0; i--) { if (r.tl[i].b === f.b && r.tl[i].l === 0) last = r.tl[i].t; else break; }
  if (process.env.SHOW) console.log(JSON.stringify(r.all));
  return { lcp: r.lcp, last };
}
for (const u of urls) await once(u); // warm variants
const res = [[], []];
for (let i = 0; i < Number(n); i++) for (const k of i % 2 ? [1, 0] : [0, 1]) res[k].push(await once(urls[k]));
const med = (a) => { const s = [...a].sort((x, y) => x - y); return Math.round(s[Math.floor(s.length / 2)]); };
for (const k of [0, 1]) console.log([dirA, dirB][k].padEnd(20), 'LCP', med(res[k].map((r) => r.lcp)), 'last card', med(res[k].map((r) => r.last)), 'rate', rate);
await browser.close(); process.exit(0);
