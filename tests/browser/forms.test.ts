import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_PHONES } from '../../server/seed/index.js';
import { SCREENSHOT_DIR, seriousViolations, withPortalInChromium } from './portal-harness.js';

// The pages built from JSON Schema forms, in real Chromium against the real server: what a person sees and hears.
const chromium = withPortalInChromium();
const open = (route: string) => chromium.openPage({ route, until: 'loaded' });

describe('forms from JSON Schema in Chromium', () => {
  it('/register: labelled fields, the spec messages by each field on submit, focus on the first wrong one, axe clean', async () => {
    const { page, errors } = await open('/register');
    try {
      const phone = page.getByLabel('手机号');
      await phone.fill('123');
      await page.getByRole('button', { name: '注册' }).click();
      await expect.poll(() => page.locator('.tm-form-field__error[role=alert]').allInnerTexts()).toEqual(
        expect.arrayContaining(['请输入正确的电话号码', '请输入验证码', '请输入密码', '请再次输入密码']),
      );
      expect(await page.evaluate(() => document.activeElement?.id)).toMatch(/_phone$/);
      expect(await phone.getAttribute('aria-describedby')).toMatch(/__error/);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'register-errors.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('/personal: the login form first, then the user centre with tabs; the messages tab lists messages', async () => {
    const { page, errors } = await open('/personal');
    try {
      await page.getByLabel('手机号').fill(DEMO_PHONES[0]);
      await page.getByLabel('密码').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: '登录' }).click();
      await expect.poll(() => page.getByRole('heading', { name: '个人中心' }).count(), { timeout: 10_000 }).toBe(1);
      await expect.poll(() => page.getByLabel('姓名').inputValue(), { timeout: 10_000 }).not.toBe('');
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('link', { name: '我的消息' }).click();
      await expect.poll(() => page.locator('.tm-message').count(), { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await page.getByRole('link', { name: '我的消息' }).getAttribute('aria-current')).toBe('page');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'personal-messages.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
