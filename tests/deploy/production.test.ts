import path from 'node:path';
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalStack, type LocalStack } from '../../scripts/deploy/local-stack.js';
import { DEMO_PASSWORD, DEMO_PHONES } from '../../server/seed/index.js';
import { HSTS_VALUE } from '../../server/plugins/security-headers.js';
import { SCREENSHOT_DIR, launchChromium, settled, watchNetwork } from '../browser/portal-harness.js';
import { newContext } from './browser-context.js';
import { call, signedHeaders } from './http-client.js';

// What the README's production section promises, behind nginx: a production start on an empty PostgreSQL (no demo,
// new keys), the first administrator made by `npm run admin:create`, two instances, nginx in front.
const CHUNAN = 330127;
const ADMIN = { phone: '13712340001', name: '陈主任', place: '淳安县' };

let stack: LocalStack;
let browser: Browser;

beforeAll(async () => {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  [stack, browser] = await Promise.all([startLocalStack({ mode: 'production', admin: ADMIN }), launchChromium()]);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
}, 60_000);

const viaNginx = (route = '') => `${stack.httpsUrl.replace(/\/$/, '')}${route}`;

describe('a production start behind nginx', () => {
  it('serves the portal without the demo, with one HSTS header where the instances send their own too', async () => {
    // An instance in production sends HSTS for a request that came over TLS through its trusted proxy…
    const direct = await call(stack.instances[0].url, { headers: { 'x-forwarded-proto': 'https' } });
    expect(direct.headers['strict-transport-security']).toBe(HSTS_VALUE);
    // …and nginx, which sets it on every answer, drops that copy: one header.
    const home = await call(viaNginx('/'));
    expect(home.status).toBe(200);
    expect(home.headers['strict-transport-security']).toBe(HSTS_VALUE);

    // No demo account, and the demo's sign key is not this deployment's.
    const demoLogin = await call(viaNginx('/prod-api/api/user/login'), {
      method: 'POST',
      headers: { ...signedHeaders(CHUNAN, stack.signKey), 'content-type': 'application/json' },
      body: JSON.stringify({ username: DEMO_PHONES[0], password: DEMO_PASSWORD, loginType: 1 }),
    });
    expect(demoLogin.json()).toMatchObject({ code: 400, msg: '用户名或密码错误' });
    const demoSigned = await call(viaNginx('/prod-api/api/projectList'), {
      method: 'POST',
      headers: { ...signedHeaders(CHUNAN, 'tianmu-demo-sign-key'), 'content-type': 'application/json' },
      body: JSON.stringify({ type: 2, pageSize: 7 }),
    });
    expect(demoSigned.status).toBeGreaterThanOrEqual(400);
    expect(demoSigned.status).toBeLessThan(500);

    const { context, page, errors } = await newContext(browser);
    try {
      const network = watchNetwork(page);
      await page.goto(stack.httpsUrl, { waitUntil: 'load' });
      await network.quiet();
      await settled(page);
      expect(await page.title()).toContain('淳安县');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'deploy-production-home.png'), fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('lets the administrator admin:create made sign in at #/admin, change the one-time password, and use the console', async () => {
    expect(stack.admin?.password).toBeTruthy();
    const { context, page, errors } = await newContext(browser);
    try {
      await page.goto(viaNginx('/#/admin'), { waitUntil: 'load' });
      const form = page.locator('form.tm-loginbox');
      await form.getByLabel('手机号').fill(ADMIN.phone);
      await form.getByLabel('密码').fill(stack.admin!.password);
      await form.getByRole('button', { name: '登录' }).click();
      await expect.poll(() => page.getByRole('heading', { name: '请先修改初始密码' }).count(), { timeout: 15_000 }).toBe(1);
      expect(await page.getByRole('navigation', { name: '工作人员后台' }).count()).toBe(0);

      await page.getByRole('region', { name: '请先修改初始密码' }).getByRole('link', { name: '修改密码' }).click();
      await page.getByRole('textbox', { name: '旧密码' }).fill(stack.admin!.password);
      await page.getByRole('textbox', { name: '新密码', exact: true }).fill('Centre#2026ok');
      await page.getByRole('textbox', { name: '确认新密码' }).fill('Centre#2026ok');
      await page.getByRole('button', { name: '确认修改' }).click();
      await expect.poll(() => page.getByText('密码修改成功').count(), { timeout: 15_000 }).toBeGreaterThan(0);

      // Each call from here may go to either instance: the session and the changed password are in the database.
      await page.goto(viaNginx('/#/admin/places'), { waitUntil: 'load' });
      const nav = page.getByRole('navigation', { name: '工作人员后台' });
      await expect.poll(() => nav.count(), { timeout: 15_000 }).toBe(1);
      await settled(page, 'loaded');
      await expect.poll(() => page.locator('tbody').getByText('淳安县').count(), { timeout: 10_000 }).toBeGreaterThan(0);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'deploy-production-admin.png'), fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
