import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A, TENANT_A_COUNTY, TENANT_A_OTHER_COUNTY, TENANT_A_TOWN, TENANT_B, TENANT_B_TOWN } from './fixtures.js';
import { callAs } from './listings-helpers.js';

let server: TestServer;
const call = (deptId: number, name: string, options?: Parameters<typeof callAs>[3]) => callAs(server, deptId, name, options);

interface FinancingRow {
  id: number;
  cid: string;
  address: string;
  dyname: string;
  type: string;
  amount: number;
  amountText: string;
  registertime: string;
}

/** Tenant A: one record per place level plus filler for paging; tenant B: two records. */
const A_RECORDS = [
  {
    deptId: TENANT_A_TOWN,
    cid: 'DY2024-0003',
    address: '甲县甲镇',
    dyname: '张三',
    type: '土地经营权',
    amount: '12345.5',
    registertime: '2024-03-03T02:00:00Z',
  },
  { deptId: TENANT_A_COUNTY, cid: 'DY2024-0002', address: '甲县', dyname: '李四', type: '林权', amount: '1000000', registertime: '2024-03-02T02:00:00Z' },
  {
    deptId: TENANT_A_OTHER_COUNTY,
    cid: 'DY2024-0004',
    address: '丙县',
    dyname: '王五',
    type: '农业设施',
    amount: '0.05',
    registertime: '2024-03-04T02:00:00Z',
  },
  { deptId: TENANT_A, cid: 'DY2024-0001', address: '甲市', dyname: '赵六', type: '林权', amount: '88.88', registertime: '2024-03-01T02:00:00Z' },
  ...Array.from({ length: 8 }, (_, i) => ({
    deptId: TENANT_A,
    cid: `DY2023-${String(i + 1).padStart(4, '0')}`,
    address: '甲市',
    dyname: `申请人${i + 1}`,
    type: '林权',
    amount: String(1000 * (i + 1)),
    registertime: `2023-0${i + 1}-15T00:00:00Z`,
  })),
];
const B_RECORDS = [
  { deptId: TENANT_B, cid: 'DX2024-0001', address: '丁县', dyname: '孙七', type: '林权', amount: '500', registertime: '2024-05-01T00:00:00Z' },
  { deptId: TENANT_B_TOWN, cid: 'DX2024-0002', address: '丁镇', dyname: '周八', type: '水域养殖权', amount: '600.1', registertime: '2024-05-02T00:00:00Z' },
];
const idsByCid = new Map<string, number>();

beforeAll(async () => {
  server = await startTestServerWithPlaces();
  const rows = await server.db
    .insertInto('financing')
    .values([...A_RECORDS, ...B_RECORDS])
    .returning(['id', 'cid'])
    .execute();
  for (const r of rows) idsByCid.set(r.cid, r.id);
});
afterAll(() => server.close());

describe('POST /api/financingMsgList', () => {
  it('pages the region’s records 10 at a time, newest registertime first, with exact two-decimal amounts', async () => {
    const res = await call(TENANT_A, 'financingMsgList');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.data.total).toBe(12);
    const rows: FinancingRow[] = body.data.rows;
    expect(rows).toHaveLength(10);
    expect(rows.slice(0, 4).map((r) => r.cid)).toEqual(['DY2024-0004', 'DY2024-0003', 'DY2024-0002', 'DY2024-0001']);
    expect(rows[1]).toEqual({
      id: idsByCid.get('DY2024-0003'),
      cid: 'DY2024-0003',
      address: '甲县甲镇',
      dyname: '张三',
      type: '土地经营权',
      amount: 12345.5,
      amountText: '12345.50',
      registertime: '2024-03-03 10:00:00',
    });
    expect(rows[0]).toMatchObject({ amount: 0.05, amountText: '0.05' });
    expect(rows[2]).toMatchObject({ amount: 1000000, amountText: '1000000.00' });
    const times = rows.map((r) => r.registertime);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('takes pageNum and pageSize from the query or the body, the body winning', async () => {
    const page2 = (await call(TENANT_A, 'financingMsgList', { query: { pageNum: 2 } })).json().data;
    expect(page2.total).toBe(12);
    expect(page2.rows.map((r: FinancingRow) => r.cid)).toEqual(['DY2023-0002', 'DY2023-0001']);

    const viaBody = (await call(TENANT_A, 'financingMsgList', { body: { pageNum: 2, pageSize: 3 } })).json().data;
    expect(viaBody.rows.map((r: FinancingRow) => r.cid)).toEqual(['DY2024-0001', 'DY2023-0008', 'DY2023-0007']);

    const both = (await call(TENANT_A, 'financingMsgList', { query: { pageNum: 1, pageSize: 2 }, body: { pageNum: 3 } })).json().data;
    expect(both.rows.map((r: FinancingRow) => r.cid)).toEqual(['DY2023-0008', 'DY2023-0007']);

    const beyond = (await call(TENANT_A, 'financingMsgList', { query: { pageNum: 5 } })).json().data;
    expect(beyond).toEqual({ rows: [], total: 12 });
  });

  it('never shows another region’s records', async () => {
    const b = (await call(TENANT_B, 'financingMsgList')).json().data;
    expect(b.total).toBe(2);
    expect(b.rows.map((r: FinancingRow) => r.cid)).toEqual(['DX2024-0002', 'DX2024-0001']);
    expect(b.rows[0]).toMatchObject({ amount: 600.1, amountText: '600.10' });
    const a = (await call(TENANT_A, 'financingMsgList', { query: { pageSize: 100 } })).json().data;
    expect(a.rows.some((r: FinancingRow) => r.cid.startsWith('DX'))).toBe(false);
  });

  it('narrows to a county or a town inside the region and refuses a place outside it', async () => {
    const county = (await call(TENANT_A, 'financingMsgList', { query: { deptId: TENANT_A_COUNTY } })).json().data;
    expect(county.rows.map((r: FinancingRow) => r.cid)).toEqual(['DY2024-0003', 'DY2024-0002']);
    const town = (await call(TENANT_A, 'financingMsgList', { body: { deptId: TENANT_A_TOWN } })).json().data;
    expect(town).toMatchObject({ total: 1, rows: [{ cid: 'DY2024-0003' }] });

    const outside = await call(TENANT_A, 'financingMsgList', { query: { deptId: TENANT_B } });
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toEqual({ code: 403, msg: '无权访问其他地区的数据' });
    // A county is not allowed to look up at its city either.
    expect((await call(TENANT_B, 'financingMsgList', { query: { deptId: TENANT_A } })).statusCode).toBe(403);
  });

  it('filters by registration number and area, as the financing announcement screen opens it', async () => {
    const byCid = (await call(TENANT_A, 'financingMsgList', { query: { cid: 'DY2024-0002' } })).json().data;
    expect(byCid).toMatchObject({ total: 1, rows: [{ dyname: '李四' }] });
    const byAddress = (await call(TENANT_A, 'financingMsgList', { body: { address: '甲县' } })).json().data;
    expect(byAddress.rows.map((r: FinancingRow) => r.cid)).toEqual(['DY2024-0003', 'DY2024-0002']);
    // Another region's number finds nothing rather than leaking it.
    expect((await call(TENANT_A, 'financingMsgList', { query: { cid: 'DX2024-0001' } })).json().data).toEqual({ rows: [], total: 0 });
  });

  it('rejects bad paging naming the field, and unsigned calls', async () => {
    const bad = await call(TENANT_A, 'financingMsgList', { query: { pageSize: 1000 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 400, msg: '参数 每页条数（pageSize） 不能大于 100' });
    const zero = await call(TENANT_A, 'financingMsgList', { body: { pageNum: 0 } });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().msg).toContain('页码（pageNum）');

    // Out-of-range numbers and a NUL in a search text are the caller's mistake (400 naming the field), never a 500.
    for (const [options, field] of [
      [{ body: { pageNum: 100001 } }, '页码（pageNum）'],
      [{ query: { pageNum: 99999999999 } }, '页码（pageNum）'],
      [{ body: { deptId: 2147483648 } }, '地区编号（deptId）'],
      [{ body: { cid: 'DY\u00002024' } }, '登记编号（cid）'],
      [{ query: { address: '甲\u0000县' } }, '融资地区（address）'],
    ] as const) {
      const res = await call(TENANT_A, 'financingMsgList', options as Parameters<typeof call>[2]);
      expect(res.statusCode, JSON.stringify(options)).toBe(400);
      expect(res.json().msg).toContain(field);
    }

    const unsigned = await server.app.inject({ method: 'POST', url: '/prod-api/api/financingMsgList', headers: { deptId: String(TENANT_A) } });
    expect(unsigned.statusCode).toBe(403);
  });
});

describe('POST /api/financingDetail', () => {
  it('returns one record of the region with its place', async () => {
    const id = idsByCid.get('DY2024-0003')!;
    const res = await call(TENANT_A, 'financingDetail', { query: { id } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id,
      cid: 'DY2024-0003',
      address: '甲县甲镇',
      dyname: '张三',
      type: '土地经营权',
      amount: 12345.5,
      amountText: '12345.50',
      registertime: '2024-03-03 10:00:00',
      deptId: TENANT_A_TOWN,
      deptName: '甲镇',
    });
    expect((await call(TENANT_A, 'financingDetail', { body: { id } })).json().data.id).toBe(id);
  });

  it('answers 404 for another region’s record, exactly as for a missing one', async () => {
    const other = await call(TENANT_B, 'financingDetail', { query: { id: idsByCid.get('DY2024-0003')! } });
    const missing = await call(TENANT_B, 'financingDetail', { query: { id: 999999 } });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
    expect(other.json()).toEqual({ code: 404, msg: '融资信息不存在' });
    // A county inside the city cannot read the city's own record either.
    const cityRecord = idsByCid.get('DY2024-0001')!;
    expect((await call(TENANT_A_COUNTY, 'financingDetail', { query: { id: cityRecord } })).statusCode).toBe(404);
  });

  it('needs an id', async () => {
    const res = await call(TENANT_A, 'financingDetail');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg: '缺少必填参数：编号（id）' });
    const huge = await call(TENANT_A, 'financingDetail', { body: { id: 2147483648 } });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().msg).toContain('编号（id）');
  });
});
