import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, seriousViolations, withPortalInChromium, type OpenPageOptions } from './portal-harness.js';

// Finance: financing list → detail, the financing announcement search, financial services, the bank loan
// pages with the loan filters, and the three finance flags. The flags are tried on variants of the demo regions,
// written into a copy of regions/ for this file only:
//   lantian-plain  蓝田县 with goJRFWInfo off        lantian-nojrfw  蓝田县 with notHaveJRFW
//   chunan-caodi   淳安县 with changeJRFWtoCaodi
const regionsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-finance-regions-'));
fs.cpSync(path.resolve('regions'), regionsDir, { recursive: true });
const variant = (folder: string, name: string, id: string, flags: string) =>
  fs.writeFileSync(path.join(regionsDir, folder, `region.${name}.yaml`), `extends: ./region.yaml\nid: ${id}\nflags: { ${flags} }\n`);
variant('lantian', 'plain', 'lantian-plain', 'goJRFWInfo: false');
variant('lantian', 'nojrfw', 'lantian-nojrfw', 'notHaveJRFW: true');
variant('chunan', 'caodi', 'chunan-caodi', 'changeJRFWtoCaodi: true');
afterAll(() => fs.rmSync(regionsDir, { recursive: true, force: true }));

const chromium = withPortalInChromium({ server: () => ({ regionsDir }) });

/** Opens a page, runs the check, and always closes its context; the page must throw no error. */
async function onPage(options: OpenPageOptions, check: (page: Page) => Promise<void>): Promise<void> {
  const { page, errors } = await chromium.openPage({ until: 'blocks', ...options });
  try {
    await check(page);
    expect(errors).toEqual([]);
  } finally {
    await page.context().close();
  }
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `finance-${name}.png`), fullPage: true });

/** A real page: no 页面不存在, no block in an error state, some Chinese text in the main area. */
async function expectRealPage(page: Page): Promise<void> {
  const main = await page.locator('main').innerText();
  expect(main).not.toContain('页面不存在');
  expect(await page.locator('.tm-status--error').count()).toBe(0);
  expect(main).toMatch(/[\u4e00-\u9fa5]{6,}/);
}

const TWO_DECIMALS = /^\d+\.\d{2}$/;

describe('financing list and detail', { timeout: 300_000 }, () => {
  it('/financing: 10 records a page with two-decimal amounts and a pager; a row opens its detail, 返回 goes back', async () => {
    await onPage({ route: '/financing' }, async (page) => {
      await expectRealPage(page);
      const rows = page.locator('.tm-financing__table tbody tr');
      expect(await rows.count()).toBe(10);
      expect(await page.locator('.tm-financing__table thead th').allInnerTexts()).toEqual([
        '登记编号',
        '融资区域',
        '抵押人',
        '抵押物类型',
        '融资金额（元）',
        '登记时间',
      ]);
      const amounts = await page.locator('.tm-financing__table tbody td.tm-financing__num').allInnerTexts();
      expect(amounts).toHaveLength(10);
      for (const a of amounts) expect(a).toMatch(TWO_DECIMALS);
      const pager = page.getByRole('navigation', { name: '分页' });
      expect(await pager.innerText()).toMatch(/共 2\d 条/);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'financing-list');

      // Page 2 has other records.
      const firstCids = await page.locator('.tm-financing__table tbody td:first-child').allInnerTexts();
      await pager.getByRole('link', { name: '第 2 页' }).click();
      await page.waitForURL(/page=2/);
      await page.waitForFunction(() => !document.querySelector('.tm-status--loading'));
      const secondCids = await page.locator('.tm-financing__table tbody td:first-child').allInnerTexts();
      expect(secondCids.length).toBeGreaterThan(0);
      expect(secondCids.filter((c) => firstCids.includes(c))).toEqual([]);

      // Detail of the first record of page 2.
      const [cid, address, dyname, type, amount] = await rows.first().locator('td').allInnerTexts();
      await rows.first().getByRole('link', { name: cid }).click();
      await page.waitForURL(/#\/financing\/detail\?id=\d+/);
      await page.locator('.tm-financing__detail').waitFor();
      const detail = await page.locator('.tm-financing__detail').innerText();
      for (const value of [cid, address, dyname, type]) expect(detail).toContain(value);
      expect(detail).toContain(`${amount} 元`);
      expect(await page.locator('.tm-financing__detail dt').allInnerTexts()).toEqual([
        '登记编号',
        '融资区域',
        '抵押人',
        '抵押物类型',
        '融资金额',
        '登记时间',
        '所属地区',
      ]);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'financing-detail');
      await page.getByRole('link', { name: '返回融资信息列表' }).click();
      await page.waitForURL(/#\/financing$/);
      await page.locator('.tm-financing__table').waitFor();
    });
  });

  it('/financingNotice: filters by 融资区域 and by 登记编号, and says so when nothing matches', async () => {
    await onPage({ route: '/financingNotice' }, async (page) => {
      await expectRealPage(page);
      const form = page.getByRole('search', { name: '查询融资信息' });
      const firstAddress = await page.locator('.tm-financing__table tbody tr').first().locator('td').nth(1).innerText();
      // A town-level part of the address (e.g. 千岛湖镇): every row found lies there.
      const town = firstAddress.match(/[^县市区]+?(镇|乡|街道)/)?.[0] ?? firstAddress.slice(0, 4);
      await form.getByLabel('融资区域').fill(town);
      await form.getByRole('button', { name: '查询' }).click();
      await page.waitForURL((url) => decodeURIComponent(url.hash).includes(`address=${town}`));
      await page.waitForFunction(() => !document.querySelector('.tm-status--loading'));
      const addresses = await page.locator('.tm-financing__table tbody td:nth-child(2)').allInnerTexts();
      expect(addresses.length).toBeGreaterThan(0);
      for (const a of addresses) expect(a).toContain(town);
      expect(await form.getByLabel('融资区域').inputValue()).toBe(town);

      // Exact registration number: one record.
      const cid = await page.locator('.tm-financing__table tbody td:first-child').first().innerText();
      await form.getByLabel('融资区域').fill('');
      await form.getByLabel('登记编号').fill(cid);
      await form.getByRole('button', { name: '查询' }).click();
      await page.waitForURL((url) => decodeURIComponent(url.hash).includes(`cid=${cid}`));
      await page.waitForFunction(() => !document.querySelector('.tm-status--loading'));
      expect(await page.locator('.tm-financing__table tbody td:first-child').allInnerTexts()).toEqual([cid]);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'financing-notice');

      await form.getByLabel('登记编号').fill('不存在的登记编号');
      await form.getByRole('button', { name: '查询' }).click();
      await page.getByText('未查询到相关融资信息').waitFor();
      // The form stays for another try.
      expect(await form.getByLabel('登记编号').inputValue()).toBe('不存在的登记编号');
      await page.getByRole('link', { name: '重置' }).click();
      await page.locator('.tm-financing__table tbody tr').first().waitFor();
    });
  });
});

describe('financial services', { timeout: 300_000 }, () => {
  it('/financialService lists 金融服务 articles (015001) with a pager; an article opens; the financing preview leads to /financing', async () => {
    await onPage({ route: '/financialService' }, async (page) => {
      await expectRealPage(page);
      expect(await page.locator('.tm-panel__title').allInnerTexts()).toEqual(['金融服务', '最新融资信息']);
      const titles = await page.locator('.tm-list__title').allInnerTexts();
      expect(titles.length).toBe(10);
      for (const t of titles) expect(t).toMatch(/银行|贷/);
      expect(await page.getByRole('navigation', { name: '分页' }).innerText()).toMatch(/共 2\d 条/);
      expect(await page.locator('.tm-financing__table tbody tr').count()).toBe(5);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'financial-service');
      await page.locator('.tm-list__title').first().click();
      await page.waitForURL(/#\/financialService\/detail\?id=\d+/);
      await page.locator('.tm-detail__title').waitFor();
      expect(await page.locator('.tm-detail__title').innerText()).toBe(titles[0]);
      expect(await page.locator('.tm-detail__content').innerText()).toMatch(/贷款/);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });

  it('信阳市 /jrfwListXXS: the city’s loan products of several banks, its articles and financing records', async () => {
    await onPage({ region: 'xinyang', route: '/jrfwListXXS' }, async (page) => {
      await expectRealPage(page);
      expect(await page.locator('.tm-loans__list > li').count()).toBe(8);
      const text = await page.locator('main').innerText();
      for (const bank of ['中国农业银行信阳分行', '河南农商银行（信阳农商银行）', '中原银行信阳分行']) expect(text).toContain(bank);
      expect(await page.locator('.tm-list__title').count()).toBe(7);
      for (const a of await page.locator('.tm-financing__num').allInnerTexts()) if (a !== '融资金额（元）') expect(a).toMatch(TWO_DECIMALS);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'jrfw-list-xinyang');
    });
  });

  it.each([
    ['/zgnyyhInfoHJX', '中国农业银行蓝田县支行', '惠农e贷'],
    ['/hnnsyhInfoHJX', '陕西农村信用社（蓝田县农村信用合作联社）', '农户联保贷款'],
  ])('蓝田县 bank loan page %s shows the bank and its six loan products', async (route, bank, product) => {
    await onPage({ region: 'lantian', route }, async (page) => {
      await expectRealPage(page);
      expect(await page.getByRole('heading', { name: bank }).count()).toBe(1);
      expect(await page.locator('.tm-loans__list > li').count()).toBe(6);
      expect(await page.locator('.tm-loan__title').allInnerTexts()).toContain(product);
      expect(await page.locator('.tm-loans__count').innerText()).toBe('共 6 个贷款产品');
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `bank${route.replace('/', '-')}`);
    });
  });
});

describe('loan filters', { timeout: 300_000 }, () => {
  const dropdown = (page: Page, label: string) => page.getByRole('button', { name: new RegExp(`^${label}`) });
  const list = (page: Page, key: string) => page.locator(`[id$="-${key}-list"]`);
  const titles = (page: Page) => page.locator('.tm-loan__title').allInnerTexts();

  it('a drop-down closes on any outside click, on another drop-down, on Escape; choices filter the products', async () => {
    await onPage({ region: 'lantian', route: '/zgnyyhInfoHJX' }, async (page) => {
      const amount = dropdown(page, '贷款额度');
      expect(await amount.getAttribute('aria-expanded')).toBe('false');
      await amount.click();
      await expect.poll(() => list(page, 'DKED').isVisible()).toBe(true);
      expect(await amount.getAttribute('aria-expanded')).toBe('true');
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'loan-filter-open');

      // A click on plain text outside (not a control) closes it.
      await page.locator('.tm-loans__intro').click();
      await expect.poll(() => list(page, 'DKED').isVisible()).toBe(false);
      expect(await amount.getAttribute('aria-expanded')).toBe('false');

      // A click on the page header, far away, closes it.
      await amount.click();
      await expect.poll(() => list(page, 'DKED').isVisible()).toBe(true);
      await page.mouse.click(5, 5);
      await expect.poll(() => list(page, 'DKED').isVisible()).toBe(false);

      // Opening another drop-down closes the first.
      await amount.click();
      await dropdown(page, '贷款期限').click();
      await expect.poll(() => list(page, 'DKQX').isVisible()).toBe(true);
      expect(await list(page, 'DKED').isVisible()).toBe(false);

      // Escape closes and gives the focus back to its button.
      await page.keyboard.press('Escape');
      await expect.poll(() => list(page, 'DKQX').isVisible()).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toMatch(/-DKQX-list$/);

      // Amount 1-10万: the products whose range meets it (设施农业贷款 and 农担贷 start at 10万).
      await amount.click();
      await list(page, 'DKED').getByRole('button', { name: '1-10万' }).click();
      await page.waitForURL(/DKED=2/);
      expect(await list(page, 'DKED').isVisible()).toBe(false);
      expect(await titles(page)).toEqual(['惠农e贷', '农村土地经营权抵押贷款', '农户小额贷款', '农产品仓单质押贷款']);
      expect(await page.locator('.tm-loans__count').innerText()).toBe('符合条件的贷款产品 4 个');

      // 3 months or less as well: 惠农e贷 and 农户小额贷款 (from 1 month), 农产品仓单质押贷款 (from 3); not from 6.
      await dropdown(page, '贷款期限').click();
      await list(page, 'DKQX').getByRole('button', { name: '3个月及以下' }).click();
      await page.waitForURL(/DKQX=3/);
      expect(await titles(page)).toEqual(['惠农e贷', '农户小额贷款', '农产品仓单质押贷款']);

      // And of type 保证: 农户小额贷款 only.
      await dropdown(page, '贷款类型').click();
      await list(page, 'DKLX').getByRole('button', { name: '保证' }).click();
      await page.waitForURL(/DKLX=4/);
      expect(await titles(page)).toEqual(['农户小额贷款']);
      expect(await dropdown(page, '贷款类型').innerText()).toContain('保证');

      // 不限 on each clears it.
      for (const [label, key] of [
        ['贷款额度', 'DKED'],
        ['贷款期限', 'DKQX'],
        ['贷款类型', 'DKLX'],
      ]) {
        await dropdown(page, label).click();
        await list(page, key).getByRole('button', { name: '不限' }).click();
      }
      await expect.poll(() => titles(page)).toHaveLength(6);
    });
  });

  it('is keyboard operable: Enter opens, arrows move, Enter chooses; the choice survives a reload', async () => {
    await onPage({ region: 'lantian', route: '/hnnsyhInfoHJX' }, async (page) => {
      await dropdown(page, '贷款期限').focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => list(page, 'DKQX').isVisible()).toBe(true);
      // 不限, 3个月及以下 → the second option.
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('3个月及以下');
      await page.keyboard.press('Enter');
      await page.waitForURL(/DKQX=3/);
      // Terms starting at 6 months or later are out: 林权抵押贷款 (6), 合作社担保贷款 (6).
      expect(await titles(page)).toEqual(['农户小额信用贷款', '农户联保贷款', '土地经营权抵押贷款', '应收账款质押贷款']);
      // Focus back on the button, the list closed.
      expect(await list(page, 'DKQX').isVisible()).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe('false');
      await page.reload({ waitUntil: 'networkidle' });
      await page.locator('.tm-loan__title').first().waitFor();
      expect(await titles(page)).toEqual(['农户小额信用贷款', '农户联保贷款', '土地经营权抵押贷款', '应收账款质押贷款']);
      // Focus leaving the drop-down by Tab closes it too.
      await dropdown(page, '贷款额度').focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => list(page, 'DKED').isVisible()).toBe(true);
      await dropdown(page, '贷款类型').focus();
      await expect.poll(() => list(page, 'DKED').isVisible()).toBe(false);
    });
  });
});

describe('no dead ends from the finance entries', { timeout: 300_000 }, () => {
  it('every bank tile and loan product link of 蓝田县’s finance panel leads to a real page', async () => {
    const { page } = await chromium.openPage({ region: 'lantian', until: 'blocks' });
    let hrefs: string[];
    try {
      hrefs = await page.locator('[data-block="finance-panel"] a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    } finally {
      await page.context().close();
    }
    expect(hrefs.length).toBeGreaterThanOrEqual(6);
    for (const href of new Set(hrefs)) {
      expect(href).toMatch(/^#\//);
      await onPage({ region: 'lantian', route: href.slice(1) }, expectRealPage);
    }
  });

  it.each(['chunan', 'xinyang', 'shouguang'])('the finance banner of %s leads to a real page', async (region) => {
    const { page } = await chromium.openPage({ region, until: 'blocks' });
    try {
      const banner = page.locator('[data-block="finance-banner"] a');
      expect(await banner.count()).toBe(1);
      await banner.click();
      await page.waitForURL(/#\/(financialService|jrfwListXXS)/);
      await page.waitForFunction(() => document.querySelectorAll('[data-block]').length > 0 && !document.querySelector('.tm-status--loading'));
      await expectRealPage(page);
      expect(await page.locator('.tm-list__title, .tm-loan__title').count()).toBeGreaterThan(0);
    } finally {
      await page.context().close();
    }
  });

  // Every link on the finance pages of 蓝田县 and 信阳市 leading to a real page: tests/browser/no-dead-ends.test.ts walks
  // them with every other screen of those regions.
});

describe('finance flags', { timeout: 300_000 }, () => {
  it('goJRFWInfo: 蓝田县’s financial services are its banks and loan products; without it, the plain list and a banner', async () => {
    await onPage({ region: 'lantian', route: '/financialService' }, async (page) => {
      expect(await page.locator('.tm-loans__filters').count()).toBe(1);
      expect(await page.getByRole('navigation', { name: '合作银行' }).getByRole('link').allInnerTexts()).toEqual(
        expect.arrayContaining(['中国农业银行', '陕西农村信用社']),
      );
      expect(await page.getByRole('heading', { name: '金融资讯' }).count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'financial-service-lantian');
    });
    await onPage({ region: 'lantian-plain', route: '/financialService' }, async (page) => {
      await expectRealPage(page);
      expect(await page.locator('.tm-loans__filters').count()).toBe(0);
      expect(await page.locator('.tm-loan').count()).toBe(0);
      expect(await page.locator('.tm-panel__title').allInnerTexts()).toEqual(['金融服务', '最新融资信息']);
      expect(await page.locator('.tm-list__title').count()).toBe(10);
    });
    await onPage({ region: 'lantian' }, async (page) => {
      expect(await page.locator('[data-block="finance-panel"]').count()).toBe(1);
      expect(await page.locator('[data-block="finance-banner"]').count()).toBe(0);
    });
    await onPage({ region: 'lantian-plain' }, async (page) => {
      expect(await page.locator('[data-block="finance-panel"]').count()).toBe(0);
      expect(await page.locator('[data-block="finance-banner"] a').getAttribute('href')).toBe('#/financialService');
    });
  });

  it('notHaveJRFW: no 金融服务 tab, no finance block on the home page, and no finance route', async () => {
    const navTabs = (page: Page) => page.getByRole('navigation', { name: '主导航' }).locator('.tm-nav__list > li').allInnerTexts();
    await onPage({ region: 'lantian' }, async (page) => {
      expect((await navTabs(page)).map((t) => t.trim())).toContain('金融服务');
    });
    await onPage({ region: 'lantian-nojrfw' }, async (page) => {
      const tabs = (await navTabs(page)).map((t) => t.trim());
      expect(tabs).toContain('新闻中心');
      expect(tabs).not.toContain('金融服务');
      expect(await page.locator('[data-block="finance-panel"], [data-block="finance-banner"]').count()).toBe(0);
      await shot(page, 'home-lantian-nojrfw');
    });
    for (const route of ['/financialService', '/financing', '/financingNotice', '/zgnyyhInfoHJX', '/hnnsyhInfoHJX']) {
      const { page } = await chromium.openPage({ region: 'lantian-nojrfw', route });
      try {
        await page.getByRole('heading', { name: '页面不存在' }).waitFor({ timeout: 10_000 });
      } finally {
        await page.context().close();
      }
    }
  });

  it('changeJRFWtoCaodi: financial services lead to 草地金融 (grassland finance) instead', async () => {
    const firstTitles = async (region: string) => {
      let out: string[] = [];
      await onPage({ region, route: '/financialService' }, async (page) => {
        await expectRealPage(page);
        out = await page.locator('.tm-panel__title').allInnerTexts();
        out.push(...(await page.locator('.tm-list__title').allInnerTexts()));
        if (region === 'chunan-caodi') {
          expect(await seriousViolations(page)).toEqual([]);
          await shot(page, 'financial-service-caodi');
        }
      });
      return out;
    };
    const plain = await firstTitles('chunan');
    expect(plain).toContain('金融服务');
    expect(plain).not.toContain('草地金融');
    expect(plain.join()).not.toMatch(/草原|草畜|牧/);
    const caodi = await firstTitles('chunan-caodi');
    expect(caodi).toContain('草地金融');
    expect(caodi).not.toContain('金融服务');
    expect(caodi.join()).toMatch(/草原|草畜|牧/);
    // The home banner of the variant goes there too, and an article opens.
    await onPage({ region: 'chunan-caodi' }, async (page) => {
      await page.locator('[data-block="finance-banner"] a').click();
      await page.getByRole('heading', { name: '草地金融' }).waitFor();
      await page.locator('.tm-list__title').first().click();
      await page.locator('.tm-detail__content').waitFor();
      expect(await page.locator('.tm-detail__content').innerText()).toMatch(/草原/);
    });
  });
});
