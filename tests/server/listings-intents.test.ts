import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A, TENANT_A_COUNTY, TENANT_A_TOWN, TENANT_B, TENANT_B_TOWN } from './fixtures.js';
import { callAs, loggedInUser } from './listings-helpers.js';

let server: TestServer;
const call = (deptId: number, name: string, options?: Parameters<typeof callAs>[3]) => callAs(server, deptId, name, options);

interface IntentRow {
  id: number;
  type: number;
  projectname: string;
  areaName: string;
  logintime: string;
}

const ids = new Map<string, number>();
let userA: { userId: number; token: string };
let userB: { userId: number; token: string };

beforeAll(async () => {
  server = await startTestServerWithPlaces();
  const rows = await server.db
    .insertInto('intent')
    .values([
      {
        deptId: TENANT_A_TOWN,
        type: 1,
        projectname: '甲镇村集体鱼塘转出',
        areaName: '甲镇',
        contact: '张三',
        phone: '13812345678',
        content: '鱼塘30亩，水源充足。',
        logintime: '2024-04-03T01:00:00Z',
      },
      {
        deptId: TENANT_A_COUNTY,
        type: 1,
        projectname: '甲县闲置厂房转出',
        areaName: '甲县',
        contact: '李四',
        phone: '15900001111',
        content: '厂房两栋。',
        logintime: '2024-04-02T01:00:00Z',
      },
      {
        deptId: TENANT_A,
        type: 1,
        projectname: '甲市林地转出',
        areaName: '甲市',
        contact: '王五',
        phone: '18600002222',
        content: '',
        logintime: '2024-04-01T01:00:00Z',
      },
      {
        deptId: 1121,
        type: 1,
        projectname: '丙镇果园转出',
        areaName: '丙镇',
        contact: '赵六',
        phone: '17000003333',
        content: '',
        logintime: '2024-04-04T01:00:00Z',
      },
      {
        deptId: TENANT_A_TOWN,
        type: 2,
        projectname: '求租甲镇耕地',
        areaName: '甲镇',
        contact: '钱七',
        phone: '13900004444',
        content: '需耕地100亩。',
        logintime: '2024-04-05T01:00:00Z',
      },
      {
        deptId: TENANT_B,
        type: 1,
        projectname: '丁县鱼塘转出',
        areaName: '丁县',
        contact: '孙八',
        phone: '13700005555',
        content: '',
        logintime: '2024-04-06T01:00:00Z',
      },
      {
        deptId: TENANT_B_TOWN,
        type: 2,
        projectname: '求租丁镇厂房',
        areaName: '丁镇',
        contact: '周九',
        phone: '13600006666',
        content: '',
        logintime: '2024-04-07T01:00:00Z',
      },
    ])
    .returning(['id', 'projectname'])
    .execute();
  for (const r of rows) ids.set(r.projectname, r.id);
  userA = await loggedInUser(server, '13811112222', TENANT_A);
  userB = await loggedInUser(server, '13933334444', TENANT_B);
});
afterAll(() => server.close());

describe('POST /api/desiredList', () => {
  it('lists transfer-out intents (type 1) of the region, newest first, with their shape', async () => {
    const res = await call(TENANT_A, 'desiredList', { query: { type: 1 } });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.total).toBe(4);
    expect(data.rows.map((r: IntentRow) => r.projectname)).toEqual(['丙镇果园转出', '甲镇村集体鱼塘转出', '甲县闲置厂房转出', '甲市林地转出']);
    expect(data.rows[1]).toEqual({
      id: ids.get('甲镇村集体鱼塘转出'),
      type: 1,
      projectname: '甲镇村集体鱼塘转出',
      areaName: '甲镇',
      logintime: '2024-04-03 09:00:00',
    });
    // Contact details stay on the detail call (masked there).
    expect(data.rows[1]).not.toHaveProperty('phone');
  });

  it('keeps transfer-in intents (type 2) apart, taking type from the body as well', async () => {
    const data = (await call(TENANT_A, 'desiredList', { body: { type: 2 } })).json().data;
    expect(data).toEqual({
      total: 1,
      rows: [{ id: ids.get('求租甲镇耕地'), type: 2, projectname: '求租甲镇耕地', areaName: '甲镇', logintime: '2024-04-05 09:00:00' }],
    });
  });

  it('pages, filters by keyword on projectname and narrows to a place inside the region', async () => {
    const page2 = (await call(TENANT_A, 'desiredList', { query: { type: 1, pageNum: 2, pageSize: 3 } })).json().data;
    expect(page2).toMatchObject({ total: 4, rows: [{ projectname: '甲市林地转出' }] });
    const keyword = (await call(TENANT_A, 'desiredList', { body: { type: 1, keyword: '鱼塘' } })).json().data;
    expect(keyword.rows.map((r: IntentRow) => r.projectname)).toEqual(['甲镇村集体鱼塘转出']);
    const county = (await call(TENANT_A, 'desiredList', { query: { type: 1, deptId: TENANT_A_COUNTY } })).json().data;
    expect(county.rows.map((r: IntentRow) => r.projectname)).toEqual(['甲镇村集体鱼塘转出', '甲县闲置厂房转出']);
    const outside = await call(TENANT_A, 'desiredList', { query: { type: 1, deptId: TENANT_B_TOWN } });
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toEqual({ code: 403, msg: '无权访问其他地区的数据' });
  });

  it('never shows another region’s intents', async () => {
    const b = (await call(TENANT_B, 'desiredList', { query: { type: 1 } })).json().data;
    expect(b.rows.map((r: IntentRow) => r.projectname)).toEqual(['丁县鱼塘转出']);
    // The keyword that matches B's row finds nothing from A.
    const a = (await call(TENANT_A, 'desiredList', { query: { type: 1, keyword: '丁县' } })).json().data;
    expect(a).toEqual({ rows: [], total: 0 });
  });

  it('needs a valid type, naming 意向类型', async () => {
    const missing = await call(TENANT_A, 'desiredList');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ code: 400, msg: '缺少必填参数：意向类型（type）' });
    for (const options of [{ query: { type: 3 } }, { body: { type: 0 } }, { query: { type: 'out' } }]) {
      const res = await call(TENANT_A, 'desiredList', options);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(400);
      expect(res.json().msg).toContain('意向类型');
    }
  });
});

describe('POST /api/desiredDetail', () => {
  it('returns the intent with the phone masked to its first 3 and last 4 digits', async () => {
    const id = ids.get('甲镇村集体鱼塘转出')!;
    const res = await call(TENANT_A, 'desiredDetail', { query: { id } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id,
      type: 1,
      projectname: '甲镇村集体鱼塘转出',
      areaName: '甲镇',
      contact: '张三',
      phone: '138****5678',
      content: '鱼塘30亩，水源充足。',
      logintime: '2024-04-03 09:00:00',
      deptId: TENANT_A_TOWN,
      deptName: '甲镇',
    });
    expect(res.body).not.toContain('13812345678');
  });

  it('answers 404 across regions and 400 without an id', async () => {
    const cross = await call(TENANT_B, 'desiredDetail', { body: { id: ids.get('甲镇村集体鱼塘转出')! } });
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toEqual({ code: 404, msg: '意向信息不存在' });
    expect((await call(TENANT_A, 'desiredDetail', { body: { id: ids.get('丁县鱼塘转出')! } })).statusCode).toBe(404);
    expect((await call(TENANT_A, 'desiredDetail')).json()).toEqual({ code: 400, msg: '缺少必填参数：编号（id）' });
  });
});

describe('POST /api/desiredSubmit', () => {
  const form = {
    type: 1,
    projectname: '  甲市茶园经营权转出  ',
    contact: '吴十',
    phone: '17612345678',
    content: '茶园50亩，经营期限10年。',
  };
  const submit = (deptId: number, body: Record<string, unknown>, token?: string) =>
    call(deptId, 'desiredSubmit', { body, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('needs a login', async () => {
    const anonymous = await submit(TENANT_A, form);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ code: 401, msg: '请先登录' });
    const stale = await submit(TENANT_A, form, 'not-a-token');
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ code: 401, msg: '登录状态已过期，请重新登录' });
    const count = await server.db
      .selectFrom('intent')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('projectname', 'like', '%茶园%')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  // Staff publish a submitted intent (intentReview, tests/server/intent-review.test.ts); here straight in the database.
  const publish = (id: number) => server.db.updateTable('intent').set({ state: 1 }).where('id', '=', id).execute();

  it('stores the intent under the region with the user, awaiting review; once published it is listed and readable (masked)', async () => {
    const res = await submit(TENANT_A, form, userA.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.msg).toBe('提交成功，等待审核');
    const id = body.data.id as number;
    expect(Number.isInteger(id)).toBe(true);

    const row = await server.db.selectFrom('intent').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      deptId: TENANT_A,
      type: 1,
      projectname: '甲市茶园经营权转出',
      areaName: '甲市',
      contact: '吴十',
      phone: '17612345678',
      userId: userA.userId,
      state: 0,
    });
    expect((await call(TENANT_A, 'desiredList', { query: { type: 1 } })).json().data.total).toBe(4);
    expect((await call(TENANT_A, 'desiredDetail', { query: { id } })).statusCode).toBe(404);
    await publish(id);

    const list = (await call(TENANT_A, 'desiredList', { query: { type: 1 } })).json().data;
    expect(list.total).toBe(5);
    expect(list.rows[0]).toMatchObject({ id, projectname: '甲市茶园经营权转出', areaName: '甲市' });
    const detail = (await call(TENANT_A, 'desiredDetail', { query: { id } })).json().data;
    expect(detail).toMatchObject({ phone: '176****5678', content: '茶园50亩，经营期限10年。' });
    // Another region neither lists nor reads it.
    expect((await call(TENANT_B, 'desiredList', { query: { type: 1 } })).json().data.total).toBe(1);
    expect((await call(TENANT_B, 'desiredDetail', { query: { id } })).statusCode).toBe(404);
  });

  it('stores under a requested town inside the region, and refuses one outside', async () => {
    const res = await submit(TENANT_A, { ...form, type: 2, projectname: '求购乙镇农机', deptId: 1112 }, userA.token);
    expect(res.statusCode).toBe(200);
    const row = await server.db.selectFrom('intent').selectAll().where('id', '=', res.json().data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ deptId: 1112, type: 2, areaName: '乙镇' });

    const outside = await submit(TENANT_A, { ...form, deptId: TENANT_B_TOWN }, userA.token);
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toEqual({ code: 403, msg: '无权访问其他地区的数据' });
  });

  it('keeps a given areaName and serves tenant B the same way', async () => {
    const res = await submit(TENANT_B, { ...form, projectname: '丁镇茶园转出', areaName: '丁县丁镇', deptId: TENANT_B_TOWN }, userB.token);
    expect(res.statusCode).toBe(200);
    await publish(res.json().data.id);
    const list = (await call(TENANT_B, 'desiredList', { query: { type: 1 } })).json().data;
    expect(list.rows[0]).toMatchObject({ projectname: '丁镇茶园转出', areaName: '丁县丁镇' });
    const a = (await call(TENANT_A, 'desiredList', { query: { type: 1, keyword: '丁镇' } })).json().data;
    expect(a.total).toBe(0);
  });

  it('refuses a bad phone with the spec’s texts', async () => {
    for (const phone of ['12345678901', '15412345678', '1381234567', '179123456789', '1381234567a']) {
      const res = await submit(TENANT_A, { ...form, phone }, userA.token);
      expect(res.statusCode, phone).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg: '请输入正确的电话号码' });
    }
    const { phone: _omitted, ...withoutPhone } = form;
    expect((await submit(TENANT_A, withoutPhone, userA.token)).json()).toEqual({ code: 400, msg: '请输入电话号码' });
    expect((await submit(TENANT_A, { ...form, phone: '   ' }, userA.token)).json()).toEqual({ code: 400, msg: '请输入电话号码' });
    // Every allowed prefix family passes.
    for (const phone of ['13012345678', '15012345678', '15912345678', '18012345678', '17012345678', '17112345678', '17812345678']) {
      expect((await submit(TENANT_A, { ...form, phone, projectname: `号段${phone.slice(0, 3)}` }, userA.token)).statusCode, phone).toBe(200);
    }
  });

  it('refuses a bad type or a missing field, naming it', async () => {
    const badType = await submit(TENANT_A, { ...form, type: 3 }, userA.token);
    expect(badType.statusCode).toBe(400);
    expect(badType.json().msg).toContain('意向类型');
    expect((await submit(TENANT_A, { ...form, type: undefined }, userA.token)).json()).toEqual({ code: 400, msg: '缺少必填参数：意向类型（type）' });
    expect((await submit(TENANT_A, { ...form, projectname: undefined }, userA.token)).json()).toEqual({
      code: 400,
      msg: '缺少必填参数：项目名称（projectname）',
    });
    expect((await submit(TENANT_A, { ...form, projectname: '   ' }, userA.token)).json()).toEqual({
      code: 400,
      msg: '参数 项目名称（projectname） 不能为空',
    });
    expect((await submit(TENANT_A, { ...form, contact: '' }, userA.token)).json().msg).toContain('联系人（contact）');
  });
});
