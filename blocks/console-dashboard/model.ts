/**
 * What the console's dashboard shows, derived from the adminDashboard answer and the region's wording: its tiles (a
 * figure, its unit and the table that lists it), and its two charts with their text alternatives. Pure, so the
 * numbers and links are tested without a browser.
 */
import { statusLabel } from '../../machines/project-status-rules.js';
import type { Dashboard } from '../../schemas/types/api.js';
import type { ConsoleDashboardProps } from '../../schemas/types/blocks.js';
import { PALETTE, wan } from '../_parts/chart-palette.js';

export interface Tile {
  key: string;
  label: string;
  value: string;
  unit: string;
  /** The console route of the table holding these records, its filter in the query. */
  route: string;
  /** A figure that asks for someone's decision (a review, a reply) and has some. */
  waiting?: boolean;
}

export interface ChartFigure {
  kind: 'monthlyDeals' | 'status';
  title: string;
  summary: string;
  /** Said where the chart would be when there is nothing to draw. */
  emptyText: string;
  table: { caption: string; columns: string[]; rows: Array<Array<string | number>> };
  spec: Record<string, unknown> | null;
}

type Links = NonNullable<ConsoleDashboardProps['links']>;

/** Where each tile leads by default: the console's tables, filtered to the records the figure counts. */
export const DEFAULT_LINKS: Required<Links> = {
  registrations: '/admin/registrations?state=2',
  intents: '/admin/intents?state=0',
  complaints: '/admin/requests?kind=complaint&status=pending',
  consults: '/admin/requests?kind=consult&status=pending',
  projects: '/admin/projects',
  deals: '/admin/projects',
};

export const wanText = (yuan: number): string => wan(yuan).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const n = (value: number) => value.toLocaleString('zh-CN');

/** The figures that wait for staff: each is a decision someone is owed. */
export function waitingTiles(data: Dashboard, links: Links = {}): Tile[] {
  const to = { ...DEFAULT_LINKS, ...links };
  const p = data.pending;
  const tiles: Array<[keyof typeof p, string, string]> = [
    ['registrations', '待审核报名', '条'],
    ['intents', '待审核意向', '条'],
    ['complaints', '待回复投诉', '件'],
    ['consults', '待回复咨询', '件'],
  ];
  return tiles.map(([key, label, unit]) => ({ key, label, value: n(p[key]), unit, route: to[key], waiting: p[key] > 0 }));
}

/** Deals this month and this year: count and amount in 万元. */
export function dealTiles(data: Dashboard, links: Links = {}): Tile[] {
  const route = links.deals ?? DEFAULT_LINKS.deals;
  const { month, year } = data.deals;
  return [
    { key: 'monthDeals', label: '本月成交', value: n(month.count), unit: '宗', route },
    { key: 'monthAmount', label: '本月成交金额', value: wanText(month.amount), unit: '万元', route },
    { key: 'yearDeals', label: '本年成交', value: n(year.count), unit: '宗', route },
    { key: 'yearAmount', label: '本年成交金额', value: wanText(year.amount), unit: '万元', route },
  ];
}

type StatusRegion = Parameters<typeof statusLabel>[1];

/** Projects per status in the region's wording, statuses worded alike counted together (7, 8, 9 → 已成交). */
export function statusGroups(data: Dashboard, region: StatusRegion): Array<{ label: string; statuses: number[]; count: number }> {
  const groups: Array<{ label: string; statuses: number[]; count: number }> = [];
  for (const { status, count } of data.byStatus) {
    const label = statusLabel(status, region) || `状态${status}`;
    const group = groups.find((g) => g.label === label);
    if (group) {
      group.statuses.push(status);
      group.count += count;
    } else groups.push({ label, statuses: [status], count });
  }
  return groups;
}

/**
 * The project total, then one tile per status group. A group of one status links to the project table filtered to
 * it; a group of several to the whole table (its filter takes one status).
 */
export function statusTiles(data: Dashboard, region: StatusRegion, links: Links = {}): Tile[] {
  const base = links.projects ?? DEFAULT_LINKS.projects;
  const filtered = (status: number) => `${base}${base.includes('?') ? '&' : '?'}status=${status}`;
  return [
    { key: 'projects', label: '交易项目', value: n(data.projects), unit: '个', route: base },
    ...statusGroups(data, region).map((g) => ({
      key: `status-${g.statuses.join('-')}`,
      label: g.label,
      value: n(g.count),
      unit: '个',
      route: g.statuses.length === 1 ? filtered(g.statuses[0]!) : base,
    })),
  ];
}

const base = { animation: false, background: 'transparent', color: PALETTE, tooltip: { visible: true } };
/** The charts' smallest text: 12 px as designed; elder mode asks 18 px of the canvas as of the page's text. */
export const CHART_TEXT_PX = 12;
const axisText = (px: number) => ({ label: { style: { fontSize: px, fill: '#4e5969' } } });

/** Deals per month of the window: bars of 万元, with the count in the table and the tooltip. */
export function monthlyDealsChart(data: Dashboard, textPx = CHART_TEXT_PX): ChartFigure {
  const deals = data.monthly.reduce((s, m) => s + m.deals, 0);
  const amount = data.monthly.reduce((s, m) => s + m.dealAmount, 0);
  return {
    kind: 'monthlyDeals',
    title: `近${data.months}个月成交`,
    summary: deals ? `近${data.months}个月成交 ${deals} 宗，成交金额合计 ${wanText(amount)} 万元。` : `近${data.months}个月暂无成交。`,
    emptyText: '暂无成交数据',
    table: {
      caption: `近${data.months}个月各月成交宗数与金额`,
      columns: ['月份', '成交宗数（宗）', '成交金额（万元）'],
      rows: data.monthly.map((m) => [m.month, m.deals, wanText(m.dealAmount)]),
    },
    spec: deals
      ? {
          ...base,
          type: 'bar',
          data: [{ id: 'data', values: data.monthly.map((m) => ({ month: m.month, value: wan(m.dealAmount), deals: m.deals })) }],
          xField: 'month',
          yField: 'value',
          axes: [
            { orient: 'bottom', type: 'band', ...axisText(textPx) },
            { orient: 'left', type: 'linear', title: { visible: true, text: '万元', style: { fontSize: textPx, fill: '#4e5969' } }, ...axisText(textPx) },
          ],
        }
      : null,
  };
}

/** Projects per status group, as a ring. */
export function statusChart(data: Dashboard, region: StatusRegion, textPx = CHART_TEXT_PX): ChartFigure {
  const groups = statusGroups(data, region);
  return {
    kind: 'status',
    title: '项目状态分布',
    summary: data.projects ? `共有交易项目 ${data.projects} 个：${groups.map((g) => `${g.label} ${g.count} 个`).join('，')}。` : '暂无交易项目。',
    emptyText: '暂无交易项目',
    table: { caption: '各状态项目数', columns: ['状态', '项目数（个）'], rows: groups.map((g) => [g.label, g.count]) },
    spec: groups.length
      ? {
          ...base,
          type: 'pie',
          data: [{ id: 'data', values: groups.map((g) => ({ label: g.label, value: g.count })) }],
          categoryField: 'label',
          valueField: 'value',
          outerRadius: 0.78,
          innerRadius: 0.48,
          label: { visible: true, style: { fontSize: textPx + 1, fill: '#1f2329' } },
          legends: { visible: true, orient: 'right', item: { label: { style: { fontSize: textPx + 1, fill: '#1f2329' } } } },
        }
      : null,
  };
}
