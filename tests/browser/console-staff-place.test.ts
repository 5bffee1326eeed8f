import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed/index.js';
import { hashPassword } from '../../server/services/passwords.js';
import { SCREENSHOT_DIR, seriousViolations, settled, withPortalInChromium } from './portal-harness.js';

// An administrator without a place edits their own account in 工作人员 → 编辑: the place picker says 不设地点 and the
// form saves it so; switched to a staff account, the picker takes a place, which staff must have. An administrator
// with a place is not offered 不设地点 at all: such an account reaches every portal, and only one without a place may
// make it.
const chromium = withPortalInChromium();
const ADMIN = '13900000061';
const COUNTY_ADMIN = '13900000062';

/** An administrator account with the demo password, and its id (kept when it is already there). */
async function administrator(phone: string, name: string, deptId: number | null): Promise<number> {
  const { db } = chromium.portal;
  await db
    .insertInto('appUser')
    .values({ phone, passwordHash: await hashPassword(DEMO_PASSWORD), name, role: 'admin', deptId })
    .onConflict((oc) => oc.column('phone').doNothing())
    .execute();
  return (await db.selectFrom('appUser').select('userId').where('phone', '=', phone).executeTakeFirstOrThrow()).userId;
}

describe('the staff form', () => {
  it('saves an administrator without a place; a staff account gets one', async () => {
    const { db } = chromium.portal;
    const userId = await administrator(ADMIN, '无地点管理员', null);
    const { page, errors } = await chromium.openLoggedIn(ADMIN, { route: `/admin/staff/edit?id=${userId}`, until: 'loaded' });
    try {
      await expect.poll(() => page.getByLabel(/^\*?姓名$/).inputValue(), { timeout: 15_000 }).toBe('无地点管理员');
      const place = page.getByLabel(/^\*?所属地点$/);
      await expect.poll(() => place.locator('option').count(), { timeout: 10_000 }).toBeGreaterThan(1);
      expect(await place.locator('option:checked').innerText()).toBe('不设地点（管理员）');
      await page.getByLabel(/^\*?姓名$/).fill('中心管理员');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'console-staff-no-place.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: '保存' }).click();
      await expect.poll(() => page.getByRole('row', { name: /中心管理员/ }).count(), { timeout: 15_000 }).toBe(1);
      expect(await db.selectFrom('appUser').select(['name', 'deptId', 'role']).where('userId', '=', userId).executeTakeFirstOrThrow()).toEqual({
        name: '中心管理员',
        deptId: null,
        role: 'admin',
      });

      // Made staff (in the form only), the account takes the region's place: no empty choice is left.
      await page.goto(chromium.url({ route: `/admin/staff/edit?id=${userId}` }), { waitUntil: 'load' });
      await settled(page, 'loaded');
      await expect.poll(() => page.getByLabel(/^\*?姓名$/).inputValue(), { timeout: 15_000 }).toBe('中心管理员');
      await page.getByLabel(/^\*?角色$/).selectOption({ label: '工作人员' });
      await expect.poll(() => place.inputValue()).not.toBe('');
      expect(await place.locator('option', { hasText: '不设地点' }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('offers an administrator with a place no 不设地点 for a new administrator', async () => {
    const chunan = await chromium.portal.db.selectFrom('place').select('deptId').where('deptName', '=', '淳安县').executeTakeFirstOrThrow();
    await administrator(COUNTY_ADMIN, '县管理员', chunan.deptId);
    const { page, errors } = await chromium.openLoggedIn(COUNTY_ADMIN, { route: '/admin/staff/edit', until: 'loaded' });
    try {
      const place = page.getByLabel(/^\*?所属地点$/);
      await expect.poll(() => place.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(1);
      await page.getByLabel(/^\*?角色$/).selectOption({ label: '管理员' });
      await expect.poll(() => place.inputValue()).not.toBe('');
      expect(await place.locator('option', { hasText: '不设地点' }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});
