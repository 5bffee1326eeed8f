import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_A_TOWN } from './fixtures.js';
import { insertProject, Viewer } from './auction-helpers.js';
import { adminCall, consoleWorld, type ConsoleWorld } from './admin-helpers.js';

// A staff member rejects a registration with a reason; the bidder reads it in 我的消息 (and the real-time
// notice carries the same text), and the review is in the audit log.
let w: ConsoleWorld;
let projectId: number;
let wsBase: string;
beforeAll(async () => {
  w = await consoleWorld('1371900100');
  wsBase = (await w.server.app.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws');
  projectId = await insertProject(w.server.db, { deptId: TENANT_A_TOWN, status: 4, name: '甲镇鱼塘承包经营权' });
  await w.server.db.insertInto('registration').values({ projectId, userId: w.ids.user, state: 2 }).execute();
}, 120_000);
afterAll(() => w.server.close());

describe('registration review with a reason', () => {
  it('is refused (404) to another county’s staff and leaves the registration pending', async () => {
    const res = await adminCall(w.server, 'auctionReview', w.otherStaff, { projectId, userId: w.ids.user, approve: false, reason: '材料不全' });
    expect(res.statusCode).toBe(404);
    const reg = await w.server.db.selectFrom('registration').select('state').where('projectId', '=', projectId).executeTakeFirstOrThrow();
    expect(reg.state).toBe(2);
  });

  it('tells the bidder the reason in 我的消息 and on the real-time channel, and audits the review', async () => {
    const socket = await Viewer.open(`${wsBase}/websocket/${w.ids.user}?token=${w.user}`);
    const res = await adminCall(w.server, 'auctionReview', w.staff, { projectId, userId: w.ids.user, approve: false, reason: '身份证明材料不全' });
    expect(res.json()).toMatchObject({ code: 200, msg: '已驳回该报名', data: { state: 3 } });
    const message = await w.server.db.selectFrom('message').select(['title', 'content']).where('userId', '=', w.ids.user).executeTakeFirstOrThrow();
    expect(message).toEqual({
      title: '报名审核未通过',
      content: '您报名的项目“甲镇鱼塘承包经营权”未通过审核，原因：身份证明材料不全。如有疑问请联系交易中心。',
    });
    try {
      const notice = await socket.waitFor((f) => f.type === 'notice');
      expect(notice.data).toMatchObject({ title: '报名审核未通过', content: expect.stringContaining('原因：身份证明材料不全') });
    } finally {
      await socket.close();
    }
    const log = (await adminCall(w.server, 'adminAuditList', w.staff, { entity: 'registration' })).json().data;
    expect(log.rows).toHaveLength(1);
    expect(log.rows[0]).toMatchObject({ action: 'reject', deptId: TENANT_A_TOWN, before: { state: 2 }, after: { state: 3, reason: '身份证明材料不全' } });
    expect((await adminCall(w.server, 'adminAuditList', w.otherStaff, { entity: 'registration' })).json().data.total).toBe(0);
  });

  it('audits an intent review (the existing intentReview) in its transaction', async () => {
    const intent = await w.server.db
      .insertInto('intent')
      .values({ deptId: TENANT_A_TOWN, type: 1, projectname: '甲镇鱼塘', state: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await adminCall(w.server, 'intentReview', w.staff, { id: intent.id, approve: false, reason: '联系方式有误' });
    expect(res.json().code).toBe(200);
    const log = (await adminCall(w.server, 'adminAuditList', w.staff, { entity: 'intent', entityId: intent.id })).json().data;
    expect(log.rows).toHaveLength(1);
    expect(log.rows[0]).toMatchObject({ action: 'reject', after: { state: 2, reviewReason: '联系方式有误' } });
  });
});
