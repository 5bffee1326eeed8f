import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_A_COUNTY, TENANT_A_TOWN, TENANT_B } from './fixtures.js';
import { adminCall, consoleWorld, type ConsoleWorld } from './admin-helpers.js';
import { insertUser } from './users-helpers.js';

// An administrator may have no place (the first one often has none); a staff account always has one.
let w: ConsoleWorld;
beforeAll(async () => {
  w = await consoleWorld('1375900500');
}, 120_000);
afterAll(() => w.server.close());

const placeOf = async (userId: number) =>
  await w.server.db.selectFrom('appUser').select(['deptId', 'role', 'name']).where('userId', '=', userId).executeTakeFirstOrThrow();

describe('an administrator without a place', () => {
  it('is saved from the edit form as it was loaded (deptId null), keeping no place', async () => {
    const loaded = (await adminCall(w.server, 'adminStaffGet', w.admin, { id: w.ids.admin })).json().data;
    expect(loaded).toMatchObject({ deptId: null, deptName: '', role: 'admin' });
    const { userId, phone, role, deptId } = loaded;
    const res = await adminCall(w.server, 'adminStaffSave', w.admin, { userId, phone, role, deptId, name: '无地点管理员' });
    expect(res.json()).toMatchObject({ code: 200, data: { userId, deptId: null, deptName: '', name: '无地点管理员' } });
    expect(await placeOf(userId)).toEqual({ deptId: null, role: 'admin', name: '无地点管理员' });
  });

  it("is saved with the place left out (the list's 停用/启用 send the row, whose place is null)", async () => {
    const other = await insertUser(w.server.db, { phone: '13759005201', role: 'admin', deptId: null, name: '另一管理员' });
    const res = await adminCall(w.server, 'adminStaffSave', w.admin, {
      userId: other,
      phone: '13759005201',
      name: '另一管理员',
      role: 'admin',
      disabled: true,
    });
    expect(res.json()).toMatchObject({ code: 200, data: { deptId: null, disabled: true } });
    const back = await adminCall(w.server, 'adminStaffSave', w.admin, {
      userId: other,
      phone: '13759005201',
      name: '另一管理员',
      role: 'admin',
      deptId: null,
      disabled: false,
    });
    expect(back.json()).toMatchObject({ code: 200, data: { deptId: null, disabled: false } });
  });

  it('may be created without a place, and an administrator with a place may be given none', async () => {
    const created = await adminCall(w.server, 'adminStaffSave', w.admin, {
      phone: '13759005202',
      name: '新管理员',
      role: 'admin',
      deptId: null,
      password: 'Tianmu@2024',
    });
    expect(created.json()).toMatchObject({ code: 200, data: { deptId: null, role: 'admin' } });
    const placed = await insertUser(w.server.db, { phone: '13759005203', role: 'admin', deptId: TENANT_A_COUNTY, name: '县管理员' });
    const cleared = await adminCall(w.server, 'adminStaffSave', w.admin, {
      userId: placed,
      phone: '13759005203',
      name: '县管理员',
      role: 'admin',
      deptId: null,
    });
    expect(cleared.json()).toMatchObject({ code: 200, data: { deptId: null } });
    expect((await placeOf(placed)).deptId).toBeNull();
  });
});

describe('a staff account still needs a place', () => {
  const refusal = { code: 400, msg: '请选择所属地点：工作人员账号必须有所属地点（仅管理员可不设地点）' };

  it('refuses a new staff account without a place, null or left out, creating nothing', async () => {
    for (const place of [{ deptId: null }, {}]) {
      const res = await adminCall(w.server, 'adminStaffSave', w.admin, {
        phone: '13759005301',
        name: '无地点',
        role: 'staff',
        password: 'Tianmu@2024',
        ...place,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(refusal);
    }
    expect(await w.server.db.selectFrom('appUser').select('userId').where('phone', '=', '13759005301').executeTakeFirst()).toBeUndefined();
  });

  it('refuses to demote a placeless administrator to staff without giving a place, changing nothing', async () => {
    const other = await insertUser(w.server.db, { phone: '13759005302', role: 'admin', deptId: null, name: '待降级' });
    const res = await adminCall(w.server, 'adminStaffSave', w.admin, { userId: other, phone: '13759005302', name: '待降级', role: 'staff', deptId: null });
    expect(res.json()).toEqual(refusal);
    expect(await placeOf(other)).toEqual({ deptId: null, role: 'admin', name: '待降级' });
    const placed = await adminCall(w.server, 'adminStaffSave', w.admin, {
      userId: other,
      phone: '13759005302',
      name: '待降级',
      role: 'staff',
      deptId: TENANT_A_TOWN,
    });
    expect(placed.json()).toMatchObject({ code: 200, data: { role: 'staff', deptId: TENANT_A_TOWN, deptName: '甲镇' } });
  });

  it("still refuses a place outside the caller's tenant with 403", async () => {
    const res = await adminCall(w.server, 'adminStaffSave', w.admin, {
      phone: '13759005303',
      name: '外地',
      role: 'staff',
      deptId: TENANT_B,
      password: 'Tianmu@2024',
    });
    expect(res.statusCode).toBe(403);
  });
});
