import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed/index.js';
import { hashPassword } from '../../server/services/passwords.js';
import { SCREENSHOT_DIR, seriousViolations, settled, withPortalInChromium } from './portal-harness.js';

// The console's 数据导入 page: a file with a bad row is described by row and column, a good one imports.
const chromium = withPortalInChromium();
const STAFF = '13900000031';

describe('the console import page', () => {
  it('lists a bad file’s problems by row and column, then imports a good file', async () => {
    const { db } = chromium.portal;
    const chunan = await db.selectFrom('place').select('deptId').where('deptName', '=', '淳安县').executeTakeFirstOrThrow();
    await db
      .insertInto('appUser')
      .values({ phone: STAFF, passwordHash: await hashPassword(DEMO_PASSWORD), name: '工作人员', role: 'staff', deptId: chunan.deptId })
      .onConflict((oc) => oc.column('phone').doNothing())
      .execute();
    const { page } = await chromium.openPage({ route: '/admin' });
    try {
      const form = page.locator('form.tm-loginbox');
      await form.getByLabel('手机号').fill(STAFF);
      await form.getByLabel('密码').fill(DEMO_PASSWORD);
      await form.getByRole('button', { name: '登录' }).click();
      const nav = page.getByRole('navigation', { name: '工作人员后台' });
      await expect.poll(() => nav.count(), { timeout: 15_000 }).toBe(1);
      await nav.getByRole('link', { name: '数据导入' }).click();
      await settled(page, 'loaded');
      await page.getByLabel('导入类型').selectOption({ label: '文章' });
      const title = `导入的旧闻${Date.now() % 100000}`;
      const file = (rows: string[]) => ({ name: 'articles.csv', mimeType: 'text/csv', buffer: Buffer.from(['地点,栏目,标题,发布时间', ...rows].join('\r\n')) });

      await page.getByLabel('文件（.xlsx 或 .csv）').setInputFiles(file([`淳安县,新闻动态,${title},2021-06-01`, `淳安县,不存在的栏目,${title}二,2021-13-01`]));
      await page.getByRole('button', { name: '试导入' }).click();
      const problems = page.getByRole('table', { name: /文件中的错误/ });
      await expect.poll(() => problems.getByRole('row').count(), { timeout: 15_000 }).toBe(3);
      expect(await problems.getByRole('row', { name: /3 栏目 未知的栏目：不存在的栏目/ }).count()).toBe(1);
      expect(await problems.getByRole('row', { name: /3 发布时间 不是有效的日期/ }).count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'console-import-dry-run.png'), fullPage: true });
      await page.getByRole('button', { name: '导入', exact: true }).click();
      await expect.poll(() => page.getByText(/文件有 2 处错误，未导入任何记录/).count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await db.selectFrom('article').select('id').where('title', '=', title).execute()).toEqual([]);

      await page.getByLabel('文件（.xlsx 或 .csv）').setInputFiles(file([`淳安县,新闻动态,${title},2021-06-01`]));
      await page.getByRole('button', { name: '导入', exact: true }).click();
      await expect.poll(() => page.getByRole('status').filter({ hasText: '已导入 1 条文章' }).count(), { timeout: 15_000 }).toBe(1);
      expect(await db.selectFrom('article').select('status').where('title', '=', title).execute()).toEqual([{ status: 'published' }]);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});
