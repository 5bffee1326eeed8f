import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/seed/index.js';
import { hashPassword } from '../../server/services/passwords.js';
import { SCREENSHOT_DIR, seriousViolations, settled, withPortalInChromium } from './portal-harness.js';

// The back office's own frame as 蓝田县's staff use it: sidebar, header, the portal one click away, roles.
const chromium = withPortalInChromium();
const LANTIAN = 'lantian';
const STAFF = '13900000031';
const REVIEWER = '13900000032';
const ADMIN = '13900000033';

/** An account of 蓝田县 (made here: the seed gives its staff to another region), with a staff role when named. */
async function account(phone: string, role: 'staff' | 'admin', name: string, staffRole?: { name: string; permissions: string[] }): Promise<void> {
  const { db } = chromium.portal;
  const county = await db.selectFrom('place').select('deptId').where('deptName', '=', '蓝田县').executeTakeFirstOrThrow();
  let staffRoleId: number | null = null;
  if (staffRole) {
    const row = await db
      .insertInto('staffRole')
      .values({ deptId: county.deptId, name: staffRole.name, permissions: JSON.stringify(staffRole.permissions) })
      .returning('roleId')
      .executeTakeFirstOrThrow();
    staffRoleId = row.roleId;
  }
  await db
    .insertInto('appUser')
    .values({ phone, passwordHash: await hashPassword(DEMO_PASSWORD), name, role, deptId: county.deptId, staffRoleId })
    .onConflict((oc) => oc.column('phone').doNothing())
    .execute();
}

async function signIn(page: Page, phone: string) {
  const form = page.locator('form.tm-loginbox');
  await form.getByLabel('手机号').fill(phone);
  await form.getByLabel('密码').fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: '登录' }).click();
  // Signed in once the frame offers 退出登录 (the sidebar may be folded away on a narrow window).
  await expect.poll(() => page.getByRole('navigation', { name: '账号与门户' }).getByRole('button', { name: '退出登录' }).count(), { timeout: 15_000 }).toBe(1);
}

const sidebarLinks = (page: Page) =>
  page
    .getByRole('complementary', { name: '后台菜单' })
    .getByRole('link')
    .allInnerTexts()
    .then((texts) => texts.map((t) => t.trim()));

describe('the console frame', () => {
  it('signed out: the staff login in the frame, no sidebar; signed in: the sidebar of the pages, the county in the header, the portal one click away', async () => {
    await account(STAFF, 'staff', '蓝田工作人员');
    const { page, errors } = await chromium.openPage({ region: LANTIAN, route: '/admin' });
    try {
      expect(await page.getByRole('heading', { name: '工作人员登录' }).count()).toBe(1);
      expect(await page.getByRole('complementary', { name: '后台菜单' }).count()).toBe(0);
      // Not the portal's header and nav: the console's own bar, with the way back to the portal.
      expect(await page.locator('.tm-site-header').count()).toBe(0);
      expect(await page.getByRole('link', { name: '返回门户首页' }).count()).toBe(1);
      expect(await page.getByRole('main').count()).toBe(1);
      expect(await page.getByRole('link', { name: '跳到主要内容' }).count()).toBe(1);
      await settled(page, 'loaded');
      expect(await seriousViolations(page)).toEqual([]);

      await signIn(page, STAFF);
      const top = page.getByRole('banner');
      await expect.poll(() => top.innerText()).toContain('蓝田县农村产权交易平台');
      const account = page.getByRole('navigation', { name: '账号与门户' });
      await expect.poll(() => account.innerText()).toContain('蓝田工作人员');
      expect(await account.innerText()).toContain('蓝田县');
      expect(await account.innerText()).toContain('全部权限');
      expect(await account.getByRole('button', { name: '退出登录' }).count()).toBe(1);
      expect(await account.getByRole('link', { name: '修改密码' }).count()).toBe(1);
      await expect
        .poll(() => sidebarLinks(page), { timeout: 10_000 })
        .toEqual(['工作台', '内容管理', '项目管理', '报名审核', '竞价监控', '意向审核', '投诉咨询', '操作日志', '数据导入']);
      expect(await page.getByRole('link', { name: '工作台' }).getAttribute('aria-current')).toBe('page');
      await settled(page, 'loaded');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'console-shell.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      // The keyboard reaches the sidebar, and a page chosen there is marked.
      const articles = page.getByRole('complementary', { name: '后台菜单' }).getByRole('link', { name: '内容管理' });
      await articles.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => articles.getAttribute('aria-current')).toBe('page');
      await settled(page, 'loaded');
      expect(await seriousViolations(page)).toEqual([]);

      // The portal, one click away.
      await page.getByRole('link', { name: '返回门户首页' }).click();
      await expect.poll(() => page.evaluate(() => location.hash)).toBe('#/');
      await expect.poll(() => page.locator('.tm-site-header').count(), { timeout: 10_000 }).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('a staff account with a role sees only its pages; another page says 无权限; a narrow window folds the sidebar behind 菜单', async () => {
    await account(REVIEWER, 'staff', '蓝田审核员', { name: '报名审核岗', permissions: ['registrations', 'intents'] });
    const { page, errors } = await chromium.openPage({ region: LANTIAN, route: '/admin', context: { viewport: { width: 420, height: 900 } } });
    try {
      await signIn(page, REVIEWER);
      const account = page.getByRole('navigation', { name: '账号与门户' });
      await expect.poll(() => account.innerText()).toContain('报名审核岗');
      // Folded: the menu button opens it.
      const menu = page.getByRole('button', { name: '菜单' });
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect(await page.getByRole('complementary', { name: '后台菜单' }).isVisible()).toBe(false);
      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      await expect.poll(() => sidebarLinks(page), { timeout: 10_000 }).toEqual(['工作台', '报名审核', '意向审核']);
      await settled(page, 'loaded');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'console-shell-narrow.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(chromium.url({ region: LANTIAN, route: '/admin/articles' }), { waitUntil: 'load' });
      await expect.poll(() => page.getByRole('heading', { name: /无权限/ }).count(), { timeout: 15_000 }).toBe(1);
      expect(await page.locator('.tm-console-table').count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);

      // An administrator disables the account meanwhile (its sessions end): the next call lands on the staff login.
      const { db } = chromium.portal;
      const reviewer = await db.updateTable('appUser').set({ disabled: true }).where('phone', '=', REVIEWER).returning('userId').executeTakeFirstOrThrow();
      await db.deleteFrom('userSession').where('userId', '=', reviewer.userId).execute();
      // Within the page (no reload): the registrations table's call is the one refused.
      await page.evaluate(() => {
        location.hash = '#/admin/registrations';
      });
      await expect.poll(() => page.evaluate(() => location.hash), { timeout: 15_000 }).toBe('#/admin');
      await expect.poll(() => page.getByRole('heading', { name: '工作人员登录' }).count(), { timeout: 15_000 }).toBe(1);
      await expect.poll(() => page.getByText(/账号已被停用/).count(), { timeout: 10_000 }).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('an administrator makes a role by ticking pages, gives it to staff, and resets a password shown once', async () => {
    await account(ADMIN, 'admin', '蓝田管理员');
    const { page, errors } = await chromium.openPage({ region: LANTIAN, route: '/admin/roles' });
    try {
      await signIn(page, ADMIN);
      await expect.poll(() => sidebarLinks(page), { timeout: 10_000 }).toContain('角色管理');
      await page.getByRole('link', { name: '新建角色' }).click();
      await expect.poll(() => page.getByLabel('角色名称').count(), { timeout: 15_000 }).toBe(1);
      await page.getByLabel('角色名称').fill('内容编辑');
      await page.getByRole('checkbox', { name: '内容管理' }).check();
      await page.getByRole('checkbox', { name: '操作日志' }).check();
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'console-role-edit.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: '保存' }).click();
      const row = page.getByRole('row', { name: /内容编辑/ });
      await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
      expect(await row.innerText()).toContain('内容管理、操作日志');

      // Give it to 蓝田工作人员 through the staff edit.
      await page.goto(chromium.url({ region: LANTIAN, route: '/admin/staff' }), { waitUntil: 'load' });
      const staffRow = page.getByRole('row', { name: /蓝田工作人员/ });
      await expect.poll(() => staffRow.count(), { timeout: 15_000 }).toBe(1);
      await staffRow.getByRole('link', { name: '蓝田工作人员' }).click();
      const roleSelect = page.getByLabel('权限角色');
      await expect.poll(() => roleSelect.locator('option', { hasText: '内容编辑' }).count(), { timeout: 15_000 }).toBe(1);
      await roleSelect.selectOption({ label: '内容编辑' });
      await page.getByRole('button', { name: '保存' }).click();
      await expect.poll(() => staffRow.innerText(), { timeout: 15_000 }).toContain('内容编辑');

      // One's own password is changed at 修改密码, and another administrator disables an account: one's own row offers
      // neither; another's offers both.
      const ownRow = page.getByRole('row', { name: /蓝田管理员/ });
      expect(await ownRow.count()).toBe(1);
      expect(await ownRow.getByRole('button', { name: /^停用/ }).count()).toBe(0);
      expect(await staffRow.getByRole('button', { name: /^停用/ }).count()).toBe(1);
      expect(await ownRow.getByRole('button', { name: /^重置密码/ }).count()).toBe(0);
      await staffRow.getByRole('button', { name: /^重置密码/ }).click();
      await page.getByRole('dialog', { name: '重置密码' }).getByRole('button', { name: '确定重置密码' }).click();
      const shown = page.getByRole('dialog', { name: '重置密码成功' });
      await expect.poll(() => shown.count(), { timeout: 15_000 }).toBe(1);
      const password = (await shown.locator('.tm-dialog__value').innerText()).trim();
      expect(password).toMatch(/^\S{16}$/);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'console-staff-reset.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      await shown.getByRole('button', { name: '我已记下，关闭' }).click();
      await expect.poll(() => shown.count()).toBe(0);
      expect(await page.locator('body').innerText()).not.toContain(password);
      const { db } = chromium.portal;
      const after = await db.selectFrom('appUser').select('mustChangePassword').where('phone', '=', STAFF).executeTakeFirstOrThrow();
      expect(after.mustChangePassword).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});
