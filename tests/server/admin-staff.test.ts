import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_A, TENANT_A_COUNTY, TENANT_A_TOWN } from './fixtures.js';
import { adminCall, consoleWorld, type ConsoleWorld } from './admin-helpers.js';
import { bearer, insertUser, sessionFor } from './users-helpers.js';

// Administrators only — the place tree (read-only, from places.yaml) and staff accounts.
let w: ConsoleWorld;
beforeAll(async () => {
  w = await consoleWorld('1371900500');
}, 120_000);
afterAll(() => w.server.close());

const login = (phone: string, password: string) =>
  w.server.app.inject({ method: 'POST', url: '/prod-api/api/user/login', headers: w.server.signed(TENANT_A_COUNTY), payload: { username: phone, password } });

describe('administrator-only routes', () => {
  it('refuses staff with 403 on every admin-only route', async () => {
    for (const name of ['adminPlaceTree', 'adminStaffList', 'adminStaffSave'] as const) {
      const res = await adminCall(w.server, name, w.staff, { phone: '13719005999', name: '某', role: 'staff', deptId: TENANT_A_TOWN, password: 'Tianmu@2024' });
      expect(res.json()).toEqual({ code: 403, msg: '当前操作没有权限（需要管理员账号）' });
    }
  });

  it('shows the place tree read-only, saying where places come from', async () => {
    const data = (await adminCall(w.server, 'adminPlaceTree', w.admin)).json().data;
    expect(data.readOnly).toBe(true);
    expect(data.source).toContain('places.yaml');
    expect(data.tree[0]).toMatchObject({ deptId: 1100, deptName: '甲市', children: [{ deptId: 1110 }, { deptId: 1120 }] });
  });

  it('creates a staff account that can sign in, disables it (sessions end, sign-in refused), audited without the hash', async () => {
    const created = await adminCall(w.server, 'adminStaffSave', w.admin, {
      phone: '13719005100',
      name: '钱七',
      role: 'staff',
      deptId: TENANT_A_TOWN,
      password: 'Tianmu@2024',
    });
    expect(created.json()).toMatchObject({ code: 200, data: { name: '钱七', role: 'staff', deptId: TENANT_A_TOWN, deptName: '甲镇', disabled: false } });
    const userId = created.json().data.userId;
    const first = await login('13719005100', 'Tianmu@2024');
    expect(first.json().code).toBe(200);
    const token = first.json().data.token as string;
    expect((await adminCall(w.server, 'adminArticleList', token)).statusCode).toBe(200);

    const off = await adminCall(w.server, 'adminStaffSave', w.admin, {
      userId,
      phone: '13719005100',
      name: '钱七',
      role: 'staff',
      deptId: TENANT_A_TOWN,
      disabled: true,
    });
    expect(off.json().data.disabled).toBe(true);
    const after = await w.server.app.inject({
      method: 'POST',
      url: '/prod-api/api/admin/article/list',
      headers: { ...w.server.signed(TENANT_A_COUNTY), ...bearer(token) },
      payload: {},
    });
    expect(after.statusCode).toBe(401);
    expect((await login('13719005100', 'Tianmu@2024')).json()).toEqual({ code: 403, msg: '该账号已停用，请联系管理员' });

    expect(
      (
        await adminCall(w.server, 'adminStaffSave', w.admin, {
          phone: '13719005100',
          name: '重复',
          role: 'staff',
          deptId: TENANT_A_TOWN,
          password: 'Tianmu@2024',
        })
      ).statusCode,
    ).toBe(409);
    const log = (await adminCall(w.server, 'adminAuditList', w.admin, { entity: 'staff', entityId: userId })).json().data;
    expect(log.rows.map((r: { action: string }) => r.action)).toEqual(['disable', 'create']);
    expect(JSON.stringify(log.rows)).not.toMatch(/passwordHash|argon/);
    const list = (await adminCall(w.server, 'adminStaffList', w.admin, { keyword: '钱七' })).json().data;
    expect(list.rows).toHaveLength(1);
  });
});

describe('the last administrator', () => {
  const save = (token: string, userId: number, change: Record<string, unknown>) =>
    adminCall(w.server, 'adminStaffSave', token, { userId, phone: '13719005004', name: '测试admin4', role: 'admin', deptId: null, ...change });
  const adminRow = (userId: number) =>
    w.server.db.selectFrom('appUser').select(['role', 'disabled', 'phone']).where('userId', '=', userId).executeTakeFirstOrThrow();

  it('refuses to demote or disable the only administrator, changing nothing', async () => {
    const before = await adminRow(w.ids.admin);
    // Demoted to staff, the account would need a place: it is given one, so the refusal is the last administrator's.
    const asStaff = { role: 'staff', deptId: TENANT_A_COUNTY };
    for (const change of [asStaff, { disabled: true }, { ...asStaff, disabled: true }]) {
      const res = await save(w.admin, w.ids.admin, change);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 409, msg: '不能停用或降级最后一位管理员：请先为本单位添加另一位管理员' });
    }
    expect(await adminRow(w.ids.admin)).toEqual(before);
    // An edit that keeps the administrator enabled still passes.
    expect((await save(w.admin, w.ids.admin, { name: '测试admin4' })).statusCode).toBe(200);
  });

  it('with a second administrator, one of them may be demoted', async () => {
    const second = await insertUser(w.server.db, { phone: '13719005201', role: 'admin', deptId: TENANT_A_COUNTY, name: '副管理员' });
    const res = await adminCall(w.server, 'adminStaffSave', w.admin, {
      userId: second,
      phone: '13719005201',
      name: '副管理员',
      role: 'staff',
      deptId: TENANT_A_COUNTY,
    });
    expect(res.json()).toMatchObject({ code: 200, data: { role: 'staff' } });
    expect((await save(w.admin, w.ids.admin, { disabled: true })).statusCode).toBe(409);
  });

  it('lets only one of two concurrent demotions of the last two administrators pass', async () => {
    const second = await insertUser(w.server.db, { phone: '13719005202', role: 'admin', deptId: TENANT_A, name: '另一管理员' });
    const token = await sessionFor(w.server, second);
    const results = await Promise.all([
      save(w.admin, w.ids.admin, { role: 'staff', deptId: TENANT_A_COUNTY }),
      adminCall(w.server, 'adminStaffSave', token, {
        userId: second,
        phone: '13719005202',
        name: '另一管理员',
        role: 'admin',
        deptId: TENANT_A,
        disabled: true,
      }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const left = await w.server.db
      .selectFrom('appUser')
      .select('userId')
      .where('role', '=', 'admin')
      .where('disabled', '=', false)
      .where('userId', 'in', [w.ids.admin, second])
      .execute();
    expect(left).toHaveLength(1);
  });
});
