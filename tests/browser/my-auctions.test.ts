import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { closeAuction, placeBid, review } from '../../server/auction/index.js';
import { DEMO_PHONES } from '../../server/seed/index.js';
import { openAuctionNow, SCREENSHOT_DIR, seriousViolations, seededProjectOf, withPortalInChromium } from './portal-harness.js';

// 我的竞价 in the personal centre, in real Chromium against the real server: a bidder finds the auctions they
// registered for, sees whether they lead or were outbid, and gets back to the bid panel from there.
const chromium = withPortalInChromium();
const HOUR = 3_600_000;
let bidding: { id: number; projectName: string };
let signUp: { id: number; projectName: string };
const bidderCodes: string[] = [];
let bidders: { a: number; b: number };

beforeAll(async () => {
  const db = chromium.portal.db;
  const users = await db.selectFrom('appUser').select(['userId', 'phone']).where('phone', 'in', DEMO_PHONES).execute();
  const idOf = (phone: string) => users.find((u) => u.phone === phone)!.userId;
  const [a, b] = [idOf(DEMO_PHONES[0]), idOf(DEMO_PHONES[1])];
  bidders = { a, b };
  // The demo seed registers these users for projects at random; start them from nothing so the list is known.
  await db
    .deleteFrom('bid')
    .where(
      'userId',
      'in',
      users.map((u) => u.userId),
    )
    .execute();
  await db
    .deleteFrom('registration')
    .where(
      'userId',
      'in',
      users.map((u) => u.userId),
    )
    .execute();

  [bidding, signUp] = await Promise.all([seededProjectOf(db, '淳安县', { type: 2, status: 6 }), seededProjectOf(db, '淳安县', { type: 2, status: 4 })]);

  const now = Date.now();
  await openAuctionNow(db, bidding.id, { stopInMinutes: 120, keepRegistrations: true });
  await db.updateTable('project').set({ priceUnit: 3 }).where('id', '=', bidding.id).execute();
  for (const userId of [a, b]) {
    await db
      .insertInto('registration')
      .values({ projectId: bidding.id, userId, state: 2, createdAt: new Date(now - 48 * HOUR) })
      .execute();
    const approved = await review(db, { projectId: bidding.id, userId, approve: true, reviewerId: null, withoutDeposit: true });
    bidderCodes.push(approved.bidderCode);
  }
  await placeBid(db, { projectId: bidding.id, userId: a, amount: 10_000 });
  await placeBid(db, { projectId: bidding.id, userId: b, amount: 10_500 });
  // A's newest registration: still awaiting review.
  await db
    .insertInto('registration')
    .values({ projectId: signUp.id, userId: a, state: 2, createdAt: new Date(now - HOUR) })
    .execute();
}, 120_000);

describe('我的竞价', () => {
  it('lists the bidder’s registrations newest first, says who leads, and leads back to the bid panel', async () => {
    const { page, errors } = await chromium.openLoggedIn(DEMO_PHONES[0], { region: 'chunan', route: '/personal?tab=auctions', until: 'blocks' });
    try {
      await expect.poll(() => page.locator('.tm-mine__item').count(), { timeout: 10_000 }).toBe(2);
      expect(await page.getByRole('heading', { name: '我的竞价' }).count()).toBeGreaterThan(0);
      expect(await page.locator('[aria-current="page"]', { hasText: '我的竞价' }).count()).toBe(1);
      expect(await page.locator('.tm-mine__summary').innerText()).toBe('共 2 条报名记录');

      const [first, second] = [page.locator('.tm-mine__item').nth(0), page.locator('.tm-mine__item').nth(1)];
      expect(await first.getByRole('heading').innerText()).toContain(signUp.projectName);
      expect(await first.locator('.tm-mine__review').innerText()).toBe('待审核');
      expect(await first.locator('.tm-mine__standing').count()).toBe(0);
      expect(await first.getByRole('link', { name: /进入竞价/ }).count()).toBe(0);

      expect(await second.getByRole('heading').innerText()).toContain(bidding.projectName);
      expect(await second.locator('.tm-badge').innerText()).toBe('竞价中');
      expect(await second.locator('.tm-mine__review').innerText()).toBe('已通过');
      expect(await second.locator('.tm-mine__standing').innerText()).toBe('已被超越');
      const facts = await second.locator('dl').innerText();
      expect(facts).toMatch(new RegExp(`竞买号\\s*${bidderCodes[0]}\\n`));
      expect(facts).toMatch(/当前价\s*10,500\.00 元/);
      expect(facts).toMatch(/我的最高出价\s*10,000\.00 元（共 1 次）/);

      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'personal-my-auctions.png'), fullPage: true });

      await second.getByRole('link', { name: new RegExp(`^进入竞价\\s*：${bidding.projectName}$`) }).click();
      await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#/tradingProject/pressCenterDetail?id=${bidding.id}`);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('on a phone the leader sees 当前领先 and the list fits the screen', async () => {
    const { page, errors } = await chromium.openLoggedIn(DEMO_PHONES[1], {
      region: 'chunan',
      route: '/personal?tab=auctions',
      until: 'blocks',
      context: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
    });
    try {
      await expect.poll(() => page.locator('.tm-mine__item').count(), { timeout: 10_000 }).toBe(1);
      expect(await page.locator('.tm-mine__standing').innerText()).toBe('当前领先');
      expect(await page.locator('.tm-mine__item dl').innerText()).toMatch(new RegExp(`竞买号\\s*${bidderCodes[1]}\\n`));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      const button = await page.getByRole('link', { name: /进入竞价/ }).boundingBox();
      expect(button!.height).toBeGreaterThanOrEqual(44);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'phone-my-auctions.png'), fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('follows the auction live: a rival’s bid and the user’s own from another window change the row without a reload', async () => {
    const { page, errors } = await chromium.openLoggedIn(DEMO_PHONES[0], { region: 'chunan', route: '/personal?tab=auctions', until: 'blocks' });
    try {
      const item = page.locator('.tm-mine__item').filter({ hasText: bidding.projectName });
      const standing = () => item.locator('.tm-mine__standing').innerText();
      const facts = () => item.locator('dl').innerText();
      await expect.poll(standing, { timeout: 10_000 }).toBe('已被超越');
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));

      await placeBid(chromium.portal.db, { projectId: bidding.id, userId: bidders.a, amount: 11_000 });
      await expect.poll(standing, { timeout: 3_000 }).toBe('当前领先');
      expect(await facts()).toMatch(/当前价\s*11,000\.00 元/);
      expect(await facts()).toMatch(/我的最高出价\s*11,000\.00 元（共 2 次）/);

      await placeBid(chromium.portal.db, { projectId: bidding.id, userId: bidders.b, amount: 11_500 });
      await expect.poll(standing, { timeout: 3_000 }).toBe('已被超越');
      expect(await facts()).toMatch(/当前价\s*11,500\.00 元/);
      expect(await facts()).toMatch(/我的最高出价\s*11,000\.00 元（共 2 次）/);
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('at the close the row says 未竞得 without a reload, the new-message dot lights, 我的消息 says the outcome, and reading it puts the dot out', async () => {
    const db = chromium.portal.db;
    // Everything read before, so the dot can only come from the close.
    await db.updateTable('message').set({ readAt: new Date() }).where('userId', '=', bidders.a).where('readAt', 'is', null).execute();
    const { page, errors } = await chromium.openLoggedIn(DEMO_PHONES[0], { region: 'chunan', route: '/personal?tab=auctions', until: 'blocks' });
    try {
      const item = page.locator('.tm-mine__item').filter({ hasText: bidding.projectName });
      await expect.poll(() => item.locator('.tm-mine__standing').innerText(), { timeout: 10_000 }).toBe('已被超越');
      expect(await page.locator('.tm-header__dot').count()).toBe(0);

      await db
        .updateTable('project')
        .set({ biddingStopTime: new Date(Date.now() - 1000) })
        .where('id', '=', bidding.id)
        .execute();
      await closeAuction(db, bidding.id); // or the portal's own scheduler got there first: either way one close
      await expect.poll(() => item.locator('.tm-mine__standing').innerText(), { timeout: 5_000 }).toBe('未竞得');
      await expect.poll(() => page.locator('.tm-header__dot').count(), { timeout: 5_000 }).toBe(1);

      await page.getByRole('link', { name: '我的消息' }).click();
      // Newest first: the close's message above the review's 报名审核通过 about the same project.
      const messages = page.locator('.tm-message').filter({ hasText: bidding.projectName });
      await expect.poll(() => messages.locator('.tm-message__title').allInnerTexts(), { timeout: 10_000 }).toEqual(['竞价结束', '报名审核通过']);
      const message = messages.first();
      expect(await message.locator('.tm-message__state').innerText()).toBe('未读');
      await message.locator('summary').click();
      await expect.poll(() => message.locator('.tm-message__state').innerText()).toBe('已读');
      // That was the only unread message: the dot goes out without a reload.
      await expect.poll(() => page.locator('.tm-header__dot').count(), { timeout: 5_000 }).toBe(0);
      expect(await message.locator('.tm-message__content').innerText()).toBe(`您参与竞价的项目“${bidding.projectName}”已结束，成交价11,500元，您未竞得。`);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'personal-close-message.png'), fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('someone who registered for nothing is told so', async () => {
    const { page } = await chromium.openLoggedIn(DEMO_PHONES[2], { region: 'chunan', route: '/personal?tab=auctions', until: 'blocks' });
    try {
      await expect.poll(() => page.getByText('暂无报名记录').count(), { timeout: 10_000 }).toBe(1);
      expect(await page.locator('.tm-mine__item').count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });
});
