import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AIDS_STORAGE_KEY, NO_AIDS } from '../../engine/accessibility/index.js';
import { parseHexColour, themeVariables } from '../../engine/runtime/theme.js';
import { placeBid, review } from '../../server/auction/index.js';
import { DEMO_PASSWORD, DEMO_PHONES } from '../../server/seed/index.js';
import { hashPassword } from '../../server/services/passwords.js';
import { openAuctionNow, SCREENSHOT_DIR, seededProjectOf, seriousViolations, withPortalInChromium } from './portal-harness.js';
import { readability } from './readability.js';

// A region's main colour (region.yaml theme.primary) reaches the blocks as well as the frame: cards, the auction
// panel's and the personal centre's state labels, the navigation's hover and focus ring, the banner, the town map and
// the footer draw a dark red region in its red and its shades — none in the portal's green — readable (axe), and the
// high-contrast reading aid still puts its own palette over the region's.
const PRIMARY = '#8a1c1c';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-theme-blocks-'));
const regionsDir = path.join(work, 'regions');
fs.mkdirSync(regionsDir);
for (const folder of ['_base', 'chunan']) fs.cpSync(path.join('regions', folder), path.join(regionsDir, folder), { recursive: true });
fs.writeFileSync(path.join(regionsDir, 'deployment.yaml'), 'defaultRegion: chunan\nhosts: {}\n');
fs.appendFileSync(path.join(regionsDir, 'chunan', 'region.yaml'), `\ntheme:\n  primary: "${PRIMARY}"\n`);
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const chromium = withPortalInChromium({ server: () => ({ regionsDir }) });

type Rgba = [number, number, number, number];
const shades = themeVariables({ primary: PRIMARY });
/** A theme variable's colour, opaque. */
const shade = (name: 'primary' | 'primary-dark' | 'primary-light'): Rgba => [...parseHexColour(shades[`--tm-theme-${name}`])!, 255];
/** `part` of `colour` mixed into `into` (as CSS color-mix in srgb does), opaque. */
const mixed = (colour: string, part: number, into: string): Rgba => {
  const [a, b] = [parseHexColour(colour)!, parseHexColour(into)!];
  return [...a.map((c, i) => Math.round(c * part + b[i] * (1 - part))), 255] as Rgba;
};

/**
 * A computed colour as 0–255 RGBA, whatever its notation (`rgb()`, or `color(srgb …)` for a color-mix), by painting
 * it on a canvas; `property` may be a shadow, whose colour comes first in its computed value.
 */
function paint(target: Locator, property: string): Promise<Rgba> {
  return target.evaluate((el, prop) => {
    const value = getComputedStyle(el).getPropertyValue(prop).trim();
    const colour = /^(rgba?\([^)]*\)|color\([^)]*\))/.exec(value)?.[1] ?? value;
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    context.fillStyle = colour;
    context.fillRect(0, 0, 1, 1);
    return [...context.getImageData(0, 0, 1, 1).data] as Rgba;
  }, property);
}

/** Each channel within `tolerance` (canvas rounding; a faint shadow's colour is stored premultiplied). */
async function expectColour(target: Locator, property: string, expected: Rgba, tolerance = 2): Promise<void> {
  const actual = await paint(target, property);
  const close = actual.every((c, i) => Math.abs(c - expected[i]) <= tolerance);
  expect(close, `${property}: rgba(${actual.join(', ')}), expected about rgba(${expected.join(', ')})`).toBe(true);
}

const GREENS = ['rgb(11, 92, 58)', 'rgb(8, 74, 46)', 'rgb(232, 243, 236)', 'rgb(19, 128, 79)'];
/** No element of the page draws a text, background, border or outline in the portal's green or its shades. */
const greenLeft = (page: Page) =>
  page.evaluate((greens) => {
    const found: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const style = getComputedStyle(el);
      for (const prop of ['color', 'background-color', 'border-top-color', 'outline-color', 'fill', 'stroke']) {
        if (greens.includes(style.getPropertyValue(prop))) found.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${prop}`);
      }
    }
    return found.slice(0, 10);
  }, GREENS);

const shot = (page: Page, name: string, fullPage = true) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `theme-blocks-${name}.png`), fullPage });

let waiting: { id: number; projectName: string };
const STAFF = '13900000041';

beforeAll(async () => {
  const db = chromium.portal.db;
  const user = await db.selectFrom('appUser').select(['userId']).where('phone', '=', DEMO_PHONES[0]).executeTakeFirstOrThrow();
  await db.deleteFrom('bid').where('userId', '=', user.userId).execute();
  await db.deleteFrom('registration').where('userId', '=', user.userId).execute();
  const bidding = await seededProjectOf(db, '淳安县', { type: 2, status: 6 });
  waiting = await seededProjectOf(db, '淳安县', { type: 2, status: 4 });
  // The user leads a live auction (已通过, 当前领先) and has an approved intent (已通过).
  await openAuctionNow(db, bidding.id, { stopInMinutes: 120 });
  await db
    .insertInto('registration')
    .values({ projectId: bidding.id, userId: user.userId, state: 2, createdAt: new Date(Date.now() - 3_600_000) })
    .execute();
  await review(db, { projectId: bidding.id, userId: user.userId, approve: true, reviewerId: null, withoutDeposit: true });
  await placeBid(db, { projectId: bidding.id, userId: user.userId, amount: 10_000 });
  await db
    .insertInto('intent')
    .values({
      deptId: 330127,
      type: 2,
      projectname: '通过审核的茶园流转意向',
      contact: '张建国',
      phone: '13800000001',
      userId: user.userId,
      state: 1,
      reviewedAt: new Date(),
    })
    .execute();
  // A staff account of 淳安县 for the console (the seed gives its staff to another region).
  await db
    .insertInto('appUser')
    .values({ phone: STAFF, passwordHash: await hashPassword(DEMO_PASSWORD), name: '淳安工作人员', role: 'staff', deptId: 330127 })
    .execute();
}, 120_000);

describe('a region’s main colour in every block', () => {
  it('home: the navigation’s hover and its focus ring on the current tab, the cards, the banner, the town map and the footer', async () => {
    const { page, errors } = await chromium.openPage({ route: '/', until: 'blocks' });
    try {
      await expectColour(page.locator('.tm-nav'), 'background-color', shade('primary-dark'));
      const current = page.locator('.tm-nav__item--active > .tm-nav__link, .tm-nav__link.active').first();
      await current.focus();
      expect(await current.evaluate((el) => el.matches(':focus-visible'))).toBe(true);
      await expectColour(current, 'outline-color', shade('primary-dark'));
      await shot(page, 'nav-focus', false);

      const other = page.locator('.tm-nav__link:not(.active)').nth(1);
      await other.hover();
      await expectColour(other, 'background-color', shade('primary'));

      const card = page.locator('.tm-pcard').first();
      await card.hover();
      await expectColour(card, 'border-top-color', shade('primary'));
      await expectColour(card, 'box-shadow', [...shade('primary').slice(0, 3), 31] as Rgba, 6);

      await expectColour(page.locator('.tm-banner__band').first(), 'background-color', [...shade('primary-dark').slice(0, 3), 237] as Rgba);
      await expectColour(page.locator('.tm-townmap__area').first(), 'stroke', mixed(PRIMARY, 0.28, '#ffffff'));
      await expectColour(page.locator('.tm-townmap__road').first(), 'stroke', mixed(PRIMARY, 0.45, '#ffffff'));
      await expectColour(page.locator('.tm-townmap__node--centre rect').first(), 'fill', shade('primary'));
      await expectColour(page.locator('.tm-footer__bottom'), 'background-color', mixed(PRIMARY, 0.2, '#222222'));

      await page.mouse.move(0, 0);
      expect(await greenLeft(page)).toEqual([]);
      await shot(page, 'home');
      expect(await seriousViolations(page)).toEqual([]);
      // Every text against what is drawn behind it (the banner and the footer's shades too) at 4.5:1 or more.
      expect((await readability(page)).lowContrast).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('a project list’s 已成交 badges, and the record cards’ hover', async () => {
    const { page, errors } = await chromium.openPage({ route: '/tradingProject?idx=2', until: 'blocks' });
    try {
      await page
        .getByRole('button', { name: /已成交/ })
        .first()
        .click();
      const badge = page.locator('.tm-pcard .tm-badge--done');
      await expect.poll(() => badge.count(), { timeout: 10_000 }).toBeGreaterThan(0);
      await expectColour(badge.first(), 'background-color', shade('primary'));
      await expectColour(badge.first(), 'color', [255, 255, 255, 255]);
      expect(await greenLeft(page)).toEqual([]);
      await shot(page, 'project-list');
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(chromium.url({ route: '/propertyAttract' }), { waitUntil: 'load' });
      const record = page.locator('.tm-rcards__item').first();
      await record.hover();
      await expectColour(record, 'box-shadow', [...shade('primary').slice(0, 3), 31] as Rgba, 6);
      expect(await greenLeft(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('the auction panel’s 公示报名中 label: the dark shade on the light tint', async () => {
    const { page, errors } = await chromium.openPage({ route: `/bidDetail?id=${waiting.id}`, until: 'blocks' });
    try {
      const label = page.locator('.tm-auction__status--wait');
      await expectColour(label, 'background-color', shade('primary-light'));
      await expectColour(label, 'color', shade('primary-dark'));
      expect(await greenLeft(page)).toEqual([]);
      await shot(page, 'auction-panel');
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('我的竞价 and 我的意向: 当前领先, 已通过 in the region’s colour', async () => {
    const { page, errors } = await chromium.openLoggedIn(DEMO_PHONES[0], { route: '/personal?tab=auctions', until: 'blocks' });
    try {
      const lead = page.locator('.tm-mine__standing--lead');
      await expect.poll(() => lead.count(), { timeout: 10_000 }).toBe(1);
      await expectColour(lead, 'background-color', shade('primary-light'));
      await expectColour(lead, 'color', shade('primary-dark'));
      await expectColour(page.locator('.tm-mine__review--1').first(), 'color', shade('primary'));
      expect(await greenLeft(page)).toEqual([]);
      await shot(page, 'my-auctions');
      expect(await seriousViolations(page)).toEqual([]);
      expect((await readability(page)).lowContrast).toEqual([]);

      await page.goto(chromium.url({ route: '/personal?tab=intents' }), { waitUntil: 'load' });
      const approved = page.locator('.tm-myintents__state--1');
      await expect.poll(() => approved.count(), { timeout: 10_000 }).toBeGreaterThan(0);
      await expectColour(approved.first(), 'background-color', shade('primary-light'));
      await expectColour(approved.first(), 'color', shade('primary-dark'));
      expect(await greenLeft(page)).toEqual([]);
      await shot(page, 'my-intents');
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('the staff console: its frame, its dashboard and its charts in the region’s colour', async () => {
    const { page, errors } = await chromium.openPage({ route: '/admin' });
    try {
      const form = page.locator('form.tm-loginbox');
      await form.getByLabel('手机号').fill(STAFF);
      await form.getByLabel('密码').fill(DEMO_PASSWORD);
      await form.getByRole('button', { name: '登录' }).click();
      await expect.poll(() => page.locator('.tm-dash__tile').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await expectColour(page.locator('.tm-console__top'), 'background-color', shade('primary-dark'));
      await expectColour(page.locator('.tm-console__sidebar'), 'background-color', shade('primary'));
      await expectColour(page.locator('.tm-dash__tile:not(.tm-dash__tile--waiting)').first(), 'border-left-color', shade('primary'));
      // The charts' first series (the monthly deals' bars) in the region's colour: their canvas has its pixels, none green.
      await expect.poll(() => page.locator('.tm-chart__canvas[data-drawn="true"]').count(), { timeout: 15_000 }).toBe(2);
      const pixels = await page
        .locator('.tm-chart__canvas canvas')
        .first()
        .evaluate(
          (canvas: HTMLCanvasElement, [own, green]) => {
            const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
            const near = (i: number, c: number[]) => c.every((v, k) => Math.abs(data[i + k] - v) <= 3);
            let [ownCount, greenCount] = [0, 0];
            for (let i = 0; i < data.length; i += 4) {
              if (near(i, own)) ownCount++;
              if (near(i, green)) greenCount++;
            }
            return { ownCount, greenCount };
          },
          [shade('primary').slice(0, 3), [11, 92, 58]],
        );
      expect(pixels.ownCount).toBeGreaterThan(500);
      expect(pixels.greenCount).toBe(0);
      expect(await greenLeft(page)).toEqual([]);
      await shot(page, 'console');
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('the high-contrast reading aid still puts its own palette over the region’s, in the blocks too', async () => {
    const { page } = await chromium.openPage({ route: '/' });
    try {
      await page.evaluate(([key, aids]) => localStorage.setItem(key, aids), [AIDS_STORAGE_KEY, JSON.stringify({ ...NO_AIDS, contrast: true })] as const);
      await page.reload({ waitUntil: 'load' });
      await page.waitForFunction(() => document.documentElement.classList.contains('tm-aid-contrast') && document.querySelector('.tm-footer__bottom'));
      const current = page.locator('.tm-nav__item--active > .tm-nav__link, .tm-nav__link.active').first();
      await current.focus();
      await expectColour(current, 'outline-color', mixed('#002e1b', 1, '#000000'));
      const other = page.locator('.tm-nav__link:not(.active)').nth(1);
      await other.hover();
      await expectColour(other, 'background-color', mixed('#00472a', 1, '#000000'));
      // The current tab keeps its yellow under the pointer.
      await current.hover();
      await expectColour(current, 'background-color', mixed('#ffd666', 1, '#000000'));
      await expectColour(page.locator('.tm-footer__bottom'), 'background-color', mixed('#00472a', 0.2, '#222222'));
      await expectColour(page.locator('.tm-townmap__node--centre rect').first(), 'fill', mixed('#00472a', 1, '#000000'));
      await shot(page, 'high-contrast', false);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
