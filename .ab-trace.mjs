import fs from 'node:fs';
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
  const cdp = await context.newCDPSession(page);
  const events = [];
  if (i === 2) { cdp.on('Tracing.dataCollected', (d) => events.push(...d.value)); await cdp.send('Tracing.start', { categories: 'devtools.timeline,loading,blink,v8', transferMode: 'ReportEvents' }); }
  await page.goto(url, { waitUntil: 'networkidle' });
  if (i < 2) { await context.close(); continue; }
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r)); await cdp.send('Tracing.end'); await done;
  const nav = events.find((e) => e.name === 'ResourceSendRequest' && (e.args?.data?.url ?? '').includes('region=')); console.log('navreq', !!nav);
  const pid = nav.pid; const t0 = nav.ts;
  const names = /^(ParseHTML|EvaluateScript|v8.compile|v8.compileModule|v8.evaluateModule|UpdateLayoutTree|Layout|Paint|FunctionCall|ResourceSendRequest|ResourceReceiveResponse|CommitLoad|ParseAuthorStyleSheet|firstPaint|firstContentfulPaint|domInteractive|MarkDOMContent|TimerFire|RunMicrotasks|HitTest|PrePaint|Commit|ScheduleStyleRecalculation|XHRReadyStateChange)$/;
  for (const e of events.filter((e) => e.pid === pid && names.test(e.name) && e.ts - t0 < 1500000 && (e.dur === undefined || e.dur > 2000 || /Send|Receive|Paint$|DOM|dom/.test(e.name))).sort((a, b) => a.ts - b.ts))
    console.log(String(Math.round((e.ts - t0) / 1000)).padStart(5), String(Math.round((e.dur ?? 0) / 1000)).padStart(4), e.tid, e.name, (e.args?.data?.url ?? e.args?.beginData?.url ?? '').split('/').pop().slice(0, 40));
  await context.close();
}
await browser.close(); process.exit(0);
