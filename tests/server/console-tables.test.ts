import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_A_COUNTY, TENANT_A_TOWN } from './fixtures.js';
import { insertProject } from './auction-helpers.js';
import { insertUser } from './users-helpers.js';
import { adminCall, consoleWorld, type ConsoleWorld } from './admin-helpers.js';

// The console's tables: sorting by a whitelisted column, the filters, the export of the current filter as an .xlsx,
// batch actions applied and audited row by row, and one audit entry per answer that shows full phone numbers.
let w: ConsoleWorld;
let projectA: number;
let projectB: number;
const bidders: number[] = [];
const articles: number[] = [];

const cst = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`);

beforeAll(async () => {
  w = await consoleWorld('1371900400');
  projectA = await insertProject(w.server.db, { deptId: TENANT_A_TOWN, status: 4, name: '甲镇鱼塘承包经营权', price: 12345.6 });
  projectB = await insertProject(w.server.db, { deptId: TENANT_A_TOWN, status: 4, name: '甲镇果园经营权' });
  for (const [i, name] of ['张三', '李四', '王五'].entries()) {
    const id = await insertUser(w.server.db, { phone: `1390000100${i}`, role: 'user', deptId: TENANT_A_TOWN, name });
    bidders.push(id);
    await w.server.db.insertInto('registration').values({ projectId: projectA, userId: id, state: 2 }).execute();
  }
  await w.server.db.insertInto('registration').values({ projectId: projectB, userId: bidders[0], state: 2 }).execute();
  for (const [title, number, time] of [
    ['乙 春耕政策', '001017', '2026-03-01 09:00:00'],
    ['甲 秋收公告', '008001', '2026-03-15 10:00:00'],
    ['丙 冬储指南', '001017', '2026-04-02 08:00:00'],
  ] as const) {
    const saved = (await adminCall(w.server, 'adminArticleSave', w.staff, { deptId: TENANT_A_TOWN, number, title, content: '<p>正文</p>' })).json().data;
    await w.server.db
      .updateTable('article')
      .set({ logintime: cst(time) })
      .where('id', '=', saved.id)
      .execute();
    articles.push(saved.id);
  }
}, 120_000);
afterAll(() => w.server.close());

const auditRows = async (action: string) =>
  (await w.server.db.selectFrom('auditLog').selectAll().where('action', '=', action).orderBy('id').execute()) as Array<{
    entity: string;
    actorId: number;
    after: Record<string, unknown> | null;
  }>;

describe('sorting: a whitelisted column, else 400 in Chinese', () => {
  it('orders articles by title both ways', async () => {
    const titles = async (order: string) =>
      ((await adminCall(w.server, 'adminArticleList', w.staff, { orderBy: 'title', order })).json().data.rows as Array<{ title: string }>).map((r) => r.title);
    expect(await titles('asc')).toEqual([...(await titles('desc'))].reverse());
    expect(new Set(await titles('asc'))).toEqual(new Set(['乙 春耕政策', '甲 秋收公告', '丙 冬储指南']));
  });

  it('refuses a column the list does not offer, and SQL in its place', async () => {
    for (const orderBy of ['passwordHash', 'title; drop table article', 'a.title']) {
      const res = await adminCall(w.server, 'adminArticleList', w.staff, { orderBy });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(/排序字段.*应为：title、/);
    }
    const res = await adminCall(w.server, 'auctionRegistrations', w.staff, { orderBy: 'phone' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('sorts registrations by bidder name', async () => {
    const res = await adminCall(w.server, 'auctionRegistrations', w.staff, { projectId: projectA, orderBy: 'name', order: 'asc' });
    const names = (res.json().data.rows as Array<{ name: string }>).map((r) => r.name);
    expect(names).toEqual([...names].sort());
    expect(names).toHaveLength(3);
  });
});

describe('filters', () => {
  it('narrows articles by 栏目 and by a date range (a date alone at the end takes its whole day)', async () => {
    const list = async (body: Record<string, unknown>) =>
      ((await adminCall(w.server, 'adminArticleList', w.staff, body)).json().data.rows as Array<{ title: string }>).map((r) => r.title).sort();
    expect(await list({ number: '001017' })).toEqual(['丙 冬储指南', '乙 春耕政策']);
    expect(await list({ from: '2026-03-01', to: '2026-03-15' })).toEqual(['乙 春耕政策', '甲 秋收公告']);
    expect(await list({ number: '001017', from: '2026-03-02' })).toEqual(['丙 冬储指南']);
    const bad = await adminCall(w.server, 'adminArticleList', w.staff, { from: '2026-02-30' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('开始日期');
  });

  it('narrows registrations by part of the project name', async () => {
    const res = await adminCall(w.server, 'auctionRegistrations', w.staff, { projectName: '果园' });
    expect(res.json().data.rows.map((r: { projectId: number }) => r.projectId)).toEqual([projectB]);
  });
});

describe('full phone numbers: one audit entry per list answer', () => {
  it('records who saw which registrations, once per call, not per row', async () => {
    const before = (await auditRows('viewPhones')).length;
    const res = await adminCall(w.server, 'auctionRegistrations', w.staff, { projectId: projectA });
    expect(res.json().data.rows[0].phone).toMatch(/^1390000100\d$/);
    const entries = await auditRows('viewPhones');
    expect(entries).toHaveLength(before + 1);
    const entry = entries.at(-1)!;
    expect(entry).toMatchObject({ entity: 'registration', actorId: w.ids.staff, after: { list: 'auctionRegistrations', listName: '报名审核', count: 3 } });
    expect(entry.after!.records).toEqual(expect.arrayContaining(bidders.map((userId) => ({ projectId: projectA, userId }))));
  });

  it('records the intents and requests shown, and nothing for an empty answer', async () => {
    const intent = await w.server.db
      .insertInto('intent')
      .values({ deptId: TENANT_A_TOWN, type: 1, projectname: '甲镇鱼塘', state: 0, phone: '13900002222', contact: '赵六' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = (await auditRows('viewPhones')).length;
    await adminCall(w.server, 'intentReviewList', w.staff, { state: 0 });
    await adminCall(w.server, 'adminRequestList', w.staff, { kind: 'complaint' });
    const entries = await auditRows('viewPhones');
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)).toMatchObject({ entity: 'intent', after: { list: 'intentReviewList', records: [intent.id] } });
  });

  it('shows the entry in the audit log with the actor’s name and the list as its record', async () => {
    const log = (await adminCall(w.server, 'adminAuditList', w.staff, {})).json().data.rows as Array<Record<string, unknown>>;
    const view = log.find((r) => r.action === 'viewPhones')!;
    expect(view).toMatchObject({ actorName: '测试staff1', title: expect.stringMatching(/^(报名审核|意向审核)（\d+ 条）$/) });
    const created = log.find((r) => r.action === 'create' && r.entity === 'article')!;
    expect(['乙 春耕政策', '甲 秋收公告', '丙 冬储指南']).toContain(created.title);
  });

  it('narrows the audit log by a date range', async () => {
    const total = async (body: Record<string, unknown>) => (await adminCall(w.server, 'adminAuditList', w.staff, body)).json().data.total as number;
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect(await total({ from: today, to: today })).toBeGreaterThan(0);
    expect(await total({ to: '2020-01-01' })).toBe(0);
  });
});

describe('export: the current filter as an .xlsx', () => {
  const exportOf = (body: Record<string, unknown>, token = w.staff) => adminCall(w.server, 'adminExport', token, body);
  const open = async (payload: Buffer) => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(payload as unknown as ArrayBuffer);
    return book.worksheets[0];
  };

  it('holds every filtered registration with the Chinese headings and the choices’ words, and audits once with the records', async () => {
    const viewsBefore = (await auditRows('viewPhones')).length;
    const res = await exportOf({
      call: 'auctionRegistrations',
      body: { projectName: '鱼塘', state: 2, orderBy: 'name', order: 'asc', pageNum: 1, pageSize: 1 },
      columns: [{ field: 'projectName' }, { field: 'name' }, { field: 'phone' }, { field: 'state' }, { field: 'createdAt' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toMatch(/filename\*=UTF-8''报名审核_\d{4}-\d{2}-\d{2}\.xlsx/);
    const sheet = await open(res.rawPayload);
    expect(sheet.getRow(1).values).toEqual([undefined, '项目名称', '报名人', '手机号', '报名状态', '报名时间']);
    expect(sheet.rowCount).toBe(4);
    const names = [2, 3, 4].map((n) => sheet.getRow(n).getCell(2).value);
    expect(names).toEqual([...names].sort());
    expect(sheet.getRow(2).getCell(1).value).toBe('甲镇鱼塘承包经营权');
    expect(sheet.getRow(2).getCell(3).value).toMatch(/^1390000100\d$/);
    expect(sheet.getRow(2).getCell(4).value).toBe('待审核');
    expect(sheet.getRow(2).getCell(5).value).toBeInstanceOf(Date);
    const exports = await auditRows('export');
    expect(exports.at(-1)).toMatchObject({ entity: 'registration', after: { list: 'auctionRegistrations', count: 3, phones: true, capped: false } });
    expect((exports.at(-1)!.after!.records as unknown[]).length).toBe(3);
    expect(await auditRows('viewPhones')).toHaveLength(viewsBefore);
  });

  it('writes amounts as numbers in yuan', async () => {
    const res = await exportOf({ call: 'adminProjectList', body: { keyword: '鱼塘' }, columns: [{ field: 'projectName' }, { field: 'price', money: true }] });
    const sheet = await open(res.rawPayload);
    expect(sheet.getRow(1).values).toEqual([undefined, '项目名称', '挂牌价']);
    const price = sheet.getRow(2).getCell(2);
    expect(price.value).toBe(12345.6);
    expect(price.numFmt).toContain('¥');
  });

  it('refuses an unknown column, a bad filter, a list it does not offer and an administrator’s list to staff', async () => {
    const col = await exportOf({ call: 'adminArticleList', columns: [{ field: 'passwordHash' }] });
    expect(col.statusCode).toBe(400);
    expect(col.json().msg).toContain('passwordHash');
    const filter = await exportOf({ call: 'adminArticleList', body: { orderBy: 'passwordHash' }, columns: [{ field: 'title' }] });
    expect(filter.statusCode).toBe(400);
    expect(filter.json().msg).toMatch(/排序字段/);
    const call = await exportOf({ call: 'adminStaffSave', columns: [{ field: 'name' }] });
    expect(call.statusCode).toBe(400);
    const staffList = await exportOf({ call: 'adminStaffList', columns: [{ field: 'name' }] });
    expect(staffList.statusCode).toBe(403);
    expect((await exportOf({ call: 'adminStaffList', columns: [{ field: 'name' }] }, w.admin)).statusCode).toBe(200);
  });
});

describe('batch actions: each row applied and audited, failures named', () => {
  it('publishes the drafts and names the one already published', async () => {
    await adminCall(w.server, 'adminArticlePublish', w.staff, { id: articles[0] });
    const res = await adminCall(w.server, 'adminBatch', w.staff, { call: 'adminArticlePublish', rows: articles.map((id) => ({ id })) });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.succeeded).toBe(2);
    expect(data.failed).toEqual([{ index: 0, msg: expect.stringMatching(/[\u4e00-\u9fa5]/) }]);
    expect(res.json().msg).toBe('成功 2 条，失败 1 条');
    const published = await w.server.db.selectFrom('auditLog').select('entityId').where('action', '=', 'publish').where('entity', '=', 'article').execute();
    expect(published.map((r) => r.entityId).sort()).toEqual([...articles].sort());
  });

  it('refuses registrations with the reason typed once, each audited; a row out of scope fails alone', async () => {
    const outside = await insertProject(w.server.db, { deptId: TENANT_A_COUNTY + 10, status: 4 }).catch(() => 0);
    const rows = [
      ...bidders.map((userId) => ({ projectId: projectA, userId, approve: false, reason: '材料不全' })),
      { projectId: outside || 2147483647, userId: bidders[0], approve: false, reason: '材料不全' },
    ];
    const res = await adminCall(w.server, 'adminBatch', w.staff, { call: 'auctionReview', rows });
    const data = res.json().data;
    expect(data.succeeded).toBe(3);
    expect(data.failed).toHaveLength(1);
    expect(data.failed[0]).toMatchObject({ index: 3 });
    const rejected = await w.server.db.selectFrom('auditLog').select('entityId').where('action', '=', 'reject').where('entity', '=', 'registration').execute();
    expect(rejected).toHaveLength(3);
    const again = (await adminCall(w.server, 'adminBatch', w.staff, { call: 'auctionReview', rows: rows.slice(0, 1) })).json().data;
    expect(again).toMatchObject({ succeeded: 0, failed: [{ index: 0 }] });
  });

  it('checks each row against the action’s schema and refuses an action it does not offer', async () => {
    const res = await adminCall(w.server, 'adminBatch', w.staff, { call: 'intentReview', rows: [{ id: 'x', approve: true }, { approve: true }] });
    const data = res.json().data;
    expect(data.succeeded).toBe(0);
    expect(data.failed.map((f: { msg: string }) => f.msg).join()).toMatch(/编号/);
    const refused = await adminCall(w.server, 'adminBatch', w.staff, { call: 'adminStaffSave', rows: [{}] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toMatch(/[\u4e00-\u9fa5]/);
  });
});

describe('detail views', () => {
  it('gives a project’s bid log, newest first, and its leader by bidder code; another county’s project is 404', async () => {
    const empty = (await adminCall(w.server, 'adminAuctionBids', w.staff, { projectId: projectB })).json().data;
    expect(empty).toEqual({ leader: null, rows: [], total: 0 });
    const base = Date.now() - 60_000;
    for (const [i, amount] of [12400, 12900, 12600].entries())
      await w.server.db
        .insertInto('bid')
        .values({ projectId: projectB, userId: bidders[i], amount: String(amount), bidderCode: `B00${i + 1}`, createdAt: new Date(base + i * 1000) })
        .execute();
    const log = (await adminCall(w.server, 'adminAuctionBids', w.staff, { projectId: projectB })).json().data;
    expect(log.total).toBe(3);
    expect(log.rows.map((r: { bidderCode: string }) => r.bidderCode)).toEqual(['B003', 'B002', 'B001']);
    expect(log.leader).toMatchObject({ bidderCode: 'B002', amount: 12900, createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) });
    expect((await adminCall(w.server, 'adminAuctionBids', w.otherStaff, { projectId: projectB })).statusCode).toBe(404);
  });

  it('lists an intent’s photos for its reviewers', async () => {
    await w.server.db
      .insertInto('intent')
      .values({ deptId: TENANT_A_TOWN, type: 2, projectname: '带照片的意向', state: 0, attachments: JSON.stringify(['/image-api/uploads/a.png']) as never })
      .execute();
    const rows = (await adminCall(w.server, 'intentReviewList', w.staff, { state: 0 })).json().data.rows as Array<{
      projectname: string;
      attachments: string[];
    }>;
    expect(rows.find((r) => r.projectname === '带照片的意向')?.attachments).toEqual(['/image-api/uploads/a.png']);
  });
});
