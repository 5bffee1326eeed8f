import { describe, expect, it } from 'vitest';
import { factText, imagesOf } from '../../../blocks/record-cards/fields.js';
import { isAllowedUrl as isSafeAddress } from '../../../blocks/_parts/url-policy.js';
import { chartModel, statusGroups } from '../../../blocks/trading-statistics/series.js';
import type { TradingStatistics } from '../../../schemas/types/api.js';

const data: TradingStatistics = {
  totals: { projects: 10, deals: 4, dealAmount: 1234567.8, registrations: 9, bids: 20 },
  byStatus: [
    { status: 2, count: 3 },
    { status: 4, count: 1 },
    { status: 7, count: 2 },
    { status: 8, count: 1 },
    { status: 9, count: 1 },
    { status: 11, count: 2 },
  ],
  byType: [
    { type: 1, count: 4 },
    { type: 2, count: 6 },
  ],
  byCategory: [
    { type: 2, number: '001', classname: '土地经营权', count: 5 },
    { type: 1, number: '009', classname: '工程建设招标', count: 4 },
    { type: 2, number: '002', classname: '林权', count: 1 },
  ],
  monthly: [
    { month: '2026-01', deals: 0, dealAmount: 0, registrations: 2, bids: 5 },
    { month: '2026-02', deals: 4, dealAmount: 1234567.8, registrations: 7, bids: 15 },
  ],
  byPlace: [
    { deptId: 1, deptName: '甲镇', projects: 7, deals: 3, dealAmount: 1000000 },
    { deptId: 2, deptName: '乙镇', projects: 3, deals: 1, dealAmount: 234567.8 },
  ],
  months: 2,
  updatedAt: '2026-02-10 10:00:00',
};

describe('statistics charts: what they say in words', () => {
  it('groups statuses by the region wording, 7/8/9 into one 已成交', () => {
    expect(statusGroups(data.byStatus, { '2': '预公告', '4': '公示报名中' })).toEqual([
      { label: '预公告', count: 3 },
      { label: '公示报名中', count: 1 },
      { label: '已成交', count: 4 },
      { label: '已结束', count: 2 },
    ]);
  });

  it('summarises each chart with the numbers of its table', () => {
    const wording = {
      projectTypeList: [
        { label: '产权交易', type: 2 },
        { label: '招标采购', type: 1 },
      ],
    };
    expect(chartModel('status', data, wording).summary).toBe('共有交易项目 10 个：公示中 3 个，报名中 1 个，已成交 4 个，已结束 2 个。');
    expect(chartModel('type', data, wording).summary).toBe('按交易类型：招标采购 4 个，产权交易 6 个。');
    const deals = chartModel('monthlyDeals', data, wording);
    expect(deals.summary).toBe('近2个月成交 4 宗，成交金额合计 123.46 万元，最高的是 2026-02（123.46 万元，4 宗）。');
    expect(deals.table.rows).toEqual([
      ['2026-01', 0, '0.00'],
      ['2026-02', 4, '123.46'],
    ]);
    expect(chartModel('monthlyActivity', data, wording).summary).toBe('近2个月共报名 9 人次，出价 20 次，成交 4 宗。');
    expect(chartModel('category', data, wording, 2).table.rows).toEqual([
      ['土地经营权', 5],
      ['工程建设招标', 4],
      ['其他品类', 1],
    ]);
    expect(chartModel('place', data, wording).summary).toBe('项目最多的地区是甲镇（7 个项目，成交 3 宗），乙镇（3 个项目，成交 1 宗）。');
  });

  it('has no chart to draw when there is no data', () => {
    const empty: TradingStatistics = {
      ...data,
      totals: { projects: 0, deals: 0, dealAmount: 0, registrations: 0, bids: 0 },
      byStatus: [],
      byType: [],
      byCategory: [],
      byPlace: [],
      monthly: data.monthly.map((m) => ({ ...m, deals: 0, dealAmount: 0, registrations: 0, bids: 0 })),
    };
    for (const kind of ['status', 'type', 'category', 'monthlyDeals', 'monthlyActivity', 'place'] as const)
      expect(chartModel(kind, empty, {}).spec, kind).toBeNull();
  });
});

describe('record cards: facts and picture addresses', () => {
  it('formats money, prices with units, counts with a zero text and dates', () => {
    const row = { estimated: 25000000, price: 38, unit: '盒', stock: 0, createTime: '2026-01-05 10:00:00', small: 9800 };
    expect(factText(row, { key: 'estimated', label: '挂牌价', format: 'money' })).toBe('2,500.00万元');
    expect(factText(row, { key: 'small', label: '', format: 'money' })).toBe('9,800.00元');
    expect(factText(row, { key: 'price', label: '价格', format: 'price', unitKey: 'unit' })).toBe('38.00元/盒');
    expect(factText(row, { key: 'stock', label: '库存', format: 'count', unitKey: 'unit', zeroText: '暂时缺货' })).toBe('暂时缺货');
    expect(factText({ ...row, stock: 12 }, { key: 'stock', label: '库存', format: 'count', unitKey: 'unit' })).toBe('12 盒');
    expect(factText(row, { key: 'createTime', label: '', format: 'date' })).toBe('2026-01-05');
    expect(factText(row, { key: 'missing', label: '' })).toBe('');
  });

  it('keeps only http(s) and same-site picture addresses', () => {
    expect(
      imagesOf({ imgList: ['/image-api/a.png', 'javascript:alert(1)', 'https://x.example/b.jpg', 'data:image/png;base64,AA', '//evil.example/c.png'] }),
    ).toEqual(['/image-api/a.png', 'https://x.example/b.jpg']);
    expect(isSafeAddress(' JavaScript:alert(1)')).toBe(false);
  });
});
