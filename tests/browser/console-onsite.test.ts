import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_PHONES } from '../../server/seed/index.js';
import { hashPassword } from '../../server/services/passwords.js';
import { StatusScheduler } from '../../server/auction/scheduler.js';
import { SCREENSHOT_DIR, seededProjectOf, seriousViolations, settled, withPortalInChromium, type OpenedPage } from './portal-harness.js';

// 蓝田县 auctions on site: the whole loop in the console — a visitor registers, staff mark the deposit and approve,
// bidding ends (a simulated clock: the timeline moved into the past and the scheduler's pass), staff record the
// on-site winner, and the visitor and the portal read the deal. Each step is its own block so later steps (the
// export, the complaint) can follow.
const chromium = withPortalInChromium();
const STAFF = '13900000061';
const MINUTE = 60_000;
const REGION = 'lantian';

async function signIn(page: Page, phone: string): Promise<void> {
  const form = page.locator('form.tm-loginbox');
  await form.getByLabel('手机号').fill(phone);
  await form.getByLabel('密码').fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: '登录' }).click();
  await expect.poll(() => page.getByRole('navigation', { name: '工作人员后台' }).count(), { timeout: 15_000 }).toBe(1);
}

/** The page settled, its screenshot kept, and no serious or critical axe finding. */
async function checked(page: Page, name: string): Promise<void> {
  await settled(page, 'loaded');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
}

/** China Standard Time as the datetime-local input takes it: 2026-11-27T10:30. */
const localInput = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16);

describe('the console of a county that auctions on site', () => {
  it('registers, marks the deposit, approves, records the on-site winner, prints, exports the bidders, answers a complaint; the visitor and the portal read it all', async () => {
    const { db } = chromium.portal;
    const lantian = await db.selectFrom('place').select('deptId').where('deptName', '=', '蓝田县').executeTakeFirstOrThrow();
    await db
      .insertInto('appUser')
      .values({ phone: STAFF, passwordHash: await hashPassword(DEMO_PASSWORD), name: '蓝田工作人员', role: 'staff', deptId: lantian.deptId })
      .onConflict((oc) => oc.column('phone').doNothing())
      .execute();
    const visitor = await db.selectFrom('appUser').select(['userId', 'name']).where('phone', '=', DEMO_PHONES[0]).executeTakeFirstOrThrow();

    // Step 1: a 蓝田 project open for registration, asking a deposit of 2,000 yuan; bidding later today.
    const project = await seededProjectOf(db, '蓝田县', { type: 2, status: 4, last: true });
    const now = Date.now();
    await db.deleteFrom('registration').where('projectId', '=', project.id).execute();
    await db
      .updateTable('project')
      .set({
        deposit: 2000,
        signCts: 0,
        applyStartTime: new Date(now - 60 * MINUTE),
        applyStopTime: new Date(now + 60 * MINUTE),
        biddingStartTime: new Date(now + 120 * MINUTE),
        biddingStopTime: new Date(now + 180 * MINUTE),
      })
      .where('id', '=', project.id)
      .execute();
    const { price } = await db.selectFrom('project').select('price').where('id', '=', project.id).executeTakeFirstOrThrow();
    const dealPrice = Number(price) + 1000;

    let bidder: OpenedPage | undefined;
    const { page, errors } = await chromium.openPage({ region: REGION, route: '/admin' });
    try {
      // Step 2: the visitor registers on the project page (蓝田 confirms the deposit first) and reads that it is not in yet.
      bidder = await chromium.openLoggedIn(DEMO_PHONES[0], { region: REGION, route: `/tradingProject/pressCenterDetail?id=${project.id}`, until: 'blocks' });
      await expect.poll(() => bidder!.page.getByRole('button', { name: '立即报名' }).count(), { timeout: 15_000 }).toBe(1);
      await bidder.page.getByRole('button', { name: '立即报名' }).click();
      await bidder.page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
      await expect.poll(() => bidder!.page.getByRole('button', { name: '已报名，待审核' }).count(), { timeout: 10_000 }).toBe(1);
      await bidder.page.reload({ waitUntil: 'networkidle' });
      await expect.poll(() => bidder!.page.locator('.tm-auction__deposit').innerText(), { timeout: 10_000 }).toContain('未确认到账');

      // Step 3: staff of 蓝田 may not approve before the deposit is marked; they mark it, then approve.
      await signIn(page, STAFF);
      await page.goto(chromium.url({ region: REGION, route: `/admin/registrations?state=2&projectId=${project.id}` }), { waitUntil: 'networkidle' });
      const registration = page.getByRole('row', { name: new RegExp(visitor.name) });
      await expect.poll(() => registration.count(), { timeout: 15_000 }).toBe(1);
      expect(await registration.innerText()).toContain('待登记到账');
      expect(await registration.innerText()).toContain(DEMO_PHONES[0]);
      await registration.getByRole('button', { name: /^通过/ }).click();
      const approveDialog = page.getByRole('dialog', { name: '通过' });
      await approveDialog.getByRole('button', { name: '确定通过' }).click();
      await expect.poll(() => approveDialog.innerText(), { timeout: 10_000 }).toContain('请先登记保证金到账');
      await approveDialog.getByRole('button', { name: '取消' }).click();
      await checked(page, 'console-onsite-registrations');

      await registration.getByRole('link', { name: /^登记保证金/ }).click();
      await expect.poll(() => page.locator('.tm-form-block__title', { hasText: '登记保证金到账' }).count(), { timeout: 15_000 }).toBe(1);
      await page.getByLabel('到账金额（元）').fill('2000');
      await page.getByLabel('到账日期').fill(localInput(now).slice(0, 10));
      await page.getByLabel('银行流水号').fill('LT-20261127-0001');
      await checked(page, 'console-onsite-deposit');
      await page.getByRole('button', { name: '确认到账' }).click();
      await expect.poll(() => page.getByRole('heading', { name: '竞价报名' }).count(), { timeout: 15_000 }).toBe(1);
      await page.goto(chromium.url({ region: REGION, route: `/admin/registrations?state=2&projectId=${project.id}` }), { waitUntil: 'networkidle' });
      await expect.poll(() => registration.innerText(), { timeout: 15_000 }).toContain('已到账');
      await registration.getByRole('button', { name: /^通过/ }).click();
      await page.getByRole('dialog', { name: '通过' }).getByRole('button', { name: '确定通过' }).click();
      await expect.poll(() => registration.count(), { timeout: 10_000 }).toBe(0);
      const approved = await db
        .selectFrom('registration')
        .select(['state', 'bidderCode'])
        .where('projectId', '=', project.id)
        .where('userId', '=', visitor.userId)
        .executeTakeFirstOrThrow();
      expect(approved.state).toBe(1);

      // Step 4: bidding opens and ends on the simulated clock; nobody bids online, so the engine closes it as 已结束.
      await db
        .updateTable('project')
        .set({
          applyStopTime: new Date(Date.now() - 90 * MINUTE),
          biddingStartTime: new Date(Date.now() - 60 * MINUTE),
          biddingStopTime: new Date(Date.now() - MINUTE),
        })
        .where('id', '=', project.id)
        .execute();
      await new StatusScheduler(db).tick();
      expect((await db.selectFrom('project').select('status').where('id', '=', project.id).executeTakeFirstOrThrow()).status).toBe(10);

      // Step 5: staff record the on-site winner by bidder code, price and time.
      await page.goto(chromium.url({ region: REGION, route: `/admin/projects?keyword=${encodeURIComponent(project.projectName)}` }), {
        waitUntil: 'networkidle',
      });
      const row = page.getByRole('row', { name: new RegExp(project.projectName) });
      await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
      await row.getByRole('link', { name: /^录入现场成交结果/ }).click();
      await expect.poll(() => page.locator('.tm-form-block__title', { hasText: '录入现场成交结果' }).count(), { timeout: 15_000 }).toBe(1);
      await page.getByRole('radio', { name: '成交', exact: true }).check();
      await page.getByLabel('竞得人竞买号').fill('999');
      await page.getByLabel('成交价').fill(String(dealPrice));
      await page.getByLabel('成交时间').fill(localInput(Date.now() - 30 * MINUTE));
      await page.getByLabel('备注').fill('现场举牌竞价，竞买人到场');
      await page.getByRole('button', { name: '确认录入' }).click();
      // A wrong bidder code is named, and nothing is recorded.
      await expect.poll(() => page.getByText('竞买号 999 不是本项目审核通过的竞买人').count(), { timeout: 10_000 }).toBeGreaterThan(0);
      await page.getByLabel('竞得人竞买号').fill(approved.bidderCode);
      await checked(page, 'console-onsite-record');
      await page.getByRole('button', { name: '确认录入' }).click();
      await expect.poll(() => page.getByRole('row', { name: new RegExp(project.projectName) }).innerText(), { timeout: 15_000 }).toMatch(/成交/);
      await checked(page, 'console-onsite-projects');
      expect(await row.getByRole('link', { name: /^成交确认书/ }).count()).toBe(1);
      const closed = await db.selectFrom('project').select(['status', 'dealAmount']).where('id', '=', project.id).executeTakeFirstOrThrow();
      expect(closed.status).toBe(8);
      expect(Number(closed.dealAmount)).toBe(dealPrice);

      // Step 6: the print views, from the project's row.
      await row.getByRole('link', { name: /^竞买人名单/ }).click();
      await expect.poll(() => page.locator('.tm-print-sheet').getByRole('heading', { name: '竞买人名单' }).count(), { timeout: 15_000 }).toBe(1);
      const listed = page.locator('.tm-print-sheet__table tbody tr');
      await expect.poll(() => listed.count()).toBe(1);
      expect(await listed.innerText()).toContain(DEMO_PHONES[0]);
      expect(await listed.innerText()).toContain('LT-20261127-0001');
      expect(await page.getByRole('button', { name: '打印' }).count()).toBe(1);
      await checked(page, 'console-onsite-bidders');
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByRole('navigation', { name: '工作人员后台' }).isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: '打印' }).isVisible()).toBe(false);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'console-onsite-bidders-print.png'), fullPage: true });
      await page.emulateMedia({ media: 'screen' });

      await page.goto(chromium.url({ region: REGION, route: `/admin/projects/deal?id=${project.id}` }), { waitUntil: 'networkidle' });
      await expect.poll(() => page.locator('.tm-print-sheet').getByRole('heading', { name: '成交确认书' }).count(), { timeout: 15_000 }).toBe(1);
      const confirmation = await page.locator('.tm-print-sheet').innerText();
      expect(confirmation).toContain('现场竞价');
      expect(confirmation).toContain(visitor.name);
      expect(confirmation).toContain('蓝田县农村产权交易中心');
      await checked(page, 'console-onsite-deal');

      // Step 7: the visitor reads 竞价成交 in 我的消息 and on the project page.
      await bidder.page.goto(chromium.url({ region: REGION, route: '/personal?tab=messages' }), { waitUntil: 'networkidle' });
      const won = bidder.page.locator('.tm-message').filter({ hasText: project.projectName }).first();
      await expect.poll(() => won.locator('.tm-message__title').innerText(), { timeout: 15_000 }).toBe('竞价成交');
      await won.locator('summary').click();
      expect(await won.innerText()).toContain(`竞买号：${approved.bidderCode}`);
      await bidder.page.goto(chromium.url({ region: REGION, route: `/tradingProject/pressCenterDetail?id=${project.id}` }), { waitUntil: 'networkidle' });
      await expect.poll(() => bidder!.page.locator('.tm-auction__status').innerText(), { timeout: 15_000 }).toBe('已成交');

      // Step 8: the deal announcement shows on 蓝田's portal, on its 成交公告 page, and says the bidding took place on site.
      const deal = await db.selectFrom('dealAnnouncement').select(['id', 'content']).where('projectId', '=', project.id).executeTakeFirstOrThrow();
      await bidder.page.goto(chromium.url({ region: REGION, route: '/chengjiaogonggao' }), { waitUntil: 'networkidle' });
      await expect.poll(() => bidder!.page.getByRole('link', { name: project.projectName }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(deal.content).toContain('通过现场竞价公开交易');
      expect(deal.content).toContain(`竞买号 ${approved.bidderCode}`);

      // Step 9: staff export the project's bidder list from 报名审核 (its filter: the project's name); the file opens and
      // holds the bidder with the full phone and the bidder code.
      await page.goto(chromium.url({ region: REGION, route: `/admin/registrations?projectName=${encodeURIComponent(project.projectName)}` }), {
        waitUntil: 'networkidle',
      });
      await settled(page, 'loaded');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出Excel' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^报名审核_\d{4}-\d{2}-\d{2}\.xlsx$/);
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-onsite-export-')), download.suggestedFilename());
      await download.saveAs(file);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(file);
      const sheet = book.worksheets[0];
      expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['项目名称', '报名人', '手机号', '竞买号']));
      const exported = sheet
        .getSheetValues()
        .slice(2)
        .map((row) => (row as unknown[]).map((cell) => String(cell ?? '')));
      expect(exported).toEqual([expect.arrayContaining([project.projectName, visitor.name, DEMO_PHONES[0], approved.bidderCode])]);

      // Step 10: the visitor, signed in, sends a 投诉建议; staff reply in 投诉咨询; the visitor reads the reply in 我的消息.
      await bidder.page.goto(chromium.url({ region: REGION, route: '/aboutUs/complaints' }), { waitUntil: 'networkidle' });
      const form = bidder.page.locator('.tm-form-block');
      await form.getByLabel('姓名').fill(visitor.name);
      await form.getByLabel('联系电话').fill(DEMO_PHONES[0]);
      await form.getByLabel('类型').selectOption('投诉');
      await form.getByLabel('相关项目').fill(project.projectName);
      await form.getByLabel('内容').fill('现场竞价当天签到排队时间过长，希望改进。');
      await form.getByRole('button', { name: '提交' }).click();
      const receipt = bidder.page.getByRole('status').filter({ hasText: '受理编号' });
      await receipt.waitFor({ timeout: 15_000 });
      const refNo = (await receipt.locator('strong').innerText()).trim();
      await page.goto(chromium.url({ region: REGION, route: '/admin/requests' }), { waitUntil: 'networkidle' });
      await settled(page, 'loaded');
      const request = page.getByRole('row', { name: new RegExp(refNo) });
      await expect.poll(() => request.count(), { timeout: 15_000 }).toBe(1);
      expect(await request.innerText()).toContain('送达我的消息');
      await request.getByRole('button', { name: /^回复/ }).click();
      const replyDialog = page.getByRole('dialog', { name: '回复' });
      await replyDialog.getByLabel('回复内容').fill('已增加签到窗口，下次现场竞价将分时段签到。');
      await replyDialog.getByRole('button', { name: '确定回复' }).click();
      await expect.poll(() => page.getByRole('dialog').count(), { timeout: 15_000 }).toBe(0);
      await bidder.page.goto(chromium.url({ region: REGION, route: '/personal?tab=messages' }), { waitUntil: 'networkidle' });
      const replied = bidder.page.locator('.tm-message').filter({ hasText: '您的投诉已回复' }).first();
      await expect.poll(() => replied.count(), { timeout: 15_000 }).toBe(1);
      await replied.locator('summary').click();
      expect(await replied.innerText()).toContain('已增加签到窗口');
      await checked(bidder.page, 'console-onsite-complaint-reply');

      expect([...errors, ...bidder.errors]).toEqual([]);
    } finally {
      await page.context().close();
      await bidder?.page.context().close();
    }
  }, 180_000);
});
