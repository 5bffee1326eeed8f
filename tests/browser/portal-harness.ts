import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { sql, type Kysely } from 'kysely';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Request } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { SESSION_KEYS } from '../../engine/http/session-store.js';
import type { Database } from '../../server/db/schema.js';
import { DEMO_IMAGE_FILES, DEMO_PASSWORD, seedDemo } from '../../server/seed/index.js';
import { pictureVariantsDir, type ServerConfig } from '../../server/runtime/config.js';
import { readStoredFile, storeFileIfAbsent } from '../../server/pictures/stored-files.js';
import { startTestServer, type TestServer } from '../server/harness.js';
import { syncPlaces } from '../../server/services/places-sync.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium';
export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');

/** The flags the stack notes give for Debian's Chromium in a container. */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The whole product as a visitor meets it: the built client (`npm test` builds it first) served by the real server
 * over a seeded PGlite database, on a loopback port.
 */
export type Portal = TestServer & { url: string };

export async function startPortal(overrides: Partial<ServerConfig> = {}): Promise<Portal> {
  if (!fs.existsSync(path.resolve('dist/client/index.html'))) {
    throw new Error('dist/client is missing: run `npx vite build` first (npm test does)');
  }
  const server = await startTestServer({ serveClient: true, ...overrides });
  const pictures = await sharedDemoPictures(server.db);
  await seedDemo(server.db, { projects: 120, now: new Date(), pictures: true });
  await pictures.keep();
  sharedDemoVariants(pictureVariantsDir(server.config));
  // As startServer does: places the served regions declare beyond the demo ones (a test's own county) are added.
  await syncPlaces(server.db, server.app.ctx.regions.load().places, { info: () => {}, warn: () => {} });
  await server.reloadPlaces();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  return { ...server, url: `http://127.0.0.1:${port}/` };
}

/**
 * The seed draws its landscape pictures (~0.5 s of CPU a server) the same in every test server: they are drawn once
 * and kept in `.tmp/test-demo-pictures/<hash of the drawing code>`, stored into each new server's database before the
 * seed, which then draws none. A change to the drawing code is a new folder.
 */
async function sharedDemoPictures(db: Kysely<Database>): Promise<{ keep(): Promise<void> }> {
  const hash = crypto.createHash('sha1');
  for (const file of ['server/seed/images.ts', 'server/seed/random.ts']) hash.update(fs.readFileSync(path.resolve(file)));
  const shared = path.resolve('.tmp/test-demo-pictures', hash.digest('hex').slice(0, 16));
  const had = fs.existsSync(shared);
  if (had) for (const file of fs.readdirSync(shared)) await storeFileIfAbsent(db, { path: `demo/${file}`, bytes: fs.readFileSync(path.join(shared, file)) });
  return {
    async keep() {
      if (had) return;
      // Written aside and renamed into place: a server starting meanwhile in another worker sees all or nothing.
      const part = `${shared}.${process.pid}.part`;
      fs.mkdirSync(part, { recursive: true });
      for (const file of DEMO_IMAGE_FILES) fs.writeFileSync(path.join(part, file), (await readStoredFile(db, `demo/${file}`))!.bytes);
      try {
        fs.renameSync(part, shared);
      } catch {
        fs.rmSync(part, { recursive: true, force: true });
      }
    },
  };
}

/**
 * The seed's pictures are the same in every test server (a fixed random seed), and their AVIF/WebP variants cost a
 * browser file seconds of CPU to make again (sharp, ~100 ms a landscape). Variants are kept by their original's
 * content hash and written whole or not at all, so every test server may share one cache folder:
 * `.tmp/test-picture-variants/<hash of the code that makes them>`, linked in as the server's own.
 */
function sharedDemoVariants(serverVariants: string): void {
  const hash = crypto.createHash('sha1').update(fs.readFileSync(path.resolve('server/pictures/variants.ts')));
  const shared = path.resolve('.tmp/test-picture-variants', hash.digest('hex').slice(0, 16));
  fs.mkdirSync(shared, { recursive: true });
  fs.rmSync(serverVariants, { recursive: true, force: true });
  fs.symlinkSync(shared, serverVariants);
}

/**
 * Debian's Chromium; fails with the install hint when it is missing (CI installs it). `extraArgs` go after the
 * container flags (a camera test adds `--use-fake-device-for-media-stream`, `--use-fake-ui-for-media-stream`).
 */
export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium fonts-wqy-microhei`);
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_FLAGS, ...extraArgs] });
}

/** Where in the portal: `?region=` (none: the server's default region) and the hash route (`/register`, `/bidDetail?id=3`). */
export interface PageAt {
  region?: string;
  route?: string;
}

/**
 * What to wait for once the network is idle: nothing more (`idle`, the default), no block still loading
 * (`loaded`), or blocks drawn and none loading (`blocks`).
 */
export type PageReady = 'idle' | 'loaded' | 'blocks';

export interface OpenPageOptions extends PageAt {
  until?: PageReady;
  /** Over the defaults (1300×900, zh-CN): another viewport, permissions such as `['camera']`, … */
  context?: BrowserContextOptions;
}

/**
 * A page and the uncaught errors it has thrown so far (a test ends with `expect(errors).toEqual([])`). Content
 * Security Policy violations of its context's pages count as errors too, and are also listed in `cspViolations`.
 */
export interface OpenedPage {
  page: Page;
  errors: string[];
  cspViolations: string[];
  /** The page's requests: `network.quiet()` waits, as opening did, for the network to go quiet. */
  network: { quiet(timeoutMs?: number): Promise<void> };
}

/**
 * Collects the Content-Security-Policy violations of every page of a context (popups too): the documents'
 * `securitypolicyviolation` events, and CSP errors on the console (what the event cannot report, such as a refused
 * frame). Each goes into `sink` and `errors`, so any browser test asserting no errors also asserts the policy held.
 */
export async function watchCsp(context: BrowserContext, sink: string[], errors: string[]): Promise<void> {
  const report = (line: string) => {
    sink.push(line);
    errors.push(`CSP ${line}`);
  };
  await context.exposeBinding('__tianmuCspViolation', (_source, line: string) => report(line));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const where = e.sourceFile ? ` at ${e.sourceFile}:${e.lineNumber}` : '';
      (window as unknown as { __tianmuCspViolation: (line: string) => void }).__tianmuCspViolation(
        `${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'}${e.sample ? ` «${e.sample}»` : ''}${where} on ${location.href}`,
      );
    });
  });
  const watchConsole = (page: Page) =>
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) report(`console: ${message.text()}`);
    });
  context.on('page', watchConsole);
  for (const page of context.pages()) watchConsole(page);
}

/** How long the network must stay quiet, after two painted frames, for a page to count as idle. */
const QUIET_MS = 100;

/**
 * Watches a page's requests and waits for its network to go quiet: nothing in flight, two frames painted (a render
 * that an answer set going, and any request it starts, have run by then), then QUIET_MS with nothing new. Playwright's
 * `networkidle` waits a fixed 500 ms of quiet instead, about a quarter of the browser suites' time. An event stream,
 * open for as long as the page is, does not count.
 */
export function watchNetwork(page: Page): { quiet(timeoutMs?: number): Promise<void> } {
  const inFlight = new Set<Request>();
  let started = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'eventsource') return;
    inFlight.add(request);
    started++;
  });
  const done = (request: Request) => inFlight.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  return {
    async quiet(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        while (inFlight.size > 0) {
          if (Date.now() > deadline) throw new Error(`the network stayed busy for ${timeoutMs} ms: ${[...inFlight].map((r) => r.url()).join(', ')}`);
          await pause(20);
        }
        const before = started;
        await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
        await pause(QUIET_MS);
        if (inFlight.size === 0 && started === before) return;
      }
    },
  };
}

export interface PortalInChromium {
  /** The seeded portal; there from the file's beforeAll on. */
  readonly portal: Portal;
  /** The shared Chromium; there from the file's beforeAll on. */
  readonly browser: Browser;
  /** The portal's address at a region and a hash route. */
  url(at?: PageAt): string;
  /** A new page in a context of its own (axe needs a page of an explicit context): the caller closes `page.context()`. */
  openPage(options?: OpenPageOptions): Promise<OpenedPage>;
  /** openPage, but first logged in as `phone` (a seeded user, the demo password) on the login page of the region. */
  openLoggedIn(phone: string, options?: OpenPageOptions): Promise<OpenedPage>;
}

/**
 * For a browser test file: before its tests the seeded portal and Chromium start (in parallel) and the screenshot
 * folder exists; after them both close. `server` gives server settings made in beforeAll (e.g. a regions folder
 * with test variants of the demo regions: `{ regionsDir }`). A file's own beforeAll, declared after this call, runs once they are up.
 */
export function withPortalInChromium(options: { chromiumArgs?: string[]; server?: () => Partial<ServerConfig> } = {}): PortalInChromium {
  let portal: Portal | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    [portal, browser] = await Promise.all([startPortal(options.server?.()), launchChromium(options.chromiumArgs)]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (!value) throw new Error(`${what} starts in beforeAll: use it inside a test or hook`);
    return value;
  };
  const session: PortalInChromium = {
    get portal() {
      return started(portal, 'the portal');
    },
    get browser() {
      return started(browser, 'Chromium');
    },
    url({ region, route } = {}) {
      return `${session.portal.url}${region ? `?region=${region}` : ''}${route ? `#${route}` : ''}`;
    },
    async openPage({ until = 'idle', context, ...at } = {}) {
      const browserContext = await session.browser.newContext({ viewport: { width: 1300, height: 900 }, locale: 'zh-CN', ...context });
      const errors: string[] = [];
      const cspViolations: string[] = [];
      await watchCsp(browserContext, cspViolations, errors);
      const page = await browserContext.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      const network = watchNetwork(page);
      await page.goto(session.url(at), { waitUntil: 'load' });
      await network.quiet();
      if (until !== 'idle') await settled(page, until);
      return { page, errors, cspViolations, network };
    },
    async openLoggedIn(phone, { until = 'idle', route, ...options } = {}) {
      const opened = await session.openPage({ ...options, route: '/login' });
      const { page } = opened;
      await page.getByLabel('手机号').fill(phone);
      await page.getByLabel('密码').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: '登录' }).click();
      // Logged in once the login call's token is stored. (Not "storage is non-empty": the page stores the place it
      // shows on load, so that would go on before the login answered and race the next page's login check.)
      await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), SESSION_KEYS.token), { timeout: 10_000 }).not.toBeNull();
      await page.goto(session.url({ region: options.region, route }), { waitUntil: 'load' });
      await opened.network.quiet();
      if (until !== 'idle') await settled(page, until);
      return opened;
    },
  };
  return session;
}

/**
 * Waits (up to 20 s) until no block is loading; with `blocks` (the default) also until the app has drawn some block.
 * The server's first paint of the header has blocks too, drawn before any script: it counts only once the app's first
 * render has replaced it, or a page's own blocks would be read before they exist.
 */
export function settled(page: Page, until: Exclude<PageReady, 'idle'> = 'blocks'): Promise<unknown> {
  return page.waitForFunction(
    (needBlocks) =>
      (!needBlocks || (document.querySelectorAll('[data-block]').length > 0 && !document.querySelector('.tm-first-paint'))) &&
      !document.querySelector('.tm-status--loading'),
    until === 'blocks',
    { timeout: 20_000 },
  );
}

/**
 * Closes every message (Semi's toasts: 登录成功, 报名成功…) with its own close button, as a reader does, and waits until
 * none is left: a test that has read its message need not wait out the three seconds each stays.
 */
export async function closeMessages(page: Page): Promise<void> {
  const closeButtons = page.locator('.semi-toast-close-button button');
  for (let left = await closeButtons.count(); left > 0; left = await closeButtons.count()) {
    // A toast may leave on its own timer between the count and the click.
    await closeButtons
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
  await expect.poll(() => page.locator('.semi-toast-content').count(), { timeout: 15_000 }).toBe(0);
}

/**
 * Brings the page to where its animations come to rest (a notification sliding in, a toast fading): finite
 * animations jump to their end; endless ones (spinners) cannot and need not.
 */
export async function finishAnimations(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      try {
        animation.finish();
      } catch {
        // An infinite animation has no end to finish at.
      }
    }
  });
}

/** axe-core as @axe-core/playwright ships it (the same version), injected into a page at most once per document. */
const AXE_SOURCE = fs.readFileSync(createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core's serious and critical WCAG 2.1 A/AA violations on the page, each as `rule: first targets` (expect `[]`).
 * `within` narrows the check to one part (a CSS selector such as `main`), for a walk that has already checked the
 * region's header, nav and footer on another page; `skipRules` leaves out rules a caller checks otherwise.
 *
 * axe.run() in the page itself, injected once per document: AxeBuilder injected axe twice per check and finished in a
 * new blank page, about a second a check. The portal draws no iframes, so the one frame is the whole page.
 */
export async function seriousViolations(
  page: Page,
  { within, skipRules = [], tags = AXE_TAGS }: { within?: string; skipRules?: string[]; tags?: readonly string[] } = {},
): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // axe judges what a reader sees once things settle: a toast caught mid-fade has its text at part opacity, which
  // reads as low contrast.
  await finishAnimations(page);
  expect(await page.locator('iframe').count(), 'a frame would need its own axe run').toBe(0);
  const violations = await page.evaluate(
    async ({ within, tags, skipRules }) => {
      const axe = (
        window as unknown as {
          axe: {
            run: (
              context: unknown,
              options: unknown,
            ) => Promise<{ violations: Array<{ id: string; impact?: string | null; nodes: Array<{ target: unknown[] }> }> }>;
          };
        }
      ).axe;
      const result = await axe.run(within ? { include: [[within]] } : document, {
        runOnly: { type: 'tag', values: tags },
        rules: Object.fromEntries(skipRules.map((rule) => [rule, { enabled: false }])),
        resultTypes: ['violations'],
      });
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
    },
    { within, tags: [...tags], skipRules },
  );
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.targets.slice(0, 3).join(' | ')}`);
}

/**
 * A seeded project of a place or any place under it (淳安县 and its towns), by type and status: the first by id, or
 * the last with `last`, so two test files can take different ones.
 */
export async function seededProjectOf(
  db: Kysely<Database>,
  placeName: string,
  { type, status, last = false }: { type: 1 | 2 | 3; status: number; last?: boolean },
): Promise<{ id: number; projectName: string }> {
  const place = await db.selectFrom('place').select('deptId').where('deptName', '=', placeName).executeTakeFirstOrThrow();
  return db
    .selectFrom('project')
    .select(['id', 'projectName'])
    .where('type', '=', type)
    .where('status', '=', status)
    .where(sql<boolean>`dept_id IN (SELECT dept_id FROM place WHERE dept_id = ${place.deptId} OR ancestors LIKE ${`%,${place.deptId}%`})`)
    .orderBy('id', last ? 'desc' : 'asc')
    .executeTakeFirstOrThrow();
}

/**
 * Makes a seeded project a fresh live auction: no bids or registrations, starting price 10000 in steps of 500, opened
 * an hour ago and ending `stopInMinutes` from now (a 5-minute extension window), with `signCts` the registrations the
 * page counts.
 */
export async function openAuctionNow(
  db: Kysely<Database>,
  projectId: number,
  { stopInMinutes, signCts, keepRegistrations = false }: { stopInMinutes: number; signCts?: number; keepRegistrations?: boolean },
): Promise<void> {
  await db.deleteFrom('bid').where('projectId', '=', projectId).execute();
  if (!keepRegistrations) await db.deleteFrom('registration').where('projectId', '=', projectId).execute();
  const now = Date.now();
  await db
    .updateTable('project')
    .set({
      currentPrice: null,
      price: '10000',
      increment: '500',
      extendMinutes: 5,
      biddingStartTime: new Date(now - 60 * 60_000),
      biddingStopTime: new Date(now + stopInMinutes * 60_000),
      ...(signCts === undefined ? {} : { signCts }),
    })
    .where('id', '=', projectId)
    .execute();
}
