import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, settled, seriousViolations, withPortalInChromium } from './portal-harness.js';

// A county nobody has seen before is YAML alone. As the README's "Add a region" does: a new folder with
// region.yaml, pages/home.yaml and places.yaml (浙江省 > 杭州市 > 建德市 > its towns), no SQL; the server adds the
// places on start, and the home and the area page show the county and its towns.
const TOWNS = ['新安江街道', '梅城镇', '寿昌镇', '乾潭镇'];

const regionsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-new-county-'));
fs.cpSync(path.resolve('regions'), regionsDir, { recursive: true });
const write = (file: string, lines: string[]) => {
  fs.mkdirSync(path.dirname(path.join(regionsDir, file)), { recursive: true });
  fs.writeFileSync(path.join(regionsDir, file), lines.join('\n') + '\n');
};
write('jiande/region.yaml', [
  '# yaml-language-server: $schema=../../schemas/region.schema.json',
  'extends: ../_base/region.yaml',
  'id: jiande',
  'cityName: 建德市',
  'homeTitle: 建德市农村产权交易平台',
  'deptId: 330182',
  'deptCode: "330182000000"',
  'lesseeId: 105',
  'tabList:',
  '  - { name: 首页, router: / }',
  '  - { name: 所在区域, router: /szqy, type: area }',
  '  - { name: 新闻中心, router: /pressCenter }',
]);
write('jiande/pages/home.yaml', [
  '# yaml-language-server: $schema=../../../schemas/page.schema.json',
  'route: /',
  'title: 首页',
  'blocks:',
  '  - type: news-list',
  '    props: { title: 工作动态, rows: 7, moreRoute: /pressCenter, detailRoute: /pressCenter/pressCenterDetail }',
  '    source: { call: newsList, body: { number: "001017", pageNum: 1, pageSize: 7 } }',
  '  - type: town-list',
  '    source: { call: townList, query: { maxLevel: 4 }, deptId: { $from: region.deptId } }',
]);
write('jiande/places.yaml', [
  '# yaml-language-server: $schema=../../schemas/places.schema.json',
  'places:',
  '  - name: 浙江省',
  '    deptId: 33',
  '    deptCode: "330000000000"',
  '    order: 2',
  '    children:',
  '      - name: 杭州市',
  '        deptId: 3301',
  '        deptCode: "330100000000"',
  '        children:',
  '          - name: 建德市',
  '            deptId: 330182',
  '            deptCode: "330182000000"',
  '            order: 2',
  '            children:',
  ...TOWNS.map((name, i) => {
    const suffix = name.endsWith('街道') ? '001' : String(100 + i);
    return `              - { name: ${name}, deptId: 330182${suffix}, deptCode: "330182${suffix}000" }`;
  }),
]);
afterAll(() => fs.rmSync(regionsDir, { recursive: true, force: true }));

const chromium = withPortalInChromium({ server: () => ({ regionsDir }) });

describe('a county from YAML alone (建德市, not in the demo data)', () => {
  it('renders its home with its name and towns, and its area page lists the towns', async () => {
    const { page, errors } = await chromium.openPage({ region: 'jiande', route: '/', until: 'blocks' });
    try {
      await expect.poll(() => page.locator('header').first().innerText()).toContain('建德市农村产权交易平台');
      const townList = page.locator('[data-block="town-list"]');
      for (const town of TOWNS) await expect.poll(() => townList.innerText()).toContain(town);
      expect(await page.locator('body').innerText()).not.toContain('地区不存在');
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'new-county-home.png'), fullPage: true });

      await page.goto(chromium.url({ region: 'jiande', route: '/szqy' }), { waitUntil: 'networkidle' });
      await settled(page);
      const picker = page.locator('[data-block="region-picker"]');
      for (const town of TOWNS) await expect.poll(() => picker.innerText()).toContain(town);
      expect(await page.locator('body').innerText()).not.toContain('地区不存在');
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'new-county-szqy.png'), fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});
