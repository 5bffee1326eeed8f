import { describe, expect, it } from 'vitest';
import { DEAL_NUMBER, dealAnnouncementRow, TENDER_DEAL_NUMBER, type DealProject } from '../../server/auction/deal-announcement.js';

// The announcement builder the seed and the auction engine share: tenders are announced apart (030001, the
// 招投标成交公告 the portal shows under showZTBCjgg) and in a tender's words; transfers and demands under 004.
const project = (type: number): DealProject => ({
  id: 7,
  deptId: 1,
  type,
  projectName: type === 1 ? '甲镇2026年高标准农田建设项目' : '甲镇东村耕地经营权流转',
  address: '甲县甲镇东村',
  price: 1000,
  priceUnit: 3,
  outname: '东村股份经济合作社',
  needname: '',
  company: '甲镇人民政府',
  biddingStartTime: new Date('2026-01-01T02:00:00Z'),
  biddingStopTime: new Date('2026-01-01T03:00:00Z'),
});
const deal = { code: 'NC2026-1-000007', amount: 1200, winnerCode: '002', bidders: 3, dealtime: new Date('2026-01-01T04:00:00Z'), centre: '甲县' };

describe('deal announcement rows', () => {
  it('files a tender under 030001 with 中标人 and 中标价', () => {
    const row = dealAnnouncementRow(project(1), deal);
    expect(row.number).toBe(TENDER_DEAL_NUMBER);
    expect(row.remark).toMatch(/^中标价：1,200/);
    expect(row.content).toContain('<th>中标人</th><td>竞买号 002</td>');
    expect(row.content).toContain('<th>中标价格</th>');
    expect(row.content).not.toContain('受让方');
  });

  it('files transfers and demands under 004 with 受让方 and 成交价', () => {
    for (const type of [2, 3]) {
      const row = dealAnnouncementRow(project(type), deal);
      expect(row.number, `type ${type}`).toBe(DEAL_NUMBER);
      expect(row.remark).toMatch(/^成交价：1,200/);
      expect(row.content).toContain('<th>受让方</th><td>竞买号 002</td>');
    }
  });
});
