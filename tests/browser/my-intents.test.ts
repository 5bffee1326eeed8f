import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_PHONES } from '../../server/seed/index.js';
import { SCREENSHOT_DIR, seriousViolations, settled, withPortalInChromium } from './portal-harness.js';

// An intent a user submits waits for staff review. The form says so, the public list does not show it,
// and the personal centre's 我的意向 shows its state in words — 待审核, and 未通过 with the reviewer's reason.
const chromium = withPortalInChromium();

describe('我的意向', () => {
  it('says 提交成功，等待审核, keeps the intent off the public list, and shows 待审核 and 未通过 with the reason to its author', async () => {
    const { page, errors } = await chromium.openLoggedIn(DEMO_PHONES[0], { route: '/turnOut?id=1' });
    try {
      await expect.poll(() => page.getByRole('heading', { name: '我要转出' }).count(), { timeout: 15_000 }).toBe(1);
      await page.getByLabel('项目名称').fill('待审核的茶园经营权');
      await page.getByLabel('联系人').fill('张建国');
      await page.getByLabel('联系电话').fill('13800000001');
      await page.getByLabel('意向内容').fill('<div style="position:fixed;inset:0">覆盖</div>茶园 50 亩');
      await page.getByRole('button', { name: '提交意向' }).click();
      await expect.poll(() => page.getByText('提交成功，等待审核').count(), { timeout: 10_000 }).toBeGreaterThan(0);

      const { db } = chromium.portal;
      const submitted = await db
        .selectFrom('intent')
        .select(['id', 'userId', 'deptId', 'state', 'content'])
        .where('projectname', '=', '待审核的茶园经营权')
        .executeTakeFirstOrThrow();
      expect(submitted.state).toBe(0);
      expect(submitted.content).toBe('<div>覆盖</div>茶园 50 亩');
      // Staff refused an earlier one (straight in the database: the review call is tested in tests/server).
      await db
        .insertInto('intent')
        .values({
          deptId: submitted.deptId,
          type: 2,
          projectname: '未通过的求租意向',
          contact: '张建国',
          phone: '13800000001',
          userId: submitted.userId,
          state: 2,
          reviewReason: '权属证明不清晰，请补充材料',
          reviewedAt: new Date(),
        })
        .execute();

      await page.goto(chromium.url({ route: '/announcement?type=3' }), { waitUntil: 'networkidle' });
      await settled(page, 'loaded');
      expect(await page.getByText('待审核的茶园经营权').count()).toBe(0);

      await page.goto(chromium.url({ route: '/personal?tab=intents' }), { waitUntil: 'networkidle' });
      await settled(page, 'loaded');
      const pending = page.locator('.tm-mine__item', { hasText: '待审核的茶园经营权' });
      await expect.poll(() => pending.count(), { timeout: 10_000 }).toBe(1);
      expect(await pending.getByText('待审核').count()).toBeGreaterThan(0);
      expect(await pending.getByRole('link').count()).toBe(0);
      const refused = page.locator('.tm-mine__item', { hasText: '未通过的求租意向' });
      expect(await refused.getByText('未通过原因：权属证明不清晰，请补充材料').count()).toBe(1);
      expect(await page.locator('[aria-current="page"]', { hasText: '我的意向' }).count()).toBe(1);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'personal-my-intents.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 60_000);
});
