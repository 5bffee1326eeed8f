import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_A_OTHER_COUNTY, TENANT_A_TOWN } from './fixtures.js';
import { adminCall, consoleWorld, type ConsoleWorld } from './admin-helpers.js';
import { headersFor } from '../../engine/http/request-headers.js';
import { MemoryStorage } from '../../engine/http/memory-storage.js';
import { SessionStore } from '../../engine/http/session-store.js';

// Staff answer feedback and complaints/consultations of their places; the user reads the reply in 我的消息.
let w: ConsoleWorld;
let complaintId: number;
let otherComplaintId: number;
let feedbackId: number;
beforeAll(async () => {
  w = await consoleWorld('1371900400');
  const complaint = (deptId: number, refNo: string) =>
    w.server.db
      .insertInto('complaint')
      .values({ refNo, kind: 'complaint', deptId, name: '赵六', phone: '13912345678', content: '保证金迟迟未退', userId: w.ids.user })
      .returning('id')
      .executeTakeFirstOrThrow();
  complaintId = (await complaint(TENANT_A_TOWN, 'TS001')).id;
  otherComplaintId = (await complaint(TENANT_A_OTHER_COUNTY, 'TS002')).id;
  feedbackId = (
    await w.server.db
      .insertInto('feedback')
      .values({ userId: w.ids.user, deptId: TENANT_A_TOWN, type: '咨询', title: '保证金', content: '何时退还？', contact: '13912345678', reply: null })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}, 120_000);
afterAll(() => w.server.close());

describe('complaints, consultations and feedback', () => {
  it('lists the pending ones of the staff member’s places, contact in full for the call back', async () => {
    const list = (await adminCall(w.server, 'adminRequestList', w.staff, { kind: 'complaint', status: 'pending' })).json().data;
    expect(list.rows.map((r: { id: number }) => r.id)).toEqual([complaintId]);
    expect(list.rows[0]).toMatchObject({
      kind: 'complaint',
      refNo: 'TS001',
      contact: '13912345678',
      replyReachesVisitor: true,
      status: 'pending',
      reply: null,
    });
    const fb = (await adminCall(w.server, 'adminRequestList', w.staff, { kind: 'feedback' })).json().data;
    expect(fb.rows.map((r: { id: number }) => r.id)).toEqual([feedbackId]);
  });

  it('replies once, tells the user, audits; another county’s staff get 404', async () => {
    expect((await adminCall(w.server, 'adminRequestReply', w.staff, { kind: 'complaint', id: otherComplaintId, reply: '已处理' })).statusCode).toBe(404);
    expect((await adminCall(w.server, 'adminRequestReply', w.otherStaff, { kind: 'feedback', id: feedbackId, reply: '已处理' })).statusCode).toBe(404);
    const res = await adminCall(w.server, 'adminRequestReply', w.staff, { kind: 'complaint', id: complaintId, reply: '保证金已于今日退还' });
    expect(res.json()).toMatchObject({ code: 200, msg: '已回复', data: { status: 'replied', reply: '保证金已于今日退还' } });
    expect((await adminCall(w.server, 'adminRequestReply', w.staff, { kind: 'complaint', id: complaintId, reply: '再次' })).statusCode).toBe(409);
    const fb = await adminCall(w.server, 'adminRequestReply', w.staff, { kind: 'feedback', id: feedbackId, reply: '5个工作日内退还' });
    expect(fb.json().data).toMatchObject({ status: 'replied' });
    const messages = await w.server.db.selectFrom('message').select(['title', 'content']).where('userId', '=', w.ids.user).orderBy('id').execute();
    expect(messages).toEqual([
      { title: '您的投诉已回复', content: '保证金已于今日退还' },
      { title: '您的意见反馈已回复', content: '5个工作日内退还' },
    ]);
    const log = (await adminCall(w.server, 'adminAuditList', w.staff, {})).json().data;
    // The lists' views of full phone numbers are audited too (console-tables.test.ts); the writes are these two.
    const writes = log.rows.filter((r: { action: string }) => r.action !== 'viewPhones');
    expect(writes.map((r: { entity: string; action: string }) => `${r.entity}:${r.action}`)).toEqual(['feedback:reply', 'complaint:reply']);
  });

  /** 投诉建议 sent as the portal's client sends it: its headers from the engine, with the session's token if any. */
  const submitComplaint = (token: string | null, content: string) => {
    const session = new SessionStore(new MemoryStorage(), new MemoryStorage());
    if (token) session.setLogin(token, '13719004005');
    const headers = headersFor('complaintSubmit', '/api/complaintSubmit', String(TENANT_A_TOWN), {
      session,
      signKey: w.server.config.apiSignKey,
      now: Date.now,
    });
    return w.server.app.inject({ method: 'POST', url: '/prod-api/api/complaintSubmit', headers, payload: { name: '钱七', phone: '13812340001', content } });
  };
  const rowOf = async (refNo: string) => {
    const list = (await adminCall(w.server, 'adminRequestList', w.staff, { kind: 'complaint' })).json().data;
    return list.rows.find((r: { refNo: string }) => r.refNo === refNo);
  };

  it('a signed-in visitor’s complaint keeps its sender: the reply reaches 我的消息', async () => {
    const sent = await submitComplaint(w.user, '流转合同何时签订？');
    expect(sent.json()).toMatchObject({ code: 200 });
    const { refNo } = sent.json().data;
    const row = await rowOf(refNo);
    // Staff see the full number they promised to call back.
    expect(row).toMatchObject({ contact: '13812340001', replyReachesVisitor: true, status: 'pending' });
    const replied = await adminCall(w.server, 'adminRequestReply', w.staff, { kind: 'complaint', id: row.id, reply: '下周一签订' });
    expect(replied.json()).toMatchObject({ code: 200, data: { status: 'replied', replyReachesVisitor: true } });
    const inbox = (await adminCall(w.server, 'messageListByRefId', w.user, {})).json().data;
    expect(inbox.rows[0]).toMatchObject({ title: '您的投诉已回复', content: '下周一签订', read: false });
  });

  it('an anonymous complaint’s row says the reply cannot reach the visitor online', async () => {
    const sent = await submitComplaint(null, '公告看不清楚');
    expect(sent.json()).toMatchObject({ code: 200 });
    const row = await rowOf(sent.json().data.refNo);
    expect(row).toMatchObject({ contact: '13812340001', replyReachesVisitor: false });
    const before = await w.server.db
      .selectFrom('message')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const replied = await adminCall(w.server, 'adminRequestReply', w.staff, { kind: 'complaint', id: row.id, reply: '已电话答复' });
    expect(replied.json()).toMatchObject({ code: 200, data: { status: 'replied', replyReachesVisitor: false } });
    const after = await w.server.db
      .selectFrom('message')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
