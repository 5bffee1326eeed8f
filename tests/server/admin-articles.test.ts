import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_A, TENANT_A_COUNTY, TENANT_A_OTHER_COUNTY, TENANT_A_TOWN } from './fixtures.js';
import { callAs } from './listings-helpers.js';
import { adminCall, consoleWorld, type ConsoleWorld } from './admin-helpers.js';

// Staff write articles as drafts and publish or withdraw them; the portal shows published ones only, and
// every write leaves an audit row.
let w: ConsoleWorld;
beforeAll(async () => {
  w = await consoleWorld('1371900000');
  await w.server.db
    .insertInto('upload')
    .values({ userId: w.ids.staff, name: 'cover.png', storedPath: 'x/cover.png', url: '/image-api/uploads/cover.png', mime: 'image/png', size: 10 })
    .execute();
}, 120_000);
afterAll(() => w.server.close());

const draft = {
  deptId: TENANT_A_TOWN,
  number: '001017',
  title: '春耕土地流转政策解读',
  content: '<p>正文<img src="x" onerror="alert(1)"></p>',
  keyword: '春耕',
};
const save = (body: Record<string, unknown>, token = w.staff) => adminCall(w.server, 'adminArticleSave', token, body);
const publicIds = async (): Promise<number[]> => {
  const list = (await callAs(w.server, TENANT_A, 'newsList', { query: { number: '001017', pageSize: 100 } })).json().data.rows as Array<{ id: number }>;
  return list.map((r) => r.id);
};
const searchHits = async (keyword: string): Promise<number> =>
  (await callAs(w.server, TENANT_A, 'siteSearch', { query: { keyword, kind: 'article' } })).json().data.counts.article;

describe('articles: draft → published → withdrawn, shown publicly only when published', () => {
  it('creates a draft (content sanitised), hidden from the public list, detail and search until published', async () => {
    const res = await save(draft);
    expect(res.statusCode).toBe(200);
    const a = res.json().data;
    expect(a).toMatchObject({ status: 'draft', deptId: TENANT_A_TOWN, deptName: '甲镇', categoryName: expect.any(String), title: draft.title });
    expect(a.content).not.toMatch(/onerror|alert/);
    expect(a.content).toContain('<p>正文');
    expect(await publicIds()).not.toContain(a.id);
    expect((await callAs(w.server, TENANT_A, 'newsDetail', { query: { id: a.id } })).statusCode).toBe(404);
    expect(await searchHits('春耕土地流转政策解读')).toBe(0);

    const pub = await adminCall(w.server, 'adminArticlePublish', w.staff, { id: a.id });
    expect(pub.json()).toMatchObject({ code: 200, msg: '文章已发布', data: { status: 'published' } });
    expect(await publicIds()).toContain(a.id);
    expect((await callAs(w.server, TENANT_A, 'newsDetail', { query: { id: a.id } })).statusCode).toBe(200);
    expect(await searchHits('春耕土地流转政策解读')).toBe(1);
    expect((await adminCall(w.server, 'adminArticlePublish', w.staff, { id: a.id })).statusCode).toBe(409);

    const wd = await adminCall(w.server, 'adminArticleWithdraw', w.staff, { id: a.id });
    expect(wd.json().data.status).toBe('withdrawn');
    expect(await publicIds()).not.toContain(a.id);
    expect((await callAs(w.server, TENANT_A, 'newsDetail', { query: { id: a.id } })).statusCode).toBe(404);
    expect(await searchHits('春耕土地流转政策解读')).toBe(0);
    expect((await adminCall(w.server, 'adminArticleWithdraw', w.staff, { id: a.id })).statusCode).toBe(409);

    // Every write is in the audit log, newest first, with before and after.
    const log = (await adminCall(w.server, 'adminAuditList', w.staff, { entity: 'article', entityId: a.id })).json().data;
    expect(log.rows.map((r: { action: string }) => r.action)).toEqual(['withdraw', 'publish', 'create']);
    expect(log.rows[0]).toMatchObject({
      actorPhone: '137****0001',
      actorRole: 'staff',
      deptId: TENANT_A_TOWN,
      before: { status: 'published' },
      after: { status: 'withdrawn' },
    });
    expect(log.rows[2].before).toBeNull();
  });

  it('lists by status, category and keyword; updates keep the id and are audited', async () => {
    const a = (await save({ ...draft, title: '林权流转须知' })).json().data;
    const upd = await save({ ...draft, id: a.id, title: '林权流转须知（修订）', coverImg: '/image-api/uploads/cover.png' });
    expect(upd.json().data).toMatchObject({ id: a.id, title: '林权流转须知（修订）', coverImg: '/image-api/uploads/cover.png', status: 'draft' });
    const list = (await adminCall(w.server, 'adminArticleList', w.staff, { status: 'draft', keyword: '林权', number: '001017' })).json().data;
    expect(list.rows.map((r: { id: number }) => r.id)).toEqual([a.id]);
    const log = (await adminCall(w.server, 'adminAuditList', w.admin, { entity: 'article', entityId: a.id, actor: '13719000001' })).json().data;
    expect(log.rows[0]).toMatchObject({ action: 'update', before: { title: '林权流转须知' }, after: { title: '林权流转须知（修订）' } });
  });

  it('refuses a cover that is not an own upload, an unknown category and a place outside scope', async () => {
    for (const coverImg of ['https://evil.example/x.png', 'javascript:alert(1)', '/image-api/uploads/not-uploaded.png']) {
      const res = await save({ ...draft, coverImg });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('封面图片须为本平台上传的文件');
    }
    expect((await save({ ...draft, number: '999' })).json()).toMatchObject({ code: 400, msg: '栏目不存在：999' });
    const other = await save({ ...draft, deptId: TENANT_A_OTHER_COUNTY });
    expect(other.json()).toMatchObject({ code: 403, msg: '无权操作该地点的数据' });
  });

  it('hides one county’s articles from another county’s staff (404), while the admin sees them', async () => {
    const a = (await save(draft)).json().data;
    const r = await adminCall(w.server, 'adminArticleGet', w.otherStaff, { id: a.id });
    expect(r.json()).toEqual({ code: 404, msg: '文章不存在' });
    expect((await adminCall(w.server, 'adminArticlePublish', w.otherStaff, { id: a.id })).statusCode).toBe(404);
    expect((await adminCall(w.server, 'adminArticleGet', w.admin, { id: a.id })).json().data.id).toBe(a.id);
    const theirs = (await adminCall(w.server, 'adminArticleList', w.otherStaff, { pageSize: 100 })).json().data.rows as Array<{ deptId: number }>;
    expect(theirs.every((r) => r.deptId !== TENANT_A_COUNTY && r.deptId !== TENANT_A_TOWN)).toBe(true);
    expect((await adminCall(w.server, 'adminAuditList', w.otherStaff, { entity: 'article', entityId: a.id })).json().data.total).toBe(0);
    expect((await adminCall(w.server, 'adminArticleList', w.user, {})).statusCode).toBe(403);
  });
});

describe("the audit log's time range", () => {
  it('reads China Standard Time and refuses a date that does not exist with a 400 naming the field (it was a 500)', async () => {
    const a = (await save({ ...draft, title: '时间范围检查' })).json().data;
    const within = await adminCall(w.server, 'adminAuditList', w.staff, { entity: 'article', entityId: a.id, from: '2000-01-01', to: '2999-12-31 23:59:59' });
    expect(within.json().data.total).toBe(1);
    const after = await adminCall(w.server, 'adminAuditList', w.staff, { entity: 'article', entityId: a.id, from: '2999-01-01' });
    expect(after.json().data.total).toBe(0);
    for (const [field, value, label] of [
      ['from', '9387-38-61 85:51:99', '开始时间'],
      ['to', '2026-02-30', '结束时间'],
    ]) {
      const res = await adminCall(w.server, 'adminAuditList', w.staff, { [field]: value });
      expect(res.statusCode, value).toBe(400);
      expect(res.json().msg).toBe(`${label}格式不正确`);
    }
  });
});
