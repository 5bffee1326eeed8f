import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mergeLayers } from '../../engine/region/index.js';
import { loadRegionCatalog, parseYamlText } from '../../engine/region-files/index.js';

const layer = (text: string, file: string) => {
  const parsed = parseYamlText(text, file);
  return { value: parsed.value, origin: parsed.origin };
};

describe('mergeLayers', () => {
  const base = layer('flags: { a: true, b: true }\ntabs: [1, 2, 3]\nnested: { x: { y: 1, z: 2 } }\n', 'base.yaml');
  const over = layer('flags: { b: false, c: true }\ntabs: [9]\nnested: { x: { z: 3 } }\n', 'over.yaml');
  const merged = mergeLayers(base, over);

  it('merges objects key by key and replaces arrays whole', () => {
    expect(merged.value).toEqual({ flags: { a: true, b: false, c: true }, tabs: [9], nested: { x: { y: 1, z: 3 } } });
  });

  it('keeps, for every value, the file and line that set it', () => {
    const flags = merged.origin.children!.get('flags')!.children!;
    expect(flags.get('a')).toMatchObject({ file: 'base.yaml', line: 1 });
    expect(flags.get('c')).toMatchObject({ file: 'over.yaml', line: 1 });
    expect(merged.origin.children!.get('tabs')!.children!.size).toBe(1);
    expect(merged.origin.children!.get('nested')!.children!.get('x')!.children!.get('y')).toMatchObject({ file: 'base.yaml', line: 3 });
  });

  it('changes neither input', () => {
    expect(base.value).toEqual({ flags: { a: true, b: true }, tabs: [1, 2, 3], nested: { x: { y: 1, z: 2 } } });
  });
});

describe('extends and pages/*.yaml through the loader', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-merge-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  write('_base/region.yaml', [
    'cityName: 基础县', 'deptId: 1', 'deptCode: "330127000000"', 'lesseeId: 1',
    'tabList: [{ name: 首页, router: / }, { name: 新闻中心, router: /pressCenter }]',
    'flags: { homeShowLogin: true }',
    'pages:',
    '  home: { route: /, blocks: [{ type: town-list }, { type: login-box }] }',
    '  towns: { route: /towns, blocks: [{ type: town-list }] }',
  ].join('\n'));
  write('_extra/region.yaml', 'flags: { haveFootLink: true }\n');
  write('a/region.yaml', [
    'extends: [../_base/region.yaml, ../_extra/region.yaml]', 'id: a', 'cityName: 甲县',
    'tabList: [{ name: 首页, router: / }]', 'flags: { notShowWatchNum: true }',
    'pages:', '  home: { route: /, blocks: [{ type: app-qr }] }',
  ].join('\n'));
  write('a/places.yaml', 'places: [{ name: 基础县, deptId: 1, deptCode: "330127000000" }]\n');
  write('a/pages/towns.yaml', 'route: /towns\ntitle: 乡镇\nblocks: [{ type: process-diagram, props: { title: 流程, steps: [{ title: 申请 }] } }]\n');
  write('a/region.dev.yaml', 'extends: ./region.yaml\nid: a-dev\nflags: { freeBidding: true }\n');
  const catalog = loadRegionCatalog(dir, { baseDir: dir, precise: true });
  const a = catalog.regions.find((r) => r.id === 'a')!;
  const dev = catalog.regions.find((r) => r.id === 'a-dev')!;

  it('layers a list of bases in order, then the file, then its pages', () => {
    expect(catalog.problems).toEqual([]);
    expect(a.cityName).toBe('甲县');
    expect(a.deptId).toBe(1);
    expect(a.flags).toEqual({ homeShowLogin: true, haveFootLink: true, notShowWatchNum: true });
    expect(a.tabList).toEqual([{ name: '首页', router: '/' }]);
    expect(a.pages.home.blocks.map((b) => b.type)).toEqual(['app-qr']);
    expect(a.pages.towns).toEqual({ route: '/towns', title: '乡镇', blocks: [{ type: 'process-diagram', props: { title: '流程', steps: [{ title: '申请' }] } }] });
  });

  it('gives a variant everything of its region plus its own changes', () => {
    expect(dev.flags).toEqual({ ...a.flags, freeBidding: true });
    expect(dev.pages).toEqual(a.pages);
    expect(catalog.files.get('a-dev')).toBe('a/region.dev.yaml');
  });

  it('remembers which file set each value', () => {
    const origin = catalog.origins.get('a-dev')!;
    expect(origin.children!.get('deptId')).toMatchObject({ file: '_base/region.yaml', line: 2 });
    expect(origin.children!.get('pages')!.children!.get('towns')).toMatchObject({ file: 'a/pages/towns.yaml', line: 1 });
    expect(origin.children!.get('id')).toMatchObject({ file: 'a/region.dev.yaml', line: 2 });
  });
});
