import path from 'node:path';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, seriousViolations, settled, withPortalInChromium } from './portal-harness.js';

// Search in chunan, in real Chromium over the seeded database: the header's search box, the results with the keyword
// marked, a result's detail, the asset project search on the home page and its results, and the not-found page.
const chromium = withPortalInChromium();
const CHUNAN = 330127;
const KEYWORD = '千岛湖检索样例';
/** A title and a body that would run script if either were put into the page as HTML. */
const HOSTILE_TITLE = `${KEYWORD}<img src=x onerror="window.__xss='title'">公告`;
let articleId = 0;
let projectId = 0;

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
const xss = (page: Page) => page.evaluate(() => (window as unknown as { __xss?: string }).__xss ?? null);

beforeAll(async () => {
  const { db } = chromium.portal;
  articleId = (
    await db
      .insertInto('article')
      .values({
        deptId: CHUNAN,
        number: '001017',
        title: HOSTILE_TITLE,
        remark: '',
        logintime: new Date(),
        content: `<p>正文：本期${KEYWORD}介绍交易规则。</p><script>window.__xss='script'</script><img src="x" alt="示意图" onerror="window.__xss='body'">`,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  projectId = (
    await db
      .insertInto('project')
      .values({
        deptId: CHUNAN,
        type: 2,
        number: '001',
        status: 4,
        price: 12000,
        projectName: `${KEYWORD}茶园经营权流转`,
        outname: '淳安县测试合作社',
        imgList: JSON.stringify([]),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});

describe('site search of chunan', () => {
  it('header box → results with <mark> (no HTML from the title) by kind → an article, sanitised; a project → its own detail', async () => {
    const { page, errors } = await chromium.openPage({ region: 'chunan', route: '/', until: 'blocks' });
    try {
      const header = page.locator('.tm-site-header');
      await header.getByRole('searchbox', { name: '全站搜索' }).fill(KEYWORD);
      await header.getByRole('button', { name: '检索' }).click();
      await page.waitForSelector('.tm-ssearch__row', { timeout: 20_000 });
      await settled(page);
      expect(decodeURIComponent(page.url())).toContain(`#/quanzhansousuo?keyword=${KEYWORD}`);

      // Articles first, with both counts; the title shown as text, the keyword in <mark>.
      expect(await page.locator('.tm-ssearch__kind[aria-current="page"]').innerText()).toBe('文章资讯（1）');
      expect(await page.locator('.tm-ssearch__kind', { hasText: '交易项目' }).innerText()).toBe('交易项目（1）');
      const row = page.locator('.tm-ssearch__row').first();
      expect(await row.locator('.tm-ssearch__title').innerText()).toBe(HOSTILE_TITLE);
      expect(await row.locator('.tm-ssearch__title mark').allInnerTexts()).toEqual([KEYWORD]);
      expect(await row.locator('.tm-ssearch__snippet mark').allInnerTexts()).toEqual([KEYWORD]);
      expect(await page.locator('.tm-ssearch img').count()).toBe(0);
      expect(await page.locator('.tm-pager__total').innerText()).toBe('共 1 条');
      expect(await page.locator('.tm-status--error').count()).toBe(0);
      await shot(page, 'search-results-chunan');
      expect(await seriousViolations(page)).toEqual([]);

      // The projects tab: the project, marked, then its search detail and from there its own detail page.
      await page.locator('.tm-ssearch__kind', { hasText: '交易项目' }).click();
      await page.waitForFunction(
        () => location.hash.includes('kind=project') && !document.querySelector('.tm-status--loading') && document.querySelector('.tm-ssearch__row'),
        null,
        { timeout: 15_000 },
      );
      expect(await page.locator('.tm-ssearch__kind[aria-current="page"]').innerText()).toBe('交易项目（1）');
      const projectRow = page.locator('.tm-ssearch__row').first();
      expect(await projectRow.locator('.tm-ssearch__title').innerText()).toBe(`${KEYWORD}茶园经营权流转`);
      expect(await projectRow.locator('mark').first().innerText()).toBe(KEYWORD);
      await shot(page, 'search-results-chunan-projects');
      await projectRow.locator('.tm-ssearch__title a').click();
      await page.waitForSelector('.tm-presults .tm-pcard', { timeout: 20_000 });
      await settled(page);
      expect(page.url()).toContain(`#/quanzhansousuo/detail?kind=project&id=${projectId}`);
      expect(await page.locator('.tm-pcard__name').innerText()).toBe(`${KEYWORD}茶园经营权流转`);
      await shot(page, 'search-detail-chunan-project');
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('link', { name: '查看项目详情' }).click();
      await page.waitForSelector('.tm-pdetail', { timeout: 20_000 });
      expect(page.url()).toContain(`#/tradingProject/pressCenterDetail?id=${projectId}`);

      // Back to the articles, open the article: its rich text sanitised (no script ran, no onerror).
      await page.goBack();
      await page.goBack();
      await page.locator('.tm-ssearch__kind', { hasText: '文章资讯' }).click();
      await page.waitForFunction(() => location.hash.includes('kind=article') && document.querySelector('.tm-ssearch__row'), null, { timeout: 15_000 });
      await page.locator('.tm-ssearch__row .tm-ssearch__title a').first().click();
      await page.waitForSelector('.tm-detail', { timeout: 20_000 });
      await settled(page);
      expect(page.url()).toContain(`#/quanzhansousuo/detail?kind=article&id=${articleId}`);
      expect(await page.locator('.tm-detail__title').innerText()).toBe(HOSTILE_TITLE);
      expect(await page.locator('.tm-detail__content').innerText()).toContain(`正文：本期${KEYWORD}介绍交易规则。`);
      expect(await page.locator('.tm-detail__content script, .tm-detail__content [onerror]').count()).toBe(0);
      await shot(page, 'search-detail-chunan-article');
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: '返回搜索结果' }).click();
      await page.waitForSelector('.tm-ssearch__row', { timeout: 20_000 });
      expect(await xss(page)).toBeNull();
      // A pasted onerror= is refused twice: the sanitiser drops it, and the CSP blocks the inert parse's attempt.
      expect(errors.filter((e) => !/script-src-attr/.test(e))).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('a keyword nothing holds gives 暂无数据 with both counts at 0', async () => {
    const { page, errors } = await chromium.openPage({
      region: 'chunan',
      route: `/quanzhansousuo?keyword=${encodeURIComponent('没有这样的内容%_')}`,
      until: 'blocks',
    });
    try {
      expect(await page.locator('.tm-ssearch .tm-status--empty, .tm-ssearch .tm-status').innerText()).toContain('暂无数据');
      expect(await page.locator('.tm-ssearch__kind').allInnerTexts()).toEqual(['文章资讯（0）', '交易项目（0）']);
      // The page's own box holds the keyword, to change it.
      expect(await page.locator('.tm-ssearch').getByRole('searchbox').inputValue()).toBe('没有这样的内容%_');
      await shot(page, 'search-empty-chunan');
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});

describe('asset project search on the chunan home', () => {
  it('says 请选择查询信息 until region, category and area are chosen, then lists the matching projects', async () => {
    // A seeded 土地经营权 project with an area, the spec bracket holding it, and how many projects that search finds.
    const { db } = chromium.portal;
    const inChunan = sql<boolean>`dept_id IN (SELECT dept_id FROM place WHERE dept_id = ${CHUNAN} OR ancestors LIKE ${`%,${CHUNAN}%`})`;
    const sample = await db
      .selectFrom('project')
      .select(['area'])
      .where('number', '=', '001')
      .where('area', 'is not', null)
      .where(inChunan)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const brackets = [
      { label: '0-10亩', begin: 0, end: 10 },
      { label: '10-100亩', begin: 10, end: 100 },
      { label: '100-200亩', begin: 100, end: 200 },
      { label: '200-500亩', begin: 200, end: 500 },
      { label: '500亩以上', begin: 500, end: 10000 },
    ];
    const bracket = brackets.find((b) => Number(sample.area) >= b.begin && Number(sample.area) <= b.end)!;
    const { total } = await db
      .selectFrom('project')
      .select(sql<number>`count(*)::int`.as('total'))
      .where('number', '=', '001')
      .where('area', '>=', String(bracket.begin))
      .where('area', '<=', String(bracket.end))
      .where(inChunan)
      .executeTakeFirstOrThrow();
    expect(total).toBeGreaterThan(0);

    const { page, errors } = await chromium.openPage({ region: 'chunan', route: '/', until: 'blocks' });
    try {
      const form = page.getByRole('form', { name: '资产项目查询' });
      await form.scrollIntoViewIfNeeded();
      await page.waitForFunction(() => document.querySelectorAll('.tm-psearch select option').length > 8, null, { timeout: 15_000 });
      expect(await seriousViolations(page)).toEqual([]);
      await form.getByRole('button', { name: '查询' }).click();
      await expect.poll(() => page.getByText('请选择查询信息').count(), { timeout: 5_000 }).toBeGreaterThan(0);
      expect(await form.getByLabel('所在地区').getAttribute('aria-invalid')).toBe('true');
      expect(await page.evaluate(() => document.activeElement?.id ?? '')).toMatch(/-place$/);
      await shot(page, 'project-search-warning-chunan');

      // Region and category alone are not enough: the area range gets the focus, the page stays.
      await form.getByLabel('所在地区').selectOption({ label: '淳安县' });
      await form.getByLabel('项目类别').selectOption({ label: '土地经营权' });
      await form.getByRole('button', { name: '查询' }).click();
      expect(await page.evaluate(() => document.activeElement?.id ?? '')).toMatch(/-area$/);
      expect(new URL(page.url()).hash).toBe('#/');

      await form.getByLabel('面积范围').selectOption({ label: bracket.label });
      await form.getByRole('button', { name: '查询' }).click();
      await page.waitForSelector('.tm-presults', { timeout: 20_000 });
      await settled(page);
      const hash = decodeURIComponent(new URL(page.url()).hash);
      expect(hash).toContain('#/xiangmusousuo?');
      expect(hash).toContain(`pid=${CHUNAN}`);
      expect(hash).toContain('number=001');
      expect(hash).toContain(`area1=${bracket.begin}`);
      expect(hash).toContain(`area2=${bracket.end}`);
      expect(await page.locator('.tm-pager__total').innerText()).toBe(`共 ${total} 条`);
      expect(await page.locator('.tm-presults .tm-pcard').count()).toBe(Math.min(10, total));
      // The category's name comes with the category list, a moment after the results (the number shows meanwhile).
      await expect.poll(() => page.locator('.tm-presults__criteria').innerText(), { timeout: 10_000 }).toContain('土地经营权');
      const criteria = await page.locator('.tm-presults__criteria').innerText();
      expect(criteria).toContain('淳安县');
      expect(criteria).toContain(`${bracket.begin}-${bracket.end}亩`);
      await shot(page, 'project-search-results-chunan');
      expect(await seriousViolations(page)).toEqual([]);

      await page.locator('.tm-presults .tm-pcard a').first().click();
      await page.waitForSelector('.tm-pdetail', { timeout: 20_000 });
      expect(page.url()).toMatch(/#\/(tradingProject\/pressCenterDetail|demandDetail)\?id=\d+/);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});

describe('the not-found page', () => {
  it('keeps header, nav and footer, names the address, offers search and 返回首页 that keeps ?region=', async () => {
    const { page, errors } = await chromium.openPage({ region: 'lantian', route: '/no/such/page?x=1', until: 'blocks' });
    try {
      expect(await page.getByRole('heading', { level: 1, name: '页面不存在' }).count()).toBe(1);
      expect(await page.locator('.tm-not-found__address').innerText()).toContain('/no/such/page?x=1');
      expect(await page.locator('.tm-site-header .tm-header__title').innerText()).toContain('蓝田县');
      expect(await page.getByRole('navigation', { name: '主导航' }).count()).toBe(1);
      expect((await page.locator('.tm-site-footer').innerText()).trim()).toContain('蓝田县农业农村局');
      await shot(page, 'not-found-lantian');
      expect(await seriousViolations(page)).toEqual([]);

      // The page's own search box finds the region's content.
      const main = page.locator('main');
      await main.getByRole('searchbox', { name: '全站搜索' }).fill('蓝田');
      await main.getByRole('button', { name: '搜索' }).click();
      await page.waitForSelector('.tm-ssearch__row', { timeout: 20_000 });
      expect(await page.locator('.tm-ssearch__row mark').first().innerText()).toBe('蓝田');
      await page.goBack();
      await page.getByRole('link', { name: '返回首页' }).click();
      await page.waitForFunction(() => location.hash === '#/', null, { timeout: 10_000 });
      expect(new URL(page.url()).searchParams.get('region')).toBe('lantian');
      await settled(page);
      expect(await page.locator('[data-block="finance-panel"]').count()).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});
