import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadRegionCatalog } from '../../engine/region-files/index.js';
import { StudioSession } from '../../engine/region-files/studio-session.js';

// The region's lists in the studio — the nav, the footer links, the friendly links and the county's towns — and a
// new page from a starter: each change a splice of one item, validated before it is written, undone exactly.
let root: string;
let regionFile: string;
let placesFile: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-studio-lists-'));
  fs.cpSync('regions', root, { recursive: true });
  regionFile = path.join(root, 'lantian/region.yaml');
  placesFile = path.join(root, 'lantian/places.yaml');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const read = (file: string) => fs.readFileSync(file, 'utf8');
const tabs = () => (parse(read(regionFile)) as { tabList: { name: string; router?: string }[] }).tabList;
const PLACES_COMMENT = '# deptId: the administrative code without trailing zeros; deptCode: the 12-digit statistical code, in quotes.\n';
const FLAG_COMMENT = '  # 蓝田县 publishes no asset attraction projects: the shared 资产招商 page and its tab are switched off.\n';

describe('studio lists and new pages', () => {
  it('adds, edits, moves and removes a nav tab as one line each, in the style of its neighbours', () => {
    const session = new StudioSession(root, 'lantian');
    const before = read(regionFile);
    const start = tabs();
    expect(session.model().settings.tabList).toEqual(start);
    expect(session.apply({ op: 'addListItem', list: 'tabList', index: 1, value: { name: '政策法规', router: '/policiesRegulations' } }).ok).toBe(true);
    expect(read(regionFile)).toContain('  - { name: 首页, router: / }\n  - { name: 政策法规, router: /policiesRegulations }\n');
    // Taking the new line out gives the file back as it was.
    expect(read(regionFile).replace('  - { name: 政策法规, router: /policiesRegulations }\n', '')).toBe(before);

    // Renamed: the keys the form does not show (its when) stay; a null takes a key away.
    const bank = start.findIndex((t) => t.name === '金融服务') + 1;
    expect(session.apply({ op: 'setListItem', list: 'tabList', index: bank, value: { name: '金融超市' } }).ok).toBe(true);
    expect(read(regionFile)).toContain('  - { name: 金融超市, router: /financialService, when: { not: flags.notHaveJRFW } }\n');
    expect(session.apply({ op: 'setListItem', list: 'tabList', index: 2, value: { type: null } }).ok).toBe(true);
    expect(tabs()[2]).toEqual({ name: '所在区域', router: '/szqy' });

    expect(session.apply({ op: 'moveListItem', list: 'tabList', from: 1, to: 4 }).ok).toBe(true);
    expect(tabs()[4].name).toBe('政策法规');
    expect(session.apply({ op: 'removeListItem', list: 'tabList', index: 4 }).ok).toBe(true);
    expect(tabs().map((t) => t.name)).not.toContain('政策法规');
    expect(read(regionFile)).toContain(FLAG_COMMENT);
    expect(loadRegionCatalog(root).problems).toEqual([]);
    for (let i = 0; i < 5; i++) expect(session.undo().ok).toBe(true);
    expect(read(regionFile)).toBe(before);
  });

  it('refuses a nav route or footer link no page has, and an invalid item, writing nothing', () => {
    const session = new StudioSession(root, 'lantian');
    const before = read(regionFile);
    const dead = session.apply({ op: 'addListItem', list: 'tabList', value: { name: '通知', router: '/tongzhi' } });
    // The validator's own rule: a link inside the portal names a page.
    expect(dead.ok).toBe(false);
    expect(JSON.stringify(dead)).toContain('站内地址“/tongzhi”没有对应的页面');
    expect(session.apply({ op: 'setListItem', list: 'footList', index: 0, value: { href: '/nowhere?x=1' } }).ok).toBe(false);
    // No name: the region schema refuses it, located in Chinese.
    const nameless = session.apply({ op: 'addListItem', list: 'tabList', value: { router: '/dataSta' } });
    expect(nameless.ok).toBe(false);
    if (!nameless.ok) expect(nameless.problems.length).toBeGreaterThan(0);
    expect(session.apply({ op: 'removeListItem', list: 'tabList', index: 99 })).toMatchObject({ ok: false, message: '没有第 100 项' });
    expect(read(regionFile)).toBe(before);
    // A query after the route is the page's own business; an outside address is not a route.
    expect(session.apply({ op: 'addListItem', list: 'tabList', value: { name: '招标采购', router: '/tradingProject?idx=1', type: 'tender' } }).ok).toBe(true);
    expect(session.apply({ op: 'addListItem', list: 'footList', value: { text: '省平台', href: 'https://nccq.example.gov.cn/' } }).ok).toBe(true);
    expect(loadRegionCatalog(root).problems).toEqual([]);
  });

  it('writes friendly links, the last one taken away with its key', () => {
    const session = new StudioSession(root, 'lantian');
    expect(session.apply({ op: 'addListItem', list: 'footLinkList', value: { label: '蓝田县人民政府', url: 'http://www.lantian.gov.cn/' } }).ok).toBe(true);
    expect(session.apply({ op: 'setRegion', path: ['flags', 'haveFootLink'], value: true }).ok).toBe(true);
    expect(session.model().settings.footLinkList).toEqual([{ label: '蓝田县人民政府', url: 'http://www.lantian.gov.cn/' }]);
    expect(session.apply({ op: 'removeListItem', list: 'footLinkList', index: 0 }).ok).toBe(true);
    // The last link goes with its key (an empty list would read as null).
    expect(read(regionFile)).not.toContain('footLinkList');
    expect(loadRegionCatalog(root).problems).toEqual([]);
  });

  it('adds, renames, re-codes, reorders and removes a town under the county in places.yaml', () => {
    const session = new StudioSession(root, 'lantian');
    const towns = () => session.model().settings.towns;
    expect(towns()[0]).toEqual({ name: '蓝关街道', deptId: 610122001, deptCode: '610122001000' });
    const town = { name: '九间房镇', deptId: 610122110, deptCode: '610122110000' };
    expect(session.apply({ op: 'addListItem', list: 'towns', value: town }).ok).toBe(true);
    expect(read(placesFile)).toContain('              - { name: 九间房镇, deptId: 610122110, deptCode: "610122110000" }\n');
    const last = towns().length - 1;
    expect(session.apply({ op: 'setListItem', list: 'towns', index: last, value: { name: '九间房乡', deptCode: '610122111000' } }).ok).toBe(true);
    expect(read(placesFile)).toContain('- { name: 九间房乡, deptId: 610122110, deptCode: "610122111000" }\n');
    expect(session.apply({ op: 'moveListItem', list: 'towns', from: last, to: 0 }).ok).toBe(true);
    expect(towns()[0].name).toBe('九间房乡');
    // Another town's deptId is refused by the place checks: nothing written.
    const before = read(placesFile);
    expect(session.apply({ op: 'setListItem', list: 'towns', index: 0, value: { deptId: 610122001 } }).ok).toBe(false);
    expect(session.apply({ op: 'setListItem', list: 'towns', index: 0, value: { deptCode: '61012211' } }).ok).toBe(false);
    expect(read(placesFile)).toBe(before);
    expect(session.apply({ op: 'removeListItem', list: 'towns', index: 0 }).ok).toBe(true);
    expect(towns().map((t) => t.name)).not.toContain('九间房乡');
    expect(read(placesFile)).toContain(PLACES_COMMENT);
    expect(loadRegionCatalog(root).problems).toEqual([]);
  });

  it('takes the last town away with the children key, and writes a first town under the county again', () => {
    const session = new StudioSession(root, 'lantian');
    while (session.model().settings.towns.length > 0) expect(session.apply({ op: 'removeListItem', list: 'towns', index: 0 }).ok).toBe(true);
    expect(read(placesFile)).not.toMatch(/children:\s*$/);
    expect(session.apply({ op: 'addListItem', list: 'towns', value: { name: '蓝关街道', deptId: 610122001, deptCode: '610122001000' } }).ok).toBe(true);
    expect(session.model().settings.towns).toEqual([{ name: '蓝关街道', deptId: 610122001, deptCode: '610122001000' }]);
    expect(loadRegionCatalog(root).problems).toEqual([]);
  });

  it('makes a page from each starter where a hand-written region keeps its pages, then links it from the nav', () => {
    const session = new StudioSession(root, 'lantian');
    const starters = { list: 'article-page', article: 'article-detail', blank: 'notice-text' } as const;
    for (const [starter, type] of Object.entries(starters)) {
      const id = `tongzhi${starter}`;
      const result = session.apply({ op: 'addPage', page: id, route: `/tongzhi/${starter}`, title: '通知公告', starter: starter as keyof typeof starters });
      expect(result.ok).toBe(true);
      const file = path.join(root, 'lantian/pages', `${id}.yaml`);
      expect(read(file)).toMatch(/^# yaml-language-server: \$schema=\.\.\/\.\.\/\.\.\/schemas\/page\.schema\.json\n/);
      expect((parse(read(file)) as { blocks: { type: string }[] }).blocks.map((b) => b.type)).toEqual([type]);
      expect(session.model().pages.find((p) => p.id === id)).toMatchObject({ route: `/tongzhi/${starter}`, editable: true });
    }
    expect(session.apply({ op: 'addListItem', list: 'tabList', value: { name: '通知公告', router: '/tongzhi/list' } }).ok).toBe(true);
    expect(session.apply({ op: 'addPage', page: 'dup', route: '/tongzhi/list', title: '重复' }).ok).toBe(false);
    expect(session.apply({ op: 'addPage', page: 'bad', route: 'tongzhi', title: '地址不对' })).toMatchObject({ ok: false, message: expect.stringContaining('以 / 开头') });
    expect(loadRegionCatalog(root).problems).toEqual([]);
  });
});
