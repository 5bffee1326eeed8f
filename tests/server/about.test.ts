import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A, TENANT_B } from './fixtures.js';
import { callAs, loggedInUser } from './listings-helpers.js';
import { bearer, multipart } from './users-helpers.js';
import { referenceNumber } from '../../server/routes/about.js';

// What visitors hand in on the about pages (投诉建议, 项目咨询) and the property registration (产权登记): stored rows,
// a 受理编号 back, and a 400 with a Chinese msg (nothing stored) on bad input.
let server: TestServer;
let user: { userId: number; token: string };
let other: { userId: number; token: string };

beforeAll(async () => {
  server = await startTestServerWithPlaces();
  user = await loggedInUser(server, '13822220001', TENANT_A);
  other = await loggedInUser(server, '13822220002', TENANT_A);
});
afterAll(() => server.close());

const count = async (table: 'complaint' | 'propertyRegistration') =>
  Number(
    (
      await server.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const complaint = { name: '王小明', phone: '13912345678', type: '投诉', content: '报名审核太慢，三天没有回复。', project: 'NC2026-0012' };

describe('complaintSubmit (投诉建议)', () => {
  it('stores an anonymous complaint under the deptId place and answers its reference number', async () => {
    const res = await callAs(server, TENANT_A, 'complaintSubmit', { body: { ...complaint, name: '  王小明 ' } });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { id: number; refNo: string; createTime: string };
    expect(data.refNo).toMatch(/^TS\d{8}\d{6}$/);
    const row = await server.db.selectFrom('complaint').selectAll().where('id', '=', data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      refNo: data.refNo,
      kind: 'complaint',
      deptId: TENANT_A,
      name: '王小明',
      phone: '13912345678',
      type: '投诉',
      content: complaint.content,
      project: 'NC2026-0012',
      userId: null,
      status: 'new',
    });
    expect(data.refNo).toBe(referenceNumber('TS', row.id, row.createTime));
    expect(data.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('keeps the user id when a logged-in visitor sends one; defaults the type to 投诉; each gets its own number', async () => {
    const a = await callAs(server, TENANT_B, 'complaintSubmit', {
      body: { name: '李四', phone: '15012345678', content: '建议增加夜间咨询。' },
      headers: bearer(user.token),
    });
    const b = await callAs(server, TENANT_B, 'complaintSubmit', { body: { ...complaint, type: '建议' } });
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.refNo).not.toBe(b.json().data.refNo);
    const row = await server.db.selectFrom('complaint').selectAll().where('id', '=', a.json().data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ userId: user.userId, deptId: TENANT_B, type: '投诉' });
  });

  it('refuses bad input with a 400, the spec phone texts and nothing stored', async () => {
    const before = await count('complaint');
    const cases: Array<[Record<string, unknown>, string | RegExp]> = [
      [{ ...complaint, phone: '' }, '请输入电话号码'],
      [{ ...complaint, phone: undefined }, '请输入电话号码'],
      [{ ...complaint, phone: '12345678901' }, '请输入正确的电话号码'],
      [{ ...complaint, phone: '15412345678' }, '请输入正确的电话号码'],
      [{ ...complaint, name: '   ' }, '请输入姓名'],
      [{ ...complaint, content: ' \n ' }, '请输入投诉建议内容'],
      [{ ...complaint, type: '表扬' }, '请选择类型'],
      [{ ...complaint, content: 'x'.repeat(2001) }, /内容.*不能超过 2000/],
      [{ ...complaint, content: 'a\u0000b' }, /内容.*不能包含空字符/],
      [{ ...complaint, extra: 1 }, /不支持的字段：extra/],
      [{ phone: complaint.phone, content: 'x' }, /缺少必填参数：姓名/],
    ];
    for (const [body, msg] of cases) {
      const res = await callAs(server, TENANT_A, 'complaintSubmit', { body });
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json().code).toBe(400);
      expect(res.json().msg).toMatch(msg);
    }
    expect(await count('complaint')).toBe(before);
  });

  it('needs the signature like every /api/ call', async () => {
    const before = await count('complaint');
    const res = await server.app.inject({ method: 'POST', url: '/prod-api/api/complaintSubmit', payload: complaint });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toMatch(/[\u4e00-\u9fa5]/);
    expect(await count('complaint')).toBe(before);
  });
});

describe('consultSubmit (项目咨询)', () => {
  it('stores the question with the project as a consultation and answers a ZX number', async () => {
    const res = await callAs(server, TENANT_A, 'consultSubmit', {
      body: { name: '赵六', phone: '18612345678', project: '千岛湖镇下姜村茶园经营权流转', type: '报名条件', content: '外地企业可以报名吗？' },
    });
    expect(res.statusCode).toBe(200);
    const { id, refNo } = res.json().data as { id: number; refNo: string };
    expect(refNo).toMatch(/^ZX\d{14}$/);
    const row = await server.db.selectFrom('complaint').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'consult', project: '千岛湖镇下姜村茶园经营权流转', type: '报名条件', content: '外地企业可以报名吗？', refNo });
  });

  it('refuses a missing project, question or phone with the Chinese msg', async () => {
    const before = await count('complaint');
    const good = { name: '赵六', phone: '18612345678', project: '某项目', content: '问题' };
    for (const [body, msg] of [
      [{ ...good, project: ' ' }, '请输入咨询的项目'],
      [{ ...good, content: '' }, '请输入咨询内容'],
      [{ ...good, phone: '1861234567' }, '请输入正确的电话号码'],
    ] as const) {
      const res = await callAs(server, TENANT_A, 'consultSubmit', { body });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    expect(await count('complaint')).toBe(before);
  });
});

/** A small PNG whose pixels differ by `seed`. */
function png(seed: number): Buffer {
  const image = new PNG({ width: 4, height: 3 });
  for (let i = 0; i < image.data.length; i++) image.data[i] = (i * 17 + seed * 5) % 256;
  return PNG.sync.write(image);
}

async function uploadAs(token: string, seed: number): Promise<string> {
  const body = multipart([{ name: 'file', filename: `产权${seed}.png`, contentType: 'image/png', data: png(seed) }]);
  const res = await server.app.inject({
    method: 'POST',
    url: '/prod-api/common/upload',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.url as string;
}

const registration = {
  owner: '下姜村股份经济合作社',
  location: '千岛湖镇下姜村村委会东侧',
  propertyType: '农村集体经营性资产',
  area: 320.5,
  unit: 2,
  contact: '姜书记',
  phone: '13712345678',
  description: '二层砖混结构办公楼，现闲置。',
};

describe('propertyRegister (产权登记)', () => {
  it('stores the registration of the logged-in user with its photos and answers a DJ number', async () => {
    const photos = [await uploadAs(user.token, 1), await uploadAs(user.token, 2)];
    const res = await callAs(server, TENANT_A, 'propertyRegister', { body: { ...registration, photos }, headers: bearer(user.token) });
    expect(res.statusCode).toBe(200);
    const { id, refNo } = res.json().data as { id: number; refNo: string };
    expect(refNo).toMatch(/^DJ\d{14}$/);
    const row = await server.db.selectFrom('propertyRegistration').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      refNo,
      deptId: TENANT_A,
      userId: user.userId,
      owner: registration.owner,
      location: registration.location,
      propertyType: '农村集体经营性资产',
      area: '320.50',
      unit: 2,
      contact: '姜书记',
      phone: '13712345678',
      description: registration.description,
      photos,
      status: 'new',
    });
  });

  it('needs a login (401)', async () => {
    const before = await count('propertyRegistration');
    const res = await callAs(server, TENANT_A, 'propertyRegister', { body: registration });
    expect(res.statusCode).toBe(401);
    expect(await count('propertyRegistration')).toBe(before);
  });

  it('refuses bad input with a 400 and a Chinese msg, nothing stored', async () => {
    const before = await count('propertyRegistration');
    const strangers = await uploadAs(other.token, 3);
    const cases: Array<[Record<string, unknown>, string | RegExp]> = [
      [{ ...registration, owner: ' ' }, '请输入权利人'],
      [{ ...registration, location: '' }, '请输入坐落位置'],
      [{ ...registration, propertyType: '宅基地' }, '请选择产权类型'],
      [{ ...registration, area: 0 }, '请输入面积'],
      [{ ...registration, area: -1 }, /面积.*不能小于 0/],
      [{ ...registration, unit: 19 }, /单位.*不能大于 18/],
      [{ ...registration, unit: 1.5 }, /单位.*类型错误/],
      [{ ...registration, contact: '' }, '请输入联系人'],
      [{ ...registration, phone: '' }, '请输入电话号码'],
      [{ ...registration, phone: '139123456789' }, '请输入正确的电话号码'],
      [{ ...registration, photos: [strangers] }, /^产权照片无效：/],
      [{ ...registration, photos: ['javascript:alert(1)'] }, /格式不正确/],
      [{ ...registration, description: '\u0000' }, /description.*不能包含空字符/],
    ];
    for (const [body, msg] of cases) {
      const res = await callAs(server, TENANT_A, 'propertyRegister', { body, headers: bearer(user.token) });
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().msg).toMatch(msg);
    }
    expect(await count('propertyRegistration')).toBe(before);
  });
});

describe('newsList with several categories (the policy query)', () => {
  it('lists policies and rules together by keyword, and names an unknown number', async () => {
    const at = new Date('2026-01-01T00:00:00Z');
    await server.db
      .insertInto('article')
      .values([
        { deptId: TENANT_A, number: '002001', title: '土地流转管理办法', remark: '', keyword: '', content: '<p>a</p>', coverImg: '', logintime: at },
        { deptId: TENANT_A, number: '020', title: '交易中心土地流转交易规则', remark: '', keyword: '', content: '<p>b</p>', coverImg: '', logintime: at },
        { deptId: TENANT_A, number: '001017', title: '土地流转新闻', remark: '', keyword: '', content: '<p>c</p>', coverImg: '', logintime: at },
        { deptId: TENANT_A, number: '020', title: '档案管理制度', remark: '', keyword: '', content: '<p>d</p>', coverImg: '', logintime: at },
      ])
      .execute();
    const res = await callAs(server, TENANT_A, 'newsList', { body: { number: '002001,020', keyword: '土地流转', pageNum: 1, pageSize: 10 } });
    expect(res.statusCode).toBe(200);
    const titles = (res.json().data.rows as Array<{ title: string }>).map((r) => r.title).sort();
    expect(titles).toEqual(['交易中心土地流转交易规则', '土地流转管理办法']);
    expect(res.json().data.total).toBe(2);
    const unknown = await callAs(server, TENANT_A, 'newsList', { body: { number: '002001,999' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toContain('999');
  });
});
