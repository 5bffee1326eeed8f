import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A, TENANT_A_OTHER_COUNTY, TENANT_A_TOWN, TENANT_B } from './fixtures.js';
import { callAs } from './listings-helpers.js';
import { bearer, insertUser, sessionFor } from './users-helpers.js';

// A logged-in user's intent covered the detail page with a fake re-login layer, and intents were
// public at once. Now the content is sanitised when stored and an intent waits for staff review: 待审核 → 已发布 or
// 未通过 (with a reason its author reads in the personal centre).
let server: TestServer;
let author: string;
let stranger: string;
let staff: string;
let townStaff: string;
let otherCountyStaff: string;
let staffB: string;

beforeAll(async () => {
  server = await startTestServerWithPlaces();
  const user = async (phone: string, role: 'user' | 'staff' = 'user', deptId: number | null = TENANT_A) =>
    sessionFor(server, await insertUser(server.db, { phone, deptId, role }));
  author = await user('13811120001');
  stranger = await user('13811120002');
  staff = await user('13811120003', 'staff', null);
  townStaff = await user('13811120004', 'staff', TENANT_A_TOWN);
  otherCountyStaff = await user('13811120005', 'staff', TENANT_A_OTHER_COUNTY);
  staffB = await user('13811120006', 'staff', TENANT_B);
});
afterAll(() => server.close());

const TAKEOVER =
  '<div style="position:fixed;top:0;left:0;width:100%;height:100%;z-index:99999;background:#fff">' +
  '<a href=" javascript:alert(document.cookie)">会话已过期，请重新登录</a><a href="https://evil.example/login" target="_blank">重新登录</a></div>' +
  '<style>.tm-detail{position:fixed;inset:0}</style><img src="x" onerror="alert(1)"><p>鱼塘<strong>30</strong>亩</p>';
const form = { type: 1, projectname: '甲镇鱼塘经营权转出', contact: '吴十', phone: '17612345678', content: TAKEOVER, deptId: TENANT_A_TOWN };

const call = (name: string, options: { query?: Record<string, string | number>; body?: Record<string, unknown>; token?: string; deptId?: number } = {}) =>
  callAs(server, options.deptId ?? TENANT_A, name, { query: options.query, body: options.body, headers: options.token ? bearer(options.token) : {} });
const submit = async (body: Record<string, unknown> = form) => {
  const res = await call('desiredSubmit', { body, token: author });
  expect(res.statusCode).toBe(200);
  expect(res.json().msg).toBe('提交成功，等待审核');
  return res.json().data.id as number;
};
const publicList = async () => (await call('desiredList', { query: { type: 1, pageSize: 100 } })).json().data.rows.map((r: { id: number }) => r.id) as number[];
const mine = async () => (await call('desiredMine', { token: author })).json().data;

describe('intent content is sanitised when stored', () => {
  it('keeps the formatting and drops the takeover: style, <style>, handlers, javascript: links', async () => {
    const id = await submit();
    const { content } = await server.db.selectFrom('intent').select('content').where('id', '=', id).executeTakeFirstOrThrow();
    expect(content).not.toMatch(/style|position|onerror|javascript|alert/i);
    expect(content).toContain('<p>鱼塘<strong>30</strong>亩</p>');
    expect(content).toContain('<a href="https://evil.example/login" target="_blank" rel="noopener noreferrer">重新登录</a>');
  });
});

describe('intent review: 待审核 → 已发布 / 未通过', () => {
  it('keeps a submitted intent out of the public list and detail until staff publish it; its author sees it with 待审核', async () => {
    const id = await submit({ ...form, projectname: '待审核的鱼塘' });
    expect(await publicList()).not.toContain(id);
    for (const token of [undefined, stranger]) {
      const detail = await call('desiredDetail', { query: { id }, token });
      expect(detail.statusCode).toBe(404);
      expect(detail.json()).toEqual({ code: 404, msg: '意向信息不存在' });
    }
    const own = await call('desiredDetail', { query: { id }, token: author });
    expect(own.json().data).toMatchObject({ id, state: 0, stateText: '待审核', reviewReason: '' });
    const row = (await mine()).rows.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({ id, projectname: '待审核的鱼塘', state: 0, stateText: '待审核', reviewReason: '', reviewedAt: null });
    // Staff of the place see it waiting.
    const pending = (await call('intentReviewList', { token: townStaff })).json().data;
    expect(pending.rows.map((r: { id: number }) => r.id)).toContain(id);
    expect(pending.rows.find((r: { id: number }) => r.id === id)).toMatchObject({ stateText: '待审核', phone: '17612345678', deptName: '甲镇' });

    const approved = await call('intentReview', { body: { id, approve: true }, token: townStaff });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ code: 200, msg: '审核通过，意向已发布', data: { id, state: 1, stateText: '已发布' } });
    expect(await publicList()).toContain(id);
    expect((await call('desiredDetail', { query: { id } })).json().data).not.toHaveProperty('state');
    expect((await mine()).rows.find((r: { id: number }) => r.id === id)).toMatchObject({ state: 1, stateText: '已发布' });

    const again = await call('intentReview', { body: { id, approve: false, reason: '重复' }, token: staff });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 409, msg: '该意向已审核（已发布），不能重复审核' });
  });

  it('refuses with a reason the author reads; the intent stays off the public pages', async () => {
    const id = await submit({ ...form, projectname: '不合规的鱼塘' });
    const noReason = await call('intentReview', { body: { id, approve: false }, token: staff });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ code: 400, msg: '请填写未通过原因（reason）' });
    const refused = await call('intentReview', { body: { id, approve: false, reason: '  权属证明不清晰，请补充材料  ' }, token: staff });
    expect(refused.json()).toMatchObject({
      code: 200,
      msg: '已驳回该意向',
      data: { state: 2, stateText: '未通过', reviewReason: '权属证明不清晰，请补充材料' },
    });
    expect(await publicList()).not.toContain(id);
    expect((await call('desiredDetail', { query: { id } })).statusCode).toBe(404);
    expect((await mine()).rows.find((r: { id: number }) => r.id === id)).toMatchObject({
      state: 2,
      stateText: '未通过',
      reviewReason: '权属证明不清晰，请补充材料',
    });
    expect((await call('desiredDetail', { query: { id }, token: author })).json().data).toMatchObject({
      state: 2,
      stateText: '未通过',
      reviewReason: '权属证明不清晰，请补充材料',
    });
  });

  it('lets only staff of the intent’s places review it', async () => {
    const id = await submit({ ...form, projectname: '只许本地审核' });
    const asUser = await call('intentReview', { body: { id, approve: true }, token: author });
    expect(asUser.statusCode).toBe(403);
    // Another county's clerk and another region's staff find nothing to review.
    expect((await call('intentReview', { body: { id, approve: true }, token: otherCountyStaff })).statusCode).toBe(404);
    expect((await call('intentReview', { body: { id, approve: true }, token: staffB, deptId: TENANT_B })).statusCode).toBe(404);
    expect((await call('intentReviewList', { token: otherCountyStaff })).json().data.rows.map((r: { id: number }) => r.id)).not.toContain(id);
    // Another region's staff on this region's portal: a scope of no place lists nothing (it was a 500: SQL's empty IN).
    expect((await call('intentReviewList', { token: staffB })).json()).toMatchObject({ code: 200, data: { rows: [], total: 0 } });
    expect((await call('intentReview', { body: { id, approve: true }, token: staffB })).statusCode).toBe(404);
    expect((await call('intentReview', { body: { id: 999999, approve: true }, token: staff })).json()).toEqual({ code: 404, msg: '意向信息不存在' });
    const state = await server.db.selectFrom('intent').select('state').where('id', '=', id).executeTakeFirstOrThrow();
    expect(state.state).toBe(0);
  });

  it('shows each author only their own intents', async () => {
    const rows = (await call('desiredMine', { token: stranger })).json().data;
    expect(rows).toEqual({ rows: [], total: 0 });
    expect((await call('desiredMine')).statusCode).toBe(401);
  });
});

describe('stored URLs outside the policy', () => {
  it('refuses a javascript: or other hostile attachment URL with 400 naming the field', async () => {
    for (const url of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'data:text/html,x', '//evil.example/a.png', '/\\evil.example/a.png']) {
      const res = await call('desiredSubmit', { body: { ...form, attachments: [url] }, token: author });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().msg, url).toContain('相关材料照片');
    }
  });
});

describe('hostile review bodies', () => {
  it('answers 400 naming the field, never 500, for an id beyond the column or a NUL in the reason', async () => {
    const huge = await call('intentReview', { body: { id: 99999999999, approve: true }, token: staff });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().msg).toContain('意向编号（id）');
    const nul = await call('intentReview', { body: { id: 1, approve: false, reason: 'a\u0000b' }, token: staff });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().msg).toContain('未通过原因（reason）');
  });
});
