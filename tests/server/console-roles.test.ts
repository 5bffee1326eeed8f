import fs from 'node:fs';
import yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionApplies, type RowCondition } from '../../blocks/admin-table/rows.js';
import { TENANT_A, TENANT_A_COUNTY, TENANT_B } from './fixtures.js';
import { adminCall, consoleWorld, type ConsoleWorld } from './admin-helpers.js';
import { bearer, GOOD_PASSWORD, insertUser, sessionFor } from './users-helpers.js';

// Staff roles: an administrator names the console pages a role opens; the guards and the session answer agree.
let w: ConsoleWorld;
beforeAll(async () => {
  w = await consoleWorld('1371900700');
}, 120_000);
afterAll(() => w.server.close());

const login = (phone: string, password: string) =>
  w.server.app.inject({ method: 'POST', url: '/prod-api/api/user/login', headers: w.server.signed(TENANT_A), payload: { username: phone, password } });
const checkToken = (token: string) =>
  w.server.app.inject({ method: 'POST', url: '/prod-api/userInfo/checkToken', headers: { ...w.server.signed(TENANT_A), ...bearer(token) } });
const ALL = ['articles', 'projects', 'registrations', 'auctions', 'intents', 'requests', 'audit', 'import'];

/** A 甲县 staff account that can sign in, with the role given (or none). */
async function staffWithRole(n: number, staffRoleId: number | null) {
  const phone = `1371900780${n}`;
  const userId = await insertUser(w.server.db, { phone, role: 'staff', deptId: TENANT_A_COUNTY, password: GOOD_PASSWORD, name: `角色测试${n}` });
  await w.server.db.updateTable('appUser').set({ staffRoleId }).where('userId', '=', userId).execute();
  const res = await login(phone, GOOD_PASSWORD);
  expect(res.json().code).toBe(200);
  return { userId, phone, token: res.json().data.token as string, login: res.json().data };
}

describe('staff roles', () => {
  let reviewer: number;

  it('lets an administrator create, list, read, rename and audit a role; staff are refused', async () => {
    const created = await adminCall(w.server, 'adminRoleSave', w.admin, { name: ' 审核员 ', permissions: ['intents', 'registrations'] });
    expect(created.json()).toMatchObject({ code: 200, msg: '角色已保存', data: { name: '审核员', permissions: ['registrations', 'intents'], staffCount: 0 } });
    reviewer = created.json().data.roleId;
    expect((await adminCall(w.server, 'adminRoleSave', w.admin, { name: '审核员', permissions: ['audit'] })).json()).toEqual({
      code: 409,
      msg: '已有同名的权限角色',
    });
    expect((await adminCall(w.server, 'adminRoleSave', w.admin, { name: '空角色', permissions: [] })).statusCode).toBe(400);
    expect((await adminCall(w.server, 'adminRoleSave', w.admin, { name: '  ', permissions: ['audit'] })).json()).toEqual({ code: 400, msg: '请填写角色名称' });
    expect((await adminCall(w.server, 'adminRoleSave', w.admin, { name: '坏角色', permissions: ['staff'] })).statusCode).toBe(400);
    const renamed = await adminCall(w.server, 'adminRoleSave', w.admin, { roleId: reviewer, name: '审核岗', permissions: ['registrations', 'intents'] });
    expect(renamed.json().data).toMatchObject({ roleId: reviewer, name: '审核岗' });
    expect((await adminCall(w.server, 'adminRoleGet', w.admin, { id: reviewer })).json().data.name).toBe('审核岗');
    const list = (await adminCall(w.server, 'adminRoleList', w.admin)).json().data;
    expect(list.rows.map((r: { name: string }) => r.name)).toContain('审核岗');
    for (const name of ['adminRoleList', 'adminRoleSave', 'adminRoleGet', 'adminRoleDelete'] as const) {
      expect((await adminCall(w.server, name, w.staff, { id: reviewer, name: 'x', permissions: ['audit'] })).statusCode).toBe(403);
    }
    // Another tenant's administrator cannot see or change it.
    const adminB = await insertUser(w.server.db, { phone: '13719007900', role: 'admin', deptId: null });
    const tokenB = await sessionFor(w.server, adminB);
    expect((await adminCall(w.server, 'adminRoleGet', tokenB, { id: reviewer }, TENANT_B)).statusCode).toBe(404);
    const log = (await adminCall(w.server, 'adminAuditList', w.admin, { entity: 'role', entityId: reviewer })).json().data;
    expect(log.rows.map((r: { action: string }) => r.action)).toEqual(['update', 'create']);
  });

  it('refuses a staff account a route outside its role (403 naming the page), opens those inside, and tells the console its pages', async () => {
    const s = await staffWithRole(1, reviewer);
    expect(s.login).toMatchObject({ permissions: ['registrations', 'intents'], staffRoleName: '审核岗', placeName: '甲县' });
    expect((await checkToken(s.token)).json().data).toMatchObject({ permissions: ['registrations', 'intents'], staffRoleName: '审核岗' });
    const refused = await adminCall(w.server, 'adminArticleList', s.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 403, msg: '无权限：您的角色没有“内容管理”页面的权限，请联系管理员' });
    expect((await adminCall(w.server, 'adminAuditList', s.token)).statusCode).toBe(403);
    expect((await adminCall(w.server, 'intentReviewList', s.token)).statusCode).toBe(200);
    expect((await adminCall(w.server, 'auctionRegistrations', s.token, {}, TENANT_A_COUNTY)).statusCode).toBe(200);
    // The role changes: the next call follows it, without a new sign-in.
    await adminCall(w.server, 'adminRoleSave', w.admin, { roleId: reviewer, name: '审核岗', permissions: ['articles'] });
    expect((await adminCall(w.server, 'adminArticleList', s.token)).statusCode).toBe(200);
    expect((await adminCall(w.server, 'intentReviewList', s.token)).statusCode).toBe(403);
    expect((await checkToken(s.token)).json().data.permissions).toEqual(['articles']);
    await adminCall(w.server, 'adminRoleSave', w.admin, { roleId: reviewer, name: '审核岗', permissions: ['registrations', 'intents'] });
  });

  it('keeps every staff page for an account without a role, and for administrators; a visitor gets no pages', async () => {
    const s = await staffWithRole(2, null);
    expect(s.login).toMatchObject({ permissions: ALL, staffRoleName: '全部权限' });
    expect((await adminCall(w.server, 'adminArticleList', s.token)).statusCode).toBe(200);
    expect((await adminCall(w.server, 'adminAuditList', s.token)).statusCode).toBe(200);
    expect((await checkToken(w.admin)).json().data).toMatchObject({ permissions: ALL, staffRoleName: '管理员' });
    expect((await checkToken(w.user)).json().data.permissions).toBeUndefined();
  });

  it('gives a role through the staff edit, refuses another tenant’s role, and will not delete a role in use', async () => {
    const s = await staffWithRole(3, null);
    const base = { userId: s.userId, phone: s.phone, name: '改名了', role: 'staff', deptId: TENANT_A_COUNTY };
    const other = await w.server.db
      .insertInto('staffRole')
      .values({ deptId: TENANT_B, name: '别处', permissions: '["audit"]' })
      .returning('roleId')
      .executeTakeFirstOrThrow();
    expect((await adminCall(w.server, 'adminStaffSave', w.admin, { ...base, staffRoleId: other.roleId })).json()).toEqual({
      code: 400,
      msg: '所选权限角色不存在',
    });
    const saved = await adminCall(w.server, 'adminStaffSave', w.admin, { ...base, staffRoleId: reviewer });
    expect(saved.json().data).toMatchObject({ name: '改名了', staffRoleId: reviewer, staffRoleName: '审核岗' });
    expect((await adminCall(w.server, 'adminStaffGet', w.admin, { id: s.userId })).json().data).toMatchObject({ name: '改名了', staffRoleId: reviewer });
    expect((await adminCall(w.server, 'adminArticleList', s.token)).statusCode).toBe(403);
    // 停用/启用 send no role: the role stays.
    const { staffRoleId: _, ...withoutRole } = { ...base, staffRoleId: 0 };
    expect((await adminCall(w.server, 'adminStaffSave', w.admin, withoutRole)).json().data.staffRoleId).toBe(reviewer);
    const inUse = await adminCall(w.server, 'adminRoleDelete', w.admin, { id: reviewer });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().msg).toMatch(/个工作人员账号使用此角色/);
    expect((await adminCall(w.server, 'adminStaffSave', w.admin, { ...base, staffRoleId: null })).json().data.staffRoleName).toBe('全部权限');
    expect((await adminCall(w.server, 'adminStaffGet', w.otherStaff, { id: s.userId })).statusCode).toBe(403);
  });

  it('deletes an unused role, audited', async () => {
    const role = (await adminCall(w.server, 'adminRoleSave', w.admin, { name: '临时', permissions: ['audit'] })).json().data.roleId;
    expect((await adminCall(w.server, 'adminRoleDelete', w.admin, { id: role })).json()).toMatchObject({ code: 200, msg: '角色已删除' });
    expect((await adminCall(w.server, 'adminRoleGet', w.admin, { id: role })).statusCode).toBe(404);
    const log = (await adminCall(w.server, 'adminAuditList', w.admin, { entity: 'role', entityId: role })).json().data;
    expect(log.rows.map((r: { action: string }) => r.action)).toEqual(['delete', 'create']);
  });
});

describe('password reset by an administrator', () => {
  it('gives a one-time password once: the old one is refused, the new one signs in once and opens only the change', async () => {
    const s = await staffWithRole(4, null);
    const res = await adminCall(w.server, 'adminStaffResetPassword', w.admin, { id: s.userId });
    expect(res.json()).toMatchObject({ code: 200, msg: '密码已重置，请将一次性密码告知本人，登录后须修改' });
    const password = res.json().data.password as string;
    expect(password).toMatch(/^\S{16}$/);
    // The old session ended, the old password no longer works.
    expect((await checkToken(s.token)).statusCode).toBe(401);
    expect((await login(s.phone, GOOD_PASSWORD)).json().code).toBe(400);
    const first = await login(s.phone, password);
    expect(first.json().data).toMatchObject({ mustChangePassword: true });
    const token = first.json().data.token as string;
    expect((await adminCall(w.server, 'adminArticleList', token)).json()).toMatchObject({ code: 403, msg: expect.stringContaining('修改') });
    const changed = await w.server.app.inject({
      method: 'PUT',
      url: '/prod-api/system/user/profile/updatePwd',
      headers: { ...w.server.signed(TENANT_A), ...bearer(token) },
      payload: { oldPassword: password, newPassword: 'Changed#2026x' },
    });
    expect(changed.json().code).toBe(200);
    // Once changed, the one-time password is spent.
    expect((await login(s.phone, password)).json().code).toBe(400);
    expect((await login(s.phone, 'Changed#2026x')).json().data.mustChangePassword).toBeUndefined();
    const log = (await adminCall(w.server, 'adminAuditList', w.admin, { entity: 'staff', entityId: s.userId })).json().data;
    expect(log.rows[0].action).toBe('resetPassword');
    expect(JSON.stringify(log.rows)).not.toContain(password);
    expect(JSON.stringify(log.rows)).not.toMatch(/passwordHash|argon/);
  });

  it('refuses staff, one’s own account (409) and an account outside the tenant (404)', async () => {
    expect((await adminCall(w.server, 'adminStaffResetPassword', w.staff, { id: w.ids.otherStaff })).statusCode).toBe(403);
    expect((await adminCall(w.server, 'adminStaffResetPassword', w.admin, { id: w.ids.admin })).json()).toEqual({
      code: 409,
      msg: '不能重置自己的密码，请使用“修改密码”',
    });
    expect((await adminCall(w.server, 'adminStaffResetPassword', w.admin, { id: w.ids.user })).statusCode).toBe(404);
  });

  it('offers 重置密码 on every staff row of the list but the administrator’s own (changed at 修改密码)', async () => {
    const page = yaml.load(fs.readFileSync('regions/_base/pages/adminStaff.yaml', 'utf8')) as {
      blocks: { type: string; props: { actions?: { text: string; when?: { field: string; in: unknown[] } }[] } }[];
    };
    const reset = page.blocks.find((b) => b.type === 'admin-table')!.props.actions!.find((a) => a.text === '重置密码')!;
    const rows = (await adminCall(w.server, 'adminStaffList', w.admin, { pageSize: 100 })).json().data.rows as Record<string, unknown>[];
    const own = rows.find((r) => r.userId === w.ids.admin)!;
    const other = rows.find((r) => r.userId === w.ids.staff)!;
    expect(own.self).toBe(true);
    expect(other.self).toBe(false);
    expect(actionApplies(reset.when, own)).toBe(false);
    expect(actionApplies(reset.when, other)).toBe(true);
    expect((await adminCall(w.server, 'adminStaffGet', w.admin, { id: w.ids.admin })).json().data.self).toBe(true);
  });

  it('offers 停用 on other active rows only, and refuses an administrator disabling their own account (409)', async () => {
    const page = yaml.load(fs.readFileSync('regions/_base/pages/adminStaff.yaml', 'utf8')) as {
      blocks: { type: string; props: { actions?: { text: string; when?: RowCondition }[] } }[];
    };
    const disable = page.blocks.find((b) => b.type === 'admin-table')!.props.actions!.find((a) => a.text === '停用')!;
    const rows = (await adminCall(w.server, 'adminStaffList', w.admin, { pageSize: 100 })).json().data.rows as Record<string, unknown>[];
    const own = rows.find((r) => r.userId === w.ids.admin)!;
    const other = rows.find((r) => r.userId === w.ids.staff)!;
    expect(actionApplies(disable.when, own)).toBe(false);
    expect(actionApplies(disable.when, other)).toBe(other.disabled === false);
    const body = { userId: own.userId, phone: own.phone, name: own.name, role: own.role, deptId: own.deptId ?? TENANT_A, disabled: true };
    // Another administrator exists or not, disabling oneself is refused; the account stays active.
    expect((await adminCall(w.server, 'adminStaffSave', w.admin, body)).json()).toEqual({ code: 409, msg: '不能停用自己的账号：请由另一位管理员操作' });
    expect((await adminCall(w.server, 'adminStaffGet', w.admin, { id: w.ids.admin })).json().data.disabled).toBe(false);
  });
});
