import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadRegionCatalog } from '../../engine/region-files/index.js';
import { StudioSession } from '../../engine/region-files/studio-session.js';

// What 地区设置 edits beyond a list's own items: a tab's 显示条件 (when) and its sub-tabs, a town's order and its
// villages. Each is a splice of the item's lines (comments kept), checked by the region validator before it is written.
let root: string;
let regionFile: string;
let placesFile: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-studio-nested-'));
  fs.cpSync('regions', root, { recursive: true });
  regionFile = path.join(root, 'lantian/region.yaml');
  placesFile = path.join(root, 'lantian/places.yaml');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const read = (file: string) => fs.readFileSync(file, 'utf8');
type Tab = { name: string; router?: string; when?: unknown; children?: Tab[] };
const tabs = () => (parse(read(regionFile)) as { tabList: Tab[] }).tabList;
const PLACES_COMMENT = '# deptId: the administrative code without trailing zeros; deptCode: the 12-digit statistical code, in quotes.\n';
const FLAG_COMMENT = '  # 蓝田县 publishes no asset attraction projects: the shared 资产招商 page and its tab are switched off.\n';

describe('studio: a tab’s condition and sub-tabs, a town’s order and villages', () => {
  it('sets, inverts and takes away a tab’s when from the flags, and refuses an unknown flag', () => {
    const session = new StudioSession(root, 'lantian');
    const news = tabs().findIndex((t) => t.name === '新闻中心');
    expect(session.apply({ op: 'setListItem', list: 'tabList', index: news, value: { when: 'flags.haveCJGG' } }).ok).toBe(true);
    expect(read(regionFile)).toContain('  - { name: 新闻中心, router: /pressCenter, when: flags.haveCJGG }\n');
    expect(session.apply({ op: 'setListItem', list: 'tabList', index: news, value: { when: { not: 'flags.haveCJGG' } } }).ok).toBe(true);
    expect(session.model().settings.tabList[news]).toMatchObject({ when: { not: 'flags.haveCJGG' } });
    const before = read(regionFile);
    const wrong = session.apply({ op: 'setListItem', list: 'tabList', index: news, value: { when: 'flags.noSuchFlag' } });
    expect(wrong.ok).toBe(false);
    expect(JSON.stringify(wrong)).toMatch(/noSuchFlag/);
    expect(read(regionFile)).toBe(before);
    expect(session.apply({ op: 'setListItem', list: 'tabList', index: news, value: { when: null } }).ok).toBe(true);
    expect(read(regionFile)).toContain('  - { name: 新闻中心, router: /pressCenter }\n');
    expect(read(regionFile)).toContain(FLAG_COMMENT);
    expect(loadRegionCatalog(root).problems).toEqual([]);
  });

  it('adds, renames, moves and removes sub-tabs under a tab, the last one with its key', () => {
    const session = new StudioSession(root, 'lantian');
    const before = read(regionFile);
    const guide = tabs().findIndex((t) => t.name === '交易指南');
    expect(session.apply({ op: 'addListItem', list: 'tabList', parent: guide, value: { name: '政策法规', router: '/policiesRegulations' } }).ok).toBe(true);
    // The tab is written out in block style, its sub-tab a line of its own.
    expect(read(regionFile)).toContain(
      '  - name: 交易指南\n    router: /tradingGuide\n    children:\n      - { name: 政策法规, router: /policiesRegulations }\n  - { name: 资料下载',
    );
    expect(session.apply({ op: 'addListItem', list: 'tabList', parent: guide, value: { name: '资料下载', router: '/dataDownload' } }).ok).toBe(true);
    expect(session.apply({ op: 'moveListItem', list: 'tabList', parent: guide, from: 1, to: 0 }).ok).toBe(true);
    expect(session.apply({ op: 'setListItem', list: 'tabList', parent: guide, index: 1, value: { name: '法规' } }).ok).toBe(true);
    expect(tabs()[guide].children).toEqual([
      { name: '资料下载', router: '/dataDownload' },
      { name: '法规', router: '/policiesRegulations' },
    ]);
    // A sub-tab is validated as a tab: a route no page has is refused, nothing written.
    const now = read(regionFile);
    expect(session.apply({ op: 'addListItem', list: 'tabList', parent: guide, value: { name: '通知', router: '/tongzhi' } }).ok).toBe(false);
    expect(session.apply({ op: 'addListItem', list: 'footList', parent: 0, value: { text: '下级' } })).toMatchObject({ ok: false, message: '这个列表的项没有下级项' });
    expect(session.apply({ op: 'removeListItem', list: 'tabList', parent: 99, index: 0 })).toMatchObject({ ok: false, message: '没有第 100 项' });
    expect(read(regionFile)).toBe(now);
    expect(session.apply({ op: 'removeListItem', list: 'tabList', parent: guide, index: 0 }).ok).toBe(true);
    expect(session.apply({ op: 'removeListItem', list: 'tabList', parent: guide, index: 0 }).ok).toBe(true);
    expect(tabs()[guide]).toEqual({ name: '交易指南', router: '/tradingGuide' });
    expect(loadRegionCatalog(root).problems).toEqual([]);
    for (let i = 0; i < 6; i++) expect(session.undo().ok).toBe(true);
    expect(read(regionFile)).toBe(before);
  });

  it('writes a town’s order and takes it away; refuses an order that is not a whole number', () => {
    const session = new StudioSession(root, 'lantian');
    expect(session.apply({ op: 'setListItem', list: 'towns', index: 1, value: { order: 9 } }).ok).toBe(true);
    expect(read(placesFile)).toContain('- { name: 洩湖镇, deptId: 610122102, deptCode: "610122102000", order: 9 }\n');
    expect(session.model().settings.towns[1]).toEqual({ name: '洩湖镇', deptId: 610122102, deptCode: '610122102000', order: 9 });
    const before = read(placesFile);
    const refused = session.apply({ op: 'setListItem', list: 'towns', index: 1, value: { order: '第九' } });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.problems.map((p) => p.message).join('')).toMatch(/[\u4e00-\u9fff]/);
    expect(read(placesFile)).toBe(before);
    expect(session.apply({ op: 'setListItem', list: 'towns', index: 1, value: { order: null } }).ok).toBe(true);
    expect(read(placesFile)).toContain('- { name: 洩湖镇, deptId: 610122102, deptCode: "610122102000" }\n');
    expect(loadRegionCatalog(root).problems).toEqual([]);
  });

  it('adds, renames, reorders and removes a town’s villages in places.yaml, keeping its comments', () => {
    const session = new StudioSession(root, 'lantian');
    const villages = () => session.model().settings.towns[0].children ?? [];
    const first = { name: '三里镇村', deptId: 610122901, deptCode: '610122001201' };
    expect(session.apply({ op: 'addListItem', list: 'towns', parent: 0, value: first }).ok).toBe(true);
    expect(read(placesFile)).toContain(
      [
        '              - name: 蓝关街道',
        '                deptId: 610122001',
        '                deptCode: "610122001000"',
        '                children:',
        '                  - { name: 三里镇村, deptId: 610122901, deptCode: "610122001201" }',
        '              - { name: 洩湖镇',
      ].join('\n'),
    );
    expect(session.apply({ op: 'addListItem', list: 'towns', parent: 0, value: { name: '北关村', deptId: 610122902, deptCode: '610122001202' } }).ok).toBe(true);
    expect(read(placesFile)).toContain('                  - { name: 北关村, deptId: 610122902, deptCode: "610122001202" }\n');
    expect(session.apply({ op: 'setListItem', list: 'towns', parent: 0, index: 0, value: { name: '三里村' } }).ok).toBe(true);
    expect(session.apply({ op: 'moveListItem', list: 'towns', parent: 0, from: 1, to: 0 }).ok).toBe(true);
    expect(villages().map((v) => v.name)).toEqual(['北关村', '三里村']);
    // Another place's deptId, and a code that is not 12 digits: refused by the place checks, nothing written.
    const before = read(placesFile);
    expect(session.apply({ op: 'setListItem', list: 'towns', parent: 0, index: 0, value: { deptId: 610122102 } }).ok).toBe(false);
    expect(session.apply({ op: 'addListItem', list: 'towns', parent: 0, value: { name: '坏村', deptId: 610122903, deptCode: '6101' } }).ok).toBe(false);
    // The village's 12-digit code as its deptId is past the database's integer: refused in Chinese, not at npm start.
    const tooBig = session.apply({ op: 'addListItem', list: 'towns', parent: 0, value: { name: '坏村', deptId: 610122001203, deptCode: '610122001203' } });
    expect(tooBig.ok).toBe(false);
    if (!tooBig.ok) expect(tooBig.problems.map((p) => p.message).join('')).toContain('2147483647');
    expect(read(placesFile)).toBe(before);
    expect(session.apply({ op: 'removeListItem', list: 'towns', parent: 0, index: 0 }).ok).toBe(true);
    expect(session.apply({ op: 'removeListItem', list: 'towns', parent: 0, index: 0 }).ok).toBe(true);
    expect(session.model().settings.towns[0]).toEqual({ name: '蓝关街道', deptId: 610122001, deptCode: '610122001000' });
    expect(read(placesFile)).not.toMatch(/children:\s*\n\s*- { name: 洩湖镇/);
    expect(read(placesFile)).toContain(PLACES_COMMENT);
    expect(loadRegionCatalog(root).problems).toEqual([]);
  });

  it('says in Chinese, with the file’s problems, why a file that does not parse cannot be edited', () => {
    const session = new StudioSession(root, 'lantian');
    fs.writeFileSync(placesFile, read(placesFile).replace('            children:\n', '            children:\n\t\t'));
    const result = session.apply({ op: 'addListItem', list: 'towns', parent: 0, value: { name: '某村', deptId: 610122901, deptCode: '610122001201' } });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toMatch(/^无法修改文件：[^A-Za-z]+$/);
      expect(result.problems.some((p) => p.file.endsWith('lantian/places.yaml'))).toBe(true);
    }
  });
});
