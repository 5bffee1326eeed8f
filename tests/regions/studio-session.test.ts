import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadRegionCatalog } from '../../engine/region-files/index.js';
import { StudioSession } from '../../engine/region-files/studio-session.js';

// The studio's edits on a copy of regions/: each one a splice of the YAML that keeps every other byte, validated by
// the loader CI runs, refused (and nothing written) when it would bring a problem, and undone and redone exactly.
let root: string;
let home: string;
let regionFile: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-studio-'));
  fs.cpSync('regions', root, { recursive: true });
  home = path.join(root, 'lantian/pages/home.yaml');
  regionFile = path.join(root, 'lantian/region.yaml');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const read = (file: string) => fs.readFileSync(file, 'utf8');
const blocksOf = (file: string) => (parse(read(file)) as { blocks: { type: string; props?: Record<string, unknown> }[] }).blocks;
const COMMENT = "  # Without the bank pages (goJRFWInfo off) the county's financial services are the plain list behind a banner.";

function expectValid(): void {
  expect(loadRegionCatalog(root).problems).toEqual([]);
}

describe('studio session', () => {
  it('answers a model: pages with their blocks by Chinese name and line, the catalogue, the flags and status wording', () => {
    const model = new StudioSession(root, 'lantian').model();
    const page = model.pages.find((p) => p.id === 'home')!;
    expect(page.editable).toBe(true);
    expect(page.blocks[0]).toMatchObject({ type: 'news-carousel', name: '新闻轮播', line: 6, width: '1/2' });
    expect(page.blocks[0].file).toMatch(/lantian\/pages\/home\.yaml$/);
    expect(model.pages.find((p) => p.id === 'szqy')!.editable).toBe(false);
    expect(model.catalog.find((b) => b.type === 'news-list')).toMatchObject({ name: '新闻列表', source: { required: true, calls: ['newsList'] } });
    expect(model.settings.flags.find((f) => f.name === 'goJRFWInfo')).toMatchObject({ on: true });
    expect(model.settings.statusLabels['2']).toBe('预公告');
    expect(model.problems).toEqual([]);
  });

  it('adds a block from the catalogue with a fitting source, keeping the comments and the other blocks byte for byte', () => {
    const session = new StudioSession(root, 'lantian');
    const before = read(home);
    const result = session.apply({ op: 'addBlock', page: 'home', type: 'news-list', index: 1 });
    expect(result.ok).toBe(true);
    const after = read(home);
    expect(after).toContain(COMMENT);
    expect(blocksOf(home)[1]).toEqual({ type: 'news-list', source: { call: 'newsList' } });
    // Taking the new lines out gives the file back as it was.
    expect(after.replace('  - type: news-list\n    source: { call: newsList }\n', '')).toBe(before);
    expectValid();
  });

  it('removes, duplicates and moves blocks, the comment travelling with its block', () => {
    const session = new StudioSession(root, 'lantian');
    const types = () => blocksOf(home).map((b) => b.type);
    const start = types();
    expect(session.apply({ op: 'moveBlock', page: 'home', from: 3, to: 0 }).ok).toBe(true);
    expect(types()).toEqual([start[3], ...start.slice(0, 3), ...start.slice(4)]);
    expect(read(home)).toContain(`blocks:\n${COMMENT}\n  - type: finance-banner`);
    expect(session.apply({ op: 'duplicateBlock', page: 'home', index: 1 }).ok).toBe(true);
    expect(types().slice(0, 3)).toEqual([start[3], start[0], start[0]]);
    expect(session.apply({ op: 'removeBlock', page: 'home', index: 0 }).ok).toBe(true);
    expect(read(home)).not.toContain(COMMENT);
    expectValid();
  });

  it('sets props key by key, so the keys keep their order and the flow style stays', () => {
    const session = new StudioSession(root, 'lantian');
    const props = { ...blocksOf(home)[0].props!, title: '图片新闻（本县）' };
    // The form hands the keys in its own order.
    const reordered = Object.fromEntries(Object.entries(props).reverse());
    expect(session.apply({ op: 'setBlock', page: 'home', index: 0, field: 'props', value: reordered }).ok).toBe(true);
    expect(read(home)).toContain(
      '    props: { title: 图片新闻（本县）, height: 220, moreRoute: /pressCenter, detailRoute: /pressCenter/pressCenterDetail }\n',
    );
    expect(session.apply({ op: 'setBlock', page: 'home', index: 5, field: 'when', value: 'flags.homeShowLogin' }).ok).toBe(true);
    expect(session.apply({ op: 'setBlock', page: 'home', index: 6, field: 'source', value: { siteData: 'zhengcefagui' } }).ok).toBe(true);
    expect(read(home)).toContain('    source: { siteData: zhengcefagui }\n');
    expectValid();
  });

  it('turns a flag on and words a status in region.yaml, keeping its comments', () => {
    const session = new StudioSession(root, 'lantian');
    expect(session.apply({ op: 'setRegion', path: ['flags', 'homeShowLogin'], value: true }).ok).toBe(true);
    expect(session.apply({ op: 'setRegion', path: ['statusLabels', '4'], value: '报名进行中' }).ok).toBe(true);
    const text = read(regionFile);
    expect(text).toContain('  # 蓝田县 publishes no asset attraction projects: the shared 资产招商 page and its tab are switched off.\n');
    expect(text).toContain('  homeShowLogin: true\n');
    expect(text).toContain('  "4": 报名进行中\n');
    const model = session.model();
    expect(model.settings.flags.find((f) => f.name === 'homeShowLogin')!.on).toBe(true);
    expect(model.settings.statusLabels['4']).toBe('报名进行中');
    expectValid();
  });

  it('sets, refuses and clears a region colour (theme), labelled from the schema', () => {
    const session = new StudioSession(root, 'lantian');
    expect(session.model().settings.theme.map((f) => f.title)).toEqual(['主色', '页头背景色', '页头文字颜色']);
    expect(session.apply({ op: 'setRegion', path: ['theme', 'primary'], value: '#1d4e89' }).ok).toBe(true);
    expect(parse(read(regionFile)).theme).toEqual({ primary: '#1d4e89' });
    expect(session.model().settings.theme[0]).toMatchObject({ key: 'primary', value: '#1d4e89' });
    const before = read(regionFile);
    const bad = session.apply({ op: 'setRegion', path: ['theme', 'headerText'], value: 'white' });
    expect(bad.ok).toBe(false);
    expect(read(regionFile)).toBe(before);
    expect(session.apply({ op: 'setRegion', path: ['theme', 'primary'], value: null }).ok).toBe(true);
    expect(parse(read(regionFile)).theme ?? {}).toEqual({});
    expectValid();
  });

  it('refuses an edit that would be invalid, writes nothing and says where in Chinese', () => {
    const session = new StudioSession(root, 'lantian');
    const before = read(home);
    const result = session.apply({ op: 'setBlock', page: 'home', index: 1, field: 'props', value: { title: '工作动态', rows: '七' } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toMatch(/没有保存/);
    expect(result.problems[0].where).toContain('第 2 个区块（新闻列表）');
    expect(result.problems[0].line).toBeGreaterThan(0);
    expect(read(home)).toBe(before);
    const unknownFlag = session.apply({ op: 'setRegion', path: ['flags', 'homeShowLogn'], value: true });
    expect(unknownFlag.ok).toBe(false);
    expect(read(regionFile)).not.toContain('homeShowLogn');
    // A page that is not the region's own is made its own first.
    expect(session.apply({ op: 'removeBlock', page: 'szqy', index: 0 })).toMatchObject({ ok: false, message: expect.stringContaining('定制') });
  });

  it('undoes and redoes to the exact texts, and makes a shared page its own in a new file', () => {
    const session = new StudioSession(root, 'lantian');
    const original = read(home);
    session.apply({ op: 'moveBlock', page: 'home', from: 0, to: 2 });
    const moved = read(home);
    session.apply({ op: 'removeBlock', page: 'home', index: 0 });
    expect(session.undo().ok).toBe(true);
    expect(read(home)).toBe(moved);
    expect(session.undo().ok).toBe(true);
    expect(read(home)).toBe(original);
    expect(session.undo()).toMatchObject({ ok: false, message: '没有可以撤销的修改' });
    expect(session.redo().ok).toBe(true);
    expect(read(home)).toBe(moved);

    const szqy = path.join(root, 'lantian/pages/szqy.yaml');
    expect(session.apply({ op: 'customizePage', page: 'szqy' }).ok).toBe(true);
    expect(parse(read(szqy))).toMatchObject({ route: '/szqy', blocks: [{ type: 'region-picker' }] });
    expect(session.model().pages.find((p) => p.id === 'szqy')!.editable).toBe(true);
    expectValid();
    expect(session.undo().ok).toBe(true);
    expect(fs.existsSync(szqy)).toBe(false);
  });

  it('will not undo over a file changed outside the studio', () => {
    const session = new StudioSession(root, 'lantian');
    session.apply({ op: 'removeBlock', page: 'home', index: 0 });
    fs.appendFileSync(home, '# edited by hand\n');
    const result = session.undo();
    expect(result).toMatchObject({ ok: false, message: expect.stringContaining('在工作室之外被改过') });
    expect(read(home)).toContain('# edited by hand');
  });
});
