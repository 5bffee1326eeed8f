import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_KEYS } from '../../engine/http/session-store.js';
import { review } from '../../server/auction/index.js';
import { DEMO_PASSWORD, DEMO_PHONES } from '../../server/seed/index.js';
import { SCREENSHOT_DIR, seededProjectOf, seriousViolations, settled, withPortalInChromium } from './portal-harness.js';
import { readability } from './readability.js';

// Elder mode (长辈版) as an older reader meets it, in real Chromium: turned on from the bar, remembered from page to
// page, and on the four pages of a trade (home, the trading list, a project with its bid panel, the login page) no
// text under 18 px, every text node at 4.5:1 or more, no sideways scrolling, axe clean — at 1440 px and 390 px; then
// the same pages at 200% text in high contrast; and read-aloud.
const chromium = withPortalInChromium();
const REGION = 'chunan-dev';
let projectId: number;

beforeAll(async () => {
  const db = chromium.portal.db;
  // A running auction the demo bidder is approved for, so its detail page shows the bid form.
  const project = await seededProjectOf(db, '淳安县', { type: 2, status: 6, last: true });
  projectId = project.id;
  await db
    .updateTable('project')
    .set({ biddingStartTime: new Date(Date.now() - 3_600_000), biddingStopTime: new Date(Date.now() + 3_600_000) })
    .where('id', '=', projectId)
    .execute();
  const user = await db.selectFrom('appUser').select('userId').where('phone', '=', DEMO_PHONES[2]).executeTakeFirstOrThrow();
  await db.deleteFrom('registration').where('projectId', '=', projectId).where('userId', '=', user.userId).execute();
  await db.insertInto('registration').values({ projectId, userId: user.userId, state: 2 }).execute();
  await review(db, { projectId, userId: user.userId, approve: true, reviewerId: null, withoutDeposit: true });
}, 120_000);

const open = async (page: Page, route: string) => {
  await page.goto(chromium.url({ region: REGION, route }), { waitUntil: 'networkidle' });
  await settled(page);
};

/** Every check of one page as the reader sees it now, with a screenshot named `name`. */
async function checkPage(page: Page, name: string, problems: string[]) {
  await page.evaluate(() => document.fonts.ready);
  const seen = await readability(page, { floorPx: 18 });
  for (const small of seen.underFloor) problems.push(`${name}: text of ${small}`);
  for (const low of seen.lowContrast) problems.push(`${name}: contrast ${low}`);
  // Only the header's picture carries text without a solid colour behind it (under a dark veil, checked by axe).
  for (const text of seen.onPicture) if (!text.includes('tm-header')) problems.push(`${name}: text on a picture ${text}`);
  if (seen.scrollsSideways) problems.push(`${name}: scrolls sideways`);
  for (const violation of await seriousViolations(page)) problems.push(`${name}: axe ${violation}`);
  expect(seen.measured, `${name}: text measured`).toBeGreaterThan(20);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `elder-${name}.png`), fullPage: true });
}

async function logIn(page: Page) {
  await page.getByLabel('手机号').fill(DEMO_PHONES[2]);
  await page.getByLabel('密码').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), SESSION_KEYS.token), { timeout: 10_000 }).not.toBeNull();
}

describe('elder mode', () => {
  it.each([
    [1440, 900],
    [390, 844],
  ])(
    'at %i px: 长辈版 from the bar, remembered, and every page of a trade readable',
    async (width, height) => {
      const { page, errors } = await chromium.openPage({ region: REGION, route: '/', until: 'blocks', context: { viewport: { width, height } } });
      const problems: string[] = [];
      const columns = () =>
        page.evaluate(() =>
          [...document.querySelectorAll('.tm-grid > .tm-cell')].map((cell) =>
            Math.round((cell.getBoundingClientRect().width / (cell.parentElement as HTMLElement).getBoundingClientRect().width) * 100),
          ),
        );
      try {
        // Before: the home page's blocks side by side on a wide window.
        if (width === 1440) expect(Math.min(...(await columns()))).toBeLessThan(100);
        await page.getByRole('button', { name: '长辈版' }).click();
        await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('tm-elder'))).toBe(true);
        expect(await page.getByRole('button', { name: '退出长辈版' }).getAttribute('aria-pressed')).toBe('true');
        // The preset's other aids: the spec's 0.8 zoom off, one column, a large pointer over links.
        const shown = await page.evaluate(() => ({
          zoom: getComputedStyle(document.querySelector('.tm-page')!).zoom,
          pointer: getComputedStyle(document.querySelector('main a')!).cursor,
        }));
        expect(shown.zoom).toBe('1');
        expect(new Set(await columns())).toEqual(new Set([100]));
        expect(shown.pointer).toMatch(/^url\("data:image\/svg\+xml/);
        await checkPage(page, `home-${width}`, problems);

        // Remembered: every later page is a fresh document that starts in elder mode.
        await open(page, '/login');
        expect(await page.evaluate(() => document.documentElement.className)).toContain('tm-elder');
        await checkPage(page, `login-${width}`, problems);
        await logIn(page);
        if (width === 1440) {
          // A message stays until the reader closes it (Semi would take it away after 3 s).
          const toast = page.locator('.semi-toast').filter({ hasText: '登录成功' });
          await expect.poll(() => toast.count()).toBe(1);
          await page.waitForTimeout(4_000);
          expect(await toast.isVisible()).toBe(true);
          await toast.getByRole('button').click();
          await expect.poll(() => toast.count()).toBe(0);
        }
        await open(page, '/tradingProject');
        await checkPage(page, `trading-list-${width}`, problems);
        await open(page, `/bidDetail?id=${projectId}`);
        await expect.poll(() => page.getByRole('button', { name: '立即竞价' }).count(), { timeout: 15_000 }).toBe(1);
        await checkPage(page, `bid-detail-${width}`, problems);
        expect(problems).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    },
    120_000,
  );

  it('200% text in high contrast: the pages reflow without sideways scrolling and stay readable', async () => {
    const { page, errors } = await chromium.openPage({ region: REGION, route: '/', until: 'blocks', context: { viewport: { width: 1440, height: 900 } } });
    const problems: string[] = [];
    try {
      await page.getByRole('button', { name: '长辈版' }).click();
      await page.getByRole('button', { name: '无障碍' }).click();
      for (let i = 0; i < 4; i++) await page.getByRole('button', { name: '文字放大' }).click();
      await page.getByRole('button', { name: '高对比度' }).click();
      expect(await page.getByRole('status', { name: '当前文字大小' }).innerText()).toBe('200%');
      await checkPage(page, 'home-200-contrast', problems);
      expect((await readability(page)).smallest.px).toBeGreaterThanOrEqual(36);
      for (const [route, name] of [
        ['/tradingProject', 'trading-list'],
        [`/bidDetail?id=${projectId}`, 'bid-detail'],
        ['/login', 'login'],
      ] as const) {
        await open(page, route);
        await checkPage(page, `${name}-200-contrast`, problems);
      }
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});

describe('read-aloud', () => {
  it('指读 reads what keyboard focus lands on, with a Chinese voice', async () => {
    const { page, errors } = await chromium.openPage({ region: REGION, route: '/' });
    try {
      // The browser's speech engine is the boundary: a stand-in with one zh-CN voice that records what it is given.
      // The browser's speech engine is the boundary: a stand-in with one zh-CN voice that records what it is given,
      // in place from the first script (the portal takes the browser's speech when it starts).
      await page.context().addInitScript(() => {
        const spoken: string[] = [];
        (window as unknown as { __spoken: string[] }).__spoken = spoken;
        Object.defineProperty(window, 'speechSynthesis', {
          value: { getVoices: () => [{ lang: 'zh-CN', name: '中文' }], speak: (u: SpeechSynthesisUtterance) => spoken.push(u.text), cancel: () => {} },
        });
        Object.defineProperty(window, 'SpeechSynthesisUtterance', {
          value: class {
            voice: unknown = null;
            lang = '';
            rate = 1;
            constructor(readonly text: string) {}
          },
        });
      });
      await page.reload({ waitUntil: 'networkidle' });
      await page.getByRole('button', { name: '无障碍' }).click();
      await page.getByRole('button', { name: '指读' }).click();
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => (document.activeElement as HTMLElement).innerText.trim());
      await expect.poll(() => page.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken.at(-1))).toBe(focused);
      await page.getByRole('button', { name: '朗读本页' }).click();
      const spoken = await page.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken.join(''));
      expect(spoken).toContain('淳安县');
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('says so where the browser has no Chinese voice', async () => {
    const { page } = await chromium.openPage({ region: REGION, route: '/' });
    try {
      const hasChinese = await page.evaluate(() => speechSynthesis.getVoices().some((v) => v.lang.startsWith('zh')));
      await page.getByRole('button', { name: '无障碍' }).click();
      await page.getByRole('button', { name: '朗读本页' }).click();
      const status = page.locator('.tm-aids__problem');
      await expect.poll(() => status.innerText()).toBe(hasChinese ? '' : '本浏览器没有中文朗读语音，无法朗读');
    } finally {
      await page.context().close();
    }
  });
});
