import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadRegionCatalog } from '../../engine/region-files/index.js';
import { DEMO_PHONES } from '../../server/seed/index.js';
import { SCREENSHOT_DIR, seriousViolations, settled, withPortalInChromium } from './portal-harness.js';

// The about section (关于我们, 投诉建议, 政策查询, 项目咨询, 帮助中心) and 产权登记 in real Chromium against the real server
// over the seeded database: each page renders real content, what is handed in is stored with a 受理编号, and the
// footer links of every demo region lead somewhere.
const chromium = withPortalInChromium();
const catalog = loadRegionCatalog(path.resolve('regions'));
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });

/** A page is real when the shell is there, nothing says 页面不存在 or failed, and some block has drawn. */
async function expectRealPage(page: Page, what: string) {
  await settled(page, 'blocks');
  expect(await page.getByRole('heading', { name: '页面不存在' }).count(), what).toBe(0);
  expect(await page.locator('.tm-status--error').count(), what).toBe(0);
  expect(await page.locator('.tm-site-header [data-block]').count(), what).toBeGreaterThan(0);
  expect(await page.locator('.tm-site-footer [data-block]').count(), what).toBeGreaterThan(0);
}

describe('the about section in Chromium', () => {
  it.each([
    ['/aboutUs', '中心简介'],
    ['/aboutUs/complaints', '投诉建议'],
    ['/aboutUs/select', '政策法规与规章制度'],
    ['/aboutUs/select1', '项目咨询'],
    ['/bangzhuzhongxin/detail', '如何注册账号？'],
  ])(
    '%s renders its content with the section navigation',
    async (route, heading) => {
      const { page, errors } = await chromium.openPage({ route, until: 'blocks' });
      try {
        await expectRealPage(page, route);
        await page.getByRole('heading', { name: heading }).first().waitFor({ timeout: 10_000 });
        const nav = page.locator('nav.tm-section-nav');
        expect(await nav.getByRole('link').allInnerTexts()).toEqual(['关于我们', '投诉建议', '政策查询', '项目咨询', '帮助中心']);
        expect(await nav.locator('[aria-current="page"]').count()).toBe(1);
        // axe: the dead-end walk checks these pages in every region, in normal and elder mode.
        await shot(page, `about${route.replace(/\//g, '-')}`);
        expect(errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    },
    120_000,
  );

  it.each(['chunan', 'xinyang', 'lantian', 'shouguang'])(
    '/aboutUs of %s names its own centre, the units of its footer, its address and hours',
    async (regionId) => {
      const region = catalog.regions.find((r) => r.id === regionId)!;
      const { page, errors } = await chromium.openPage({ region: regionId, route: '/aboutUs', until: 'blocks' });
      try {
        const content = page.locator('.tm-article-menu__content');
        await content.getByRole('heading', { name: '中心简介' }).waitFor({ timeout: 10_000 });
        expect(await content.innerText()).toContain(`${region.cityName}农村产权交易中心`);
        expect(await content.innerText()).toContain(region.footerUnits!.responsible!);
        await page.getByRole('link', { name: '组织机构' }).click();
        await content.getByRole('heading', { name: '组织机构' }).waitFor({ timeout: 10_000 });
        for (const unit of Object.values(region.footerUnits!)) expect(await content.innerText()).toContain(unit);
        await page.getByRole('link', { name: '联系我们' }).click();
        await expect.poll(() => content.innerText(), { timeout: 10_000 }).toMatch(/办公地址：.+\n?.*服务热线：\d{3,4}-\d{7,8}/s);
        expect(await page.getByRole('link', { name: '联系我们' }).getAttribute('aria-current')).toBe('page');
        await page.getByRole('link', { name: '服务时间' }).click();
        await expect.poll(() => content.innerText(), { timeout: 10_000 }).toContain('周一至周五');
        if (regionId === 'shouguang') await shot(page, 'about-aboutUs-shouguang-hours');
        expect(errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    },
    120_000,
  );

  it('投诉建议: a bad phone keeps everything typed and says the spec text; corrected, it is stored and the 受理编号 shows', async () => {
    const { page, errors } = await chromium.openPage({ route: '/aboutUs/complaints', until: 'blocks' });
    try {
      const form = page.locator('.tm-form-block');
      await form.getByLabel('姓名').fill('王小明');
      await form.getByLabel('联系电话').fill('12345');
      await form.getByLabel('类型').selectOption('建议');
      await form.getByLabel('相关项目').fill('下姜村茶园流转');
      const text = '希望周末也能开放窗口咨询服务。';
      await form.getByLabel('内容').fill(text);
      await form.getByRole('button', { name: '提交' }).click();
      await expect.poll(() => form.locator('.tm-form-field__error[role=alert]').allInnerTexts()).toEqual(['请输入正确的电话号码']);
      // Nothing typed is lost.
      expect(await form.getByLabel('姓名').inputValue()).toBe('王小明');
      expect(await form.getByLabel('联系电话').inputValue()).toBe('12345');
      expect(await form.getByLabel('类型').locator('option:checked').innerText()).toBe('建议');
      expect(await form.getByLabel('相关项目').inputValue()).toBe('下姜村茶园流转');
      expect(await form.getByLabel('内容').inputValue()).toBe(text);
      expect(await page.evaluate(() => document.activeElement?.id)).toMatch(/_phone$/);
      await shot(page, 'about-complaint-error');
      expect(await seriousViolations(page)).toEqual([]);

      await form.getByLabel('联系电话').fill('13912345678');
      await form.getByRole('button', { name: '提交' }).click();
      const receipt = page.getByRole('status').filter({ hasText: '受理编号' });
      await receipt.waitFor({ timeout: 10_000 });
      const refNo = (await receipt.locator('strong').innerText()).trim();
      expect(refNo).toMatch(/^TS\d{14}$/);
      const row = await chromium.portal.db.selectFrom('complaint').selectAll().where('refNo', '=', refNo).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        kind: 'complaint',
        name: '王小明',
        phone: '13912345678',
        type: '建议',
        project: '下姜村茶园流转',
        content: text,
        deptId: 330127,
      });
      await shot(page, 'about-complaint-receipt');
      expect(await seriousViolations(page)).toEqual([]);
      // 继续提交 brings an empty form back.
      await page.getByRole('button', { name: '继续提交' }).click();
      expect(await form.getByLabel('姓名').inputValue()).toBe('');
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('项目咨询: the question is stored as a consultation with its 受理编号', async () => {
    const { page, errors } = await chromium.openPage({ region: 'xinyang', route: '/aboutUs/select1', until: 'blocks' });
    try {
      const form = page.locator('.tm-form-block');
      await form.getByRole('button', { name: '提交咨询' }).click();
      await expect
        .poll(() => form.locator('.tm-form-field__error[role=alert]').allInnerTexts())
        .toEqual(expect.arrayContaining(['请输入咨询的项目', '请输入咨询内容', '请输入姓名', '请输入电话号码']));
      await form.getByLabel('咨询项目').fill('明港镇王湾村鱼塘承包');
      await form.getByLabel('咨询类别').selectOption('报名条件');
      await form.getByLabel('咨询内容').fill('外地合作社能否报名？');
      await form.getByLabel('姓名').fill('刘洋');
      await form.getByLabel('联系电话').fill('18637612345');
      await form.getByRole('button', { name: '提交咨询' }).click();
      const receipt = page.getByRole('status').filter({ hasText: '受理编号' });
      await receipt.waitFor({ timeout: 10_000 });
      const refNo = (await receipt.locator('strong').innerText()).trim();
      expect(refNo).toMatch(/^ZX\d{14}$/);
      const row = await chromium.portal.db.selectFrom('complaint').selectAll().where('refNo', '=', refNo).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ kind: 'consult', project: '明港镇王湾村鱼塘承包', type: '报名条件', deptId: 4115 });
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('政策查询: a keyword narrows policies and rules together; a result opens its detail and 返回 comes back to the results', async () => {
    const { page, errors } = await chromium.openPage({ route: '/aboutUs/select', until: 'blocks' });
    try {
      const results = page.locator('.tm-block--article-page');
      const allTotal = await results.locator('.tm-pager__total').innerText();
      await page.getByRole('searchbox', { name: '关键词' }).fill('管理办法');
      await page.getByRole('button', { name: '查询' }).click();
      await expect.poll(() => page.url()).toContain('keyword=');
      await settled(page);
      const titles = await results.locator('.tm-list__title').allInnerTexts();
      expect(titles.length).toBeGreaterThan(1);
      for (const t of titles) expect(t).toContain('管理办法');
      // Policies (002001) and the centre's rules (020) both answer.
      const numbers = await chromium.portal.db
        .selectFrom('article')
        .select('number')
        .distinct()
        .where('title', 'in', titles)
        .where('deptId', '=', 330127)
        .execute();
      expect(numbers.map((n) => n.number).sort()).toEqual(['002001', '020']);
      expect(await results.locator('.tm-pager__total').innerText()).not.toBe(allTotal);
      await shot(page, 'about-select-results');
      expect(await seriousViolations(page)).toEqual([]);
      await results.locator('.tm-list__title').first().click();
      await page.getByRole('heading', { name: titles[0] }).waitFor({ timeout: 10_000 });
      expect(page.url()).toContain('/aboutUs/select/detail?id=');
      await page.getByRole('button', { name: '返回查询结果' }).click();
      await expect.poll(() => page.getByRole('searchbox', { name: '关键词' }).inputValue()).toBe('管理办法');

      // A keyword nothing matches: the engine's empty state, the box still there to try again.
      await page.getByRole('searchbox', { name: '关键词' }).fill('没有这样的政策');
      await page.getByRole('button', { name: '查询' }).click();
      await page.getByText('暂无数据').waitFor({ timeout: 10_000 });
      expect(await page.getByRole('searchbox', { name: '关键词' }).count()).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('帮助中心: groups of questions, the chosen one by query classname + item (JSON), switching items changes the text', async () => {
    const { page, errors } = await chromium.openPage({ route: '/bangzhuzhongxin/detail', until: 'blocks' });
    try {
      const menu = page.getByRole('navigation', { name: '帮助中心' });
      const content = page.locator('.tm-article-menu__content');
      expect(await menu.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(['注册登录', '报名竞价', '交易规则', '常见问题']);
      await content.getByRole('heading', { name: '如何注册账号？' }).waitFor({ timeout: 10_000 });

      await menu.getByRole('link', { name: '什么是延时竞价？' }).click();
      await content.getByRole('heading', { name: '什么是延时竞价？' }).waitFor({ timeout: 10_000 });
      expect(await content.innerText()).toContain('自动延长5分钟');
      const query = new URLSearchParams(page.url().split('?')[1]);
      expect(query.get('classname')).toBe('报名竞价');
      expect(JSON.parse(query.get('item')!)).toMatchObject({ title: '什么是延时竞价？', id: expect.any(Number) });
      expect(await menu.getByRole('link', { name: '什么是延时竞价？' }).getAttribute('aria-current')).toBe('page');
      await shot(page, 'about-help-item');
      expect(await seriousViolations(page)).toEqual([]);

      // An address with the item as JSON (as the spec's links carry it) opens that item directly.
      const item = await chromium.portal.db
        .selectFrom('helpItem')
        .select(['id', 'title', 'classname'])
        .where('title', '=', '上传图片有什么要求？')
        .executeTakeFirstOrThrow();
      const route = `/bangzhuzhongxin/detail?classname=${encodeURIComponent(item.classname)}&item=${encodeURIComponent(JSON.stringify({ id: item.id, title: item.title }))}`;
      await page.goto(chromium.url({ route }), { waitUntil: 'networkidle' });
      await content.getByRole('heading', { name: '上传图片有什么要求？' }).waitFor({ timeout: 10_000 });
      expect(await content.innerText()).toContain('2 MB');
      // Only the group named: its first question.
      await page.goto(chromium.url({ route: `/bangzhuzhongxin/detail?classname=${encodeURIComponent('交易规则')}` }), { waitUntil: 'networkidle' });
      await content.getByRole('heading', { name: '哪些产权可以进场交易？' }).waitFor({ timeout: 10_000 });
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);

  // Every footer link of every demo region: tests/browser/no-dead-ends.test.ts follows them from each home page.
});

describe('产权登记 /registName in Chromium', () => {
  it('asks a visitor to log in first (请先登录账号?)', async () => {
    const { page, errors } = await chromium.openPage({ route: '/registName', until: 'loaded' });
    try {
      const prompt = page.getByRole('alertdialog');
      await prompt.waitFor({ timeout: 10_000 });
      expect(await prompt.innerText()).toContain('请先登录账号?');
      await prompt.getByRole('button', { name: '确定' }).click();
      // 淳安县 shows the login box on its home (homeShowLogin): 确定 goes home, where the person logs in (spec §6).
      await expect.poll(() => page.url()).toMatch(/#\/$/);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('keeps what was typed when the user leaves and comes back, then stores it and shows the 受理编号', async () => {
    const { page, errors } = await chromium.openLoggedIn(DEMO_PHONES[0], { route: '/registName', until: 'blocks' });
    try {
      const form = page.locator('.tm-form-block');
      await form.getByLabel('权利人').waitFor({ timeout: 10_000 });
      await form.getByLabel('权利人').fill('下姜村股份经济合作社');
      await form.getByLabel('产权类型').selectOption('林权');
      await form.getByLabel('坐落位置').fill('枫树岭镇下姜村后山');
      await form.getByLabel('面积（数量）').fill('85.5');
      await form.getByLabel('单位').selectOption({ label: '亩' });
      await form.getByLabel('情况说明').fill('集体统一经营的毛竹林。');
      await shot(page, 'registName-typed');
      expect(await seriousViolations(page)).toEqual([]);

      // Away to the news list through the nav, and back with the browser's back button.
      await page.getByRole('link', { name: '新闻中心' }).first().click();
      await page.waitForURL(/#\/pressCenter/);
      await settled(page);
      expect(await page.locator('.tm-form-block').count()).toBe(0);
      await page.goBack();
      await form.getByLabel('权利人').waitFor({ timeout: 10_000 });
      expect(await form.getByLabel('权利人').inputValue()).toBe('下姜村股份经济合作社');
      expect(await form.getByLabel('产权类型').locator('option:checked').innerText()).toBe('林权');
      expect(await form.getByLabel('坐落位置').inputValue()).toBe('枫树岭镇下姜村后山');
      expect(await form.getByLabel('面积（数量）').inputValue()).toBe('85.5');
      expect(await form.getByLabel('情况说明').inputValue()).toBe('集体统一经营的毛竹林。');

      // A typed address of the page (not history) finds the draft too.
      await page.goto(chromium.url({ route: '/' }), { waitUntil: 'networkidle' });
      await page.goto(chromium.url({ route: '/registName' }), { waitUntil: 'networkidle' });
      await form.getByLabel('权利人').waitFor({ timeout: 10_000 });
      expect(await form.getByLabel('坐落位置').inputValue()).toBe('枫树岭镇下姜村后山');

      await form.getByLabel('联系人').fill('姜书记');
      await form.getByLabel('联系电话').fill('1371234');
      await form.getByRole('button', { name: '提交登记' }).click();
      await expect.poll(() => form.locator('.tm-form-field__error[role=alert]').allInnerTexts()).toEqual(['请输入正确的电话号码']);
      await form.getByLabel('联系电话').fill('13712345678');
      await form.getByRole('button', { name: '提交登记' }).click();
      const receipt = page.getByRole('status').filter({ hasText: '受理编号' });
      await receipt.waitFor({ timeout: 10_000 });
      const refNo = (await receipt.locator('strong').innerText()).trim();
      expect(refNo).toMatch(/^DJ\d{14}$/);
      const row = await chromium.portal.db.selectFrom('propertyRegistration').selectAll().where('refNo', '=', refNo).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        owner: '下姜村股份经济合作社',
        propertyType: '林权',
        location: '枫树岭镇下姜村后山',
        area: '85.50',
        unit: 1,
        contact: '姜书记',
        phone: '13712345678',
      });
      await shot(page, 'registName-receipt');
      expect(await seriousViolations(page)).toEqual([]);

      // Submitted: the draft is gone, a new registration starts empty.
      await page.getByRole('button', { name: '继续登记' }).click();
      expect(await form.getByLabel('权利人').inputValue()).toBe('');
      await page.reload({ waitUntil: 'networkidle' });
      await form.getByLabel('权利人').waitFor({ timeout: 10_000 });
      expect(await form.getByLabel('权利人').inputValue()).toBe('');
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 180_000);
});
