import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../schemas/types/api.js';
import { TENANT_A, TENANT_A_COUNTY, startTestServerWithPlaces } from './fixtures.js';
import { REQUEST_LIMITS_RAISED } from './harness.js';
import { callAs } from './listings-helpers.js';
import { adminCall, consoleWorld, type ConsoleWorld } from './admin-helpers.js';
import { bearer, insertUser, multipart, sessionFor } from './users-helpers.js';

// A county's history comes in from spreadsheets: a template, a dry run naming every bad cell, then all rows or none.
let w: ConsoleWorld;
beforeAll(async () => {
  w = await consoleWorld('1372900000');
}, 120_000);
afterAll(() => w.server.close());

type Kind = 'projects' | 'deals' | 'articles';

const importFile = (kind: Kind, data: Buffer, options: { dryRun?: boolean; token?: string; filename?: string } = {}) => {
  const body = multipart([
    { name: 'kind', value: kind },
    { name: 'dryRun', value: options.dryRun ? 'true' : 'false' },
    { name: 'file', filename: options.filename ?? 'data.csv', data },
  ]);
  return w.server.app.inject({
    method: 'POST',
    url: `/prod-api${API_ROUTES.adminImport.url}`,
    headers: { ...w.server.signed(TENANT_A), ...bearer(options.token ?? w.staff), ...body.headers },
    payload: body.payload,
  });
};

const csv = (rows: string[][]) => Buffer.from(rows.map((r) => r.join(',')).join('\r\n'), 'utf8');
const count = async (table: 'project' | 'dealAnnouncement' | 'article' | 'auditLog') =>
  Number(
    (
      await w.server.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const PROJECT_HEADER = [
  '地点',
  '项目类别',
  '项目编号',
  '项目名称',
  '挂牌价格',
  '价格单位',
  '公示结束时间',
  '报名开始时间',
  '报名结束时间',
  '竞价开始时间',
  '竞价结束时间',
  '结果状态',
  '成交金额',
];
const PAST = ['2023-03-10', '2023-03-10', '2023-03-20 17:00', '2023-03-22 09:00', '2023-03-22 10:00'];

describe('import: template → fill → import, visible on the portal', () => {
  it('downloads the projects template, fills it in as an .xlsx and imports every row', async () => {
    const res = await adminCall(w.server, 'adminImportTemplate', w.staff, { kind: 'projects' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(headers).toContain('项目编号*');
    expect(book.getWorksheet('填写说明')!.getRow(2).getCell(1).value).toBe('地点');
    // The example row is in the downloader's own place; fill in a second row beside it.
    const example = (sheet.getRow(2).values as unknown[]).slice(1).map((v) => (v === undefined ? '' : String(v)));
    const at = (h: string) => headers.findIndex((x) => x.replace('*', '') === h);
    expect(example[at('地点')]).toBe('甲县');
    example[at('项目编号')] = 'RT-001';
    const second = [...example];
    second[at('项目编号')] = 'RT-002';
    second[at('项目名称')] = '后村鱼塘养殖权承包';
    second[at('项目类别')] = '003';
    second[at('结果状态')] = '流拍';
    second[at('成交金额')] = '';
    sheet.getRow(2).values = example;
    sheet.addRow(second);
    const filled = Buffer.from(await book.xlsx.writeBuffer());

    const dry = await importFile('projects', filled, { dryRun: true, filename: 'x.xlsx' });
    expect(dry.json()).toMatchObject({ code: 200, data: { dryRun: true, rows: 2, imported: 0, problems: [] } });
    const before = await count('project');
    const done = await importFile('projects', filled, { filename: 'x.xlsx' });
    expect(done.json()).toMatchObject({ code: 200, msg: '已导入 2 条项目', data: { imported: 2, problems: [] } });
    expect(await count('project')).toBe(before + 2);

    const rows = await w.server.db.selectFrom('project').selectAll().where('code', 'in', ['RT-001', 'RT-002']).orderBy('code').execute();
    expect(rows.map((r) => [r.deptId, r.status, r.number, r.dealAmount === null ? null : Number(r.dealAmount)])).toEqual([
      [TENANT_A_COUNTY, 7, '001', 880],
      [TENANT_A_COUNTY, 10, '003', null],
    ]);
    const detail = (await callAs(w.server, TENANT_A, 'projectDetail', { query: { id: rows[0].id } })).json();
    expect(detail.data).toMatchObject({ projectName: '前村120亩耕地经营权流转' });
    const log = (await adminCall(w.server, 'adminAuditList', w.staff, { entity: 'project', entityId: rows[1].id })).json().data;
    expect(log.rows[0]).toMatchObject({ entity: 'project', action: 'create' });
  });

  it('imports deal announcements (linked by 项目编号) and articles from CSV, shown on the portal', async () => {
    const deals = csv([
      ['地点', '项目编号', '项目名称', '成交金额', '价格单位', '成交时间'],
      ['甲县', 'RT-001', '前村120亩耕地经营权流转', '880', '元/亩/年', '2023-03-23 09:00'],
      ['甲镇', '', '老仓库租赁', '12000', '元/年', '2022/5/6'],
    ]);
    const done = await importFile('deals', deals);
    expect(done.json()).toMatchObject({ code: 200, data: { imported: 2 } });
    const linked = await w.server.db.selectFrom('dealAnnouncement').selectAll().where('projectName', '=', '前村120亩耕地经营权流转').executeTakeFirstOrThrow();
    expect(linked.projectId).not.toBeNull();
    expect(linked.remark).toBe('成交价：880元/亩/年');
    const dealList = (await callAs(w.server, TENANT_A, 'dealList', { query: { pageSize: 50 } })).json().data;
    expect(JSON.stringify(dealList)).toContain('老仓库租赁');
    // The same project announced twice: refused.
    const again = await importFile('deals', deals, { dryRun: true });
    expect(again.json().data.problems).toContainEqual({ row: 2, column: '项目编号', msg: '项目“RT-001”已有成交公告' });

    const articles = csv([
      ['地点', '栏目', '标题', '内容', '发布时间'],
      ['甲县', '新闻动态', '旧闻一则导入测试', '<p>正文<script>x</script></p>', '2021-06-01'],
    ]);
    expect((await importFile('articles', articles)).json()).toMatchObject({ code: 200, data: { imported: 1 } });
    const news = (await callAs(w.server, TENANT_A, 'newsList', { query: { number: '001017', pageSize: 100 } })).json().data.rows as Array<{ title: string }>;
    expect(news.map((n) => n.title)).toContain('旧闻一则导入测试');
    const stored = await w.server.db.selectFrom('article').select('content').where('title', '=', '旧闻一则导入测试').executeTakeFirstOrThrow();
    expect(stored.content).not.toContain('script');
  });

  it('reads a CSV saved by Chinese Excel (GB18030)', async () => {
    // 地点,栏目,标题,发布时间 / 甲县,政策法规,甲县政策,2020-01-02 in GB18030 (Node has a decoder but no encoder).
    const bytes = Buffer.from('B5D8B5E32CC0B8C4BF2CB1EACCE22CB7A2B2BCCAB1BCE40D0ABCD7CFD82CD5FEB2DFB7A8B9E62CBCD7CFD8D5FEB2DF2C323032302D30312D3032', 'hex');
    expect((await importFile('articles', bytes)).json()).toMatchObject({ code: 200, data: { rows: 1, imported: 1 } });
    const row = await w.server.db.selectFrom('article').select(['number', 'deptId']).where('title', '=', '甲县政策').executeTakeFirstOrThrow();
    expect(row).toEqual({ number: '002001', deptId: TENANT_A_COUNTY });
  });
});

describe('import: a bad file is described, never written', () => {
  const bad = csv([
    PROJECT_HEADER,
    ['甲县', '果园', 'BAD-1', '一号', '100', '', ...PAST, '竞价成交', '120'],
    ['火星', '001', 'BAD-1', '', 'abc', '元/斤', '2023-02-30', ...PAST.slice(1), '', ''],
    ['甲县', '001', 'RT-001', '三号', '-5', '', ...PAST, '流拍', '99'],
    ['甲县', '001', 'BAD-4', '四号', '100', '', PAST[2], PAST[1], PAST[0], PAST[3], PAST[4], '竞价成交', ''],
  ]);

  it('the dry run lists each problem by row and column in Chinese and writes nothing', async () => {
    const before = await Promise.all([count('project'), count('auditLog')]);
    const res = await importFile('projects', bad, { dryRun: true });
    expect(res.statusCode).toBe(200);
    const problems = res.json().data.problems as Array<{ row: number; column: string; msg: string }>;
    expect(problems).toEqual(
      expect.arrayContaining([
        { row: 2, column: '项目类别', msg: '未知的项目类别：果园' },
        { row: 3, column: '地点', msg: '未知的地点：火星' },
        { row: 3, column: '项目编号', msg: '项目编号“BAD-1”与第2行重复' },
        { row: 3, column: '项目名称', msg: '不能为空' },
        { row: 3, column: '挂牌价格', msg: '不是有效的数字：abc' },
        { row: 3, column: '价格单位', msg: '未知的价格单位：元/斤' },
        { row: 3, column: '公示结束时间', msg: expect.stringContaining('不是有效的日期：2023-02-30') },
        { row: 4, column: '挂牌价格', msg: expect.stringContaining('应在 0 到') },
        { row: 4, column: '成交金额', msg: '只有成交的项目才能填写成交金额' },
        { row: 5, column: '竞价结束时间', msg: expect.stringContaining('时间顺序不对') },
      ]),
    );
    expect(problems.map((p) => p.row)).toEqual([...problems.map((p) => p.row)].sort((a, b) => a - b));
    expect(await Promise.all([count('project'), count('auditLog')])).toEqual(before);
  });

  it('the real import of that file answers 400 and writes nothing, good rows included', async () => {
    const withGood = Buffer.concat([bad, Buffer.from(`\r\n${['甲县', '001', 'GOOD-9', '好行', '100', '', ...PAST, '流拍', ''].join(',')}`)]);
    const before = await Promise.all([count('project'), count('auditLog')]);
    const res = await importFile('projects', withGood);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^文件有 \d+ 处错误，未导入任何记录（第2行「项目类别」/);
    expect(await Promise.all([count('project'), count('auditLog')])).toEqual(before);
    expect(await w.server.db.selectFrom('project').select('id').where('code', '=', 'GOOD-9').execute()).toEqual([]);
  });

  it('a 项目编号 already in the database is named', async () => {
    const res = await importFile('projects', csv([PROJECT_HEADER, ['甲县', '001', 'RT-002', '重复', '1', '', ...PAST, '流拍', '']]), { dryRun: true });
    expect(res.json().data.problems).toEqual([{ row: 2, column: '项目编号', msg: '项目编号“RT-002”在系统中已存在' }]);
  });

  it('a missing required column, an unknown column and a file that is not a spreadsheet are refused', async () => {
    const res = await importFile(
      'projects',
      csv([
        ['地点', '项目名称', '备注'],
        ['甲县', '一', '二'],
      ]),
      { dryRun: true },
    );
    const problems = res.json().data.problems as Array<{ row: number; column: string; msg: string }>;
    expect(problems).toContainEqual({ row: 1, column: '备注', msg: '未知的列：备注（请使用导入模板的表头）' });
    expect(problems).toContainEqual({ row: 1, column: '项目编号', msg: '缺少必填列：项目编号' });
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    expect((await importFile('projects', zip, { filename: 'x.xlsx' })).json()).toMatchObject({
      code: 400,
      msg: expect.stringContaining('无法读取该 Excel 文件'),
    });
    expect((await importFile('nothing' as Kind, zip)).statusCode).toBe(400);
  });
});

describe('import: only into the staff member’s places', () => {
  const otherCounty = csv([
    ['地点', '栏目', '标题', '发布时间'],
    ['甲县', '新闻动态', '本县文章', '2021-06-01'],
    ['丙县', '新闻动态', '他县文章', '2021-06-01'],
  ]);

  it('a row in another county is a problem on the dry run and a 403 on the import; nothing is written', async () => {
    const dry = await importFile('articles', otherCounty, { dryRun: true });
    expect(dry.json().data.problems).toEqual([{ row: 3, column: '地点', msg: '地点“丙县”不在您的管理范围内，不能导入' }]);
    const before = await count('article');
    const res = await importFile('articles', otherCounty);
    expect(res.statusCode).toBe(403);
    expect(await count('article')).toBe(before);
    // The other county's own staff may import their row.
    const theirs = csv([
      ['地点', '栏目', '标题', '发布时间'],
      ['丙县', '新闻动态', '他县文章', '2021-06-01'],
    ]);
    expect((await importFile('articles', theirs, { token: w.otherStaff })).json()).toMatchObject({ code: 200, data: { imported: 1 } });
  });

  it('a signed-in user who is not staff cannot import', async () => {
    expect((await importFile('articles', otherCounty, { token: w.user })).statusCode).toBe(403);
  });
});

describe('import: the upload is bounded', () => {
  it('a file over IMPORT_MAX_BYTES answers 413, and imports past the per-account limit 429', async () => {
    const server = await startTestServerWithPlaces({
      importMaxBytes: 2000,
      rateLimits: { ...REQUEST_LIMITS_RAISED, importPerUser: { max: 2, windowSeconds: 600 } },
    });
    try {
      const token = await sessionFor(server, await insertUser(server.db, { phone: '13729000099', role: 'staff', deptId: TENANT_A_COUNTY }));
      const send = (data: Buffer) => {
        const body = multipart([
          { name: 'kind', value: 'articles' },
          { name: 'dryRun', value: 'true' },
          { name: 'file', filename: 'a.csv', data },
        ]);
        return server.app.inject({
          method: 'POST',
          url: `/prod-api${API_ROUTES.adminImport.url}`,
          headers: { ...server.signed(TENANT_A), ...bearer(token), ...body.headers },
          payload: body.payload,
        });
      };
      const big = await send(Buffer.alloc(5000, 'a'));
      expect(big.json()).toEqual({ code: 413, msg: '导入文件不能超过 2 KB，请拆分后分批导入' });
      expect((await send(csv([['地点', '栏目', '标题', '发布时间']]))).statusCode).toBe(200);
      expect((await send(csv([['地点', '栏目', '标题', '发布时间']]))).statusCode).toBe(429);
    } finally {
      await server.close();
    }
  });
});
