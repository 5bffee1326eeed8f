// @vitest-environment jsdom
import path from 'node:path';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import ConsoleDashboard from '../../../blocks/console-dashboard/ConsoleDashboard.js';
import { DEFAULT_LINKS, dealTiles, monthlyDealsChart, statusChart, statusTiles, waitingTiles } from '../../../blocks/console-dashboard/model.js';
import { RegionProvider } from '../../../engine/react/index.js';
import { loadRegionCatalog } from '../../../engine/region-files/index.js';
import type { Dashboard } from '../../../schemas/types/api.js';
import type { Region } from '../../../schemas/types/region.js';

// The console's dashboard: every figure in the region's words and linked to the table that lists it; the charts'
// numbers as a table; a centre with nothing yet sees zeros and 暂无成交数据, not an empty panel.
const lantian = loadRegionCatalog(path.resolve('regions')).regions.find((r) => r.id === 'lantian') as unknown as Region;
const months = ['2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];
const busy: Dashboard = {
  projects: 9,
  byStatus: [
    { status: 2, count: 2 },
    { status: 4, count: 3 },
    { status: 7, count: 1 },
    { status: 8, count: 1 },
    { status: 10, count: 2 },
  ],
  pending: { registrations: 2, intents: 1, complaints: 0, consults: 4 },
  deals: { month: { count: 1, amount: 1_234_500 }, year: { count: 2, amount: 1_534_500 } },
  monthly: months.map((month, i) => ({ month, deals: i === 11 ? 1 : i === 8 ? 1 : 0, dealAmount: i === 11 ? 1_234_500 : i === 8 ? 300_000 : 0 })),
  months: 12,
  updatedAt: '2026-11-27 10:00:00',
};
const empty: Dashboard = {
  projects: 0,
  byStatus: [],
  pending: { registrations: 0, intents: 0, complaints: 0, consults: 0 },
  deals: { month: { count: 0, amount: 0 }, year: { count: 0, amount: 0 } },
  monthly: months.map((month) => ({ month, deals: 0, dealAmount: 0 })),
  months: 12,
  updatedAt: '2026-11-27 10:00:00',
};

// jsdom has no layout: an observer that never sees the chart come into view, as for a chart below the fold.
const Observer = globalThis.IntersectionObserver;
beforeAll(() => {
  globalThis.IntersectionObserver = class {
    observe() {}
    disconnect() {}
  } as unknown as typeof IntersectionObserver;
});
afterAll(() => {
  globalThis.IntersectionObserver = Observer;
});
afterEach(cleanup);

const draw = (data: Dashboard) =>
  render(
    <MemoryRouter>
      <RegionProvider region={lantian}>
        <ConsoleDashboard props={{ title: '工作台概览' }} data={data} blockId="d" />
      </RegionProvider>
    </MemoryRouter>,
  );
const linkOf = (name: RegExp) => screen.getByRole('link', { name }).getAttribute('href');

describe('the dashboard’s figures', () => {
  it('link each waiting figure to its table, filtered to what it counts, marked while some wait', () => {
    const tiles = waitingTiles(busy);
    expect(tiles.map((t) => [t.label, t.value, t.route, t.waiting])).toEqual([
      ['待审核报名', '2', '/admin/registrations?state=2', true],
      ['待审核意向', '1', '/admin/intents?state=0', true],
      ['待回复投诉', '0', '/admin/requests?kind=complaint&status=pending', false],
      ['待回复咨询', '4', '/admin/requests?kind=consult&status=pending', true],
    ]);
    expect(waitingTiles(busy, { intents: '/admin/intents' })[1]!.route).toBe('/admin/intents');
  });

  it('word the statuses as the region does, counting alike-worded statuses together', () => {
    // 蓝田 words 2 预公告 and 4 公示报名中; 7 and 8 are both 已成交, linked to the whole table.
    expect(statusTiles(busy, lantian).map((t) => [t.label, t.value, t.route])).toEqual([
      ['交易项目', '9', '/admin/projects'],
      ['预公告', '2', '/admin/projects?status=2'],
      ['公示报名中', '3', '/admin/projects?status=4'],
      ['已成交', '2', '/admin/projects'],
      ['已结束', '2', '/admin/projects?status=10'],
    ]);
    expect(statusChart(busy, lantian).table.rows).toEqual([
      ['预公告', 2],
      ['公示报名中', 3],
      ['已成交', 2],
      ['已结束', 2],
    ]);
  });

  it('give deals in 宗 and 万元', () => {
    expect(dealTiles(busy).map((t) => `${t.label} ${t.value} ${t.unit}`)).toEqual([
      '本月成交 1 宗',
      '本月成交金额 123.45 万元',
      '本年成交 2 宗',
      '本年成交金额 153.45 万元',
    ]);
    const chart = monthlyDealsChart(busy);
    expect(chart.summary).toBe('近12个月成交 2 宗，成交金额合计 153.45 万元。');
    expect(chart.table.rows.at(-1)).toEqual(['2026-11', 1, '123.45']);
    expect(chart.spec).not.toBeNull();
  });

  it('draw the charts’ own text at 18 px for elder mode', () => {
    const sizes = (spec: unknown) => [...JSON.stringify(spec).matchAll(/"fontSize":(\d+)/g)].map((m) => Number(m[1]));
    expect(Math.min(...sizes(monthlyDealsChart(busy).spec))).toBe(12);
    expect(Math.min(...sizes(monthlyDealsChart(busy, 18).spec))).toBe(18);
    expect(Math.min(...sizes(statusChart(busy, lantian, 18).spec))).toBeGreaterThanOrEqual(18);
  });
});

describe('the dashboard block', () => {
  it('draws the figures as links, the charts with their data tables, and no chart library before they come into view', async () => {
    draw(busy);
    expect(linkOf(/^待审核报名/)).toBe('/admin/registrations?state=2');
    expect(screen.getByRole('link', { name: /^待审核报名/ }).textContent).toBe('待审核报名2 条');
    expect(linkOf(/^待回复咨询/)).toBe('/admin/requests?kind=consult&status=pending');
    expect(linkOf(/^公示报名中/)).toBe('/admin/projects?status=4');
    expect(screen.getByRole('link', { name: /^本月成交金额/ }).textContent).toContain('123.45');
    const deals = screen.getByRole('figure', { name: '近12个月成交' });
    const table = within(deals).getByRole('table', { name: '近12个月各月成交宗数与金额' });
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(within(deals).getByText('近12个月成交 2 宗，成交金额合计 153.45 万元。')).toBeTruthy();
    // The chart waits for its turn: its canvas holder is there, not drawn.
    expect(deals.querySelector('[data-drawn]')).toBeNull();
    expect(deals.querySelector('.tm-chart__canvas')).not.toBeNull();
    expect(screen.getByRole('figure', { name: '项目状态分布' })).toBeTruthy();
    expect(screen.getByText('数据统计时间：2026-11-27 10:00:00')).toBeTruthy();
  });

  it('shows a centre with nothing yet its zeros and empty charts that say so', () => {
    draw(empty);
    for (const name of ['待审核报名', '待审核意向', '待回复投诉', '待回复咨询', '本月成交', '本年成交', '交易项目'])
      expect(screen.getByRole('link', { name: new RegExp(`^${name}\\d`) }).querySelector('strong')!.textContent).toBe('0');
    expect(screen.getByRole('link', { name: /^本年成交金额/ }).textContent).toContain('0.00');
    const deals = screen.getByRole('figure', { name: '近12个月成交' });
    expect(within(deals).getByText('暂无成交数据')).toBeTruthy();
    expect(within(deals).getByText('近12个月暂无成交。')).toBeTruthy();
    expect(deals.querySelector('.tm-chart__canvas')).toBeNull();
    expect(within(screen.getByRole('figure', { name: '项目状态分布' })).getByText('暂无交易项目')).toBeTruthy();
    expect(screen.queryAllByRole('table')).toHaveLength(0);
  });

  it('keeps its default links to the console’s routes', () => {
    for (const route of Object.values(DEFAULT_LINKS)) expect(route).toMatch(/^\/admin\//);
  });
});
