import path from 'node:path';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed/index.js';
import { hashPassword } from '../../server/services/passwords.js';
import { SCREENSHOT_DIR, seriousViolations, settled, withPortalInChromium } from './portal-harness.js';

// The console's first page as 蓝田's staff see it in Chromium: the centre's figures, each a link to the table that
// lists it, counted in 蓝田's places only; the deals chart drawn by the statistics page's library after the figures,
// its numbers also a table; axe clean, and in elder mode no text of the dashboard under 18 px.
const chromium = withPortalInChromium();
const STAFF = '13900000039';
const REGION = 'lantian';

/** 蓝田县's place and every place under it: the staff member's scope. */
const inLantian = (column: string) =>
  sql<boolean>`${sql.ref(column)} IN (SELECT dept_id FROM place WHERE dept_id = (SELECT dept_id FROM place WHERE dept_name = '蓝田县') OR ancestors LIKE '%,' || (SELECT dept_id FROM place WHERE dept_name = '蓝田县') || '%')`;

/** A staff account of 蓝田县, a deal of this month, and a registration waiting in 蓝田 and one in another county. */
async function prepare(): Promise<{ waiting: number; monthDeals: number }> {
  const { db } = chromium.portal;
  const lantian = await db.selectFrom('place').select('deptId').where('deptName', '=', '蓝田县').executeTakeFirstOrThrow();
  await db
    .insertInto('appUser')
    .values({ phone: STAFF, passwordHash: await hashPassword(DEMO_PASSWORD), name: '蓝田工作人员', role: 'staff', deptId: lantian.deptId })
    .onConflict((oc) => oc.column('phone').doNothing())
    .execute();
  const ended = await db.selectFrom('project').select('id').where(inLantian('project.deptId')).where('status', '=', 10).orderBy('id').executeTakeFirstOrThrow();
  await db
    .updateTable('project')
    .set({ status: 7, dealAmount: 1_234_500, biddingStopTime: new Date(Date.now() - 60_000) })
    .where('id', '=', ended.id)
    .execute();
  // A registration waiting for review in 蓝田, and one in 淳安 that 蓝田's staff must not count.
  const bidder = await db.selectFrom('appUser').select('userId').where('role', '=', 'user').orderBy('userId').executeTakeFirstOrThrow();
  for (const county of ['蓝田县', '淳安县']) {
    const place = await db.selectFrom('place').select('deptId').where('deptName', '=', county).executeTakeFirstOrThrow();
    const open = await db
      .selectFrom('project')
      .select('id')
      .where(sql<boolean>`dept_id IN (SELECT dept_id FROM place WHERE dept_id = ${place.deptId} OR ancestors LIKE ${`%,${place.deptId}%`})`)
      .where('status', '=', 4)
      .where('id', 'not in', db.selectFrom('registration').select('projectId').where('userId', '=', bidder.userId))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('registration').values({ projectId: open.id, userId: bidder.userId, state: 2 }).execute();
  }
  const waiting = await db
    .selectFrom('registration as r')
    .innerJoin('project as p', 'p.id', 'r.projectId')
    .where(inLantian('p.deptId'))
    .where('r.state', '=', 2)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const monthStart = new Date(Date.now() + 8 * 3_600_000);
  const since = new Date(Date.UTC(monthStart.getUTCFullYear(), monthStart.getUTCMonth(), 1) - 8 * 3_600_000);
  const deals = await db
    .selectFrom('project')
    .where(inLantian('project.deptId'))
    .where('status', 'in', [7, 8, 9])
    .where(sql<Date>`coalesce(bidding_stop_time, updated_at)`, '>=', since)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return { waiting: Number(waiting.n), monthDeals: Number(deals.n) };
}

async function signIn(page: Page) {
  const form = page.locator('form.tm-loginbox');
  await form.getByLabel('手机号').fill(STAFF);
  await form.getByLabel('密码').fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: '登录' }).click();
  await expect.poll(() => page.locator('[data-block="console-dashboard"] .tm-dash').count(), { timeout: 15_000 }).toBe(1);
  await settled(page, 'loaded');
}

const tile = (page: Page, figure: string) => page.locator(`[data-figure="${figure}"] strong`);

/** Font sizes under `floor` px among the dashboard's visible texts (the canvas aside: its labels are drawn, not text). */
const smallTexts = (page: Page, floor: number) =>
  page.evaluate((floor) => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.querySelector('[data-block="console-dashboard"]')!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement!;
      if (!node.textContent!.trim() || !el.checkVisibility() || el.closest('.tm-chart__canvas')) continue;
      const zoom = Number(getComputedStyle(document.documentElement).zoom) || 1;
      const px = parseFloat(getComputedStyle(el).fontSize) * zoom;
      if (px < floor - 0.01) out.push(`${px} «${node.textContent!.trim()}»`);
    }
    return out;
  }, floor);

describe('the console dashboard', () => {
  it('shows 蓝田’s staff their figures and charts, links each figure to its table, and reads in elder mode', async () => {
    const expected = await prepare();
    const { page, errors } = await chromium.openPage({ region: REGION, route: '/admin' });
    try {
      await signIn(page);
      const block = page.locator('[data-block="console-dashboard"]');
      expect(await block.getByRole('heading', { name: '工作台概览' }).count()).toBe(1);
      expect(Number(await tile(page, 'registrations').innerText())).toBe(expected.waiting);
      expect(Number(await tile(page, 'monthDeals').innerText())).toBe(expected.monthDeals);
      expect(expected.monthDeals).toBeGreaterThanOrEqual(1);
      // 蓝田's own status wording (2 预公告, 4 公示报名中).
      expect(await block.getByRole('link', { name: /^公示报名中/ }).getAttribute('href')).toBe('#/admin/projects?status=4');

      // The deals chart draws once in view, after the figures; its numbers are a table behind 查看数据表.
      const deals = block.getByRole('figure', { name: '近12个月成交' });
      await deals.scrollIntoViewIfNeeded();
      await expect.poll(() => deals.locator('[data-drawn="true"]').count(), { timeout: 20_000 }).toBe(1);
      await expect.poll(() => block.getByRole('figure', { name: '项目状态分布' }).locator('[data-drawn="true"]').count(), { timeout: 20_000 }).toBe(1);
      await deals.getByText('查看数据表').click();
      const table = deals.getByRole('table', { name: '近12个月各月成交宗数与金额' });
      expect(await table.locator('tbody tr').count()).toBe(12);
      expect(await table.locator('tbody tr').last().innerText()).toMatch(/\d{4}-\d{2}\s+\d+\s+[\d,.]+/);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'console-dashboard.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      // Elder mode: the dashboard's text at 18 px or more, axe still clean.
      await page.getByRole('button', { name: '长辈版' }).click();
      await expect.poll(() => smallTexts(page, 18)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'console-dashboard-elder.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: '退出长辈版' }).click();

      // The waiting registrations' tile opens the review table filtered to them: the same count.
      await block.getByRole('link', { name: /^待审核报名/ }).click();
      await expect.poll(() => page.evaluate(() => location.hash)).toBe('#/admin/registrations?state=2');
      await settled(page, 'loaded');
      await expect.poll(() => page.locator('.tm-pager__total').innerText(), { timeout: 15_000 }).toBe(`共 ${expected.waiting} 条`);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 180_000);
});
