/**
 * npm run bench:console [-- --region lantian] [--no-build]
 *
 * The staff console's first view, as a staff member meets it every morning: already signed in (the login kept in
 * the browser), opening a console page in a fresh context (empty cache). Builds the client, serves it from the
 * real server over a seeded database, and opens each console route in Chromium:
 *
 * - first view: the gzip size (level 9, as bench:bundle) of every JS and CSS file requested before every block of
 *   the page stood drawn (the last card), with no interaction. Goal: ≤ 150 KB JS on every console route.
 * - later: the JS requested after it, with still no interaction, until the network was idle — the chart library
 *   the dashboard loads once its figures are drawn and its charts are in view. Not part of the first view.
 *
 * The last line is `RESULT {json}` (scripts/bench/result.ts) for `npm run bench`.
 */
import { execSync } from 'node:child_process';
import os from 'node:os';
import { launchChromium, startPortal } from '../../tests/browser/portal-harness.js';
import { DEMO_PASSWORD } from '../../server/seed/index.js';
import { hashPassword } from '../../server/services/passwords.js';
import { SESSION_KEYS } from '../../engine/http/session-store.js';
import { firstViewAssets, sizes, TIMELINE_SCRIPT } from './first-view.js';
import { printResult, type BenchFigure } from './result.js';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const region = option('--region') ?? 'lantian';
const GOAL_JS_KB = 150;
const STAFF = '13900000049';

if (!args.includes('--no-build')) execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
const portal = await startPortal();
const browser = await launchChromium();
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const round1 = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

try {
  const loaded = portal.app.ctx.regions.load().regions.find((r) => r.id === region);
  if (!loaded) throw new Error(`地区不存在：${region}`);
  // A staff account of the region's own place: the console shows it every block a staff member sees.
  await portal.db
    .insertInto('appUser')
    .values({ phone: STAFF, passwordHash: await hashPassword(DEMO_PASSWORD), name: '基准测试工作人员', role: 'staff', deptId: loaded.deptId })
    .onConflict((oc) => oc.column('phone').doNothing())
    .execute();

  // Sign in once; each measured page starts from a fresh context holding only that login.
  const login = await browser.newContext({ locale: 'zh-CN' });
  const loginPage = await login.newPage();
  await loginPage.goto(`${portal.url}?region=${region}#/login`, { waitUntil: 'networkidle' });
  await loginPage.getByLabel('手机号').fill(STAFF);
  await loginPage.getByLabel('密码').fill(DEMO_PASSWORD);
  await loginPage.getByRole('button', { name: '登录', exact: true }).click();
  await loginPage.waitForFunction((key) => localStorage.getItem(key) !== null, SESSION_KEYS.token, { timeout: 15_000 });
  const storageState = await login.storageState();
  await login.close();

  const pages = Object.values(loaded.pages ?? {}) as Array<{ route: string }>;
  // The console's pages that open without a record (an editor opens empty, to create one).
  const routes = [...new Set(pages.map((p) => p.route).filter((r) => r === '/admin' || r.startsWith('/admin/')))].sort();
  const figures: BenchFigure[] = [];
  const misses: string[] = [];
  console.log(`\nThe console's first view, ${region}, signed in as staff (gzip; goal JS ≤ ${GOAL_JS_KB} KB; "later": JS after the first view, no interaction)`);
  console.log('route                            JS files  JS gzip    CSS gzip   later JS');
  for (const route of routes) {
    const context = await browser.newContext({ viewport: { width: 1300, height: 900 }, locale: 'zh-CN', storageState });
    await context.addInitScript(TIMELINE_SCRIPT);
    const page = await context.newPage();
    await page.goto(`${portal.url}?region=${region}#${route}`, { waitUntil: 'networkidle' });
    const { first, later } = await firstViewAssets(page);
    const drawn = await page.evaluate(() => [...document.querySelectorAll('[data-block]')].map((b) => b.getAttribute('data-block')).join(','));
    await context.close();
    const s = sizes(first);
    const after = sizes(later);
    const over = s.js > GOAL_JS_KB * 1024;
    if (over) misses.push(`#${route} JS ${kb(s.js)}`);
    console.log(`${`#${route}`.padEnd(32)} ${String(s.jsFiles).padStart(8)}  ${kb(s.js).padStart(8)}  ${kb(s.css).padStart(9)}  ${kb(after.js).padStart(9)}${over ? '  over' : ''}`);
    if (route === '/admin') {
      console.log(`  blocks drawn: ${drawn}`);
      console.log(`  later JS files: ${[...later].filter((a) => a.endsWith('.js')).join(', ') || 'none'}`);
    }
    figures.push({ name: `#${route} first view JS (gzip)`, value: round1(s.js), unit: 'KB', goal: { at: 'most', value: GOAL_JS_KB } });
    if (route === '/admin') {
      figures.push({ name: '#/admin first view CSS (gzip)', value: round1(s.css), unit: 'KB' });
      figures.push({ name: '#/admin JS after the first view (chart library), no interaction', value: round1(after.js), unit: 'KB' });
    }
  }
  console.log(misses.length ? `\nGoal missed: ${misses.join('; ')}` : `\nEvery console route's first view is within ${GOAL_JS_KB} KB JS.`);
  printResult({
    bench: 'console',
    setup: `${region}, signed in as staff, ${routes.length} console routes, each a fresh context (empty cache); load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
    figures,
    limits: misses.length ? [`missed: ${misses.join('; ')}`] : [],
  });
} finally {
  await browser.close();
  await portal.close();
}
