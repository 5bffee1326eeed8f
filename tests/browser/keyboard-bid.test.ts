import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { review } from '../../server/auction/index.js';
import { DEMO_PASSWORD, DEMO_PHONES } from '../../server/seed/index.js';
import { SCREENSHOT_DIR, openAuctionNow, seededProjectOf, seriousViolations, settled, withPortalInChromium } from './portal-harness.js';

// One visitor of 淳安县 (dev variant: free bidding, real-time channel) with the keyboard alone: home → trading list →
// the project → login → back at the project → a placed bid. No click, no focus() and no goto after the first load;
// after every key the focus is asserted visible.
const chromium = withPortalInChromium();
let project: { id: number; projectName: string };
const MINUTE = 60_000;
const PHONE = DEMO_PHONES[0];

beforeAll(async () => {
  const db = chromium.portal.db;
  project = await seededProjectOf(db, '淳安县', { type: 2, status: 6, last: true });
  await openAuctionNow(db, project.id, { stopInMinutes: 30, signCts: 1 });
  const user = await db.selectFrom('appUser').select('userId').where('phone', '=', PHONE).executeTakeFirstOrThrow();
  await db.insertInto('registration').values({ projectId: project.id, userId: user.userId, state: 2 }).execute();
  await review(db, { projectId: project.id, userId: user.userId, approve: true, reviewerId: null, withoutDeposit: true });
}, 120_000);

/** What the focused element is and how it shows focus, as seen in the page. */
interface FocusSeen {
  what: string;
  isBody: boolean;
  inViewport: boolean;
  outlineStyle: string;
  outlineWidth: number;
  boxShadow: string;
}

async function focusSeen(page: Page): Promise<FocusSeen | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return null;
    const style = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return {
      what: `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}> «${name}»`,
      isBody: el === document.body || el === document.documentElement,
      // At least part of the element is on screen.
      inViewport: r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth,
      outlineStyle: style.outlineStyle,
      outlineWidth: parseFloat(style.outlineWidth) || 0,
      boxShadow: style.boxShadow,
    };
  });
}

/**
 * Fails unless something other than the page itself has focus, it is (at least partly) inside the viewport, and it
 * shows focus: an outline at least 2 px wide, or a box-shadow.
 */
export async function expectVisibleFocus(page: Page, step: string): Promise<void> {
  const f = await focusSeen(page);
  if (!f || f.isBody) throw new Error(`${step}: focus is lost (nothing but the page itself has it)`);
  if (!f.inViewport) throw new Error(`${step}: focused ${f.what} is outside the viewport`);
  const outlined = f.outlineStyle !== 'none' && f.outlineWidth >= 2;
  const shadowed = f.boxShadow !== 'none' && f.boxShadow !== '';
  if (!outlined && !shadowed)
    throw new Error(`${step}: focused ${f.what} shows no focus (outline ${f.outlineStyle} ${f.outlineWidth}px, box-shadow ${f.boxShadow})`);
}

/** Presses `key` (Tab by default) until `target` has focus, at most `max` times, checking the focus after each press. */
async function pressUntilFocused(page: Page, target: Locator, expected: string, { key = 'Tab', max = 60 }: { key?: string; max?: number } = {}): Promise<void> {
  const passed: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const seen = await focusSeen(page);
    passed.push(seen?.what ?? '(nothing)');
    await expectVisibleFocus(page, `${key} ×${i + 1} towards ${expected}`);
    // evaluateAll: no waiting for a target that is not there.
    if (await target.evaluateAll((els) => els.some((el) => el === document.activeElement))) return;
  }
  throw new Error(`${expected} not reached after ${max} × ${key}; focus went through:\n  ${passed.slice(-15).join('\n  ')}`);
}

/** Checks the focus until it shows (up to 2 s): after a route change the new page takes a moment to draw. */
async function expectFocusSettles(page: Page, step: string): Promise<void> {
  const until = Date.now() + 2_000;
  for (;;) {
    try {
      return await expectVisibleFocus(page, step);
    } catch (e) {
      if (Date.now() > until) throw e;
      await page.waitForTimeout(50);
    }
  }
}

/** A key that should change the page: waits for the new hash route, then checks focus landed visibly. */
async function pressToRoute(page: Page, key: string, route: RegExp, step: string): Promise<void> {
  await page.keyboard.press(key);
  await page.waitForURL(route, { timeout: 10_000, waitUntil: 'commit' });
  await expectFocusSettles(page, step);
  // A reader presses the next key on the page drawn: a Tab into a main still empty goes on to the footer.
  await settled(page);
}

describe('keyboard alone, home to a placed bid', () => {
  it('the focus-visible check fails on a focused element without a focus style, off screen, or with focus lost', async () => {
    const { page } = await chromium.openPage({ region: 'chunan-dev', route: '/towns' });
    try {
      // Three planted buttons before everything else: one that hides its focus, one that keeps the portal's, one off screen.
      await page.evaluate(() => {
        const plant = (text: string, style: Partial<CSSStyleDeclaration>) => {
          const button = document.createElement('button');
          button.textContent = text;
          Object.assign(button.style, style);
          return button;
        };
        document.body.prepend(
          plant('无焦点样式', { outline: 'none', boxShadow: 'none' }),
          plant('有焦点样式', {}),
          plant('屏幕之外', { position: 'absolute', left: '-9999px' }),
        );
      });
      await page.keyboard.press('Tab');
      await expect(expectVisibleFocus(page, 'planted')).rejects.toThrow(/planted: focused <button> «无焦点样式» shows no focus \(outline none/);
      await page.keyboard.press('Tab');
      await expect(expectVisibleFocus(page, 'planted')).resolves.toBeUndefined();
      await page.keyboard.press('Tab');
      await expect(expectVisibleFocus(page, 'planted')).rejects.toThrow('focused <button> «屏幕之外» is outside the viewport');
      await page.evaluate(() => (document.activeElement as HTMLElement).blur());
      await expect(expectVisibleFocus(page, 'planted')).rejects.toThrow('focus is lost');
      await page.evaluate(() => document.querySelectorAll('body > button').forEach((b) => b.remove()));
      // And the Tab helper names what it was after when it never gets there.
      await expect(pressUntilFocused(page, page.getByRole('button', { name: '不存在的按钮' }), 'a missing button', { max: 2 })).rejects.toThrow(
        'a missing button not reached after 2 × Tab',
      );
    } finally {
      await page.context().close();
    }
  });

  it('home → 产权交易 → the project → 请先登录 → login → back at the project → 立即竞价', async () => {
    const { page, errors } = await chromium.openPage({
      region: 'chunan-dev',
      route: '/',
      until: 'blocks',
      context: { viewport: { width: 1300, height: 900 } },
    });
    // A missing element fails in seconds, with its name, not at the test's time limit.
    page.setDefaultTimeout(5_000);
    try {
      // Home: the skip link comes first, then the header; the nav's 产权交易 opens the trading list.
      await pressUntilFocused(page, page.locator('.tm-skip-link'), 'the skip link', { max: 3 });
      // 产权交易 is a menu of categories; its first entry is the whole list.
      await pressUntilFocused(page, page.getByRole('button', { name: '产权交易', exact: true }), 'the nav menu 产权交易');
      await page.keyboard.press('Enter');
      await pressUntilFocused(page, page.getByRole('link', { name: '全部产权交易' }), 'the menu link 全部产权交易', { max: 1 });
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'keyboard-bid-menu.png'), clip: { x: 0, y: 0, width: 1300, height: 450 } });
      await pressToRoute(page, 'Enter', /#\/tradingProject\?idx=2$/, 'trading list opened');

      // Trading list: the keyword field finds the project; its card opens it.
      const keyword = page.getByLabel('关键字');
      await pressUntilFocused(page, keyword, 'the keyword field');
      await page.keyboard.type(project.projectName);
      await page.keyboard.press('Enter');
      await page.waitForURL(/keyword=/);
      await expectFocusSettles(page, 'after the search');
      // The status tile 竞价中 by Space; chosen shows as a tick, not by its fill colour alone.
      const biddingTile = page.locator('.tm-tile').filter({ hasText: /^竞价中$/ });
      await pressUntilFocused(page, biddingTile, 'the status tile 竞价中', { max: 12 });
      await page.keyboard.press('Space');
      await expect.poll(() => biddingTile.getAttribute('aria-pressed')).toBe('true');
      await expectFocusSettles(page, 'after choosing the tile');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'keyboard-bid-tile.png') });
      expect(await biddingTile.evaluate((el) => getComputedStyle(el, '::before').content)).toContain('✓');
      const card = page.locator('.tm-pcard__link').filter({ hasText: project.projectName });
      await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(1);
      // The card's status is words, not a coloured patch.
      expect(await card.locator('.tm-badge').innerText()).toBe('竞价中');
      await pressUntilFocused(page, card, 'the project card');
      await pressToRoute(page, 'Enter', new RegExp(`id=${project.id}`), 'project detail opened');

      // The detail: a visitor is asked to log in first; the button leads to the login and back.
      const loginFirst = page.getByRole('button', { name: '请先登录' });
      await expect.poll(() => loginFirst.count(), { timeout: 10_000 }).toBe(1);
      await pressUntilFocused(page, loginFirst, 'the 请先登录 button', { max: 120 });
      await page.keyboard.press('Enter');
      const phone = page.getByLabel('手机号');
      await expect.poll(() => phone.count(), { timeout: 10_000 }).toBe(1);
      await expectFocusSettles(page, 'login page opened');
      await pressUntilFocused(page, phone, 'the phone field');
      await page.keyboard.type(PHONE);
      await pressUntilFocused(page, page.getByLabel('密码'), 'the password field', { max: 3 });
      await page.keyboard.type(DEMO_PASSWORD);
      // The auction ends 5 min 4 s from now: on the way back the panel passes its 5-minute milestone.
      await chromium.portal.db
        .updateTable('project')
        .set({ biddingStopTime: new Date(Date.now() + 5 * MINUTE + 4_000) })
        .where('id', '=', project.id)
        .execute();
      await pressUntilFocused(page, page.getByRole('button', { name: '登录', exact: true }), 'the 登录 button', { max: 3 });
      await pressToRoute(page, 'Enter', new RegExp(`#/[\\w/]+\\?id=${project.id}$`), 'back at the project after login');

      // Logged in and approved: the bid form, its amount the start price.
      const submit = page.getByRole('button', { name: '立即竞价' });
      await expect.poll(() => submit.count(), { timeout: 10_000 }).toBe(1);
      const saidTime = page.locator('.tm-auction__said-time');
      const saidPrice = page.locator('.tm-auction__said-price');
      expect(await saidTime.innerText()).toBe('');
      // The remaining time is said at the 5-minute mark, and then not every second.
      await expect.poll(() => saidTime.textContent(), { timeout: 8_000, interval: 100 }).toBe('剩余5分钟');
      const samples: Array<[string | null, string]> = [];
      // Until the timer has shown three times (each second; longer on a busy machine, up to 8 s).
      for (const start = Date.now(); Date.now() - start < 8_000 && new Set(samples.map(([, shown]) => shown)).size < 3; await page.waitForTimeout(200)) {
        samples.push([await saidTime.textContent(), await page.getByRole('timer').innerText()]);
      }
      expect(new Set(samples.map(([said]) => said))).toEqual(new Set(['剩余5分钟']));
      expect(new Set(samples.map(([, shown]) => shown)).size).toBeGreaterThanOrEqual(3);

      expect(await page.locator('.tm-auction__status').innerText()).toBe('竞价中');
      const amount = page.getByLabel('我的出价（元）');
      await pressUntilFocused(page, amount, 'the bid amount');
      expect(await amount.inputValue()).toBe('10000');
      // The stepper by keyboard: + then − leaves the amount where it was.
      await pressUntilFocused(page, page.getByRole('button', { name: '增加一个加价幅度' }), 'the + step', { max: 2 });
      await page.keyboard.press('Enter');
      await expect.poll(() => amount.inputValue()).toBe('10500');
      await pressUntilFocused(page, page.getByRole('button', { name: '减少一个加价幅度' }), 'the − step', { key: 'Shift+Tab', max: 3 });
      await page.keyboard.press('Space');
      await expect.poll(() => amount.inputValue()).toBe('10000');
      await expectVisibleFocus(page, 'after stepping back down');
      await pressUntilFocused(page, submit, 'the 立即竞价 button', { max: 4 });
      await page.keyboard.press('Enter');

      await expect
        .poll(
          () =>
            chromium.portal.db
              .selectFrom('bid')
              .select('amount')
              .where('projectId', '=', project.id)
              .execute()
              .then((r) => r.map((b) => Number(b.amount))),
          { timeout: 5_000 },
        )
        .toEqual([10_000]);
      await expect.poll(() => saidPrice.textContent(), { timeout: 3_000 }).toBe('当前价 ¥10,000.00');
      // A bid inside the last 5 minutes extends the end, and that is said.
      await expect.poll(() => saidTime.textContent(), { timeout: 3_000 }).toMatch(/^竞价结束时间已延长至 \d\d:\d\d:\d\d$/);
      await expectVisibleFocus(page, 'after the bid');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'keyboard-bid.png') });
      // The panel with its spoken regions and a focused control, as axe sees it.
      expect(await seriousViolations(page, { within: 'main' })).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 60_000);
});
