import { describe, expect, it } from 'vitest';
import {
  allStatuses,
  cardBadge,
  cardTimeLine,
  homeBiddingLabel,
  priceLabel,
  statusLabel,
  statusTiles,
  toggleStatusTile,
} from '../../machines/project-status-rules.js';

const record = {
  publicityStopTime: '2026-11-01 10:00:00',
  applyStartTime: '2026-11-02 10:00:00',
  applyStopTime: '2026-11-10 10:00:00',
  biddingStartTime: '2026-11-11 09:00:00',
  biddingStopTime: '2026-11-11 11:00:00',
};

describe('status rules', () => {
  it('default labels, overridden entry by entry by the region', () => {
    expect([2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((s) => statusLabel(s))).toEqual([
      '公示中',
      '公示结束',
      '报名中',
      '报名结束',
      '竞价中',
      '已成交',
      '已成交',
      '已成交',
      '已结束',
      '已结束',
    ]);
    const region = { statusLabels: { '2': '预公告', '4': '公示报名中' } };
    expect(statusLabel(2, region)).toBe('预公告');
    expect(statusLabel(4, region)).toBe('公示报名中');
    expect(statusLabel(5, region)).toBe('报名结束');
    expect(statusLabel(1)).toBe('');
  });

  it('the all-status list: 2..11 by default, the region’s list when given (e.g. without 3)', () => {
    expect(allStatuses()).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(allStatuses({ projectAllStatus: '2,4,5,6,7,8,9,10,11' })).toEqual([2, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(allStatuses({ projectAllStatus: ' 2, 4 ,x,12,4' })).toEqual([2, 4]);
    expect(allStatuses({ projectAllStatus: '' })).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('tiles: 2; 4; 6; 7,8,9 — tenders 2; 4; 5,10 — labelled by the region; the region’s own lists win', () => {
    expect(statusTiles(undefined, 2)).toEqual([
      { key: '2', label: '公示中', statuses: [2] },
      { key: '4', label: '报名中', statuses: [4] },
      { key: '6', label: '竞价中', statuses: [6] },
      { key: '7,8,9', label: '已成交', statuses: [7, 8, 9] },
    ]);
    expect(statusTiles({ statusLabels: { '2': '预公告' } }, 3).map((t) => t.label)).toEqual(['预公告', '报名中', '竞价中', '已成交']);
    expect(statusTiles(undefined, 1)).toEqual([
      { key: '2', label: '公示中', statuses: [2] },
      { key: '4', label: '报名中', statuses: [4] },
      { key: '5,10', label: '已结束', statuses: [5, 10] },
    ]);
    const region = { statusLabels: { '4': '征集中' }, statusLists: { demand: [{ statusStr: '2,4', image: '/a.png' }, { statusStr: 'x' }] } };
    expect(statusTiles(region, 3)).toEqual([{ key: '2,4', label: '征集中', statuses: [2, 4], image: '/a.png' }]);
    expect(statusTiles(region, 2)).toHaveLength(4);
  });

  it('words the tiles from statusLabels only: the tiles say what the cards and the detail say', () => {
    // 淳安县's wording: the tiles read 预公告 / 公示报名中 as its cards do (they kept 公示中 / 报名中 before).
    const chunan = {
      statusLabels: { '2': '预公告', '4': '公示报名中' },
      statusLists: { transfer: [{ statusStr: '2' }, { statusStr: '4' }, { statusStr: '6' }, { statusStr: '7,8,9' }] },
    };
    const tiles = statusTiles(chunan, 2);
    expect(tiles.map((t) => t.label)).toEqual(['预公告', '公示报名中', '竞价中', '已成交']);
    for (const tile of tiles) expect(tile.label).toBe(statusLabel(tile.statuses[tile.statuses.length - 1], chunan));
  });

  it('clicking the selected tile again clears to all statuses', () => {
    expect(toggleStatusTile(null, '6')).toBe('6');
    expect(toggleStatusTile('6', '6')).toBeNull();
    expect(toggleStatusTile('6', '7,8,9')).toBe('7,8,9');
  });

  it('the card time line by status', () => {
    const line = (status: number, projectType: 1 | 2 | 3 = 2) => cardTimeLine({ status, releaseRecord: { projectType, ...record } });
    expect(line(2)).toEqual({ label: '公示截止时间', time: record.publicityStopTime });
    expect(line(3)).toEqual({ label: '报名截止时间', time: record.applyStopTime });
    expect(line(4)).toEqual({ label: '报名截止时间', time: record.applyStopTime });
    expect(line(5)).toEqual({ label: '竞价开始时间', time: record.biddingStartTime });
    for (const s of [6, 7, 10, 11]) expect(line(s)).toEqual({ label: '竞价截止时间', time: record.biddingStopTime });
    for (const s of [2, 3, 4]) expect(line(s, 1)).toEqual({ label: '报名开始时间', time: record.applyStartTime });
    for (const s of [5, 10]) expect(line(s, 1)).toEqual({ label: '报名截止时间', time: record.applyStopTime });
    expect(line(3, 3)).toEqual({ label: '报名截止时间', time: record.applyStopTime });
    expect(cardTimeLine({ status: 5, type: 1, releaseRecord: { applyStopTime: record.applyStopTime } })).toEqual({
      label: '报名截止时间',
      time: record.applyStopTime,
    });
    expect(cardTimeLine({ status: 5, releaseRecord: { projectType: 2, biddingStartTime: null } })).toBeNull();
    expect(cardTimeLine({ status: 5, releaseRecord: null })).toBeNull();
  });

  it('the price label: listing before 7 or with no sign-ups; the deal amount otherwise, under the region’s titles', () => {
    const region = { initPriceTitle: '起始价', bargainPriceTitle: '成交金额' };
    expect(priceLabel({ status: 6, price: 1000, dealAmount: null, signCts: 3 })).toEqual({ title: '挂牌价', amount: 1000 });
    expect(priceLabel({ status: 6, price: 1000, signCts: 3 }, region)).toEqual({ title: '起始价', amount: 1000 });
    expect(priceLabel({ status: 7, price: 1000, dealAmount: 1300, signCts: 2 })).toEqual({ title: '成交价', amount: 1300 });
    expect(priceLabel({ status: 8, price: 1000, dealAmount: 1000, signCts: 1 }, region)).toEqual({ title: '成交金额', amount: 1000 });
    expect(priceLabel({ status: 7, price: 1000, dealAmount: 1300, signCts: 0 }, region)).toEqual({ title: '起始价', amount: 1000 });
    // Ended without a deal: there is no deal amount, the listing price stays.
    expect(priceLabel({ status: 11, price: 1000, dealAmount: null, signCts: 2 })).toEqual({ title: '挂牌价', amount: 1000 });
  });

  it('the home bidding block: above 6 shows as ended, otherwise the label', () => {
    expect(homeBiddingLabel(6)).toBe('竞价中');
    expect(homeBiddingLabel(4, { statusLabels: { '4': '公示报名中' } })).toBe('公示报名中');
    for (const s of [7, 8, 9, 10, 11]) expect(homeBiddingLabel(s)).toBe('已结束');
  });

  it('card badges: the status wording by default; the pending variant reads 4 待竞价, 7–9 已成交, 10/11 已结束 grey', () => {
    expect(cardBadge(2, 'default')).toEqual({ text: '公示中', tone: 'active' });
    expect(cardBadge(2, 'default', { statusLabels: { '2': '预公告' } })).toEqual({ text: '预公告', tone: 'active' });
    expect(cardBadge(8, 'default')).toEqual({ text: '已成交', tone: 'done' });
    expect(cardBadge(10, 'default')).toEqual({ text: '已结束', tone: 'grey' });
    expect(cardBadge(4, 'pending', { statusLabels: { '4': '公示报名中' } })).toEqual({ text: '待竞价', tone: 'active' });
    expect(cardBadge(6, 'pending')).toEqual({ text: '竞价中', tone: 'active' });
    for (const s of [7, 8, 9]) expect(cardBadge(s, 'pending', { statusLabels: { '7': '成交' } })).toEqual({ text: '已成交', tone: 'done' });
    for (const s of [10, 11]) expect(cardBadge(s, 'pending')).toEqual({ text: '已结束', tone: 'grey' });
  });
});
