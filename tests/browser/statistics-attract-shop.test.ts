import path from 'node:path';
import type { Page } from 'playwright-core';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEMO_REGIONS } from '../../server/seed/index.js';
import { SCREENSHOT_DIR, seriousViolations, settled, withPortalInChromium } from './portal-harness.js';

// The statistics page (/dataSta) with its charts, asset attraction (/propertyAttract and its detail) under the
// region's ZCZSName and notshowZCZSCity, and 淳安县's dev online shop, in real Chromium over the seeded database.
const chromium = withPortalInChromium();
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, name), fullPage: true });
const deptOf = (key: string) => DEMO_REGIONS.find((r) => r.key === key)!.deptId;

/** Ids of a place and every place under it. */
async function subtreeIds(deptId: number): Promise<number[]> {
  const rows = await chromium.portal.db
    .selectFrom('place')
    .select('deptId')
    .where(sql<boolean>`dept_id = ${deptId} OR ancestors LIKE ${`%,${deptId}%`}`)
    .execute();
  return rows.map((r) => r.deptId);
}

/** How many pixels of a chart's canvas are painted (not transparent, not white). */
function paintedPixels(page: Page, chart: string): Promise<number> {
  return page.$eval(`[data-chart="${chart}"] canvas`, (canvas) => {
    const c = canvas as HTMLCanvasElement;
    const ctx = c.getContext('2d');
    if (!ctx) return 0;
    const { data } = ctx.getImageData(0, 0, c.width, c.height);
    let painted = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0 && !(data[i] > 245 && data[i + 1] > 245 && data[i + 2] > 245)) painted++;
    return painted;
  });
}

describe('statistics /dataSta', () => {
  it('draws every chart from the real aggregates of 淳安县, with a summary and a table each; axe finds nothing serious', async () => {
    const { page, errors } = await chromium.openPage({ region: 'chunan', route: '/' });
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    try {
      await settled(page);
      // The home page has not loaded the chart library.
      expect(scripts.filter((u) => /vchart/i.test(u))).toEqual([]);
      // The 数据统计 tab of the nav leads there.
      await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '数据统计' }).click();
      await page.waitForFunction(() => window.location.hash.startsWith('#/dataSta'));
      // The numbers come first; the chart library only once they are drawn, and a chart far below the first view
      // only when the visitor scrolls to it (an old PC draws six canvases slowly).
      await page.locator('[data-chart="status"] [data-drawn="true"]').waitFor({ timeout: 90_000 });
      const chartsFetchedAfterFigures = await page.evaluate(() => {
        const chart = performance.getEntriesByType('resource').find((e) => /vchart/i.test(e.name));
        const figures = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) => /tradingStatistics/i.test(e.name));
        return Boolean(chart && figures && chart.startTime > figures.responseEnd);
      });
      expect(chartsFetchedAfterFigures).toBe(true);
      expect(await page.locator('[data-chart="place"] [data-drawn="true"]').count()).toBe(0);
      for (const chart of ['monthlyActivity', 'place']) await page.locator(`[data-chart="${chart}"]`).scrollIntoViewIfNeeded();
      await page.waitForFunction(() => document.querySelectorAll('[data-drawn="true"]').length === 6, null, { timeout: 90_000 });
      expect(scripts.filter((u) => /vchart/i.test(u)).length).toBe(1);

      const ids = await subtreeIds(deptOf('chunan'));
      const projects = await chromium.portal.db.selectFrom('project').select(['status', 'dealAmount']).where('deptId', 'in', ids).execute();
      const deals = projects.filter((p) => [7, 8, 9].includes(p.status));
      const figures = await page.locator('.tm-stats__figure').allInnerTexts();
      expect(figures[0].replace(/\s+/g, '')).toBe(`交易项目${projects.length}个`);
      expect(figures[1].replace(/\s+/g, '')).toBe(`成交项目${deals.length}宗`);
      expect(await page.locator('[data-chart="status"] figcaption').innerText()).toContain(`共有交易项目 ${projects.length} 个`);
      // 淳安县 words status 4 as 公示报名中: the chart and its table speak the region's wording.
      const status4 = projects.filter((p) => p.status === 4).length;
      if (status4) expect(await page.locator('[data-chart="status"] figcaption').innerText()).toContain(`公示报名中 ${status4} 个`);
      expect(await page.locator('[data-chart="place"] table tbody tr').count()).toBe(7);

      for (const chart of ['status', 'type', 'category', 'monthlyDeals', 'monthlyActivity', 'place']) {
        expect(await paintedPixels(page, chart), chart).toBeGreaterThan(500);
        expect(await page.locator(`[data-chart="${chart}"] figcaption`).innerText(), chart).toMatch(/[\u4e00-\u9fa5]{4,}.*\d/);
        expect(await page.locator(`[data-chart="${chart}"] .tm-chart__canvas`).getAttribute('aria-hidden')).toBe('true');
      }
      // The data table is one click away and names its columns.
      await page.locator('[data-chart="monthlyDeals"] summary').click();
      expect(await page.locator('[data-chart="monthlyDeals"] thead th').allInnerTexts()).toEqual(['月份', '成交宗数（宗）', '成交金额（万元）']);
      expect(await page.locator('[data-chart="monthlyDeals"] tbody tr').count()).toBe(12);
      await shot(page, 'statistics-chunan.png');
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 180_000);

  it('says 暂无数据 for every chart of a place without projects', async () => {
    const place = await chromium.portal.db
      .insertInto('place')
      .values({
        deptId: 330127998,
        deptName: '测试新镇',
        deptCode: '330127998000',
        parentId: deptOf('chunan'),
        level: 4,
        ancestors: `0,33,3301,${deptOf('chunan')}`,
      })
      .returning(['deptId', 'deptCode'])
      .executeTakeFirstOrThrow();
    await chromium.portal.reloadPlaces();
    const { page, errors } = await chromium.openPage({
      region: 'chunan',
      route: `/dataSta?dm=${place.deptCode}&deptName=测试新镇&deptCode=${place.deptCode}&deptId=${place.deptId}`,
      until: 'blocks',
    });
    try {
      await page.waitForSelector('.tm-stats');
      expect(await page.locator('.tm-chart .tm-status--empty').count()).toBe(6);
      expect(await page.locator('.tm-chart .tm-status--empty').first().innerText()).toBe('暂无数据');
      expect(await page.locator('canvas').count()).toBe(0);
      expect((await page.locator('.tm-stats__figure').first().innerText()).replace(/\s+/g, '')).toBe('交易项目0个');
      await shot(page, 'statistics-empty.png');
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
      await chromium.portal.db.deleteFrom('place').where('deptId', '=', place.deptId).execute();
      await chromium.portal.reloadPlaces();
    }
  }, 180_000);
});

describe('the big-data screen of 信阳市 (/xinyangBigData)', () => {
  it('shows the counts, the amount dealt and four charts with their tables, refreshes by itself, and loads the chart library there only', async () => {
    const { page, errors } = await chromium.openPage({ region: 'xinyang', route: '/' });
    const statisticsCalls: string[] = [];
    page.on('request', (r) => /tradingStatistics/.test(r.url()) && statisticsCalls.push(r.url()));
    try {
      await settled(page);
      await page.clock.install();
      await page.goto(chromium.url({ region: 'xinyang', route: '/xinyangBigData' }));
      await page.getByRole('heading', { level: 1, name: '信阳市农村产权交易大数据' }).waitFor({ timeout: 30_000 });
      const kinds = ['monthlyDeals', 'type', 'place', 'status'];
      for (const kind of kinds) {
        await page.locator(`[data-chart="${kind}"]`).scrollIntoViewIfNeeded();
        await page.locator(`[data-chart="${kind}"] [data-drawn="true"]`).waitFor({ timeout: 90_000 });
        expect(await paintedPixels(page, kind), kind).toBeGreaterThan(500);
        // What the canvas shows is there as text: a summary, and the data behind a disclosure.
        expect(await page.locator(`[data-chart="${kind}"] figcaption`).innerText(), kind).toMatch(/[\u4e00-\u9fa5]{4,}.*\d/);
        expect(await page.locator(`[data-chart="${kind}"] table tbody tr`).count(), kind).toBeGreaterThan(0);
      }

      const ids = await subtreeIds(deptOf('xinyang'));
      const deals = await chromium.portal.db.selectFrom('project').select(['dealAmount']).where('deptId', 'in', ids).where('status', 'in', [7, 8, 9]).execute();
      const amount = deals.reduce((sum, d) => sum + Number(d.dealAmount ?? 0), 0);
      const wan = (Math.round(amount / 100) / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      expect((await page.locator('.tm-bigdata__figure').last().innerText()).replace(/\s+/g, '')).toBe(`累计成交金额${wan}万元`);

      // On a wall for hours: a minute later the screen asks again by itself.
      const before = statisticsCalls.length;
      await page.clock.fastForward('01:01');
      await expect.poll(() => statisticsCalls.length, { timeout: 15_000 }).toBeGreaterThan(before);

      await page.locator('[data-chart="monthlyDeals"] summary').click();
      await shot(page, 'big-data-xinyang.png');
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 180_000);
});

describe('asset attraction /propertyAttract', () => {
  it('信阳市 names it 国有资产 (ZCZSName): cards with the invest type, a place filter (dm) and list → detail', async () => {
    const { page, errors } = await chromium.openPage({ region: 'xinyang', route: '/' });
    try {
      await settled(page);
      await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '国有资产' }).click();
      await page.waitForSelector('.tm-rcards__item');
      await settled(page);
      expect(await page.locator('.tm-rcards-block h2').innerText()).toBe('国有资产');
      expect(await page.locator('h1').innerText()).toBe('国有资产');
      const ids = await subtreeIds(deptOf('xinyang'));
      const total = (await chromium.portal.db.selectFrom('investProject').select('id').where('deptId', 'in', ids).execute()).length;
      expect(await page.locator('.tm-rcards__item').count()).toBe(Math.min(9, total));
      expect(await page.locator('.tm-pager__total').innerText()).toBe(`共 ${total} 条`);
      const badges = await page.locator('.tm-rcards__badge').allInnerTexts();
      expect(badges.length).toBe(Math.min(9, total));
      expect(badges.every((b) => ['现代农业', '畜牧养殖', '乡村旅游', '农产品加工', '商贸物流', '厂房仓储'].includes(b))).toBe(true);
      const card = await page.locator('.tm-rcards__item').first().innerText();
      expect(card).toMatch(/挂牌价：[\d,.]+万元/);
      expect(card).toMatch(/项目地址：河南省信阳市/);
      expect(card).toMatch(/发布时间：\d{4}-\d{2}-\d{2}/);
      await shot(page, 'attract-xinyang.png');
      expect(await seriousViolations(page)).toEqual([]);

      // 所在地区 → 罗山县: the address carries its dm and the list is that county's.
      const county = await chromium.portal.db.selectFrom('place').select(['deptId', 'deptCode']).where('deptName', '=', '罗山县').executeTakeFirstOrThrow();
      const countyIds = await subtreeIds(county.deptId);
      const countyTotal = (await chromium.portal.db.selectFrom('investProject').select('id').where('deptId', 'in', countyIds).execute()).length;
      await page.getByLabel('所在地区').selectOption(county.deptCode);
      await page.waitForFunction((dm) => window.location.hash.includes(`dm=${dm}`), county.deptCode);
      await page.waitForFunction(
        (n) =>
          !document.querySelector('.tm-status--loading') &&
          (document.querySelector('.tm-pager__total')?.textContent ?? `共 ${document.querySelectorAll('.tm-rcards__item').length} 条`) === `共 ${n} 条`,
        countyTotal,
        { timeout: 15_000 },
      );
      expect(countyTotal).toBeLessThan(total);

      const first = page.locator('.tm-rcards__item').first();
      const title = (await first.locator('.tm-rcards__name').innerText()).trim();
      await first.locator('a').click();
      await page.waitForSelector('.tm-rdetail');
      await settled(page);
      expect(page.url()).toMatch(/#\/propertyAttractdetail\?id=\d+/);
      expect(await page.locator('.tm-rdetail__title').innerText()).toContain(title);
      expect(await page.locator('.tm-rdetail__section').innerText()).toBe('国有资产');
      const facts = await page.locator('.tm-rdetail__facts').innerText();
      expect(facts).toMatch(/项目编号\s*ZS\d{8}/);
      expect(facts).toMatch(/所在地区\s*\S+/);
      expect(facts).toMatch(/联系方式\s*\S+ 0376-\d{7}/);
      expect(await page.locator('.tm-rdetail__content').innerText()).toContain('项目概况');
      await shot(page, 'attract-xinyang-detail.png');
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('link', { name: '返回列表' }).click();
      await page.waitForSelector('.tm-rcards__item');
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 180_000);

  it('寿光市 calls it 产业招商, 淳安县 (no ZCZSName) 资产招商', async () => {
    for (const [region, name] of [
      ['shouguang', '产业招商'],
      ['chunan', '资产招商'],
    ] as const) {
      const { page, errors } = await chromium.openPage({ region, route: '/propertyAttract', until: 'blocks' });
      try {
        await page.waitForSelector('.tm-rcards__item');
        expect(await page.locator('.tm-rcards-block h2').innerText()).toBe(name);
        expect(errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    }
  }, 180_000);

  it('蓝田县 (notshowZCZSCity) has neither the tab nor the page', async () => {
    const { page, errors } = await chromium.openPage({ region: 'lantian', route: '/' });
    try {
      await settled(page);
      const nav = page.getByRole('navigation', { name: '主导航' });
      expect(await nav.getByRole('link', { name: '数据统计' }).count()).toBe(1);
      expect(await nav.getByRole('link', { name: '资产招商' }).count()).toBe(0);
      await page.goto(chromium.url({ region: 'lantian', route: '/propertyAttract' }), { waitUntil: 'networkidle' });
      await page.waitForSelector('.tm-not-found, [data-block]');
      expect(await page.locator('.tm-rcards__item').count()).toBe(0);
      expect(await page.locator('body').innerText()).toContain('页面不存在');
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 180_000);
});

describe('online shop of 淳安县 (dev)', () => {
  it('lists products by category, opens one with the seller and a masked phone; no shop on the prod site', async () => {
    const { page, errors } = await chromium.openPage({ region: 'chunan-dev', route: '/' });
    try {
      await settled(page);
      await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '网上商城' }).click();
      await page.waitForSelector('.tm-rcards__item');
      await settled(page);
      const ids = await subtreeIds(deptOf('chunan'));
      const products = await chromium.portal.db.selectFrom('shopProduct').select(['name', 'category', 'phone']).where('deptId', 'in', ids).execute();
      expect(await page.locator('.tm-rcards__item').count()).toBe(Math.min(8, products.length));
      const card = await page.locator('.tm-rcards__item').first().innerText();
      expect(card).toMatch(/价格：[\d,]+\.\d{2}元\/(袋|瓶|斤|盒|箱|条|只)/);
      expect(card).toMatch(/卖家：\S+(合作社|农场)/);
      expect(card).toMatch(/产地：\S+镇/);
      expect(card).toMatch(/库存：(\d+ \S|暂时缺货)/);
      // Products, not investment projects.
      expect(await page.locator('.tm-rcards__name').allInnerTexts()).not.toContain(expect.stringMatching(/招商|项目/));
      await shot(page, 'shop-chunan-dev.png');
      expect(await seriousViolations(page)).toEqual([]);

      // A category tile opens the list of that category.
      const tea = products.filter((p) => p.category === '2');
      await page.locator('.tm-ctabs--tiles a', { hasText: '茶叶饮品' }).click();
      await page.waitForFunction(() => window.location.hash.startsWith('#/onLineShopList?category=2'));
      await page.waitForFunction(
        (n) => !document.querySelector('.tm-status--loading') && document.querySelectorAll('.tm-rcards__item').length === n,
        tea.length,
        {
          timeout: 15_000,
        },
      );
      expect(new Set(await page.locator('.tm-rcards__badge').allInnerTexts())).toEqual(new Set(['茶叶饮品']));
      expect(await page.locator('.tm-ctabs a[aria-current="page"]').innerText()).toContain('茶叶饮品');
      await shot(page, 'shop-chunan-dev-list.png');
      expect(await seriousViolations(page)).toEqual([]);

      const first = page.locator('.tm-rcards__item').first();
      const name = (await first.locator('.tm-rcards__name').innerText()).trim();
      await first.locator('a').click();
      await page.waitForSelector('.tm-rdetail');
      await settled(page);
      expect(page.url()).toMatch(/#\/onLineShopDetail\?id=\d+/);
      expect(await page.locator('.tm-rdetail__title').innerText()).toContain(name);
      const phone = products.find((p) => p.name === name)!.phone;
      const facts = await page.locator('.tm-rdetail__facts').innerText();
      expect(facts).toMatch(/联系电话\s*1\d{2}\*{4}\d{4}/);
      expect(facts).toContain(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
      expect(await page.locator('body').innerText()).not.toContain(phone);
      expect(await page.locator('.tm-rdetail__note').innerText()).toContain('不提供在线购买');
      expect(await page.getByRole('button', { name: /购买/ }).count()).toBe(0);
      await shot(page, 'shop-chunan-dev-detail.png');
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }

    const prod = await chromium.openPage({ region: 'chunan', route: '/onLineShop' });
    try {
      await prod.page.waitForSelector('.tm-not-found');
      expect(await prod.page.locator('body').innerText()).toContain('页面不存在');
    } finally {
      await prod.page.context().close();
    }
  }, 180_000);
});
