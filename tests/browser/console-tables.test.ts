import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_PHONES } from '../../server/seed/index.js';
import { hashPassword } from '../../server/services/passwords.js';
import { openAuctionNow, SCREENSHOT_DIR, seededProjectOf, seriousViolations, settled, withPortalInChromium } from './portal-harness.js';

// The console's tables in Chromium: a filtered list exported to Excel (the file opens and holds the rows), a batch
// publish in one confirmation, sorting by a heading — with axe clean and the console's JS still small.
const chromium = withPortalInChromium();
const STAFF = '13900000031';

async function staffOfChunan(): Promise<void> {
  const { db } = chromium.portal;
  const chunan = await db.selectFrom('place').select('deptId').where('deptName', '=', '淳安县').executeTakeFirstOrThrow();
  await db
    .insertInto('appUser')
    .values({ phone: STAFF, passwordHash: await hashPassword(DEMO_PASSWORD), name: '表格测试员', role: 'staff', deptId: chunan.deptId })
    .onConflict((oc) => oc.column('phone').doNothing())
    .execute();
}

async function signIn(page: import('playwright-core').Page) {
  const form = page.locator('form.tm-loginbox');
  await form.getByLabel('手机号').fill(STAFF);
  await form.getByLabel('密码').fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: '登录' }).click();
  await expect.poll(() => page.getByRole('navigation', { name: '工作人员后台' }).count(), { timeout: 15_000 }).toBe(1);
}

/** Every script the page has loaded so far, with its size as sent (compressed). */
function scriptsLoaded(page: import('playwright-core').Page): Promise<Array<{ url: string; bytes: number }>> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => /\.m?js(\?|$)/.test(e.name))
      .map((e) => ({ url: e.name, bytes: (e as PerformanceResourceTiming).encodedBodySize })),
  );
}

describe('the console’s tables', () => {
  it('exports 报名审核’s current filter to an .xlsx that opens with the rows and the Chinese headings; sorts by a heading', async () => {
    await staffOfChunan();
    const { db } = chromium.portal;
    const project = await seededProjectOf(db, '淳安县', { type: 2, status: 4 });
    const bidders = await db.selectFrom('appUser').select(['userId', 'name', 'phone']).where('phone', 'in', DEMO_PHONES.slice(0, 3)).execute();
    await db.deleteFrom('registration').where('projectId', '=', project.id).execute();
    for (const b of bidders) await db.insertInto('registration').values({ projectId: project.id, userId: b.userId, state: 2 }).execute();

    const { page, errors } = await chromium.openPage({ route: '/admin/registrations', until: 'loaded' });
    const firstView = await scriptsLoaded(page);
    try {
      await signIn(page);
      await settled(page, 'loaded');
      // The filter by the project's name (not its id), as staff would type it.
      await page.getByLabel('项目名称').fill(project.projectName);
      await page.getByRole('button', { name: '查询' }).click();
      await settled(page, 'loaded');
      const rows = page.locator('tbody tr');
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(bidders.length);
      expect(await page.getByRole('checkbox', { name: new RegExp(`^选择：${project.projectName}`) }).count()).toBe(bidders.length);

      // Sorting by 报名人: the heading says its state, the rows follow.
      const heading = page.getByRole('columnheader', { name: /报名人/ });
      await heading.getByRole('button').click();
      await expect.poll(() => heading.getAttribute('aria-sort'), { timeout: 10_000 }).toBe('ascending');
      await settled(page, 'loaded');
      const shown = await rows.locator('td:nth-child(3)').allInnerTexts();
      expect(shown).toEqual([...shown].sort((a, b) => a.localeCompare(b)));
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'console-tables-registrations.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出Excel' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^报名审核_\d{4}-\d{2}-\d{2}\.xlsx$/);
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-export-')), download.suggestedFilename());
      await download.saveAs(file);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(file);
      const sheet = book.worksheets[0];
      expect(sheet.getRow(1).values).toEqual([undefined, '项目名称', '报名人', '手机号', '报名状态', '竞买号', '保证金', '报名时间', '审核时间']);
      expect(sheet.rowCount).toBe(1 + bidders.length);
      const exported = [2, 3, 4].map((n) => sheet.getRow(n).getCell(2).value);
      expect(exported).toEqual(shown);
      expect(new Set([2, 3, 4].map((n) => sheet.getRow(n).getCell(3).value))).toEqual(new Set(bidders.map((b) => b.phone)));
      expect(sheet.getRow(2).getCell(4).value).toBe('待审核');
      expect(sheet.getRow(2).getCell(7).value).toBeInstanceOf(Date);
      const entry = await db.selectFrom('auditLog').select(['entity', 'after']).where('action', '=', 'export').orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(entry).toMatchObject({ entity: 'registration', after: { count: bidders.length, phones: true } });

      // No spreadsheet code reached the browser (the server wrote the file); the console's first view (what loaded
      // before signing in) stays within 150 KB of JS, and the whole visit, export included, is printed.
      const after = await scriptsLoaded(page);
      expect(after.filter((s) => /excel/i.test(s.url))).toEqual([]);
      const kb = (list: Array<{ bytes: number }>) => list.reduce((sum, s) => sum + s.bytes, 0) / 1024;
      console.log(
        `控制台首屏脚本 ${firstView.length} 个，${kb(firstView).toFixed(1)} KB；登录、筛选、排序、导出后共 ${after.length} 个，${kb(after).toFixed(1)} KB（压缩后）`,
      );
      for (const s of after.sort((a, b) => b.bytes - a.bytes).slice(0, 8)) console.log(`  ${(s.bytes / 1024).toFixed(1)} KB ${s.url.replace(/^.*\//, '')}`);
      expect(kb(firstView)).toBeLessThanOrEqual(150);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('publishes the selected drafts in one confirmation; each is published and audited on its own', async () => {
    await staffOfChunan();
    const { db } = chromium.portal;
    const chunan = await db.selectFrom('place').select('deptId').where('deptName', '=', '淳安县').executeTakeFirstOrThrow();
    const tag = `批量${Date.now() % 100000}`;
    const ids: number[] = [];
    for (const n of [1, 2, 3]) {
      const row = await db
        .insertInto('article')
        .values({ deptId: chunan.deptId, number: '001017', title: `${tag}通知${n}`, content: '<p>正文</p>', status: 'draft' })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const { page, errors } = await chromium.openPage({ route: `/admin/articles?status=draft&keyword=${encodeURIComponent(tag)}` });
    try {
      await signIn(page);
      await settled(page, 'loaded');
      await expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(3);
      await page.getByRole('checkbox', { name: '全选本页' }).check();
      await page.getByRole('checkbox', { name: new RegExp(`^选择：${tag}通知3`) }).uncheck();
      await page.getByRole('button', { name: '批量发布（2）' }).click();
      const dialog = page.getByRole('dialog', { name: '批量发布' });
      expect(await dialog.innerText()).toContain('确定对所选的 2 条记录发布');
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'console-tables-batch-confirm.png') });
      await dialog.getByRole('button', { name: '确定发布（2 条）' }).click();
      const result = page.getByRole('dialog', { name: '批量发布结果' });
      await expect.poll(() => result.getByRole('status').innerText(), { timeout: 10_000 }).toBe('全部成功，共 2 条');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'console-tables-batch-result.png') });
      expect(await seriousViolations(page)).toEqual([]);
      await result.getByRole('button', { name: '关闭' }).click();
      // Published, they leave the list of drafts; the third stays.
      await expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(1);
      const statuses = await db.selectFrom('article').select(['id', 'status']).where('id', 'in', ids).orderBy('id').execute();
      expect(statuses.map((s) => s.status)).toEqual(['published', 'published', 'draft']);
      const audited = await db.selectFrom('auditLog').select('entityId').where('action', '=', 'publish').where('entityId', 'in', ids).execute();
      expect(audited.map((a) => a.entityId).sort()).toEqual(ids.slice(0, 2).sort());
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'console-tables-articles.png'), fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('shows a live auction’s bid log and leader in 竞价监控, and an intent’s photos in 意向审核', async () => {
    await staffOfChunan();
    const { db } = chromium.portal;
    const project = await seededProjectOf(db, '淳安县', { type: 2, status: 6, last: true });
    await openAuctionNow(db, project.id, { stopInMinutes: 30 });
    const users = await db.selectFrom('appUser').select('userId').where('phone', 'in', DEMO_PHONES.slice(0, 2)).execute();
    for (const [i, amount] of [10000, 10500].entries())
      await db
        .insertInto('bid')
        .values({
          projectId: project.id,
          userId: users[i].userId,
          amount: String(amount),
          bidderCode: `JM00${i + 1}`,
          createdAt: new Date(Date.now() - (2 - i) * 60_000),
        })
        .execute();
    await db.updateTable('project').set({ currentPrice: '10500' }).where('id', '=', project.id).execute();
    const chunan = await db.selectFrom('place').select('deptId').where('deptName', '=', '淳安县').executeTakeFirstOrThrow();
    // A picture the seed stored (an article's cover), as an uploaded photo would be served.
    const cover = await db.selectFrom('article').select('coverImg').where('coverImg', '!=', '').executeTakeFirstOrThrow();
    const photoUrl = cover.coverImg;
    await db
      .insertInto('intent')
      .values({
        deptId: chunan.deptId,
        type: 1,
        projectname: '带照片的转出意向',
        state: 0,
        contact: '赵六',
        phone: '13900002222',
        attachments: JSON.stringify([photoUrl]) as never,
      })
      .execute();

    const { page, errors } = await chromium.openPage({ route: '/admin/auctions' });
    try {
      await signIn(page);
      await settled(page, 'loaded');
      const row = page.getByRole('row', { name: new RegExp(project.projectName) });
      await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
      await row.getByRole('button', { name: /^出价记录/ }).click();
      const dialog = page.getByRole('dialog', { name: new RegExp(`^出价记录：`) });
      await expect.poll(() => dialog.getByRole('row').count(), { timeout: 10_000 }).toBe(3);
      const leader = dialog.getByRole('region', { name: '当前领先' });
      expect(await leader.innerText()).toMatch(/JM002[\s\S]*¥10,500\.00/);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'console-tables-bid-log.png') });
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: '关闭' }).click();

      await page.getByRole('navigation', { name: '工作人员后台' }).getByRole('link', { name: '意向审核' }).click();
      await settled(page, 'loaded');
      const intent = page.getByRole('row', { name: /带照片的转出意向/ });
      await expect.poll(() => intent.count(), { timeout: 10_000 }).toBe(1);
      expect(await intent.innerText()).toContain('13900002222');
      await intent.getByText('查看照片（1）').click();
      const img = intent.getByRole('img', { name: '照片 1' });
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'console-tables-intents.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('navigation', { name: '工作人员后台' }).getByRole('link', { name: '操作日志' }).click();
      await settled(page, 'loaded');
      // The view of the intents' full phone numbers is in the log, with the staff member's name and the list.
      const view = page.getByRole('row', { name: /查看完整手机号/ }).first();
      await expect.poll(() => view.count(), { timeout: 10_000 }).toBe(1);
      expect(await view.innerText()).toMatch(/表格测试员[\s\S]*意向审核（\d+ 条）/);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'console-tables-audit.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});
