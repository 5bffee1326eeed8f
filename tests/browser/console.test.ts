import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_PHONES } from '../../server/seed/index.js';
import { hashPassword } from '../../server/services/passwords.js';
import { StatusScheduler } from '../../server/auction/scheduler.js';
import { register } from '../../server/auction/index.js';
import { createAdministrator } from '../../server/services/first-admin.js';
import type { DeclaredPlace } from '../../engine/region-files/places.js';
import { SCREENSHOT_DIR, seededProjectOf, seriousViolations, settled, withPortalInChromium, type OpenedPage } from './portal-harness.js';

// The staff console in Chromium — pages declared in YAML from the console blocks, each write one staff call.
const chromium = withPortalInChromium();
const STAFF = '13900000019';
const ADMIN = '13900000020';

/** A staff (or admin) account of 淳安县, made here so the test does not hang on which region the seed gives its staff. */
async function account(phone: string, role: 'staff' | 'admin'): Promise<void> {
  const { db } = chromium.portal;
  const chunan = await db.selectFrom('place').select('deptId').where('deptName', '=', '淳安县').executeTakeFirstOrThrow();
  await db
    .insertInto('appUser')
    .values({ phone, passwordHash: await hashPassword(DEMO_PASSWORD), name: role === 'admin' ? '管理员' : '工作人员', role, deptId: chunan.deptId })
    .onConflict((oc) => oc.column('phone').doNothing())
    .execute();
}

async function signIn(page: import('playwright-core').Page, phone: string) {
  const form = page.locator('form.tm-loginbox');
  await form.getByLabel('手机号').fill(phone);
  await form.getByLabel('密码').fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: '登录' }).click();
  await expect.poll(() => page.getByRole('navigation', { name: '工作人员后台' }).count(), { timeout: 15_000 }).toBe(1);
}

describe('the staff console', () => {
  it('staff sign in at #/admin, write an article, publish it, see it on the portal, and find both writes in the audit log', async () => {
    await account(STAFF, 'staff');
    const { page, errors } = await chromium.openPage({ route: '/admin' });
    try {
      expect(await page.getByRole('heading', { name: '工作人员登录' }).count()).toBe(1);
      await signIn(page, STAFF);
      const nav = page.getByRole('navigation', { name: '工作人员后台' });
      // Staff do not get the administrator's pages.
      expect(await nav.getByRole('link', { name: '工作人员' }).count()).toBe(0);
      expect(await nav.getByRole('link', { name: '区域管理' }).count()).toBe(0);
      await settled(page, 'loaded');
      expect(await seriousViolations(page)).toEqual([]);

      await nav.getByRole('link', { name: '内容管理' }).click();
      await settled(page, 'loaded');
      await page.getByRole('link', { name: '新建文章' }).click();
      await expect.poll(() => page.locator('.tm-form-block__title', { hasText: '编辑文章' }).count(), { timeout: 15_000 }).toBe(1);
      await page.getByRole('button', { name: '保存' }).click();
      // The schema's required fields are said by each field before any call.
      await expect.poll(() => page.locator('.tm-form-field--invalid').count()).toBeGreaterThanOrEqual(2);
      const title = `控制台发布的通知${Date.now() % 100000}`;
      await page.getByLabel('栏目').selectOption({ label: '新闻动态' });
      await page.getByLabel(/^\*?标题$/).fill(title);
      const body = page.getByRole('textbox', { name: '正文' });
      await body.click();
      await page.keyboard.type('本次交易公告');
      await page.getByRole('button', { name: '加粗' }).click();
      await page.keyboard.type('请按时报名');
      expect(await page.getByRole('button', { name: '加粗' }).getAttribute('aria-pressed')).toBe('true');
      // The link is asked in the page's own dialog: a refused address is said there, an allowed one links the selection.
      for (let i = 0; i < '请按时报名'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
      await page.getByRole('button', { name: '链接' }).click();
      const linkDialog = page.getByRole('dialog', { name: '插入链接' });
      await linkDialog.getByLabel('链接地址').fill('javascript:alert(1)');
      await linkDialog.getByRole('button', { name: '确定' }).click();
      await expect.poll(() => linkDialog.getByRole('alert').innerText()).toContain('链接地址无效');
      expect(await seriousViolations(page)).toEqual([]);
      await linkDialog.getByLabel('链接地址').fill('https://example.cn/');
      await linkDialog.getByRole('button', { name: '确定' }).click();
      await expect.poll(() => linkDialog.count()).toBe(0);
      await expect.poll(() => body.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await body.locator('a[href="https://example.cn/"]').innerText()).toBe('请按时报名');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'console-article-editor.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: '保存' }).click();

      // Back at the list: a draft, which the portal does not show yet.
      const row = page.getByRole('row', { name: new RegExp(title) });
      await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
      expect(await row.getByRole('cell', { name: '草稿' }).count()).toBe(1);
      const { db } = chromium.portal;
      const saved = await db.selectFrom('article').select(['id', 'content', 'status']).where('title', '=', title).executeTakeFirstOrThrow();
      expect(saved.status).toBe('draft');
      expect(saved.content).toMatch(/^<p>本次交易公告<(strong|a [^>]*href="https:\/\/example\.cn\/"[^>]*)>.*请按时报名.*<\/(strong|a)><\/p>$/);
      expect(saved.content).toContain('<strong>');
      expect(saved.content).toContain('href="https://example.cn/"');

      await row.getByRole('button', { name: new RegExp('^发布') }).click();
      const dialog = page.getByRole('dialog', { name: '发布' });
      await dialog.getByRole('button', { name: '确定发布' }).click();
      await expect.poll(() => row.getByRole('cell', { name: '已发布' }).count(), { timeout: 10_000 }).toBe(1);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'console-articles.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      // The portal's news list shows it, first.
      await page.goto(chromium.url({ route: '/pressCenter' }), { waitUntil: 'networkidle' });
      await settled(page, 'loaded');
      await expect.poll(() => page.getByRole('link', { name: title }).count(), { timeout: 10_000 }).toBeGreaterThan(0);

      // The audit log names both writes, with who did them.
      await page.goto(chromium.url({ route: `/admin/audit?entity=article&entityId=${saved.id}` }), { waitUntil: 'networkidle' });
      await settled(page, 'loaded');
      const entries = page.locator('tbody tr');
      await expect.poll(() => entries.count(), { timeout: 10_000 }).toBe(2);
      const text = await page.locator('tbody').innerText();
      expect(text).toContain('新增');
      expect(text).toContain('发布');
      expect(text).toContain('139****0019');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'console-audit.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('a visitor’s account is told it has no console rights; staff are told an administrator’s page is not theirs; an administrator sees the place tree', async () => {
    const { page, errors } = await chromium.openPage({ route: '/admin' });
    try {
      const form = page.locator('form.tm-loginbox');
      await form.getByLabel('手机号').fill(DEMO_PHONES[0]);
      await form.getByLabel('密码').fill(DEMO_PASSWORD);
      await form.getByRole('button', { name: '登录' }).click();
      await expect.poll(() => page.getByText('当前账号没有后台权限', { exact: false }).count(), { timeout: 15_000 }).toBe(1);
      expect(await page.getByRole('navigation', { name: '工作人员后台' }).count()).toBe(0);
      expect(await page.locator('.tm-console-table').count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await page.context().close();
    }

    await account(STAFF, 'staff');
    const staff = await chromium.openPage({ route: '/admin/places' });
    try {
      await signIn(staff.page, STAFF);
      await expect.poll(() => staff.page.getByText('此页面仅供平台管理员使用。').count(), { timeout: 10_000 }).toBe(1);
      expect(await staff.page.locator('.tm-console-table').count()).toBe(0);
      expect(staff.errors).toEqual([]);
    } finally {
      await staff.page.context().close();
    }

    await account(ADMIN, 'admin');
    const admin = await chromium.openPage({ route: '/admin/places' });
    try {
      await signIn(admin.page, ADMIN);
      await settled(admin.page, 'loaded');
      const tree = admin.page.locator('tbody');
      await expect.poll(() => tree.getByText('淳安县').count(), { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await tree.getByText('千岛湖镇').count()).toBeGreaterThan(0);
      expect(await admin.page.getByRole('navigation', { name: '工作人员后台' }).getByRole('link', { name: '工作人员' }).count()).toBe(1);
      await admin.page.screenshot({ path: path.join(SCREENSHOT_DIR, 'console-places.png'), fullPage: true });
      expect(await seriousViolations(admin.page)).toEqual([]);
      // Every console page as its administrator sees it: drawn without an error, no serious axe finding, a screenshot.
      for (const route of [
        '/admin',
        '/admin/projects',
        '/admin/registrations',
        '/admin/auctions',
        '/admin/intents',
        '/admin/requests',
        '/admin/staff',
        '/admin/staff/edit',
      ]) {
        await admin.page.goto(chromium.url({ route }), { waitUntil: 'networkidle' });
        await settled(admin.page, 'loaded');
        expect(await admin.page.locator('.tm-status--error').count(), route).toBe(0);
        await admin.page.screenshot({ path: path.join(SCREENSHOT_DIR, `console${route.replace(/\//g, '-')}.png`), fullPage: true });
        expect(await seriousViolations(admin.page), route).toEqual([]);
      }
      expect(admin.errors).toEqual([]);
    } finally {
      await admin.page.context().close();
    }
    expect(errors).toEqual([]);
  }, 90_000);

  it('staff refuse a registration with a reason (asked for until given); the bidder reads it in 我的消息', async () => {
    await account(STAFF, 'staff');
    const { db } = chromium.portal;
    const project = await seededProjectOf(db, '淳安县', { type: 2, status: 4, last: true });
    const bidder = await db.selectFrom('appUser').select(['userId', 'name']).where('phone', '=', DEMO_PHONES[1]).executeTakeFirstOrThrow();
    await db.deleteFrom('registration').where('projectId', '=', project.id).where('userId', '=', bidder.userId).execute();
    await db.insertInto('registration').values({ projectId: project.id, userId: bidder.userId, state: 2 }).execute();

    const { page, errors } = await chromium.openPage({ route: `/admin/registrations?state=2&projectName=${encodeURIComponent(project.projectName)}` });
    try {
      await signIn(page, STAFF);
      await settled(page, 'loaded');
      const row = page.getByRole('row', { name: new RegExp(`${project.projectName}.*${bidder.name}`) });
      await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
      await row.getByRole('button', { name: /^不通过/ }).click();
      const dialog = page.getByRole('dialog', { name: '不通过' });
      await dialog.getByRole('button', { name: '确定不通过' }).click();
      expect(await dialog.getByRole('alert').innerText()).toBe('请填写未通过原因');
      await dialog.getByLabel('未通过原因').fill('身份证明材料不全，请补充后重新报名');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'console-registration-reject.png') });
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: '确定不通过' }).click();
      await expect.poll(() => page.getByRole('dialog').count(), { timeout: 10_000 }).toBe(0);
      // Reviewed, it leaves the list of those awaiting review.
      await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(0);
      const reviewed = await db
        .selectFrom('registration')
        .select('state')
        .where('projectId', '=', project.id)
        .where('userId', '=', bidder.userId)
        .executeTakeFirstOrThrow();
      expect(reviewed.state).toBe(3);
      const told = await db
        .selectFrom('message')
        .select(['title', 'content'])
        .where('userId', '=', bidder.userId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(told.title).toBe('报名审核未通过');
      expect(told.content).toContain('身份证明材料不全，请补充后重新报名');
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 90_000);

  it('a project listed from the editor moves through its statuses on a simulated clock: staff approve a bidder, the bidder bids, the close publishes the deal', async () => {
    await account(STAFF, 'staff');
    const { db } = chromium.portal;
    const { page, errors } = await chromium.openPage({ region: 'chunan-dev', route: '/admin/projects/edit' });
    let bidder: OpenedPage | undefined;
    try {
      await signIn(page, STAFF);
      await expect.poll(() => page.locator('.tm-form-block__title', { hasText: '编辑项目' }).count(), { timeout: 15_000 }).toBe(1);
      const name = `控制台挂牌的林地经营权${Date.now() % 100000}`;
      await page.getByLabel('项目类型').selectOption({ label: '产权转让' });
      await page.getByLabel('项目类别').selectOption({ label: '林权' });
      await page.getByLabel('项目名称').fill(name);
      await page.getByLabel('挂牌价').fill('12000');
      await page.getByLabel('加价幅度').fill('500');
      await page.getByLabel('保证金').fill('2000');
      // The timeline: 公示 now, 报名 from tomorrow, 竞价 the day after (China Standard Time, as the fields read it).
      const at = (days: number, hour: number) => {
        const d = new Date(Date.now() + 8 * 3600_000 + days * 86400_000);
        return `${d.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00`;
      };
      await page.getByLabel('公示结束时间').fill(at(1, 9));
      await page.getByLabel('报名开始时间').fill(at(1, 9));
      await page.getByLabel('报名结束时间').fill(at(2, 17));
      await page.getByLabel('竞价开始时间').fill(at(3, 9));
      await page.getByLabel('竞价结束时间').fill(at(3, 10));
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'console-project-editor.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: '保存' }).click();

      const row = page.getByRole('row', { name: new RegExp(name) });
      await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
      const listed = await db.selectFrom('project').select(['id', 'status', 'type', 'number']).where('projectName', '=', name).executeTakeFirstOrThrow();
      expect(listed).toMatchObject({ status: 2, type: 2, number: '002' });
      const statusCell = () => row.locator('td').nth(3).innerText();
      expect(await statusCell()).toMatch(/公示/);

      // The simulated clock: the timeline moves into the past, and the scheduler's pass applies what is due.
      const scheduler = new StatusScheduler(db);
      const MINUTE = 60_000;
      const clock = async (
        times: Partial<Record<'publicityStopTime' | 'applyStartTime' | 'applyStopTime' | 'biddingStartTime' | 'biddingStopTime', number>>,
      ) => {
        const now = Date.now();
        await db
          .updateTable('project')
          .set(Object.fromEntries(Object.entries(times).map(([k, offset]) => [k, new Date(now + offset)])))
          .where('id', '=', listed.id)
          .execute();
        await scheduler.tick();
        await page.reload({ waitUntil: 'networkidle' });
        await settled(page, 'loaded');
      };
      await clock({ publicityStopTime: -60 * MINUTE, applyStartTime: -60 * MINUTE });
      await expect.poll(statusCell, { timeout: 10_000 }).toMatch(/报名/);

      // A bidder registers (the registration journey has its own tests); staff approve in the console.
      const user = await db.selectFrom('appUser').select(['userId', 'name']).where('phone', '=', DEMO_PHONES[0]).executeTakeFirstOrThrow();
      await db.deleteFrom('registration').where('userId', '=', user.userId).where('projectId', '=', listed.id).execute();
      await register(db, { projectId: listed.id, userId: user.userId });
      // The project asks a deposit: approval waits for it to be marked received (console-onsite.test.ts marks it in the console).
      await db
        .updateTable('registration')
        .set({ depositAmount: 2000, depositPaidOn: new Date().toISOString().slice(0, 10), depositRef: 'TEST-0001', depositMarkedAt: new Date() })
        .where('projectId', '=', listed.id)
        .where('userId', '=', user.userId)
        .execute();
      await page.goto(chromium.url({ region: 'chunan-dev', route: `/admin/registrations?state=2&projectName=${encodeURIComponent(name)}` }), {
        waitUntil: 'networkidle',
      });
      await settled(page, 'loaded');
      const registration = page.getByRole('row', { name: new RegExp(`${name}.*${user.name}`) });
      await expect.poll(() => registration.count(), { timeout: 10_000 }).toBe(1);
      await registration.getByRole('button', { name: /^通过/ }).click();
      await page.getByRole('dialog', { name: '通过' }).getByRole('button', { name: '确定通过' }).click();
      await expect.poll(() => registration.count(), { timeout: 10_000 }).toBe(0);
      const approved = await db
        .selectFrom('registration')
        .select(['state', 'bidderCode'])
        .where('projectId', '=', listed.id)
        .where('userId', '=', user.userId)
        .executeTakeFirstOrThrow();
      expect(approved.state).toBe(1);
      expect(approved.bidderCode).not.toBe('');

      // Bidding opens; the approved bidder bids in the portal.
      await page.goto(chromium.url({ region: 'chunan-dev', route: '/admin/projects' }), { waitUntil: 'networkidle' });
      await clock({ applyStopTime: -30 * MINUTE, biddingStartTime: -MINUTE, biddingStopTime: 30 * MINUTE });
      await expect.poll(statusCell, { timeout: 10_000 }).toMatch(/竞价/);
      bidder = await chromium.openLoggedIn(DEMO_PHONES[0], { region: 'chunan-dev', route: `/bidDetail?id=${listed.id}` });
      const bid = bidder.page.getByRole('button', { name: '立即竞价' });
      await expect.poll(() => bid.count(), { timeout: 15_000 }).toBe(1);
      await bid.click();
      await expect.poll(() => bidder!.page.locator('.tm-auction__price').innerText(), { timeout: 10_000 }).toBe('¥12,000.00');
      // The first bid is at the listing price, so the price shown is the same before and after it: the bid itself is
      // awaited, or the close may come first and end the auction with no bid (已结束).
      await expect
        .poll(
          async () =>
            Number(
              (
                await db
                  .selectFrom('bid')
                  .select((eb) => eb.fn.countAll().as('n'))
                  .where('projectId', '=', listed.id)
                  .executeTakeFirstOrThrow()
              ).n,
            ),
          {
            timeout: 10_000,
          },
        )
        .toBe(1);

      // The end passes: the close makes the deal and publishes its announcement.
      await clock({ biddingStopTime: -1_000 });
      await expect.poll(statusCell, { timeout: 10_000 }).toMatch(/成交/);
      const closed = await db.selectFrom('project').select(['status', 'dealAmount']).where('id', '=', listed.id).executeTakeFirstOrThrow();
      // One bidder: 已成交（单人）.
      expect(closed.status).toBe(8);
      expect(Number(closed.dealAmount)).toBe(12000);
      const deal = await db.selectFrom('dealAnnouncement').select(['id']).where('projectId', '=', listed.id).executeTakeFirst();
      expect(deal).toBeDefined();
      await page.goto(chromium.url({ region: 'chunan-dev', route: `/chengjiaogonggao/detail?id=${deal!.id}` }), { waitUntil: 'networkidle' });
      await settled(page, 'loaded');
      await expect.poll(() => page.getByText(name, { exact: false }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'console-journey-deal.png'), fullPage: true });
      expect([...errors, ...bidder.errors]).toEqual([]);
    } finally {
      await page.context().close();
      await bidder?.page.context().close();
    }
  }, 150_000);
  it('the first administrator (npm run admin:create) signs in with the one-time password, is asked to change it, then has the console', async () => {
    const { db } = chromium.portal;
    const chunan = await db.selectFrom('place').selectAll().where('deptName', '=', '淳安县').executeTakeFirstOrThrow();
    const { password } = await createAdministrator(db, { phone: '13712340077', name: '陈主任', place: chunan as unknown as DeclaredPlace });
    const { page, errors } = await chromium.openPage({ route: '/admin' });
    try {
      const form = page.locator('form.tm-loginbox');
      await form.getByLabel('手机号').fill('13712340077');
      await form.getByLabel('密码').fill(password);
      await form.getByRole('button', { name: '登录' }).click();
      await expect.poll(() => page.getByRole('heading', { name: '请先修改初始密码' }).count(), { timeout: 15_000 }).toBe(1);
      // Nothing of the console shows before the change (the server refuses its calls meanwhile).
      expect(await page.getByRole('navigation', { name: '工作人员后台' }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'console-first-admin.png') });

      // The notice's link (the frame's top bar offers 修改密码 too).
      await page.getByRole('main').getByRole('link', { name: '修改密码' }).click();
      await page.getByRole('textbox', { name: '旧密码' }).fill(password);
      await page.getByRole('textbox', { name: '新密码', exact: true }).fill('Centre#2026ok');
      await page.getByRole('textbox', { name: '确认新密码' }).fill('Centre#2026ok');
      await page.getByRole('button', { name: '确认修改' }).click();
      await expect.poll(() => page.getByText('密码修改成功').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await expect.poll(() => page.getByRole('heading', { name: '请先修改初始密码' }).count(), { timeout: 15_000 }).toBe(0);

      await page.goto(chromium.url({ route: '/admin' }));
      await expect.poll(() => page.getByRole('navigation', { name: '工作人员后台' }).count(), { timeout: 15_000 }).toBe(1);
      expect(await page.getByRole('link', { name: '工作人员' }).count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});
