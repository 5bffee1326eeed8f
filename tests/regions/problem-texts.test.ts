import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROBLEM_TEXTS, describeWhere, formatProblem, makeProblem, parsePath, type ProblemCode } from '../../engine/region/index.js';
import { loadRegionCatalog } from '../../engine/region-files/index.js';

const CJK = /[\u4e00-\u9fff]/;

/** Parameters that answer every name, so each text is written out in full. */
const ANY_PARAMS = new Proxy({} as Record<string, string>, { get: (_target, key) => (typeof key === 'string' ? 'X' : undefined) });

/** Every source file that reports problems (the catalogue itself aside). */
function reporterSources(): string {
  const dirs = ['engine/region', 'engine/region-files', 'server/delivery'];
  return dirs
    .flatMap((dir) => fs.readdirSync(dir).map((f) => path.join(dir, f)))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('problem-texts.ts'))
    .map((f) => fs.readFileSync(f, 'utf8'))
    .join('\n');
}

describe('the validator message catalogue', () => {
  const codes = Object.keys(PROBLEM_TEXTS) as ProblemCode[];

  it.each(codes)('%s has a Chinese text and an English one, each written from its facts', (code) => {
    const zh = PROBLEM_TEXTS[code].zh(ANY_PARAMS);
    const en = PROBLEM_TEXTS[code].en(ANY_PARAMS);
    expect(zh).toMatch(CJK);
    expect(zh).not.toMatch(/undefined|\[object/);
    // English for engineers: only the facts (here all `X`) may carry Chinese, and the catalogue's own words none.
    expect(en).not.toMatch(CJK);
    expect(en).not.toMatch(/undefined|\[object/);
  });

  it('every entry is reported somewhere, and nothing reports outside the catalogue', () => {
    const sources = reporterSources();
    const unused = codes.filter((code) => !new RegExp(`['"]${code}['"]`).test(sources));
    expect(unused).toEqual([]);
    // A problem is made only through makeProblem: no hand-written `message:` in a reporter.
    expect(sources).not.toMatch(/problems\.push\(\{[^}]*message:/);
  });

  it('a problem carries both texts and prints in either language', () => {
    const problem = makeProblem({
      file: 'regions/a/region.yaml',
      line: 4,
      column: 3,
      path: 'flags.homeShowLogn',
      code: 'unknownKey',
      params: { noun: '功能开关', nounEn: 'flag', key: 'homeShowLogn', known: '' },
      suggestion: 'homeShowLogin',
    });
    expect(formatProblem(problem)).toBe('regions/a/region.yaml:4:3  flags.homeShowLogn：不认识的功能开关“homeShowLogn”（是否应为 homeShowLogin？）');
    expect(formatProblem(problem, 'en')).toBe('regions/a/region.yaml:4:3  flags.homeShowLogn  unknown flag "homeShowLogn" (did you mean homeShowLogin?)');
  });
});

describe('where a problem is, by name', () => {
  const region = {
    pages: { home: { title: '首页', blocks: [{ type: 'news-carousel' }, { type: 'town-list', props: { tabs: [{}] } }] } },
    tabList: [{ name: '首页' }, { name: '产权交易', children: [{ name: '全部产权交易' }] }],
    footLinkList: [{ name: '浙江政务服务网', url: '//x' }],
    layout: { footer: [{ type: 'site-footer' }] },
  };
  const names: Record<string, string> = { 'news-carousel': '新闻轮播', 'town-list': '乡镇列表', 'site-footer': '页脚' };
  const where = (p: string) => describeWhere(parsePath(p), region, (type) => names[type] ?? '');

  it.each([
    ['pages.home.blocks[0]', '页面“首页”（home）第 1 个区块（新闻轮播）'],
    ['pages.home.blocks[1].props.tabs[0].source', '页面“首页”（home）第 2 个区块（乡镇列表）的属性 tabs[0].source'],
    ['pages.home.blocks[0].when.any[0]', '页面“首页”（home）第 1 个区块（新闻轮播）的显示条件 when.any[0]'],
    ['pages.home.route', '页面“首页”（home）的 route'],
    ['tabList[1].children[0].router', '导航第 2 项“产权交易”下第 1 项“全部产权交易”的 router'],
    ['footLinkList[0].url', '友情链接第 1 项“浙江政务服务网”的 url'],
    ['layout.footer[0].props.text', '页脚第 1 个区块（页脚）的属性 text'],
    ['flags.homeShowLogn', '功能开关 homeShowLogn'],
  ])('%s → %s', (p, expected) => {
    expect(where(p)).toBe(expected);
  });

  it('a top-level key needs no words beyond its path', () => {
    expect(where('cityName')).toBeUndefined();
  });

  it('a place is named by its own name, however deep', () => {
    const places = { places: [{ name: '浙江省', children: [{ name: '丽水市', children: [{ name: '松阳县', children: [{ name: '古市镇' }] }] }] }] };
    expect(describeWhere(parsePath('places[0].children[0].children[0].children[0].deptCode'), places, () => '')).toBe('古市镇的 deptCode');
  });

  it('parsePath undoes formatPath, quoted keys included', () => {
    expect(parsePath('statusLabels["2"].text')).toEqual(['statusLabels', '2', 'text']);
    expect(parsePath('pages.home.blocks[2].props')).toEqual(['pages', 'home', 'blocks', 2, 'props']);
  });
});

describe('the Chinese report of a broken region', () => {
  it('names the page and the block by their names, keeps file:line:column', () => {
    const lines = loadRegionCatalog(path.resolve('tests/regions/broken/bad-props')).problems.map((p) => formatProblem(p));
    expect(lines).toEqual([
      expect.stringMatching(/bad-props\/demo\/region\.yaml:9:11 {2}页面“首页”（home）第 1 个区块（文章列表）的属性 titel：不认识的区块属性“titel”（是否应为 title？）$/),
      expect.stringMatching(/region\.yaml:10:17 {2}页面“首页”（home）第 1 个区块（文章列表）的属性 rows：这里应当填整数，实际填的是文字“七”$/),
      expect.stringMatching(/region\.yaml:11:20 {2}页面“首页”（home）第 1 个区块（文章列表）的属性 variant：只能填以下之一：list, image-cards；实际填的是文字“cards”$/),
    ]);
  });

  it('a block that shows data without a source is told which source it expects', () => {
    const [first] = loadRegionCatalog(path.resolve('tests/regions/broken/missing-source')).problems;
    expect(formatProblem(first)).toMatch(/region\.yaml:8:9 {2}页面“首页”（home）第 1 个区块（新闻轮播）：“新闻轮播”区块要显示数据，需要写 source（数据来源），例如 source: \{ call: newsList \}$/);
  });
});
