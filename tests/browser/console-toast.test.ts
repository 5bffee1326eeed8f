import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ERROR_TEXTS } from '../../machines/ports.js';
import { DEMO_PASSWORD } from '../../server/seed/index.js';
import { hashPassword } from '../../server/services/passwords.js';
import { SCREENSHOT_DIR, seriousViolations, withPortalInChromium } from './portal-harness.js';

// A long message in a Semi toast wraps inside the window, beside the console's frame as on a phone: the longest the
// console shows is the staff session's end (登录已失效…), raised by the real 401 of a session ended on the server.
const chromium = withPortalInChromium();
const STAFF = '13900000041';

async function staffAccount(): Promise<number> {
  const { db } = chromium.portal;
  const county = await db.selectFrom('place').select('deptId').where('deptName', '=', '蓝田县').executeTakeFirstOrThrow();
  const row = await db
    .insertInto('appUser')
    .values({ phone: STAFF, passwordHash: await hashPassword(DEMO_PASSWORD), name: '蓝田提示测试', role: 'staff', deptId: county.deptId })
    .onConflict((oc) => oc.column('phone').doUpdateSet({ disabled: false }))
    .returning('userId')
    .executeTakeFirstOrThrow();
  return row.userId;
}

async function signIn(page: Page): Promise<void> {
  const form = page.locator('form.tm-loginbox');
  await form.getByLabel('手机号').fill(STAFF);
  await form.getByLabel('密码').fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: '登录' }).click();
  await expect.poll(() => page.getByRole('navigation', { name: '账号与门户' }).getByRole('button', { name: '退出登录' }).count(), { timeout: 15_000 }).toBe(1);
}

/** The toast of the session's end, once shown: its box, and the window's width. */
async function sessionEndToast(page: Page, userId: number) {
  await chromium.portal.db.deleteFrom('userSession').where('userId', '=', userId).execute();
  // Any API call of the console now meets the ended session.
  await page.goto(chromium.url({ region: 'lantian', route: '/admin/articles' }), { waitUntil: 'load' });
  const toast = page.locator('.semi-toast-content').filter({ hasText: ERROR_TEXTS.staffSessionEnded });
  await expect.poll(() => toast.count(), { timeout: 15_000 }).toBe(1);
  await page.waitForTimeout(400); // Semi's entry animation
  return { box: (await toast.boundingBox())!, width: page.viewportSize()!.width };
}

describe('a long toast in the console', () => {
  for (const [name, viewport] of [
    ['desktop', { width: 1300, height: 900 }],
    ['phone', { width: 360, height: 740 }],
  ] as const) {
    it(`stays inside the window on a ${name}, wrapped`, async () => {
      const userId = await staffAccount();
      const { page, errors } = await chromium.openPage({ region: 'lantian', route: '/admin', context: { viewport } });
      try {
        await signIn(page);
        const { box, width } = await sessionEndToast(page, userId);
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        expect(box.width).toBeLessThanOrEqual(640);
        // The same toast with an address in its text (a run with nowhere to break) wraps as well, under the page's CSS.
        const long = await page.evaluate(
          (text) => {
            const shown = [...document.querySelectorAll('.semi-toast')].at(-1)!;
            const copy = shown.cloneNode(true) as HTMLElement;
            copy.querySelector('.semi-toast-content-text')!.textContent = text;
            shown.parentElement!.appendChild(copy);
            const r = copy.querySelector('.semi-toast-content')!.getBoundingClientRect();
            return { left: r.left, right: r.right };
          },
          `附件地址 https://files.example.org/uploads/2026/11/27/${'very-long-file-name-'.repeat(4)}appendix.xlsx 不是可接受的地址`,
        );
        expect(long.left).toBeGreaterThanOrEqual(0);
        expect(long.right).toBeLessThanOrEqual(width);
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `console-toast-${name}.png`) });
        expect(await seriousViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    }, 120_000);
  }
});
