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
      await expect
        .poll(() => page.locator('.tm-form-field__error[role=alert]').allInnerTexts())
        .toEqual(expect.arrayContaining(['请输入正确的电话号码', '请输入验证码', '请输入密码', '请再次输入密码']));
      expect(await page.evaluate(() => document.activeElement?.id)).toMatch(/_phone$/);
      expect(await phone.getAttribute('aria-describedby')).toMatch(/__error/);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'register-errors.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('/register is drawn without waiting for XState (held back 2 s here) or rjsf’s rarer parts; 获取验证码 then counts down', async () => {
    const context = await chromium.browser.newContext({ viewport: { width: 1300, height: 900 }, locale: 'zh-CN' });
    const heldUntil = { at: 0 };
    await context.route(/\/assets\/xstate[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      heldUntil.at = Date.now();
      await route.continue();
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto(chromium.url({ route: '/register' }));
      await expect.poll(() => page.getByRole('button', { name: '获取验证码' }).isVisible(), { timeout: 10_000 }).toBe(true);
      const drawnAt = Date.now();
      await page.getByLabel('手机号').fill('13912347001');
      await page.getByRole('button', { name: '获取验证码' }).click();
      await expect.poll(() => page.locator('.tm-sms-button').innerText(), { timeout: 10_000 }).toMatch(/^\d+秒后重新获取$/);
      // The form stood before XState came; the press waited for it and was not lost.
      expect(heldUntil.at).toBeGreaterThan(drawnAt);
      const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
      expect(scripts.filter((name) => /rjsf-rare-parts/.test(name))).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('/turnOut for a visitor: the login prompt, and none of the form’s own code (rjsf) fetched', async () => {
    const { page, errors } = await open('/turnOut?id=1');
    try {
      await expect.poll(() => page.getByText('请先登录后再提交意向。').isVisible()).toBe(true);
      await expect.poll(() => page.getByText('请先登录账号?').isVisible()).toBe(true);
      const scripts = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname)
          .filter((name) => name.endsWith('.js')),
      );
      expect(scripts.some((name) => /SchemaFormBlock-/.test(name))).toBe(true);
      expect(scripts.filter((name) => /SchemaFormFields-|validation-|transfer-intent/.test(name))).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('/turnOut: 我要转出 (?id=1) then 我要转入 (?id=2): the second form starts empty, none of the first one’s input', async () => {
    const { page, errors } = await chromium.openLoggedIn(DEMO_PHONES[0], { route: '/turnOut?id=1', until: 'loaded' });
    try {
      await expect.poll(() => page.getByRole('heading', { name: '我要转出' }).count(), { timeout: 10_000 }).toBe(1);
      await page.getByLabel('联系电话').fill('13900003333');
      await page.getByLabel('项目名称').fill('转出的林地');
      await page.evaluate(() => {
        window.location.hash = '#/turnOut?id=2';
      });
      await expect.poll(() => page.getByRole('heading', { name: '我要转入' }).count(), { timeout: 10_000 }).toBe(1);
      await expect.poll(() => page.getByLabel('联系电话').inputValue()).toBe('');
      expect(await page.getByLabel('项目名称').inputValue()).toBe('');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'turn-in-empty.png'), fullPage: true });
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
  it('a message shown while a modal dialog is open appears inside it, above the backdrop, and returns to the page when it closes', async () => {
    const { page, errors } = await open('/login');
    try {
      await page.getByRole('button', { name: '忘记密码' }).click();
      const dialog = page.getByRole('dialog', { name: '找回密码' });
      await dialog.getByLabel('手机号').fill('123');
      await dialog.getByRole('button', { name: '获取验证码' }).click();
      // The spec's warning for a malformed phone (§5), a toast.
      const note = page.locator('.semi-toast', { hasText: '请输入正确的电话号码' });
      await note.waitFor({ timeout: 10_000 });
      expect(await note.evaluate((el) => el.closest('dialog') !== null)).toBe(true);
      // Not behind the backdrop: once it has slid in, the topmost element at the message's centre is the message.
      await expect
        .poll(() =>
          note.evaluate((el) => {
            const r = el.getBoundingClientRect();
            return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
          }),
        )
        .toBe(true);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'message-in-dialog.png') });
      expect(await seriousViolations(page)).toEqual([]);

      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog', { name: '找回密码' }).count()).toBe(0);
      // Later messages show on the page again.
      await page.getByRole('button', { name: '登录' }).click();
      const warning = page.locator('.semi-toast', { hasText: '手机号不可为空' });
      await warning.waitFor({ timeout: 10_000 });
      expect(await warning.evaluate((el) => el.closest('dialog') === null && document.body.contains(el))).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
