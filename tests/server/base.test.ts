import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A, TENANT_B, TENANT_B_TOWN } from './fixtures.js';
import { bearer, insertUser, sessionFor } from './users-helpers.js';

let server: TestServer;
let alice = 0;
let bob = 0;
let aliceToken = '';
let bobToken = '';
beforeAll(async () => {
  server = await startTestServerWithPlaces();
  alice = await insertUser(server.db, { phone: '13100000001', deptId: TENANT_A });
  bob = await insertUser(server.db, { phone: '13100000002', deptId: TENANT_B_TOWN });
  aliceToken = await sessionFor(server, alice);
  bobToken = await sessionFor(server, bob);
});
afterAll(() => server.close());

const post = (url: string, token?: string, body?: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url: `/prod-api${url}`, headers: { ...(token ? bearer(token) : {}), ...headers }, payload: body as object });

describe('POST /base/feedback', () => {
  it('needs a login', async () => {
    const res = await post('/base/feedback', undefined, { content: '你好' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 401, msg: '请先登录' });
  });

  it('stores the feedback with the user and the deptId header’s place, trimmed', async () => {
    const res = await post(
      '/base/feedback',
      aliceToken,
      { type: '投诉', title: ' 标题 ', content: ' 内容 ', contact: '13100000001' },
      { deptId: String(TENANT_A) },
    );
    expect(res.statusCode).toBe(200);
    const { id } = res.json().data;
    expect(res.json().msg).toBe('提交成功');
    const row = await server.db.selectFrom('feedback').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ userId: alice, deptId: TENANT_A, type: '投诉', title: '标题', content: '内容', contact: '13100000001', reply: null });
  });

  it('defaults the type and the place (the user’s own) when not sent', async () => {
    const res = await post('/base/feedback', bobToken, { content: '建议增加夜间服务' });
    const row = await server.db.selectFrom('feedback').selectAll().where('id', '=', res.json().data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ userId: bob, deptId: TENANT_B_TOWN, type: '咨询', title: '' });
  });

  it('refuses a missing, blank or too long content, naming the field', async () => {
    expect((await post('/base/feedback', aliceToken, { title: 'x' })).json()).toEqual({ code: 400, msg: '缺少必填参数：反馈内容（content）' });
    expect((await post('/base/feedback', aliceToken, { content: '   ' })).json()).toEqual({ code: 400, msg: '请填写反馈内容' });
    const long = await post('/base/feedback', aliceToken, { content: '长'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toBe('参数 反馈内容（content） 长度不能超过 2000 个字符');
    expect((await post('/base/feedback', aliceToken, { content: '长'.repeat(2000) })).statusCode).toBe(200);
  });
});

describe('POST /base/advise/msgList', () => {
  beforeAll(async () => {
    const base = new Date('2024-03-01T02:00:00Z').getTime();
    await server.db
      .insertInto('feedback')
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          userId: alice,
          deptId: TENANT_A,
          content: `历史反馈${i + 1}`,
          createTime: new Date(base + i * 3600_000),
          reply: i === 11 ? '已处理，谢谢' : null,
          replyTime: i === 11 ? new Date(base + 12 * 3600_000) : null,
        })),
      )
      .execute();
  });

  it('lists only the caller’s feedback, newest first, with replies and totals', async () => {
    const res = await post('/base/advise/msgList?pageNum=1&pageSize=5', aliceToken);
    expect(res.statusCode).toBe(200);
    const { rows, total } = res.json().data;
    // 12 inserted here + 2 submitted by alice above (bob's is his).
    expect(total).toBe(14);
    expect(rows).toHaveLength(5);
    const dated = rows.filter((r: { content: string }) => r.content.startsWith('历史反馈'));
    expect(dated[0]).toEqual({
      id: expect.any(Number),
      type: '咨询',
      title: '',
      content: '历史反馈12',
      contact: '',
      reply: '已处理，谢谢',
      replyTime: '2024-03-01 22:00:00',
      createTime: '2024-03-01 21:00:00',
    });
    const page3 = (await post('/base/advise/msgList', aliceToken, { pageNum: 3, pageSize: 5 })).json().data.rows;
    expect(page3.map((r: { content: string }) => r.content)).toEqual(['历史反馈4', '历史反馈3', '历史反馈2', '历史反馈1']);
    expect(page3[0].reply).toBeNull();
  });

  it('never shows one user another’s feedback', async () => {
    const { rows, total } = (await post('/base/advise/msgList', bobToken)).json().data;
    expect(total).toBe(1);
    expect(rows.map((r: { content: string }) => r.content)).toEqual(['建议增加夜间服务']);
  });

  it('needs a login', async () => {
    expect((await post('/base/advise/msgList')).statusCode).toBe(401);
  });
});

describe('messages', () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    const at = (h: number) => new Date(Date.UTC(2024, 4, 1, h));
    const rows = await server.db
      .insertInto('message')
      .values([
        { userId: alice, refId: 'P1', title: '报名审核通过', content: '您报名的项目已审核通过', createTime: at(1) },
        { userId: alice, refId: 'P1', title: '竞价即将开始', content: '', createTime: at(2), readAt: at(3) },
        { userId: alice, refId: 'P2', title: '项目已成交', createTime: at(4) },
        { userId: alice, refId: '', title: '系统通知', createTime: at(5) },
        { userId: bob, refId: 'P1', title: '乙的消息', createTime: at(6) },
      ])
      .returning(['id', 'title'])
      .execute();
    for (const r of rows) ids[r.title] = r.id;
  });
  const list = (token: string, query = '') => post(`/base/message/listByRefId${query}`, token);

  it('lists the caller’s messages newest first with read flags and the unread count', async () => {
    const res = await list(aliceToken);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.total).toBe(4);
    expect(data.unread).toBe(3);
    expect(data.rows.map((r: { title: string }) => r.title)).toEqual(['系统通知', '项目已成交', '竞价即将开始', '报名审核通过']);
    expect(data.rows[2]).toEqual({ id: ids['竞价即将开始'], refId: 'P1', title: '竞价即将开始', content: '', read: true, createTime: '2024-05-01 10:00:00' });
    expect(data.rows[3].read).toBe(false);
  });

  it('narrows by refId and pages', async () => {
    const data = (await list(aliceToken, '?refId=P1&pageSize=1&pageNum=2')).json().data;
    expect(data.total).toBe(2);
    expect(data.unread).toBe(1);
    expect(data.rows.map((r: { title: string }) => r.title)).toEqual(['报名审核通过']);
  });

  it('never shows another user’s messages', async () => {
    const data = (await list(bobToken)).json().data;
    expect(data.rows.map((r: { title: string }) => r.title)).toEqual(['乙的消息']);
    expect(data.total).toBe(1);
  });

  it('marks a message read, once, and only the caller’s own', async () => {
    const id = ids['报名审核通过'];
    const res = await post('/base/message/read', aliceToken, { id });
    expect(res.json()).toEqual({ code: 200, msg: '操作成功', data: { id, read: true } });
    expect((await list(aliceToken)).json().data.unread).toBe(2);
    const first = await server.db.selectFrom('message').select('readAt').where('id', '=', id).executeTakeFirstOrThrow();
    await post(`/base/message/read?id=${id}`, aliceToken);
    const second = await server.db.selectFrom('message').select('readAt').where('id', '=', id).executeTakeFirstOrThrow();
    expect(second.readAt).toEqual(first.readAt);

    const foreign = await post('/base/message/read', bobToken, { id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ code: 404, msg: '消息不存在' });
    expect((await post('/base/message/read', aliceToken, {})).json()).toEqual({ code: 400, msg: '缺少必填参数：消息编号（id）' });
  });

  it('needs a login', async () => {
    expect((await post('/base/message/listByRefId')).statusCode).toBe(401);
    expect((await post('/base/message/read', undefined, { id: 1 })).statusCode).toBe(401);
  });

  it('is not widened by a deptId header of another region', async () => {
    const data = (await post('/base/message/listByRefId', aliceToken, undefined, { deptId: String(TENANT_B) })).json().data;
    expect(data.total).toBe(4);
  });
});
