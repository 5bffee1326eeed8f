import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadRegionCatalog } from '../../engine/region-files/index.js';
import { countyFiles, type CountyInput } from '../../engine/region-files/county-files.js';

// The new-county wizard's files against the hand-written counties of regions/: the same keys in region.yaml (but
// the pictures and app a county adds later), a nav from the start whose every tab opens a page, the same headers.
const COUNTIES = ['chunan', 'lantian', 'shouguang', 'xinyang'];
const LATER = new Set(['homeBackImg', 'appUrl', 'flags']);

const input: CountyInput = {
  id: 'songyang',
  cityName: '松阳县',
  homeTitle: '松阳县农村产权交易平台',
  deptId: 331124,
  deptCode: '331124000000',
  lesseeId: 120,
  projectCodePrefix: 'SY',
  ancestors: [
    { name: '浙江省', deptId: 33, deptCode: '330000000000' },
    { name: '丽水市', deptId: 3311, deptCode: '331100000000' },
  ],
  towns: [
    { name: '西屏街道', deptId: 331124001, deptCode: '331124001000' },
    { name: '古市镇', deptId: 331124101, deptCode: '331124101000' },
  ],
  starter: 'news',
};

let root: string;
let files: Map<string, string>;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-county-files-'));
  fs.cpSync('regions', root, { recursive: true });
  files = countyFiles(root, input);
  for (const [abs, text] of files) {
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, text);
  }
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const text = (rel: string) => fs.readFileSync(path.join(root, rel), 'utf8');
const keys = (rel: string) => Object.keys(parse(text(rel)) as object);

describe('new-county wizard files', () => {
  it('write region.yaml with every key each hand-written county has, the nav among them', () => {
    const shared = COUNTIES.map((c) => keys(`${c}/region.yaml`)).reduce((a, b) => a.filter((k) => b.includes(k)));
    expect(shared).toContain('tabList');
    const wizard = keys('songyang/region.yaml');
    expect(shared.filter((k) => !LATER.has(k) && !wizard.includes(k))).toEqual([]);
    // In the order the hand-written ones write them (淳安's, the fullest).
    const order = keys('chunan/region.yaml');
    expect(wizard.filter((k) => order.includes(k))).toEqual(order.filter((k) => wizard.includes(k)));
  });

  it('give a nav of tabs the hand-written counties use, each opening a page of the new county', () => {
    const handTabs = COUNTIES.flatMap((c) => (parse(text(`${c}/region.yaml`)) as { tabList: object[] }).tabList.map((t) => JSON.stringify(t)));
    const { tabList, footList } = parse(text('songyang/region.yaml')) as { tabList: { router: string }[]; footList: { href: string }[] };
    expect(tabList.length).toBeGreaterThanOrEqual(8);
    for (const tab of tabList) expect(handTabs).toContain(JSON.stringify(tab));
    const catalog = loadRegionCatalog(root);
    expect(catalog.problems).toEqual([]);
    const region = catalog.regions.find((r) => r.id === 'songyang')!;
    const routes = Object.values(region.pages).map((p) => p.route);
    for (const link of [...tabList.map((t) => t.router), ...footList.map((l) => l.href)]) expect(routes).toContain(link.split('?')[0]);
    // Written as the hand-written navs are: one flow line a tab.
    expect(text('songyang/region.yaml')).toContain('tabList:\n  - { name: 首页, router: / }\n  - { name: 所在区域, router: /szqy, type: area }\n');
  });

  it('start each file as a hand-written one does, and nest the towns as their places.yaml do', () => {
    for (const file of ['region.yaml', 'places.yaml', 'pages/home.yaml']) {
      const first = (rel: string) => text(rel).split('\n')[0];
      expect(first(`songyang/${file}`)).toBe(first(`lantian/${file}`));
    }
    expect(text('songyang/places.yaml')).toContain('            children:\n              - { name: 西屏街道, deptId: 331124001, deptCode: "331124001000" }\n');
    expect(text('lantian/places.yaml')).toContain('            children:\n              - { name: 蓝关街道,');
  });
});
