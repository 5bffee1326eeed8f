import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_A_OTHER_COUNTY, TENANT_A_TOWN } from './fixtures.js';
import { adminCall, consoleWorld, type ConsoleWorld } from './admin-helpers.js';

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
  it('lists the pending ones of the staff member’s places, contact masked', async () => {
    const list = (await adminCall(w.server, 'adminRequestList', w.staff, { kind: 'complaint', status: 'pending' })).json().data;
    expect(list.rows.map((r: { id: number }) => r.id)).toEqual([complaintId]);
    expect(list.rows[0]).toMatchObject({ kind: 'complaint', refNo: 'TS001', contact: '139****5678', status: 'pending', reply: null });
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
    expect(log.rows.map((r: { entity: string; action: string }) => `${r.entity}:${r.action}`)).toEqual(['feedback:reply', 'complaint:reply']);
  });
});
