import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, seriousViolations, withPortalInChromium } from './portal-harness.js';

// Every drop-down of every demo region's main nav, by keyboard as the WAI-ARIA disclosure navigation pattern (with
// its arrow keys) has it: ArrowDown/ArrowUp on the button open it at its first/last link, arrows move and wrap,
// Home/End, Escape closes and returns focus to the button, Tab out closes it; a choice closes it and focus moves to
// the new page's main (a place opening a new window brings focus back to the button). The mouse: a click outside
// closes it. Before, a choice left the menu open over the list page, and ArrowDown scrolled the page.
const chromium = withPortalInChromium();
const REGIONS = ['chunan', 'chunan-dev', 'xinyang', 'lantian', 'shouguang'];
const SLOW = 240_000;

const nav = (page: Page) => page.locator('nav[aria-label="主导航"]');
const activeText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.replace('（在新窗口打开）', '').trim() ?? '');
const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');
const panelOf = async (button: Locator, page: Page) => page.locator(`#${await button.getAttribute('aria-controls')}`);
const linksOf = (panel: Locator) => panel.locator('a[href]');
const linkText = async (link: Locator) => (await link.innerText()).replace('（在新窗口打开）', '').trim();

/** Opens the drop-down by ArrowDown on its button and waits for its links (they may still be loading). */
async function openByKeyboard(page: Page, button: Locator): Promise<Locator> {
  await button.focus();
  await page.keyboard.press('ArrowDown');
  const panel = await panelOf(button, page);
  await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
  await expect.poll(() => linksOf(panel).count(), { timeout: 10_000 }).toBeGreaterThan(0);
  return panel;
}

/** The arrows, Home/End, Escape and Tab on one drop-down; the page never scrolls by them. */
async function checkKeys(page: Page, button: Locator, label: string) {
  const panel = await openByKeyboard(page, button);
  const links = linksOf(panel);
  const count = await links.count();
  const first = await linkText(links.first());
  const last = await linkText(links.last());
  await expect.poll(() => activeText(page), { message: `${label}: ArrowDown lands on the first link`, timeout: 5_000 }).toBe(first);
  if (count > 1) {
    await page.keyboard.press('ArrowDown');
    expect(await activeText(page), `${label}: second`).toBe(await linkText(links.nth(1)));
    await page.keyboard.press('ArrowUp');
    expect(await activeText(page), `${label}: back to first`).toBe(first);
  }
  await page.keyboard.press('ArrowUp');
  expect(await activeText(page), `${label}: ArrowUp wraps to the last`).toBe(last);
  await page.keyboard.press('Home');
  expect(await activeText(page), `${label}: Home`).toBe(first);
  await page.keyboard.press('End');
  expect(await activeText(page), `${label}: End`).toBe(last);
  expect(await page.evaluate(() => window.scrollY), `${label}: the page did not scroll`).toBe(0);

  await page.keyboard.press('Escape');
  expect(await button.getAttribute('aria-expanded')).toBe('false');
  expect(await panel.isVisible()).toBe(false);
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-expanded')), `${label}: Escape returns focus`).toBe('false');
  expect(await activeText(page)).toBe(label);

  // ArrowUp on the button opens it at its last link; Tab from there leaves it, closed.
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => activeText(page)).toBe(last);
  await page.keyboard.press('Tab');
  await expect.poll(() => button.getAttribute('aria-expanded'), { message: `${label}: Tab out closes` }).toBe('false');
  expect(await panel.isVisible()).toBe(false);
}

/** A choice by Enter: the menu closes and focus is on the new page's main (or back on the button for a new window). */
async function checkChoice(page: Page, button: Locator, label: string) {
  const panel = await openByKeyboard(page, button);
  const opensWindow = (await linksOf(panel).first().getAttribute('target')) === '_blank';
  const before = page.url();
  if (opensWindow) {
    const popup = page.context().waitForEvent('page');
    await page.keyboard.press('Enter');
    await (await popup).close();
    await expect.poll(() => activeText(page), { message: `${label}: focus back on the button` }).toBe(label);
  } else {
    await page.keyboard.press('Enter');
    await expect.poll(() => page.url(), { message: `${label}: the choice opened its page` }).not.toBe(before);
    await expect.poll(() => activeId(page), { message: `${label}: focus on the new main` }).toBe('tm-main');
  }
  expect(await button.getAttribute('aria-expanded')).toBe('false');
  expect(await panel.isVisible(), `${label}: the menu is not left open`).toBe(false);
  // No link of any nav panel is left to Tab through.
  expect(await nav(page).locator('.tm-nav__panel a:visible').count()).toBe(0);
}

describe('the main nav drop-downs by keyboard', () => {
  for (const region of REGIONS) {
    it(
      `${region}: every drop-down: arrows, Home/End, Escape, Tab out, a choice`,
      async () => {
        const { page, errors } = await chromium.openPage({ region, until: 'blocks' });
        try {
          await page.locator('.tm-first-paint').waitFor({ state: 'detached', timeout: 15_000 });
          const buttons = nav(page).locator('button[aria-expanded]');
          const labels = (await buttons.allInnerTexts()).map((t) => t.trim());
          expect(labels.length, 'the region has drop-downs').toBeGreaterThan(0);
          for (const label of labels) {
            const button = nav(page).getByRole('button', { name: label, exact: true });
            await checkKeys(page, button, label);
            await checkChoice(page, button, label);
            if (region === 'chunan' && label === '产权交易') {
              await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'nav-menus-after-choice.png') });
              expect(await seriousViolations(page)).toEqual([]);
            }
            // Back home for the next one, scrolled to the top.
            await page.goto(chromium.url({ region }), { waitUntil: 'load' });
            // The app's own nav, not the server's first paint of it (drawn before any script, without its keys).
            await page.locator('.tm-first-paint').waitFor({ state: 'detached', timeout: 15_000 });
            await nav(page).waitFor();
          }
          expect(errors).toEqual([]);
        } finally {
          await page.context().close();
        }
      },
      SLOW,
    );
  }

  it(
    'open with axe clean, and a mouse click outside closes it',
    async () => {
      const { page, errors } = await chromium.openPage({ region: 'chunan', until: 'blocks' });
      try {
        const button = nav(page).getByRole('button', { name: '产权交易', exact: true });
        const panel = await openByKeyboard(page, button);
        await page.keyboard.press('ArrowDown');
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'nav-menus-open.png') });
        expect(await seriousViolations(page)).toEqual([]);
        await page.keyboard.press('Escape');

        // Opened from the keyboard while the mouse is elsewhere: a click outside closes it.
        await page.mouse.move(650, 850);
        await button.focus();
        await page.keyboard.press('Enter');
        await expect.poll(() => panel.isVisible()).toBe(true);
        await page.mouse.click(650, 850);
        await expect.poll(() => panel.isVisible()).toBe(false);
        expect(await button.getAttribute('aria-expanded')).toBe('false');

        // The mouse: hovering opens it and the click that follows keeps it open (it does not toggle it shut).
        await button.click();
        await expect.poll(() => panel.isVisible()).toBe(true);
        await page.waitForTimeout(300);
        expect(await panel.isVisible()).toBe(true);
        // A second click closes it; leaving it closes it too.
        await button.click();
        await expect.poll(() => panel.isVisible()).toBe(false);
        await button.hover();
        await page.mouse.move(650, 850);
        await expect.poll(() => panel.isVisible()).toBe(false);
        expect(errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    },
    SLOW,
  );
});
