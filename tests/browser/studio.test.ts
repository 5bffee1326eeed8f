import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadRegionCatalog } from '../../engine/region-files/index.js';
import AxeBuilder from '@axe-core/playwright';
import { SCREENSHOT_DIR, withPortalInChromium } from './portal-harness.js';
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
  });

  it('makes a new county from the wizard, whose home the live page shows', async () => {
    const { page } = await chromium.openPage({ route: '/' });
    try {
      await page.goto(`${chromium.portal.url}studio`, { waitUntil: 'load' });
      await page.getByRole('button', { name: '新建地区' }).click();
      await page.getByLabel('地区标识').fill('songyang');
      const fill = async (prefix: string, name: string, deptId: string, deptCode: string) => {
        await page.locator(`#${prefix}-name`).fill(name);
        await page.locator(`#${prefix}-deptId`).fill(deptId);
        await page.locator(`#${prefix}-deptCode`).fill(deptCode);
      };
      await fill('county', '松阳县', '331124', '331124000000');
      await page.getByLabel('lesseeId').fill('120');
      await fill('province', '浙江省', '33', '330000000000');
      await fill('city', '丽水市', '3311', '331100000000');
      await fill('town-0', '西屏街道', '331124001', '331124001000');
      await page.getByRole('button', { name: '再加一个镇（街道）' }).click();
      await fill('town-1', '古市镇', '331124101', '331124101000');
      await page.getByRole('button', { name: '创建地区' }).click();
      await page.getByRole('heading', { name: '页面工作室 · 松阳县' }).waitFor({ timeout: 20_000 });
      const dir = path.join(regionsDir, 'songyang');
      expect(fs.readFileSync(path.join(dir, 'region.yaml'), 'utf8')).toContain('extends: ../_base/region.yaml');
      expect(fs.readFileSync(path.join(dir, 'places.yaml'), 'utf8')).toContain('古市镇');
      expect((parse(fs.readFileSync(path.join(dir, 'pages/home.yaml'), 'utf8')) as { blocks: unknown[] }).blocks).toHaveLength(5);
      expect(loadRegionCatalog(regionsDir).problems).toEqual([]);
      await page.frameLocator('iframe').getByText('松阳县农村产权交易平台').first().waitFor({ timeout: 20_000 });
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'studio-new-county.png') });
    } finally {
      await page.context().close();
    }
  });

  it('speaks Chinese to the clerk: the props form, the flags and the status inputs are labelled from the schemas', async () => {
    const { page, errors } = await chromium.openPage({ route: '/' });
    try {
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
  });
});
