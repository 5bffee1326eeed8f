/**
 * What each statistics chart shows, derived from the tradingStatistics data and the region's wording: the chart's
 * spec for the chart library, and its text alternative (a summary sentence and a data table). Pure, so the numbers
 * a screen reader hears are tested without a browser.
 */
import type { TradingStatistics } from '../../schemas/types/api.js';
import { PALETTE, wan } from '../_parts/chart-palette.js';

export type ChartKind = 'status' | 'type' | 'category' | 'monthlyDeals' | 'monthlyActivity' | 'place';

export interface ChartModel {
  kind: ChartKind;
  title: string;
  /** One sentence a screen reader (and everybody) reads: the chart's message in words. */
  summary: string;
  table: { caption: string; columns: string[]; rows: Array<Array<string | number>> };
  /** The chart library's spec; null when there is nothing to draw (the chart says 暂无数据). */
  spec: Record<string, unknown> | null;
}

export interface RegionWording {
  statusLabels?: Record<string, string>;
  projectTypeList?: ReadonlyArray<{ label: string; type: number | string }>;
}

const DEFAULT_STATUS: Record<string, string> = {
  '2': '公示中',
  '3': '公示结束',
  '4': '报名中',
  '5': '报名结束',
  '6': '竞价中',
  '7': '已成交',
  '8': '已成交',
  '9': '已成交',
  '10': '已结束',
  '11': '已结束',
};
const DEFAULT_TYPES: Record<string, string> = { '1': '招标采购', '2': '产权交易', '3': '需求信息' };

export { PALETTE, wan };
const wanText = (yuan: number): string => wan(yuan).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const list = (parts: string[]): string => parts.join('，');

const base = { animation: false, background: 'transparent', color: PALETTE, tooltip: { visible: true } };

/** Project counts grouped by the region's status wording (7, 8, 9 → 已成交), in status order. */
export function statusGroups(byStatus: TradingStatistics['byStatus'], labels: Record<string, string> = {}): Array<{ label: string; count: number }> {
  const out: Array<{ label: string; count: number }> = [];
  for (const { status, count } of [...byStatus].sort((a, b) => a.status - b.status)) {
    const label = labels[String(status)] ?? DEFAULT_STATUS[String(status)] ?? `状态${status}`;
    const entry = out.find((e) => e.label === label);
    if (entry) entry.count += count;
    else out.push({ label, count });
  }
  return out;
}

function pie(values: Array<{ label: string; count: number }>): Record<string, unknown> {
  return {
    ...base,
    type: 'pie',
    data: [{ id: 'data', values: values.map((v) => ({ label: v.label, value: v.count })) }],
    categoryField: 'label',
    valueField: 'value',
    outerRadius: 0.78,
    innerRadius: 0.48,
    label: { visible: true, style: { fontSize: 13, fill: '#1f2329' } },
    legends: { visible: true, orient: 'right', item: { label: { style: { fontSize: 13, fill: '#1f2329' } } } },
  };
}

const axisText = { label: { style: { fontSize: 12, fill: '#4e5969' } } };

/** The projects by status, as a pie. */
function statusChart(data: TradingStatistics, wording: RegionWording): ChartModel {
  const totalProjects = data.totals.projects;
  const groups = statusGroups(data.byStatus, wording.statusLabels);
  return {
    kind: 'status',
    title: '项目状态分布',
    summary: totalProjects ? `共有交易项目 ${totalProjects} 个：${list(groups.map((g) => `${g.label} ${g.count} 个`))}。` : '暂无交易项目。',
    table: { caption: '各状态项目数', columns: ['状态', '项目数（个）'], rows: groups.map((g) => [g.label, g.count]) },
    spec: groups.length ? pie(groups) : null,
  };
}

/** The projects by trading type (the region's wording), as a pie. */
function typeChart(data: TradingStatistics, wording: RegionWording): ChartModel {
  const labels: Record<string, string> = { ...DEFAULT_TYPES };
  for (const t of wording.projectTypeList ?? []) labels[String(t.type)] = t.label;
  const items = data.byType.map((t) => ({ label: labels[String(t.type)] ?? `类型${t.type}`, count: t.count }));
  return {
    kind: 'type',
    title: '交易类型分布',
    summary: items.length ? `按交易类型：${list(items.map((i) => `${i.label} ${i.count} 个`))}。` : '暂无交易项目。',
    table: { caption: '各交易类型项目数', columns: ['交易类型', '项目数（个）'], rows: items.map((i) => [i.label, i.count]) },
    spec: items.length ? pie(items) : null,
  };
}

/** The categories with the most projects (the rest summed as 其他品类), as horizontal bars. */
function categoryChart(data: TradingStatistics, categoryLimit: number): ChartModel {
  const top = data.byCategory.slice(0, categoryLimit);
  const rest = data.byCategory.slice(categoryLimit).reduce((s, c) => s + c.count, 0);
  const rows = top.map((c) => ({ label: c.classname, count: c.count }));
  if (rest) rows.push({ label: '其他品类', count: rest });
  return {
    kind: 'category',
    title: '项目品类排行',
    summary: rows.length
      ? `项目最多的品类是${list(top.slice(0, 3).map((c) => `${c.classname}（${c.count} 个）`))}${data.byCategory.length > 3 ? '等' : ''}。`
      : '暂无交易项目。',
    table: { caption: '各品类项目数', columns: ['品类', '项目数（个）'], rows: rows.map((r) => [r.label, r.count]) },
    spec: rows.length
      ? {
          ...base,
          type: 'bar',
          direction: 'horizontal',
          data: [{ id: 'data', values: rows.map((r) => ({ label: r.label, value: r.count })) }],
          xField: 'value',
          yField: 'label',
          label: { visible: true, position: 'outside', style: { fontSize: 12, fill: '#1f2329' } },
          axes: [
            { orient: 'left', type: 'band', ...axisText },
            { orient: 'bottom', type: 'linear', ...axisText },
          ],
        }
      : null,
  };
}

/** Deal amounts per month, in 万元, as bars. */
function monthlyDealsChart(data: TradingStatistics): ChartModel {
  const deals = data.monthly.reduce((s, m) => s + m.deals, 0);
  const amount = data.monthly.reduce((s, m) => s + m.dealAmount, 0);
  const best = data.monthly.reduce<(typeof data.monthly)[number] | null>((b, m) => (m.dealAmount > (b?.dealAmount ?? 0) ? m : b), null);
  return {
    kind: 'monthlyDeals',
    title: `近${data.months}个月成交金额`,
    summary: deals
      ? `近${data.months}个月成交 ${deals} 宗，成交金额合计 ${wanText(amount)} 万元${best ? `，最高的是 ${best.month}（${wanText(best.dealAmount)} 万元，${best.deals} 宗）` : ''}。`
      : `近${data.months}个月暂无成交。`,
    table: {
      caption: '各月成交宗数与金额',
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
            { orient: 'bottom', type: 'band', ...axisText },
            { orient: 'left', type: 'linear', title: { visible: true, text: '万元', style: { fontSize: 12, fill: '#4e5969' } }, ...axisText },
          ],
        }
      : null,
  };
}

/** Registrations, bids and deals per month, as lines. */
function monthlyActivityChart(data: TradingStatistics): ChartModel {
  const registrations = data.monthly.reduce((s, m) => s + m.registrations, 0);
  const bids = data.monthly.reduce((s, m) => s + m.bids, 0);
  const deals = data.monthly.reduce((s, m) => s + m.deals, 0);
  const series: Array<[string, (m: (typeof data.monthly)[number]) => number]> = [
    ['报名人次', (m) => m.registrations],
    ['出价次数', (m) => m.bids],
    ['成交宗数', (m) => m.deals],
  ];
  return {
    kind: 'monthlyActivity',
    title: `近${data.months}个月报名与出价`,
    summary:
      registrations || bids || deals
        ? `近${data.months}个月共报名 ${registrations} 人次，出价 ${bids} 次，成交 ${deals} 宗。`
        : `近${data.months}个月暂无报名和出价。`,
    table: {
      caption: '各月报名、出价与成交',
      columns: ['月份', '报名人次', '出价次数', '成交宗数'],
      rows: data.monthly.map((m) => [m.month, m.registrations, m.bids, m.deals]),
    },
    spec:
      registrations || bids || deals
        ? {
            ...base,
            type: 'line',
            data: [{ id: 'data', values: data.monthly.flatMap((m) => series.map(([name, of]) => ({ month: m.month, series: name, value: of(m) }))) }],
            xField: 'month',
            yField: 'value',
            seriesField: 'series',
            point: { visible: true },
            legends: { visible: true, orient: 'top', item: { label: { style: { fontSize: 13, fill: '#1f2329' } } } },
            axes: [
              { orient: 'bottom', type: 'band', ...axisText },
              { orient: 'left', type: 'linear', ...axisText },
            ],
          }
        : null,
  };
}

/** Projects and deals per place, as grouped bars. */
function placeChart(data: TradingStatistics): ChartModel {
  const places = data.byPlace;
  const ranked = [...places].sort((a, b) => b.projects - a.projects).filter((p) => p.projects > 0);
  return {
    kind: 'place',
    title: '各地区项目与成交',
    summary: ranked.length
      ? `项目最多的地区是${list(ranked.slice(0, 3).map((p) => `${p.deptName}（${p.projects} 个项目，成交 ${p.deals} 宗）`))}。`
      : '暂无交易项目。',
    table: {
      caption: '各地区项目数、成交宗数与成交金额',
      columns: ['地区', '项目数（个）', '成交宗数（宗）', '成交金额（万元）'],
      rows: places.map((p) => [p.deptName, p.projects, p.deals, wanText(p.dealAmount)]),
    },
    spec: ranked.length
      ? {
          ...base,
          type: 'bar',
          data: [
            {
              id: 'data',
              values: places.flatMap((p) => [
                { place: p.deptName, series: '项目数', value: p.projects },
                { place: p.deptName, series: '成交宗数', value: p.deals },
              ]),
            },
          ],
          xField: ['place', 'series'],
          yField: 'value',
          seriesField: 'series',
          legends: { visible: true, orient: 'top', item: { label: { style: { fontSize: 13, fill: '#1f2329' } } } },
          axes: [
            { orient: 'bottom', type: 'band', ...axisText },
            { orient: 'left', type: 'linear', ...axisText },
          ],
        }
      : null,
  };
}

export function chartModel(kind: ChartKind, data: TradingStatistics, wording: RegionWording, categoryLimit = 10): ChartModel {
  switch (kind) {
    case 'status':
      return statusChart(data, wording);
    case 'type':
      return typeChart(data, wording);
    case 'category':
      return categoryChart(data, categoryLimit);
    case 'monthlyDeals':
      return monthlyDealsChart(data);
    case 'monthlyActivity':
      return monthlyActivityChart(data);
    case 'place':
      return placeChart(data);
  }
}
