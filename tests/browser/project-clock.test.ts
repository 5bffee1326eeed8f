import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { review } from '../../server/auction/index.js';
import { StatusScheduler } from '../../server/auction/scheduler.js';
import { loadRegionCatalog } from '../../engine/region-files/index.js';
import { statusLabel } from '../../machines/project-status-rules.js';
import type { Region } from '../../schemas/types/region.js';
import { DEMO_PHONES } from '../../server/seed/index.js';
import { SCREENSHOT_DIR, seededProjectOf, seriousViolations, withPortalInChromium } from './portal-harness.js';

// A project page left open follows the project's timeline on the SERVER's clock, by itself and without a reload:
// 报名中 → 竞价中 when bidding opens (an approved bidder's 报名成功 becomes 立即竞价), then 竞价中 → 竞价已结束 at the
// end, each within a second of its moment. The browser's own clock is set 45 s slow, so a page reading it would be
// late by that much. 淳安县 (prod) has no real-time channel: no message tells the page anything meanwhile.
const chromium = withPortalInChromium();
const SLOW = 120_000;
/** How far the browser's clock is behind the server's. */
const SKEW_MS = 45_000;
/** From the test's start to bidding, long enough to log in and open the page on a busy machine. */
const LEAD_MS = 25_000;
const BIDDING_MS = 6_000;
let projectId: number;
let biddingStart: number;
let biddingStop: number;
let scheduler: StatusScheduler | undefined;
const chunan = loadRegionCatalog(path.resolve('regions')).regions.find((r) => r.id === 'chunan') as unknown as Region;
/** 淳安's own wording (statusLabels): 报名中 reads 公示报名中 there. */
const SIGN_UP = statusLabel(4, chunan);
const BIDDING = statusLabel(6, chunan);
const NO_DEAL = statusLabel(10, chunan);

beforeAll(async () => {
  const db = chromium.portal.db;
  const project = await seededProjectOf(db, '淳安县', { type: 2, status: 4, last: true });
  projectId = project.id;
  const now = Date.now();
  // Whole seconds, as the API gives times (and staff set them in minutes).
  biddingStart = Math.ceil((now + LEAD_MS) / 1000) * 1000;
  biddingStop = biddingStart + BIDDING_MS;
  await db.deleteFrom('bid').where('projectId', '=', projectId).execute();
  await db.deleteFrom('registration').where('projectId', '=', projectId).execute();
  await db
    .updateTable('project')
    .set({
      status: 4,
      currentPrice: null,
      publicityStopTime: new Date(now - 2 * 86_400_000),
      applyStartTime: new Date(now - 86_400_000),
      // Sign-up closes as bidding opens: 报名中 turns straight into 竞价中.
      applyStopTime: new Date(biddingStart),
      biddingStartTime: new Date(biddingStart),
      biddingStopTime: new Date(biddingStop),
    })
    .where('id', '=', projectId)
    .execute();
  const user = await db.selectFrom('appUser').select('userId').where('phone', '=', DEMO_PHONES[0]).executeTakeFirstOrThrow();
  await db.insertInto('registration').values({ projectId, userId: user.userId, state: 2 }).execute();
  await review(db, { projectId, userId: user.userId, approve: true, reviewerId: null, withoutDeposit: true });
  // The server's own scheduler, as `npm start` runs it: it stores the new statuses and decides the outcome.
  scheduler = new StatusScheduler(db, { minSleepMs: 10 });
  scheduler.start();
}, 60_000);
afterAll(() => scheduler?.stop());

/**
 * Records in the page, on the real clock (performance's, which the skew does not touch), the first moment each
 * wanted text shows: the panel's and the detail's status and the panel's button.
 */
async function watchTexts(page: Page, wanted: Record<string, string>): Promise<void> {
  await page.evaluate((wanted) => {
    const seen: Record<string, number> = {};
    (window as unknown as { __seen: Record<string, number> }).__seen = seen;
    const read = () => ({
      panel: document.querySelector('.tm-auction__status')?.textContent ?? '',
      detail: document.querySelector('.tm-pdetail__title .tm-badge')?.textContent ?? '',
      button: document.querySelector('.tm-auction__register')?.textContent ?? '',
    });
    const check = () => {
      const now = performance.timeOrigin + performance.now();
      const texts = read() as Record<string, string>;
      for (const [name, text] of Object.entries(wanted)) {
        const [where, value] = text.split('=');
        if (seen[name] === undefined && texts[where] === value) seen[name] = now;
      }
    };
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
    check();
  }, wanted);
}

const seenAt = (page: Page) => page.evaluate(() => (window as unknown as { __seen: Record<string, number> }).__seen);

describe('a project page left open', () => {
  it(
    'turns 报名中 into 竞价中 and 报名成功 into 立即竞价 at the bidding start, then 竞价已结束 at its end, on the server clock',
    async () => {
      const { page, errors } = await chromium.openLoggedIn(DEMO_PHONES[0], { region: 'chunan', route: `/bidDetail?id=${projectId}`, until: 'blocks' });
      try {
        // The browser's clock is now well behind the server's.
        await page.context().addInitScript((skew) => {
          const real = Date.now.bind(Date);
          Date.now = () => real() - skew;
        }, SKEW_MS);
        await page.reload({ waitUntil: 'load' });
        await expect.poll(() => page.locator('.tm-auction__register').innerText(), { timeout: 15_000 }).toBe('报名成功');
        expect(await page.evaluate(() => Date.now())).toBeLessThan(Date.now() - SKEW_MS + 5_000);
        expect(await page.locator('.tm-auction__status').innerText()).toBe(SIGN_UP);
        expect(await page.locator('.tm-pdetail__title .tm-badge').innerText()).toBe(SIGN_UP);
        expect(Date.now(), 'the page was open before bidding started').toBeLessThan(biddingStart - 2_000);
        await watchTexts(page, {
          panelBidding: `panel=${BIDDING}`,
          detailBidding: `detail=${BIDDING}`,
          button: 'button=立即竞价',
          panelEnded: 'panel=竞价已结束',
          detailEnded: 'detail=竞价已结束',
        });
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'project-clock-signup.png'), fullPage: true });

        await expect.poll(() => seenAt(page).then((s) => s.button), { timeout: LEAD_MS + 5_000, interval: 200 }).toBeDefined();
        const opened = await seenAt(page);
        console.info(
          `bidding start seen after ${['panelBidding', 'detailBidding', 'button'].map((n) => `${n} ${Math.round(opened[n] - biddingStart)} ms`).join(', ')}`,
        );
        for (const name of ['panelBidding', 'detailBidding', 'button']) {
          const late = opened[name] - biddingStart;
          expect(late, `${name}: not before the start`).toBeGreaterThanOrEqual(-20);
          expect(late, `${name}: within a second of the start`).toBeLessThan(1_000);
        }
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'project-clock-bidding.png'), fullPage: true });
        expect(await seriousViolations(page)).toEqual([]);

        await expect.poll(() => seenAt(page).then((s) => s.panelEnded), { timeout: BIDDING_MS + 5_000, interval: 200 }).toBeDefined();
        const ended = await seenAt(page);
        console.info(`bidding end seen after ${['panelEnded', 'detailEnded'].map((n) => `${n} ${Math.round(ended[n] - biddingStop)} ms`).join(', ')}`);
        for (const name of ['panelEnded', 'detailEnded']) {
          const late = ended[name] - biddingStop;
          expect(late, `${name}: not before the end`).toBeGreaterThanOrEqual(-20);
          expect(late, `${name}: within a second of the end`).toBeLessThan(1_000);
        }
        // Nothing left to press: bids were taken on site, and that is over.
        await expect.poll(() => page.locator('.tm-auction__register').count()).toBe(0);
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'project-clock-ended.png'), fullPage: true });
        // Then the server's outcome: no bid, so 已结束 (in 淳安's words) (asked again, as no message comes on this variant).
        await expect.poll(() => page.locator('.tm-auction__status').innerText(), { timeout: 10_000 }).toBe(NO_DEAL);
        expect(await seriousViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    },
    SLOW,
  );
});
