import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_A, TENANT_A_COUNTY, TENANT_B } from './fixtures.js';
import { adminCall, consoleWorld, type ConsoleWorld } from './admin-helpers.js';
import { insertUser, sessionFor } from './users-helpers.js';

// An administrator with a place manages its own tenants only, and never an account without a place (which reaches
// every tenant): a county's administrator could otherwise manage another county, or reset the password of the
// administrator over all of them and sign in as that one.
let w: ConsoleWorld;
let countyAdmin: string;
let placeless: number;
beforeAll(async () => {
  w = await consoleWorld('1375900600');
  countyAdmin = await sessionFor(w.server, await insertUser(w.server.db, { phone: '13759006101', role: 'admin', deptId: TENANT_A, name: '甲市管理员' }));
  placeless = await insertUser(w.server.db, { phone: '13759006102', role: 'admin', deptId: null, name: '总管理员' });
}, 120_000);
afterAll(() => w.server.close());

describe('an administrator’s reach', () => {
  it('works in its own tenant, and is refused in another with the reason in Chinese', async () => {
    expect((await adminCall(w.server, 'adminStaffList', countyAdmin, {}, TENANT_A)).statusCode).toBe(200);
    for (const name of ['adminStaffList', 'adminRoleList', 'intentReviewList', 'adminArticleList'] as const) {
      const refused = await adminCall(w.server, name, countyAdmin, {}, TENANT_B);
      expect(refused.statusCode, name).toBe(403);
      expect(refused.json(), name).toEqual({ code: 403, msg: '无权限：您的管理员账号属于甲市，不能管理本地区的后台；请到甲市的门户登录' });
    }
    // An administrator without a place still works in every tenant.
    expect((await adminCall(w.server, 'adminStaffList', w.admin, {}, TENANT_B)).statusCode).toBe(200);
  });

  it('does not see, open, reset or change an account without a place', async () => {
    const rows = (await adminCall(w.server, 'adminStaffList', countyAdmin, { pageSize: 100 })).json().data.rows as Array<{ userId: number }>;
    expect(rows.map((r) => r.userId)).not.toContain(placeless);
    expect(rows.length).toBeGreaterThan(0);
    expect((await adminCall(w.server, 'adminStaffGet', countyAdmin, { id: placeless })).statusCode).toBe(404);
    expect((await adminCall(w.server, 'adminStaffResetPassword', countyAdmin, { id: placeless })).statusCode).toBe(404);
    const changed = await adminCall(w.server, 'adminStaffSave', countyAdmin, {
      userId: placeless,
      phone: '13759006102',
      name: '改名',
      role: 'staff',
      deptId: TENANT_A_COUNTY,
    });
    expect(changed.statusCode).toBe(404);
    const row = await w.server.db.selectFrom('appUser').select(['name', 'role', 'deptId']).where('userId', '=', placeless).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: '总管理员', role: 'admin', deptId: null });
    // The administrator without a place sees both.
    const all = (await adminCall(w.server, 'adminStaffList', w.admin, { pageSize: 100 })).json().data.rows as Array<{ userId: number }>;
    expect(all.map((r) => r.userId)).toContain(placeless);
  });

  it('cannot make an account without a place, new or by clearing one', async () => {
    const created = await adminCall(w.server, 'adminStaffSave', countyAdmin, {
      phone: '13759006103',
      name: '越权',
      role: 'admin',
      deptId: null,
      password: 'Tianmu@2024',
    });
    expect(created.statusCode).toBe(403);
    expect(created.json().msg).toBe('无权限：不设地点的管理员账号可管理所有地区，只能由同样不设地点的管理员设置；请为该账号选择所属地点');
    expect(await w.server.db.selectFrom('appUser').select('userId').where('phone', '=', '13759006103').executeTakeFirst()).toBeUndefined();
    const placed = await insertUser(w.server.db, { phone: '13759006104', role: 'admin', deptId: TENANT_A_COUNTY, name: '县管理员' });
    const cleared = await adminCall(w.server, 'adminStaffSave', countyAdmin, {
      userId: placed,
      phone: '13759006104',
      name: '县管理员',
      role: 'admin',
      deptId: null,
    });
    expect(cleared.statusCode).toBe(403);
    expect((await w.server.db.selectFrom('appUser').select('deptId').where('userId', '=', placed).executeTakeFirstOrThrow()).deptId).toBe(TENANT_A_COUNTY);
    // It still saves a placed administrator of its own tenant.
    const saved = await adminCall(w.server, 'adminStaffSave', countyAdmin, {
      userId: placed,
      phone: '13759006104',
      name: '县管理员乙',
      role: 'admin',
      deptId: TENANT_A_COUNTY,
    });
    expect(saved.json()).toMatchObject({ code: 200, data: { name: '县管理员乙', deptId: TENANT_A_COUNTY } });
  });
});
