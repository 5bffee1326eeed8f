import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadRegionCatalog } from '../../engine/region-files/index.js';
import AxeBuilder from '@axe-core/playwright';
import { SCREENSHOT_DIR, startPortal, withPortalInChromium } from './portal-harness.js';
import { buildStudioIfStale } from '../../scripts/client-build.js';

// npm run studio -- lantian over a temp copy of regions/, driven as a clerk would: add blocks from the catalogue,
// reorder them by keyboard, edit props by the form, turn a flag on and word a status. The files stay valid, keep
// their comments, and the live page beside the outline shows the change. (How fast: npm run bench:studio.)
let regionsDir = '';
const chromium = withPortalInChromium({
  server: () => {
    // The studio's page is a build of its own (dist/studio), not part of `npm run build`: made here when stale.
    buildStudioIfStale();
    regionsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-studio-browser-'));
    fs.cpSync('regions', regionsDir, { recursive: true });
    return { regionsDir, previewRegion: 'lantian', studio: true, maxEventLoopDelayMs: 0 };
  },
});
afterAll(() => fs.rmSync(regionsDir, { recursive: true, force: true }));

const homeFile = () => path.join(regionsDir, 'lantian/pages/home.yaml');
const blocks = () => (parse(fs.readFileSync(homeFile(), 'utf8')) as { blocks: { type: string; props?: Record<string, unknown> }[] }).blocks;

describe('page studio in Chromium', () => {
  it('composes the home page and the settings as a clerk: files valid, comments kept, the page shows the change', async () => {
    const { page, errors } = await chromium.openPage({ route: '/' });
    try {
      await page.goto(`${chromium.portal.url}studio`, { waitUntil: 'load' });
      await page.getByRole('heading', { name: '页面工作室 · 蓝田县' }).waitFor({ timeout: 20_000 });
      const count = blocks().length;
      const outline = page.getByRole('region', { name: /首页 的区块/ });

      // Two blocks from the catalogue, each added at the end.
      for (const type of ['notice-text', 'news-list']) {
        await page.getByLabel('添加区块').selectOption(type);
        await page.getByRole('button', { name: '添加到页面末尾' }).click();
        await expect.poll(() => blocks().length, { timeout: 10_000 }).toBe(count + (type === 'notice-text' ? 1 : 2));
      }
      expect(
        blocks()
          .slice(-2)
          .map((b) => b.type),
      ).toEqual(['notice-text', 'news-list']);
      // The outline shows them once the answer is in (the file is written just before).
      await expect.poll(() => outline.locator('.studio-blocks > li').count(), { timeout: 10_000 }).toBe(count + 2);

      // The news list moved up by keyboard, above the notice: focus its 上移 and press Enter.
      await outline.getByRole('button', { name: '上移 新闻列表' }).last().focus();
      await page.keyboard.press('Enter');
      await expect
        .poll(
          () =>
            blocks()
              .map((b) => b.type)
              .slice(-2),
          { timeout: 10_000 },
        )
        .toEqual(['news-list', 'notice-text']);

      // Its text by the props form.
      await outline
        .getByRole('button', { name: /^\d+\. 提示文字/ })
        .first()
        .click();
      const text = page.locator('#props-' + String(count + 1) + '_text');
      await text.fill('本县产权交易由工作室编排');
      await page.getByRole('button', { name: '保存属性' }).click();
      await expect.poll(() => blocks().at(-1)?.props?.text, { timeout: 10_000 }).toBe('本县产权交易由工作室编排');
      const preview = page.frameLocator('iframe');
      await preview.getByText('本县产权交易由工作室编排').waitFor({ timeout: 15_000 });

      // Settings: a flag on, a status worded anew.
      await page.getByRole('button', { name: '地区设置' }).click();
      // The box follows the saved file: it turns on once the server has written it.
      await page.getByLabel('homeShowLogin').click();
      await expect.poll(() => fs.readFileSync(path.join(regionsDir, 'lantian/region.yaml'), 'utf8'), { timeout: 10_000 }).toContain('homeShowLogin: true');
      await page.getByRole('textbox', { name: '公示中', exact: true }).fill('即将公告');
      await page.getByRole('button', { name: '保存公示中' }).click();
      await expect.poll(() => fs.readFileSync(path.join(regionsDir, 'lantian/region.yaml'), 'utf8'), { timeout: 10_000 }).toContain('"2": 即将公告');
      await expect.poll(() => page.getByLabel('homeShowLogin').isChecked(), { timeout: 10_000 }).toBe(true);

      const region = fs.readFileSync(path.join(regionsDir, 'lantian/region.yaml'), 'utf8');
      expect(region).toContain('# 蓝田县 publishes no asset attraction projects');
      expect(fs.readFileSync(homeFile(), 'utf8')).toContain("# Without the bank pages (goJRFWInfo off) the county's financial services");
      expect(loadRegionCatalog(regionsDir).problems).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'studio.png') });
      // axe on the studio itself (AxeBuilder: the harness's in-page run takes no frames); the portal in the frame is
      // checked by the portal's own walks (no-dead-ends, elder-mode).
      const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).exclude('iframe').analyze();
      const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        serious.map(
          (v) =>
            `${v.id}: ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')}`,
        ),
      ).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
    // The first test starts the studio and the portal under the suite's load: more than one page's time.
  }, 120_000);

  it('makes a new county as a clerk: wizard, five blocks, reorder, forms, settings, nav, town and page; npm start shows it alike', async () => {
    const { page, errors } = await chromium.openPage({ route: '/' });
    try {
      await page.goto(`${chromium.portal.url}studio`, { waitUntil: 'load' });
      await newCountyByWizard(page);
      const dir = path.join(regionsDir, 'songyang');
      const songyangHome = path.join(dir, 'pages/home.yaml');
      const types = () => (parse(fs.readFileSync(songyangHome, 'utf8')) as { blocks: { type: string }[] }).blocks.map((b) => b.type);
      const propsAt = (i: number) => (parse(fs.readFileSync(songyangHome, 'utf8')) as { blocks: { props?: Record<string, unknown> }[] }).blocks[i].props;
      expect(types()).toEqual(['project-search']);
      // The wizard's county has its nav from the start.
      expect(fs.readFileSync(path.join(dir, 'region.yaml'), 'utf8')).toContain('  - { name: 新闻中心, router: /pressCenter }');

      // Five blocks from the catalogue.
      const outline = page.getByRole('region', { name: /首页 的区块/ });
      const added = ['notice-text', 'news-list', 'town-list', 'trading-statistics', 'article-list'];
      for (const [i, type] of added.entries()) {
        await page.getByLabel('添加区块').selectOption(type);
        await page.getByRole('button', { name: '添加到页面末尾' }).click();
        await expect.poll(() => types().length, { timeout: 10_000 }).toBe(2 + i);
        await expect.poll(() => outline.locator('.studio-blocks > li').count(), { timeout: 10_000 }).toBe(2 + i);
      }
      expect(types()).toEqual(['project-search', ...added]);

      // Reordered by dragging (the article list onto the second place) and by keyboard (the notice up, by Enter).
      const items = outline.locator('.studio-blocks > li');
      await items.nth(5).dragTo(items.nth(1));
      await expect.poll(types, { timeout: 10_000 }).toEqual(['project-search', 'article-list', 'notice-text', 'news-list', 'town-list', 'trading-statistics']);
      // The outline shows the new order once the answer is in (the file is written just before).
      await outline.getByRole('button', { name: /^2\. 文章列表/ }).waitFor({ timeout: 10_000 });
      await outline.getByRole('button', { name: '上移 提示文字' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(types, { timeout: 10_000 }).toEqual(['project-search', 'notice-text', 'article-list', 'news-list', 'town-list', 'trading-statistics']);

      await outline.getByRole('button', { name: /^2\. 提示文字/ }).waitFor({ timeout: 10_000 });

      // Edited by their forms: the notice's title and text, the news list's title.
      await outline.getByRole('button', { name: /^2\. 提示文字/ }).click();
      await page.locator('#props-1_title').fill('本县公告');
      await page.locator('#props-1_text').fill('松阳县产权交易由工作室编排');
      await page.getByRole('button', { name: '保存属性' }).click();
      await expect.poll(() => propsAt(1)?.text, { timeout: 10_000 }).toBe('松阳县产权交易由工作室编排');
      await outline.getByRole('button', { name: /^4\. 新闻列表/ }).click();
      await page.locator('#props-3_title').fill('工作动态');
      await page.getByRole('button', { name: '保存属性' }).click();
      await expect.poll(() => propsAt(3)?.title, { timeout: 10_000 }).toBe('工作动态');

      // A page from a starter, then the settings: a flag, a status's wording, the nav, a friendly link and a town.
      await page.getByRole('button', { name: '新建页面' }).click();
      await page.locator('#page-route').fill('/tongzhi');
      await page.locator('#page-title').fill('通知公告');
      await page.locator('#page-starter').selectOption('blank');
      await page.getByRole('button', { name: '创建页面' }).click();
      await page.getByRole('region', { name: /通知公告 的区块/ }).waitFor({ timeout: 10_000 });
      expect(fs.existsSync(path.join(dir, 'pages/tongzhi.yaml'))).toBe(true);
      // It is in the page picker, picked; back to the home for the rest.
      const picker = page.locator('.studio-bar select');
      expect(await picker.inputValue()).toBe('tongzhi');
      expect(await picker.locator('option').allInnerTexts()).toContain('通知公告（/tongzhi）');
      await picker.selectOption('home');
      await editSettings(page, dir);

      const region = fs.readFileSync(path.join(dir, 'region.yaml'), 'utf8');
      expect(region).toContain('  - { name: 本县新闻, router: /pressCenter }\n');
      expect(region).toContain('  - { name: 通知公告, router: /tongzhi }\n');
      expect(region).toContain('"2": 即将公告');
      expect(region).toContain('haveFootLink: true');
      const places = fs.readFileSync(path.join(dir, 'places.yaml'), 'utf8');
      expect(places).toContain('- { name: 古市新镇, deptId: 331124101, deptCode: "331124101000" }');
      // The wizard's comments are kept through every change.
      expect(region).toContain('# 松阳县：由页面工作室的新建地区向导生成。');
      expect(places).toContain('# 松阳县（丽水市，浙江省）及其镇（街道）。');
      expect(fs.readFileSync(songyangHome, 'utf8')).toContain('# 松阳县首页（空白首页）。');
      // npm run validate:regions on the folder the studio wrote.
      const validated = spawnSync('npx', ['tsx', 'scripts/validate-regions.ts', regionsDir], { encoding: 'utf8' });
      expect(validated.status, validated.stdout + validated.stderr).toBe(0);
      expect(validated.stdout).toContain('songyang');

      // axe on the studio with the new forms open.
      await page.getByRole('button', { name: '地区设置' }).click();
      for (const list of await page.locator('details.studio-list').all()) {
        if ((await list.getAttribute('open')) === null) await list.locator('summary').click();
      }
      await page.locator('#towns-1-name').waitFor();
      const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).exclude('iframe').analyze();
      const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        serious.map(
          (v) =>
            `${v.id}: ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')}`,
        ),
      ).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'studio-new-county.png'), fullPage: true });
      await page.locator('#list-towns').screenshot({ path: path.join(SCREENSHOT_DIR, 'studio-towns-form.png') });

      // The page the studio shows, and the same files served by a plain server (as npm start serves them).
      // A renamed town is new data, not new config: the page shows it once it asks again (a reload, as a clerk would).
      await page.locator('iframe').evaluate((frame: HTMLIFrameElement) => frame.contentWindow!.location.reload());
      const preview = page.frameLocator('iframe');
      await preview.locator('main li a', { hasText: '古市新镇' }).waitFor({ timeout: 20_000 });
      await preview.getByText('松阳县产权交易由工作室编排').waitFor({ timeout: 20_000 });
      await preview.getByRole('link', { name: '通知公告' }).first().waitFor({ timeout: 20_000 });
      const shown = await pageSummary(preview.locator('body'));
      expect(shown.headings).toEqual(expect.arrayContaining(['本县公告', '工作动态']));
      expect(shown.nav).toEqual(expect.arrayContaining(['本县新闻', '通知公告']));
      expect(shown.friendly).toEqual(['松阳县人民政府']);
      expect(shown.towns).toContain('古市新镇');
      const served = await startPortal({ regionsDir });
      try {
        const visitor = await page.context().newPage();
        await visitor.goto(`${served.url}?region=songyang#/`, { waitUntil: 'load' });
        await visitor.getByText('松阳县产权交易由工作室编排').waitFor({ timeout: 20_000 });
        await visitor.locator('main li a', { hasText: '古市新镇' }).waitFor({ timeout: 20_000 });
        expect(await pageSummary(visitor.locator('body'))).toEqual(shown);
        await visitor.screenshot({ path: path.join(SCREENSHOT_DIR, 'studio-new-county-served.png'), fullPage: true });
      } finally {
        await served.close();
      }
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
    // A clerk's whole session and a second server: longer than one page's test.
  }, 240_000);

  it('speaks Chinese to the clerk: the props form, the flags and the status inputs are labelled from the schemas', async () => {
    const { page, errors } = await chromium.openPage({ route: '/' });
    try {
      // The studio opens on the region it last showed (the wizard's new county): back to 蓝田县.
      expect((await page.request.get(`${chromium.portal.url}studio/api/model?region=lantian`)).ok()).toBe(true);
      await page.goto(`${chromium.portal.url}studio`, { waitUntil: 'load' });
      await page.getByRole('heading', { name: /^页面工作室 · / }).waitFor({ timeout: 20_000 });
      await page
        .getByRole('region', { name: /首页 的区块/ })
        .getByRole('button', { name: /^\d+\. 新闻轮播/ })
        .first()
        .click();
      await page.getByLabel('切换间隔（秒）').waitFor({ timeout: 10_000 });
      await expect.poll(() => page.getByText('详情页面地址', { exact: true }).count()).toBeGreaterThan(0);
      await expect.poll(() => page.getByText('新闻编号作为 id 传入。').count()).toBeGreaterThan(0);
      // The schema's English descriptions are for engineers: none reaches the form.
      expect(await page.getByText('Seconds between slides.').count()).toBe(0);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'studio-texts-block.png') });
      // A choice's options are words too: the news list's 显示样式 offers 标题列表 and 图片卡片, not list and image-cards.
      await page
        .getByRole('region', { name: /首页 的区块/ })
        .getByRole('button', { name: /^\d+\. 新闻列表/ })
        .first()
        .click();
      await expect
        .poll(() => page.getByLabel('显示样式').locator('option').allTextContents(), { timeout: 10_000 })
        .toEqual(expect.arrayContaining(['标题列表', '图片卡片']));

      await page.getByRole('button', { name: '地区设置' }).click();
      await page.getByRole('checkbox', { name: /^首页显示登录框/ }).waitFor({ timeout: 10_000 });
      await page.getByRole('textbox', { name: '报名中', exact: true }).waitFor();
      await page.getByRole('textbox', { name: '已成交（一人报名）', exact: true }).waitFor();
      await page.getByRole('checkbox', { name: /^首页显示登录框/ }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'studio-texts-settings.png') });
      const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).exclude('iframe').analyze();
      expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('names data sources in Chinese, and sets a tab’s condition and adds a village by the forms', async () => {
    const { page, errors } = await chromium.openPage({ route: '/' });
    const lantian = (file: string) => fs.readFileSync(path.join(regionsDir, 'lantian', file), 'utf8');
    try {
      expect((await page.request.get(`${chromium.portal.url}studio/api/model?region=lantian`)).ok()).toBe(true);
      await page.goto(`${chromium.portal.url}studio`, { waitUntil: 'load' });
      await page.getByRole('heading', { name: '页面工作室 · 蓝田县' }).waitFor({ timeout: 20_000 });
      // The news carousel's source by the call's Chinese name, the call's own name beside it, and what it answers.
      await page
        .getByRole('region', { name: /首页 的区块/ })
        .getByRole('button', { name: /^\d+\. 新闻轮播/ })
        .first()
        .click();
      const source = page.getByLabel(/^数据来源/);
      await expect.poll(() => source.locator('option').allTextContents(), { timeout: 10_000 }).toContain('文章列表（newsList）');
      await page.getByText('某一栏目的文章，最新的在前').waitFor();
      await page.locator('.studio-block-editor').screenshot({ path: path.join(SCREENSHOT_DIR, 'studio-source-picker.png') });

      await page.getByRole('button', { name: '地区设置' }).click();
      await page.locator('#list-tabList > summary').click();
      expect(await page.locator('#tabList-5-name').inputValue()).toBe('新闻中心');
      await page.locator('#tabList-5-when').selectOption('!flags.haveCJGG');
      await page.getByRole('button', { name: '保存 新闻中心' }).click();
      await expect
        .poll(() => lantian('region.yaml'), { timeout: 10_000 })
        .toContain('  - { name: 新闻中心, router: /pressCenter, when: { not: flags.haveCJGG } }\n');

      await page.locator('#list-towns > summary').click();
      await page.locator('#list-towns-0-children > summary').click();
      await page.locator('#towns-0-children-new-name').fill('三里村');
      await page.locator('#towns-0-children-new-deptId').fill('610122901');
      await page.locator('#towns-0-children-new-deptCode').fill('610122001201');
      await page.getByRole('button', { name: '添加村（社区）' }).click();
      await expect
        .poll(() => lantian('places.yaml'), { timeout: 10_000 })
        .toContain('                  - { name: 三里村, deptId: 610122901, deptCode: "610122001201" }\n');
      expect(lantian('places.yaml')).toContain('# deptId: the administrative code without trailing zeros');
      expect(loadRegionCatalog(regionsDir).problems).toEqual([]);
      // The village's form is drawn from the written file: the studio shows what it wrote.
      await expect.poll(() => page.locator('#towns-0-children-0-name').inputValue(), { timeout: 10_000 }).toBe('三里村');
      await page.locator('#list-towns-0-children').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'studio-villages.png') });
      const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).exclude('iframe').analyze();
      expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});

async function newCountyByWizard(page: Page): Promise<void> {
  await page.getByRole('button', { name: '新建地区' }).click();
  await page.getByLabel('地区标识').fill('songyang');
  const fill = async (prefix: string, name: string, deptId: string, deptCode: string) => {
    await page.locator(`#${prefix}-name`).fill(name);
    await page.locator(`#${prefix}-deptId`).fill(deptId);
    await page.locator(`#${prefix}-deptCode`).fill(deptCode);
  };
  await fill('county', '松阳县', '331124', '331124000000');
  await page.getByLabel('lesseeId').fill('120');
  await page.getByLabel('项目编号前缀').fill('SY');
  await fill('province', '浙江省', '33', '330000000000');
  await fill('city', '丽水市', '3311', '331100000000');
  await fill('town-0', '西屏街道', '331124001', '331124001000');
  await page.getByRole('button', { name: '再加一个镇（街道）' }).click();
  await fill('town-1', '古市镇', '331124101', '331124101000');
  await page.getByLabel('首页模板').selectOption('blank');
  await page.getByRole('button', { name: '创建地区' }).click();
  await page.getByRole('heading', { name: '页面工作室 · 松阳县' }).waitFor({ timeout: 20_000 });
  expect(loadRegionCatalog(regionsDir).problems).toEqual([]);
}

/** 地区设置 as a clerk: a flag on, status 2 worded anew, a nav entry renamed and one added, a friendly link, a town renamed. */
async function editSettings(page: Page, dir: string): Promise<void> {
  const regionText = () => fs.readFileSync(path.join(dir, 'region.yaml'), 'utf8');
  await page.getByRole('button', { name: '地区设置' }).click();
  await page.getByLabel('haveFootLink').click();
  await expect.poll(regionText, { timeout: 10_000 }).toContain('haveFootLink: true');
  await page.getByRole('textbox', { name: '公示中', exact: true }).fill('即将公告');
  await page.getByRole('button', { name: '保存公示中' }).click();
  await expect.poll(regionText, { timeout: 10_000 }).toContain('"2": 即将公告');

  await page.getByText('导航（10 项）').click();
  await page.locator('#tabList-5-name').fill('本县新闻');
  await page.getByRole('button', { name: '保存 新闻中心' }).click();
  await expect.poll(regionText, { timeout: 10_000 }).toContain('{ name: 本县新闻, router: /pressCenter }');
  await page.locator('#tabList-new-name').fill('通知公告');
  await page.locator('#tabList-new-router').fill('/tongzhi');
  await page.getByRole('button', { name: '添加导航项' }).click();
  await expect.poll(regionText, { timeout: 10_000 }).toContain('{ name: 通知公告, router: /tongzhi }');

  await page.getByText(/^友情链接（0 项）/).click();
  await page.locator('#footLinkList-new-label').fill('松阳县人民政府');
  await page.locator('#footLinkList-new-url').fill('https://www.songyang.gov.cn/');
  await page.getByRole('button', { name: '添加友情链接' }).click();
  await expect.poll(regionText, { timeout: 10_000 }).toContain('松阳县人民政府');

  await page.getByText(/^镇（街道）（2 项）/).click();
  await page.locator('#towns-1-name').fill('古市新镇');
  await page.getByRole('button', { name: '保存 古市镇' }).click();
  await expect.poll(() => fs.readFileSync(path.join(dir, 'places.yaml'), 'utf8'), { timeout: 10_000 }).toContain('古市新镇');
}

/** What a visitor reads of a home: its blocks' headings, the nav, the friendly links and the towns listed. */
async function pageSummary(body: Locator): Promise<{ headings: string[]; nav: string[]; friendly: string[]; towns: string[] }> {
  const texts = async (selector: string) =>
    (await body.locator(selector).allInnerTexts())
      // An outside link's （在新窗口打开） is on a line of its own.
      .map((t) => t.split('\n')[0].trim())
      .filter(Boolean);
  return {
    headings: await texts('h2.tm-panel__title'),
    nav: await texts('.tm-nav__list > li > .tm-nav__link'),
    friendly: await texts('.tm-footer__friendly a'),
    towns: await texts('main li a'),
  };
}
