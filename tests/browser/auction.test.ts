import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { review } from '../../server/auction/index.js';
import { DEMO_PHONES } from '../../server/seed/index.js';
import { SCREENSHOT_DIR, seriousViolations, openAuctionNow, seededProjectOf, withPortalInChromium, type OpenedPage } from './portal-harness.js';

// Two bidders in two real Chromium windows on one auction of 淳安县 (dev variant: free bidding with the real-time
// channel), against the real server and its WebSocket fan-out.
const chromium = withPortalInChromium();
let projectId: number;

beforeAll(async () => {
  const db = chromium.portal.db;
  // A fresh auction: one of 淳安's property-transfer projects, bidding for two more minutes (inside the 5-minute window).
  const project = await seededProjectOf(db, '淳安县', { type: 2, status: 6 });
  projectId = project.id;
  await openAuctionNow(db, projectId, { stopInMinutes: 2, signCts: 2 });
  const users = await db.selectFrom('appUser').select(['userId', 'phone']).where('phone', 'in', DEMO_PHONES.slice(0, 2)).execute();
  for (const phone of DEMO_PHONES.slice(0, 2)) {
    const userId = users.find((u) => u.phone === phone)!.userId;
    // Registered during the (past) sign-up window, then approved by staff through the engine: bidder codes 001, 002.
    await db.insertInto('registration').values({ projectId, userId, state: 2 }).execute();
    await review(db, { projectId, userId, approve: true, reviewerId: null, withoutDeposit: true });
  }
}, 120_000);

async function bidderPage(phone: string): Promise<OpenedPage> {
  const bidder = await chromium.openLoggedIn(phone, {
    region: 'chunan-dev',
    route: `/bidDetail?id=${projectId}`,
    context: { viewport: { width: 1300, height: 1000 } },
  });
  await expect.poll(() => bidder.page.getByRole('button', { name: '立即竞价' }).count(), { timeout: 15_000 }).toBe(1);
  return bidder;
}

const price = (page: Page) => page.locator('.tm-auction__price').innerText();
const countdownSeconds = async (page: Page) => {
  const text = await page.getByRole('timer').innerText();
  const m = /(\d+)小时(\d+)分(\d+)秒/.exec(text);
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : Number.NaN;
};

describe('live auction with two bidders', () => {
  it("A's bid reaches B's panel within a second, and a late bid extends both countdowns", async () => {
    const a = await bidderPage(DEMO_PHONES[0]);
    const b = await bidderPage(DEMO_PHONES[1]);
    try {
      expect(await price(a.page)).toBe('¥10,000.00');
      expect(await countdownSeconds(b.page)).toBeLessThanOrEqual(120);

      // A bids the suggested amount (the start price: no bid yet).
      // Timed from the moment the bid leaves A's browser (not from the test's click, whose own checks take a while
      // on a busy machine) to B's panel showing it.
      const leaving = a.page.waitForRequest((r) => r.url().includes('/api/auction/bid') && r.method() === 'POST');
      await a.page.getByRole('button', { name: '立即竞价' }).click();
      await leaving;
      const sent = Date.now();
      await expect.poll(() => price(b.page), { timeout: 1_000, interval: 25 }).toBe('¥10,000.00');
      await expect.poll(() => b.page.locator('.tm-auction__records tbody tr').count(), { timeout: 1_000, interval: 25 }).toBe(1);
      const seenAfter = Date.now() - sent;
      expect(seenAfter).toBeLessThan(1_000);

      // That bid came less than 5 minutes before the end: both ends move to its time + 5 minutes.
      await expect.poll(() => b.page.getByRole('status').filter({ hasText: '竞价结束时间已延长至' }).count(), { timeout: 2_000 }).toBe(1);
      await expect.poll(() => countdownSeconds(a.page), { timeout: 2_000 }).toBeGreaterThan(290);
      expect(await countdownSeconds(b.page)).toBeGreaterThan(290);
      expect(await countdownSeconds(b.page)).toBeLessThanOrEqual(300);

      // B outbids: the form suggests the current price plus the increment; A sees it.
      await expect.poll(() => b.page.getByLabel('我的出价（元）').inputValue()).toBe('10500');
      await b.page.getByRole('button', { name: '立即竞价' }).click();
      await expect.poll(() => price(a.page), { timeout: 1_000, interval: 25 }).toBe('¥10,500.00');

      // A refused bid says why: below the current price plus the increment.
      await a.page.getByLabel('我的出价（元）').fill('10600');
      await a.page.getByRole('button', { name: '立即竞价' }).click();
      await expect.poll(() => a.page.getByRole('alert').filter({ hasText: '加价幅度' }).count(), { timeout: 3_000 }).toBeGreaterThan(0);

      const rows = await chromium.portal.db.selectFrom('bid').select(['amount']).where('projectId', '=', projectId).orderBy('id').execute();
      expect(rows.map((r) => Number(r.amount))).toEqual([10_000, 10_500]);
      await a.page.screenshot({ path: path.join(SCREENSHOT_DIR, 'auction-bidder-a.png'), fullPage: true });
      await b.page.screenshot({ path: path.join(SCREENSHOT_DIR, 'auction-bidder-b.png'), fullPage: true });
      expect(await seriousViolations(b.page)).toEqual([]);
      expect([...a.errors, ...b.errors]).toEqual([]);
    } finally {
      await a.page.context().close();
      await b.page.context().close();
    }
  });
});
