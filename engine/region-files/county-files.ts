import path from 'node:path';
import { stringify } from 'yaml';
import { pageFileText } from './studio-edits.js';
import { PLACES_FILE } from './places.js';
import { flowText } from './yaml-splice.js';

/** A place of the new county's tree as the wizard asks it. */
export interface CountyPlace {
  name: string;
  deptId: number;
  deptCode: string;
}

/** What the new-county wizard asks: the region's names and ids, its place tree, and the home it starts from. */
export interface CountyInput {
  /** The region id and its folder name, e.g. songyang. */
  id: string;
  /** The county's name, e.g. 松阳县. */
  cityName: string;
  homeTitle: string;
  deptId: number;
  deptCode: string;
  lesseeId: number;
  /** The letters of its projects' 项目编号 (e.g. SY → SY2026-2-000001). */
  projectCodePrefix: string;
  /** The province and the city above the county, top first. */
  ancestors: CountyPlace[];
  towns: CountyPlace[];
  starter: CountyStarter;
}

/** The homes a new county can start from. */
export const COUNTY_STARTERS = {
  news: '新闻与公告：图片新闻、工作动态、最新公告、项目查询、镇街导航',
  blank: '空白首页：只有项目查询',
} as const;
export type CountyStarter = keyof typeof COUNTY_STARTERS;

function starterBlocks(starter: CountyStarter): Record<string, unknown>[] {
  const search = { type: 'project-search', width: 'full', props: { title: '资产项目查询', resultsRoute: '/xiangmusousuo', projectType: 2 } };
  if (starter === 'blank') return [search];
  const news = { moreRoute: '/pressCenter', detailRoute: '/pressCenter/pressCenterDetail' };
  return [
    {
      type: 'news-carousel',
      width: '1/2',
      props: { title: '图片新闻', height: 220, ...news },
      source: { call: 'newsList', body: { number: '010', pageNum: 1, pageSize: 4 } },
    },
    {
      type: 'news-list',
      width: '1/2',
      props: { title: '工作动态', rows: 7, ...news },
      source: { call: 'newsList', body: { number: '001017', pageNum: 1, pageSize: 7 } },
    },
    {
      type: 'latest-notice',
      width: 'full',
      props: { title: '最新公告', moreRoute: '/gongshigonggao', detailRoute: '/gongshigonggao/detail' },
      source: { call: 'newsList', body: { number: '008001', pageNum: 1, pageSize: 1 } },
    },
    search,
    {
      type: 'town-map',
      width: 'full',
      props: { title: '镇街导航', caption: '{region}镇（街道）分布示意图，点击镇街名称进入该镇街页面' },
      source: { siteData: 'ditudaohang' },
    },
  ];
}

const header = (schema: string, comment: string) => `# yaml-language-server: $schema=${schema}\n# ${comment}\n`;

/** The places.yaml of the county: its ancestors, the county and its towns, nested as a hand-written one is. */
function placesText(input: CountyInput): string {
  const county = { name: input.cityName, deptId: input.deptId, deptCode: input.deptCode };
  const towns = input.towns.map((town) => `${' '.repeat(6 + 4 * input.ancestors.length)}- ${flowText(town)}`);
  const chain = [...input.ancestors, county];
  const lines = chain.flatMap((place, depth) => {
    const pad = ' '.repeat(2 + 4 * depth);
    return [
      `${pad}- name: ${flowText(place.name)}`,
      `${pad}  deptId: ${place.deptId}`,
      `${pad}  deptCode: "${place.deptCode}"`,
      ...(depth < chain.length - 1 || towns.length ? [`${pad}  children:`] : []),
    ];
  });
  const names = input.ancestors.map((p) => p.name).reverse();
  const comment = `${input.cityName}${names.length ? `（${names.join('，')}）` : ''}及其镇（街道）。`;
  return `${header('../../schemas/places.schema.json', comment)}places:\n${[...lines, ...towns].join('\n')}\n`;
}

/**
 * The nav a county starts with: the tabs every hand-written county has (regions/chunan), each a page of the shared
 * base, with the trading drop-downs and the area menu of its towns.
 */
export const COUNTY_TABS = [
  { name: '首页', router: '/' },
  { name: '所在区域', router: '/szqy', type: 'area' },
  { name: '产权交易', router: '/tradingProject?idx=2', type: 'supply' },
  { name: '招标采购', router: '/tradingProject?idx=1', type: 'tender' },
  { name: '需求信息', router: '/tradingProject?idx=3', type: 'demand' },
  { name: '新闻中心', router: '/pressCenter' },
  { name: '交易指南', router: '/tradingGuide' },
  { name: '政策法规', router: '/policiesRegulations' },
  { name: '资料下载', router: '/dataDownload' },
  { name: '数据统计', router: '/dataSta' },
];

const COUNTY_FOOTER = [
  { text: '关于我们', href: '/aboutUs' },
  { text: '投诉建议', href: '/aboutUs/complaints' },
];

const flowList = (items: object[]) => items.map((item) => `  - ${flowText(item)}`).join('\n');

function regionText(input: CountyInput): string {
  const body = stringify(
    {
      id: input.id,
      cityName: input.cityName,
      homeTitle: input.homeTitle,
      projectCodePrefix: input.projectCodePrefix,
      deptId: input.deptId,
      deptCode: input.deptCode,
      lesseeId: input.lesseeId,
      havaLink: false,
    },
    { lineWidth: 0 },
  );
  const units = stringify(
    { footerUnits: { responsible: `${input.cityName}农业农村局`, supervisory: `${input.cityName}农村产权交易监督管理办公室` } },
    { lineWidth: 0 },
  );
  return [
    `${header('../../schemas/region-layer.schema.json', `${input.cityName}：由页面工作室的新建地区向导生成。`)}extends: ../_base/region.yaml\n`,
    body,
    `tabList:\n${flowList(COUNTY_TABS)}\n`,
    `footList:\n${flowList(COUNTY_FOOTER)}\n`,
    units,
  ].join('\n');
}

/** The three files of a new county, absolute path → text, as a hand-written region has them. */
export function countyFiles(rootDir: string, input: CountyInput): Map<string, string> {
  const dir = path.resolve(rootDir, input.id);
  const home = { route: '/', title: '首页', blocks: starterBlocks(input.starter) };
  return new Map([
    [path.join(dir, PLACES_FILE), placesText(input)],
    [path.join(dir, 'region.yaml'), regionText(input)],
    [path.join(dir, 'pages', 'home.yaml'), pageFileText(home, `${input.cityName}首页（${COUNTY_STARTERS[input.starter].split('：')[0]}）。`)],
  ]);
}
