import { describe, expect, it } from 'vitest';
import { routeSchemas, rowSchemaOf } from '../../../blocks/_parts/console/api-schemas.js';
import { valueText } from '../../../blocks/_parts/console/labels.js';
import { depositText } from '../../../blocks/_parts/deposit.js';
import { linkQuery } from '../../../blocks/admin-table/rows.js';

describe('row links and deposits in the console', () => {
  it("builds a row link's query from the row and literals", () => {
    expect(linkQuery({ projectId: { $from: 'row.projectId' }, userId: { $from: 'row.userId' }, tab: 'x' }, { projectId: 7, userId: 12 })).toEqual({
      projectId: '7',
      userId: '12',
      tab: 'x',
    });
    expect(linkQuery({ id: { $from: 'row.missing' } }, {})).toEqual({ id: '' });
  });

  it("words a registration's deposit state from the schema across files, and for the bidder", async () => {
    const { data } = await routeSchemas('auctionRegistrations');
    const field = rowSchemaOf(data).properties?.depositState;
    expect(['none', 'due', 'paid', 'unmarked'].map((v) => valueText(field, v))).toEqual(['无需缴纳', '待登记到账', '已到账', '未登记']);
    expect(depositText({ deposit: 2000, depositState: 'paid', depositAmount: 2000, depositPaidOn: '2026-01-05' })).toBe('已到账 ¥2,000.00（2026-01-05）');
    expect(depositText({ deposit: 2000, depositState: 'due', depositAmount: null, depositPaidOn: null })).toContain('应缴 ¥2,000.00');
    expect(depositText({ deposit: 0, depositState: 'none' })).toBeNull();
    expect(depositText({})).toBeNull();
  });
});
