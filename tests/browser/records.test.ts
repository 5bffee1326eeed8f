import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, seriousViolations, settled, withPortalInChromium } from './portal-harness.js';

// Public records and announcements: each list route in the regions that configure it, a row to its
// detail, the pager, the empty state, the tender deal tab of showZTBCjgg, and the 更多 links of every home list.
const chromium = withPortalInChromium();

/** A list route, the link a visitor clicks on it, and the detail route it leads to. */
interface Journey {
  region: string;
  list: string;
  detail: string;
  /** The row links of the list. */
  rows: string;
  /** The heading of the detail page. */
  heading: string;
  shot: string;
  /** Rows the pager counts at least (default 11: more than one page of the seeded data). */
  minTotal?: number;
}

const ROW = '.tm-list__title';
const CARD = '.tm-cards__link';
const DETAIL = '.tm-detail__title';

const JOURNEYS: Journey[] = [
  { region: 'chunan', list: '/chengjiaogonggao', detail: '/chengjiaogonggao/detail', rows: ROW, heading: DETAIL, shot: 'chengjiaogonggao-chunan' },
  { region: 'xinyang', list: '/chengjiaogonggao', detail: '/chengjiaogonggao/detail', rows: ROW, heading: DETAIL, shot: 'chengjiaogonggao-xinyang' },
  { region: 'chunan', list: '/jianzhengshu', detail: '/jianzhengshu/detail', rows: ROW, heading: DETAIL, shot: 'jianzhengshu' },
  { region: 'lantian', list: '/policy', detail: '/policy/detail', rows: ROW, heading: DETAIL, shot: 'policy' },
  { region: 'shouguang', list: '/jianzhenggonggao', detail: '/jianzhenggonggao/detail', rows: ROW, heading: DETAIL, shot: 'jianzhenggonggao' },
  {
    region: 'chunan',
    list: '/jingjiaxiangmu',
    detail: '/bidDetail',
    rows: '.tm-pcard__link',
    heading: '.tm-pdetail__title',
    shot: 'jingjiaxiangmu',
    minTotal: 1,
  },
  { region: 'shouguang', list: '/announcement?type=0', detail: '/announcement/detail', rows: ROW, heading: DETAIL, shot: 'announcement-0' },
  { region: 'shouguang', list: '/announcement?type=3', detail: '/announcement/detail', rows: ROW, heading: DETAIL, shot: 'announcement-3' },
  { region: 'lantian', list: '/announcement?type=4', detail: '/announcement/detail', rows: ROW, heading: DETAIL, shot: 'announcement-4' },
  { region: 'xinyang', list: '/zhuanchushourang?id=0', detail: '/zhuanchushourang/detail', rows: ROW, heading: DETAIL, shot: 'zhuanchushourang-0' },
  { region: 'xinyang', list: '/zhuanchushourang?id=1', detail: '/zhuanchushourang/detail', rows: ROW, heading: DETAIL, shot: 'zhuanchushourang-1' },
  { region: 'xinyang', list: '/tudixinxi', detail: '/tudixinxi/detail', rows: CARD, heading: DETAIL, shot: 'tudixinxi' },
];

const hashOf = (page: Page) => decodeURIComponent(new URL(page.url()).hash.slice(1));

/** The page shows the shell and its blocks, no 页面不存在 and no block in an error state. */
async function expectRealPage(page: Page, what: string) {
  await settled(page);
  expect(await page.getByRole('heading', { name: '页面不存在' }).count(), `${what}: not found`).toBe(0);
  expect(await page.locator('.tm-status--error').count(), `${what}: error state`).toBe(0);
}

/** The text of one link as a visitor reads it (a card's project name, a row's title). */
async function linkTitle(page: Page, selector: string): Promise<string> {
  const link = page.locator(selector).first();
  const name = link.locator('.tm-pcard__name, .tm-cards__title');
  return ((await name.count()) ? await name.first().innerText() : await link.innerText()).trim();
}

describe('record lists lead to their details', () => {
  it.each(JOURNEYS.map((j) => [`${j.region} ${j.list}`, j] as const))(
    '%s',
    async (_name, j) => {
      const { page, errors } = await chromium.openPage({ region: j.region, route: j.list, until: 'blocks' });
      try {
        await expectRealPage(page, j.list);
        expect(await page.locator(j.rows).count(), `${j.list}: rows`).toBeGreaterThan(0);
        // The pager counts every row of the list (more than one page of most seeded lists).
        const pager = page.getByRole('navigation', { name: '分页' });
        await expect.poll(() => pager.count()).toBe(1);
        expect(Number((await pager.locator('.tm-pager__total').innerText()).replace(/\D/g, ''))).toBeGreaterThanOrEqual(j.minTotal ?? 11);
        // axe: the dead-end walk checks this list and its details in every region, in normal and elder mode.
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `records-${j.shot}.png`), fullPage: true });

        const title = await linkTitle(page, j.rows);
        expect(title).toMatch(/[\u4e00-\u9fa5]/);
        await page.locator(j.rows).first().click();
        await page.waitForURL((url) => decodeURIComponent(url.hash).startsWith(`#${j.detail}?`));
        await expectRealPage(page, j.detail);
        // The detail's heading is the row's title (a project's heading starts with its status badge).
        await expect.poll(async () => (await page.locator(j.heading).first().innerText()).replace(/^\S+\n/, '')).toBe(title);
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `records-${j.shot}-detail.png`), fullPage: true });
        expect(errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    },
    120_000,
  );
});

describe('deal announcements', () => {
  /** The project names of one category's newest deal announcements of a region (its root place and below). */
  async function dealNames(regionRoot: string, number: string, limit = 10): Promise<string[]> {
    const db = chromium.portal.db;
    const root = await db.selectFrom('place').select('deptId').where('deptName', '=', regionRoot).executeTakeFirstOrThrow();
    const rows = await db
      .selectFrom('dealAnnouncement as d')
      .innerJoin('place as p', 'p.deptId', 'd.deptId')
      .select('d.projectName')
      .where('d.number', '=', number)
      .where((eb) => eb.or([eb('p.deptId', '=', root.deptId), eb('p.ancestors', 'like', `%,${root.deptId}%`)]))
      .orderBy('d.dealtime', 'desc')
      .orderBy('d.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => r.projectName);
  }

  const listed = (page: Page) => page.locator(ROW).allInnerTexts();

  it('pages through the list: page 2 shows the next ten, the pager marks it', async () => {
    const { page, errors } = await chromium.openPage({ region: 'chunan', route: '/chengjiaogonggao', until: 'blocks' });
    try {
      const expected = await dealNames('淳安县', '004', 20);
      // The rows come with the list's answer; 'blocks' may be reached a moment before they are drawn.
      await expect.poll(() => listed(page), { timeout: 10_000 }).toEqual(expected.slice(0, 10));
      // Each row says where and for how much (remark: 成交价…).
      expect(await page.locator('.tm-list__summary').first().innerText()).toMatch(/^成交价：/);
      await page.getByRole('link', { name: '第 2 页' }).click();
      await page.waitForURL(/page=2/);
      await settled(page);
      await expect.poll(() => listed(page)).toEqual(expected.slice(10, 20));
      expect(await page.locator('[aria-current="page"].tm-pager__current').innerText()).toBe('2');
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 90_000);

  it('shows the tender deal announcements on their own tab where showZTBCjgg is set (信阳市)', async () => {
    const { page, errors } = await chromium.openPage({ region: 'xinyang', route: '/chengjiaogonggao', until: 'blocks' });
    try {
      const tabs = page.getByRole('navigation', { name: '成交公告类别' });
      await expect.poll(() => tabs.count()).toBe(1);
      expect(await tabs.getByRole('link').allInnerTexts()).toEqual(['产权交易成交公告', '招投标成交公告']);
      const property = await dealNames('信阳市', '004');
      await expect.poll(() => listed(page), { timeout: 10_000 }).toEqual(property);
      await tabs.getByRole('link', { name: '招投标成交公告' }).click();
      await page.waitForURL(/tab=ztb/);
      await settled(page);
      const tender = await dealNames('信阳市', '030001');
      expect(tender.length).toBeGreaterThan(0);
      await expect.poll(() => listed(page)).toEqual(tender);
      expect(await page.getByRole('heading', { name: '招投标成交公告' }).count()).toBe(1);
      expect(await tabs.getByRole('link', { name: '招投标成交公告' }).getAttribute('aria-current')).toBe('page');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'records-chengjiaogonggao-ztb.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      await page.locator(ROW).first().click();
      await page.waitForURL(/chengjiaogonggao\/detail\?id=/);
      await expect.poll(() => page.locator(DETAIL).innerText()).toBe(tender[0]);
      expect(await page.locator('.tm-detail__content').innerText()).toContain('中标');
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 90_000);

  it('keeps tender deals out where showZTBCjgg is not set (淳安县), even asked for by address', async () => {
    const { page, errors } = await chromium.openPage({ region: 'chunan', route: '/chengjiaogonggao?tab=ztb', until: 'blocks' });
    try {
      expect(await page.getByRole('navigation', { name: '成交公告类别' }).count()).toBe(0);
      expect(await page.getByRole('heading', { name: '招投标成交公告' }).count()).toBe(0);
      const tender = new Set(await dealNames('淳安县', '030001', 100));
      const rows = await listed(page);
      expect(rows).toEqual(await dealNames('淳安县', '004'));
      expect(rows.filter((name) => tender.has(name))).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 90_000);

  it('exists only where haveCJGG is set', async () => {
    const { page } = await chromium.openPage({ region: 'shouguang', route: '/chengjiaogonggao' });
    try {
      await expect.poll(() => page.getByRole('heading', { name: '页面不存在' }).count()).toBe(1);
    } finally {
      await page.context().close();
    }
  }, 90_000);

  it('sanitises the announcement text: a pasted script or handler never runs', async () => {
    const db = chromium.portal.db;
    const town = await db.selectFrom('place').select('deptId').where('deptName', '=', '千岛湖镇').executeTakeFirst();
    const root = await db.selectFrom('place').select('deptId').where('deptName', '=', '淳安县').executeTakeFirstOrThrow();
    const { id } = await db
      .insertInto('dealAnnouncement')
      .values({
        deptId: town?.deptId ?? root.deptId,
        projectName: '测试村鱼塘承包经营权流转',
        projectAddress: '淳安县测试村',
        remark: '成交价：1,000元/年',
        content: '<p>成交结果如下。</p><img src="x" onerror="window.__xss = 1"><script>window.__xss = 2</script><a href="javascript:window.__xss=3">详情</a>',
        dealtime: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { page, errors } = await chromium.openPage({ region: 'chunan', route: `/chengjiaogonggao/detail?id=${id}`, until: 'blocks' });
    try {
      await expect.poll(() => page.locator(DETAIL).innerText()).toBe('测试村鱼塘承包经营权流转');
      expect(await page.locator('.tm-detail__meta').innerText()).toContain('项目地址：淳安县测试村');
      const content = page.locator('.tm-detail__content');
      expect(await content.innerText()).toContain('成交结果如下。');
      expect(await content.locator('script').count()).toBe(0);
      expect(await content.locator('[onerror]').count()).toBe(0);
      expect(await content.locator('a[href^="javascript"]').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      // The pasted onerror= is refused twice: the sanitiser drops it, and the CSP blocks the inert parse's attempt.
      expect(errors.filter((e) => !/script-src-attr/.test(e))).toEqual([]);
    } finally {
      await page.context().close();
      await db.deleteFrom('dealAnnouncement').where('id', '=', id).execute();
    }
  }, 90_000);
});

describe('announcements by type', () => {
  it('switches the source with the type tab and keeps the type into the detail', async () => {
    const { page, errors } = await chromium.openPage({ region: 'chunan', route: '/announcement', until: 'blocks' });
    try {
      const tabs = page.getByRole('navigation', { name: '公告类别' });
      // No type: the public notices, the first tab current.
      expect(await tabs.getByRole('link', { name: '公示公告' }).getAttribute('aria-current')).toBe('page');
      expect(await page.getByRole('heading', { name: '公示公告', level: 2 }).count()).toBe(1);
      await tabs.getByRole('link', { name: '意向受让' }).click();
      await page.waitForURL(/type=4/);
      await settled(page);
      expect(await page.getByRole('heading', { name: '意向受让', level: 2 }).count()).toBe(1);
      const first = (await page.locator(ROW).first().innerText()).trim();
      const intent = await chromium.portal.db.selectFrom('intent').select(['type']).where('projectname', '=', first).executeTakeFirstOrThrow();
      expect(intent.type).toBe(2);
      await page.locator(ROW).first().click();
      await page.waitForURL((url) => /announcement\/detail\?type=4&id=\d+/.test(url.hash));
      await expect.poll(() => page.locator(DETAIL).innerText()).toBe(first);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 90_000);
});

describe('empty lists', () => {
  it('say 暂无数据 and draw no pager', async () => {
    const db = chromium.portal.db;
    const root = await db.selectFrom('place').select('deptId').where('deptName', '=', '蓝田县').executeTakeFirstOrThrow();
    const ids = (
      await db
        .selectFrom('place')
        .select('deptId')
        .where((eb) => eb.or([eb('deptId', '=', root.deptId), eb('ancestors', 'like', `%,${root.deptId}%`)]))
        .execute()
    ).map((p) => p.deptId);
    const removed = await db.deleteFrom('landInfo').where('deptId', 'in', ids).returningAll().execute();
    expect(removed.length).toBeGreaterThan(0);
    const { page, errors } = await chromium.openPage({ region: 'lantian', route: '/tudixinxi', until: 'blocks' });
    try {
      await expect.poll(() => page.locator('.tm-status--empty').innerText()).toBe('暂无数据');
      expect(await page.locator('.tm-panel__title').innerText()).toBe('土地信息');
      expect(await page.getByRole('navigation', { name: '分页' }).count()).toBe(0);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'records-empty.png'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
      await db
        .insertInto('landInfo')
        .values(removed.map((r) => ({ ...r, imgs: JSON.stringify(r.imgs) })))
        .execute();
    }
  }, 90_000);
});

describe.each(['chunan', 'xinyang', 'lantian', 'shouguang'])('home of %s', (regionId) => {
  it('gives every list panel and every list tab a 更多 link to a real full list', async () => {
    const { page, errors } = await chromium.openPage({ region: regionId, until: 'blocks' });
    const targets = new Set<string>();
    try {
      // Titled panels that show rows of a list.
      const panels = page.locator('section.tm-panel').filter({ has: page.locator('.tm-list, .tm-cards') });
      for (let i = 0; i < (await panels.count()); i++) {
        const panel = panels.nth(i);
        const more = panel.locator('.tm-panel__head .tm-panel__more');
        expect(await more.count(), `${regionId}: 更多 of ${await panel.locator('.tm-panel__title').innerText()}`).toBe(1);
        targets.add((await more.getAttribute('href'))!);
      }
      // Each tab of each tab block.
      const tabBlocks = page.locator('.tm-tabs');
      for (let b = 0; b < (await tabBlocks.count()); b++) {
        const tabs = tabBlocks.nth(b).getByRole('tab');
        for (let t = 0; t < (await tabs.count()); t++) {
          await tabs.nth(t).click();
          await settled(page);
          const more = tabBlocks.nth(b).locator('.tm-panel__more');
          expect(await more.count(), `${regionId}: 更多 of tab ${await tabs.nth(t).innerText()}`).toBe(1);
          targets.add((await more.getAttribute('href'))!);
        }
      }
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
    expect(targets.size).toBeGreaterThan(0);
    const { page: target, errors: targetErrors } = await chromium.openPage({ region: regionId });
    try {
      for (const href of targets) {
        expect(href.startsWith('#/'), href).toBe(true);
        await target.goto(chromium.url({ region: regionId, route: href.slice(1) }), { waitUntil: 'networkidle' });
        await expectRealPage(target, `${regionId} ${href}`);
        expect(await target.locator('.tm-status--empty').count(), `${regionId} ${href}: empty`).toBe(0);
        expect(await target.locator('.tm-list__row, .tm-cards li, .tm-pcard').count(), `${regionId} ${href}: rows`).toBeGreaterThan(0);
        expect(hashOf(target)).toBe(decodeURIComponent(href.slice(1)));
      }
      expect(targetErrors).toEqual([]);
    } finally {
      await target.context().close();
    }
  }, 240_000);
});
