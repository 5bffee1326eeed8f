import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A, TENANT_A_COUNTY, TENANT_A_OTHER_COUNTY, TENANT_A_TOWN, TENANT_B, TENANT_B_TOWN } from './fixtures.js';

let server: TestServer;

interface Seeded {
  id: number;
  deptId: number;
  number: string;
  title: string;
  at: Date;
}
const seeded: Seeded[] = [];
const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2024, 0, 1, 0, 0, 0);

/** Inserts one article; `day` orders them (larger = newer). */
async function article(
  deptId: number,
  number: string,
  title: string,
  day: number,
  extra: { remark?: string; keyword?: string; content?: string; coverImg?: string } = {},
): Promise<number> {
  const at = new Date(T0 + day * DAY);
  const row = await server.db
    .insertInto('article')
    .values({ deptId, number, title, logintime: at, content: `<p>${title}</p>`, ...extra })
    .returning('id')
    .executeTakeFirstOrThrow();
  seeded.push({ id: row.id, deptId, number, title, at });
  return row.id;
}

const idsOf = (rows: { id: number }[]) => rows.map((r) => r.id);
/** Seeded ids matching `pred`, newest first (logintime desc, id desc), as the lists promise. */
const expectedIds = (pred: (s: Seeded) => boolean) =>
  seeded
    .filter(pred)
    .sort((a, b) => b.at.getTime() - a.at.getTime() || b.id - a.id)
    .map((s) => s.id);

const A_DEPTS = [1100, 1110, 1111, 1112, 1120, 1121];
const B_DEPTS = [2110, 2111, 2112];

let sameDayOlderId: number;
let sameDayNewerId: number;
let aNoticeId: number;
let aCertificateId: number;
let aNewsId: number;
let bNewsId: number;
let helpIds: Record<string, number>;

beforeAll(async () => {
  server = await startTestServerWithPlaces();

  // Tenant A: 12 news items spread over the city, its counties and towns.
  const aDepts = [TENANT_A, TENANT_A_COUNTY, TENANT_A_TOWN, 1112, TENANT_A_OTHER_COUNTY, 1121];
  for (let i = 0; i < 12; i++) {
    await article(aDepts[i % aDepts.length], '001017', `甲地新闻 ${i + 1}`, i + 1, { coverImg: `/image-api/news/${i + 1}.png` });
  }
  // Two items on the same instant: the later id comes first.
  sameDayOlderId = await article(TENANT_A_TOWN, '001017', '同日新闻 旧', 30);
  sameDayNewerId = await article(TENANT_A_TOWN, '001017', '同日新闻 新', 30);
  // Keyword search targets: title, remark and keyword columns; mixed case; a literal percent sign.
  await article(TENANT_A_COUNTY, '002001', '土地承包法 Rural Land', 5, { remark: '政策解读' });
  await article(TENANT_A, '002001', '流转管理办法', 6, { remark: '关于土地流转的说明' });
  await article(TENANT_A, '003001', '交易指南', 7, { keyword: '土地,流转' });
  await article(TENANT_A, '003001', '收益增长 50%', 8);
  // Downloads: one in the parent 007 itself, two in 007001.
  await article(TENANT_A, '007', '资料总表', 9);
  await article(TENANT_A, '007001', '申请表模板', 10);
  await article(TENANT_A_COUNTY, '007001', '合同范本', 11);
  // Public notices and certificates.
  aNoticeId = await article(TENANT_A, '008001', '甲市公示公告一', 12, { keyword: '公示', remark: '为期七天' });
  await article(TENANT_A_TOWN, '008001', '甲镇公示公告二', 13, { keyword: '公告', remark: '镇级' });
  aCertificateId = await article(TENANT_A, '013001', '甲市鉴证书', 14, { remark: '鉴证编号 001' });
  aNewsId = seeded.find((s) => s.title === '甲地新闻 1')!.id;

  // Tenant B: its own news (one sharing a search word with A), a notice and a certificate.
  bNewsId = await article(TENANT_B, '001017', '丁县新闻 土地流转', 2);
  await article(TENANT_B_TOWN, '001017', '丁镇新闻', 3);
  await article(TENANT_B, '001017', '丁县新闻 二', 40);
  await article(TENANT_B, '008001', '丁县公示公告', 4, { keyword: '公示', remark: '丁县' });
  await article(TENANT_B, '013001', '丁县鉴证书', 4);

  // Help centre: order_num interleaves two groups; the first item decides a group's place.
  const help = [
    { classname: '交易流程', title: '如何报名', orderNum: 2 },
    { classname: '账号问题', title: '忘记密码', orderNum: 1 },
    { classname: '交易流程', title: '如何竞价', orderNum: 3 },
    { classname: '账号问题', title: '修改手机号', orderNum: 4 },
  ];
  helpIds = {};
  for (const h of help) {
    const row = await server.db
      .insertInto('helpItem')
      .values({ ...h, content: `<p>${h.title}的说明</p>` })
      .returning('id')
      .executeTakeFirstOrThrow();
    helpIds[h.title] = row.id;
  }
});
afterAll(() => server.close());

type Query = Record<string, string | number>;
const qs = (query?: Query) => (query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : '');

async function call(path: string, deptId: number, opts: { query?: Query; body?: unknown } = {}) {
  const res = await server.app.inject({
    method: 'POST',
    url: `/prod-api/api/${path}${qs(opts.query)}`,
    headers: server.signed(deptId),
    ...(opts.body === undefined ? {} : { payload: opts.body as object }),
  });
  return { status: res.statusCode, body: res.json() };
}

describe('POST /api/newsList', () => {
  it('pages the region’s news newest first with totals, in the envelope', async () => {
    const want = expectedIds((s) => s.number === '001017' && A_DEPTS.includes(s.deptId));
    expect(want).toHaveLength(14);

    const first = await call('newsList', TENANT_A, { query: { number: '001017' } });
    expect(first.status).toBe(200);
    expect(first.body.code).toBe(200);
    expect(first.body.data.total).toBe(14);
    expect(idsOf(first.body.data.rows)).toEqual(want.slice(0, 10));

    const second = await call('newsList', TENANT_A, { query: { number: '001017', pageNum: 2, pageSize: 10 } });
    expect(second.body.data.total).toBe(14);
    expect(idsOf(second.body.data.rows)).toEqual(want.slice(10));

    const past = await call('newsList', TENANT_A, { query: { number: '001017', pageNum: 5 } });
    expect(past.body.data).toEqual({ rows: [], total: 14 });
  });

  it('breaks a tie on logintime by id, newest id first', async () => {
    const { body } = await call('newsList', TENANT_A, { query: { number: '001017', pageSize: 2 } });
    expect(idsOf(body.data.rows)).toEqual([sameDayNewerId, sameDayOlderId]);
  });

  it('returns the article item shape with deptName and CST dates', async () => {
    const { body } = await call('newsList', TENANT_A, { query: { number: '001017', pageSize: 100 } });
    const row = body.data.rows.find((r: { id: number }) => r.id === aNewsId);
    expect(row).toEqual({
      id: aNewsId,
      number: '001017',
      title: '甲地新闻 1',
      logintime: '2024-01-02 08:00:00',
      coverImg: '/image-api/news/1.png',
      remark: '',
      keyword: '',
      deptId: TENANT_A,
      deptName: '甲市',
      attachmentUrl: null,
      watchCts: 0,
    });
    // The list never carries the rich-text content.
    expect(row).not.toHaveProperty('content');
  });

  it('never shows tenant A’s rows to tenant B, and B’s to A', async () => {
    const b = await call('newsList', TENANT_B, { query: { number: '001017', pageSize: 100 } });
    expect(b.body.data.total).toBe(3);
    expect(idsOf(b.body.data.rows)).toEqual(expectedIds((s) => s.number === '001017' && B_DEPTS.includes(s.deptId)));
    expect(b.body.data.rows.every((r: { deptId: number }) => B_DEPTS.includes(r.deptId))).toBe(true);

    const a = await call('newsList', TENANT_A, { query: { number: '001017', pageSize: 100 } });
    expect(a.body.data.rows.some((r: { deptId: number }) => B_DEPTS.includes(r.deptId))).toBe(false);
  });

  it('narrows to a place inside the region with deptId, including the places under it', async () => {
    const { body } = await call('newsList', TENANT_A, { query: { number: '001017', deptId: TENANT_A_COUNTY, pageSize: 100 } });
    const want = expectedIds((s) => s.number === '001017' && [1110, 1111, 1112].includes(s.deptId));
    expect(body.data.total).toBe(want.length);
    expect(idsOf(body.data.rows)).toEqual(want);
  });

  it('refuses a deptId outside the region with 403', async () => {
    const res = await call('newsList', TENANT_A, { query: { number: '001017', deptId: TENANT_B_TOWN } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 403, msg: '无权访问其他地区的数据' });
    // A county tenant cannot climb to its parent either.
    const up = await call('newsList', TENANT_A_COUNTY, { body: { number: '001017', deptId: TENANT_A } });
    expect(up.status).toBe(403);
  });

  it('includes child categories when given a parent number', async () => {
    const downloads = await call('newsList', TENANT_A, { query: { number: '007' } });
    expect(downloads.body.data.total).toBe(3);
    expect(downloads.body.data.rows.map((r: { number: string }) => r.number).sort()).toEqual(['007', '007001', '007001']);
    expect(idsOf(downloads.body.data.rows)).toEqual(expectedIds((s) => ['007', '007001'].includes(s.number) && A_DEPTS.includes(s.deptId)));

    const onlyChild = await call('newsList', TENANT_A, { query: { number: '007001' } });
    expect(onlyChild.body.data.total).toBe(2);

    const newsCentre = await call('newsList', TENANT_A, { query: { number: '001', pageSize: 1 } });
    expect(newsCentre.body.data.total).toBe(14);
  });

  it('lists every category when number is omitted (site-wide search)', async () => {
    const { body } = await call('newsList', TENANT_A, { body: { pageSize: 100 } });
    expect(body.data.total).toBe(seeded.filter((s) => A_DEPTS.includes(s.deptId)).length);
  });

  it('searches title, remark and keyword, case-insensitively, within the region only', async () => {
    const land = await call('newsList', TENANT_A, { body: { keyword: '土地' } });
    expect(land.body.data.rows.map((r: { title: string }) => r.title).sort()).toEqual(['交易指南', '土地承包法 Rural Land', '流转管理办法'].sort());
    expect(land.body.data.total).toBe(3);

    const english = await call('newsList', TENANT_A, { body: { keyword: 'rural LAND' } });
    expect(english.body.data.rows.map((r: { title: string }) => r.title)).toEqual(['土地承包法 Rural Land']);

    // The same word in tenant B's title is found only for B.
    const b = await call('newsList', TENANT_B, { body: { keyword: '土地流转' } });
    expect(idsOf(b.body.data.rows)).toEqual([bNewsId]);

    // Combined with a category and paging.
    const withNumber = await call('newsList', TENANT_A, { query: { number: '002001', keyword: '土地', pageSize: 1 } });
    expect(withNumber.body.data.total).toBe(2);
    expect(withNumber.body.data.rows).toHaveLength(1);
  });

  it('matches LIKE wildcards literally', async () => {
    const percent = await call('newsList', TENANT_A, { body: { keyword: '50%' } });
    expect(percent.body.data.rows.map((r: { title: string }) => r.title)).toEqual(['收益增长 50%']);
    const underscore = await call('newsList', TENANT_A, { body: { keyword: '_' } });
    expect(underscore.body.data.total).toBe(0);
  });

  it('reads params from the body too, the body winning over the query', async () => {
    const { body } = await call('newsList', TENANT_A, { query: { number: '001017', pageSize: 1 }, body: { number: '008001' } });
    expect(body.data.total).toBe(2);
    expect(body.data.rows).toHaveLength(1);
    expect(body.data.rows[0].number).toBe('008001');
  });

  it('answers an unknown category number with 404 naming it', async () => {
    const res = await call('newsList', TENANT_A, { query: { number: '999' } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, msg: '文章分类不存在：999' });
  });

  it('validates paging, naming the field', async () => {
    const zero = await call('newsList', TENANT_A, { query: { number: '001017', pageSize: 0 } });
    expect(zero.status).toBe(400);
    expect(zero.body).toEqual({ code: 400, msg: '参数 每页条数（pageSize） 不能小于 1' });

    const big = await call('newsList', TENANT_A, { body: { pageSize: 101 } });
    expect(big.status).toBe(400);
    expect(big.body.msg).toBe('参数 每页条数（pageSize） 不能大于 100');

    const text = await call('newsList', TENANT_A, { query: { pageNum: 'abc' } });
    expect(text.status).toBe(400);
    expect(text.body.msg).toBe('参数 页码（pageNum） 类型错误，应为整数');
  });

  it('refuses an unsigned call', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/prod-api/api/newsList', headers: { deptId: String(TENANT_A) } });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('缺少签名请求头：timeStamp、sign');
  });
});

describe('POST /api/newsClass', () => {
  it('lists the article categories with their keys and parents', async () => {
    const { status, body } = await call('newsClass', TENANT_B);
    expect(status).toBe(200);
    expect(body.data).toContainEqual({ number: '008001', name: '公示公告', key: 'gongshigonggao', parentNumber: null });
    expect(body.data).toContainEqual({ number: '007001', name: '资料下载', key: null, parentNumber: '007' });
    expect(body.data).toContainEqual({ number: '001017', name: '新闻动态', key: 'xinwendongtai', parentNumber: '001' });
    expect(body.data[0].number).toBe('001');
  });
});

describe('POST /api/newsDetail', () => {
  it('returns the article with content and counts each view', async () => {
    const first = await call('newsDetail', TENANT_A, { query: { id: aNewsId } });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      id: aNewsId,
      title: '甲地新闻 1',
      content: '<p>甲地新闻 1</p>',
      deptName: '甲市',
      logintime: '2024-01-02 08:00:00',
      watchCts: 1,
    });
    const second = await call('newsDetail', TENANT_A, { body: { id: aNewsId } });
    expect(second.body.data.watchCts).toBe(2);
    const row = await server.db.selectFrom('article').select('watchCts').where('id', '=', aNewsId).executeTakeFirstOrThrow();
    expect(row.watchCts).toBe(2);
  });

  it('is reachable from a sub-region only for that sub-region’s articles', async () => {
    const townArticle = seeded.find((s) => s.deptId === TENANT_A_TOWN && s.number === '001017')!;
    expect((await call('newsDetail', TENANT_A_COUNTY, { query: { id: townArticle.id } })).status).toBe(200);
    expect((await call('newsDetail', TENANT_A_COUNTY, { query: { id: aNewsId } })).status).toBe(404);
  });

  it('answers another region’s article exactly like a missing one, without counting a view', async () => {
    const before = await server.db.selectFrom('article').select('watchCts').where('id', '=', bNewsId).executeTakeFirstOrThrow();
    const foreign = await call('newsDetail', TENANT_A, { query: { id: bNewsId } });
    const missing = await call('newsDetail', TENANT_A, { query: { id: 987654 } });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ code: 404, msg: '文章不存在或已删除' });
    expect(missing.body).toEqual(foreign.body);
    const after = await server.db.selectFrom('article').select('watchCts').where('id', '=', bNewsId).executeTakeFirstOrThrow();
    expect(after.watchCts).toBe(before.watchCts);
  });

  it('requires an integer id', async () => {
    const none = await call('newsDetail', TENANT_A);
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ code: 400, msg: '缺少必填参数：文章编号（id）' });
    const text = await call('newsDetail', TENANT_A, { query: { id: 'x1' } });
    expect(text.status).toBe(400);
    expect(text.body.msg).toBe('参数 文章编号（id） 类型错误，应为整数');
  });
});

describe('public notices: /api/publicityList and /api/publicityDetail', () => {
  it('lists only the region’s public notices, with keyword and remark', async () => {
    const { body } = await call('publicityList', TENANT_A);
    expect(body.data.total).toBe(2);
    expect(body.data.rows.map((r: { title: string; keyword: string; remark: string }) => [r.title, r.keyword, r.remark])).toEqual([
      ['甲镇公示公告二', '公告', '镇级'],
      ['甲市公示公告一', '公示', '为期七天'],
    ]);
    const b = await call('publicityList', TENANT_B);
    expect(b.body.data.rows.map((r: { title: string }) => r.title)).toEqual(['丁县公示公告']);
  });

  it('pages and searches notices; a number param cannot widen the category', async () => {
    const paged = await call('publicityList', TENANT_A, { query: { pageSize: 1, pageNum: 2 } });
    expect(paged.body.data.total).toBe(2);
    expect(idsOf(paged.body.data.rows)).toEqual([aNoticeId]);
    const search = await call('publicityList', TENANT_A, { body: { keyword: '七天' } });
    expect(idsOf(search.body.data.rows)).toEqual([aNoticeId]);
    const widened = await call('publicityList', TENANT_A, { body: { number: '001017' } });
    expect(widened.body.data.total).toBe(2);
  });

  it('shows a notice, but not a news item or another region’s notice', async () => {
    const ok = await call('publicityDetail', TENANT_A, { query: { id: aNoticeId } });
    expect(ok.body.data).toMatchObject({ id: aNoticeId, number: '008001', keyword: '公示', remark: '为期七天', content: '<p>甲市公示公告一</p>' });
    expect((await call('publicityDetail', TENANT_A, { query: { id: aNewsId } })).body).toEqual({ code: 404, msg: '文章不存在或已删除' });
    expect((await call('publicityDetail', TENANT_B, { query: { id: aNoticeId } })).status).toBe(404);
  });
});

describe('certificates: /api/attest and /api/attestDetail', () => {
  it('lists the region’s certificates and shows one', async () => {
    const a = await call('attest', TENANT_A);
    expect(a.body.data).toMatchObject({ total: 1, rows: [{ id: aCertificateId, title: '甲市鉴证书', remark: '鉴证编号 001' }] });
    const b = await call('attest', TENANT_B);
    expect(b.body.data.rows.map((r: { title: string }) => r.title)).toEqual(['丁县鉴证书']);

    const detail = await call('attestDetail', TENANT_A, { body: { id: aCertificateId } });
    expect(detail.body.data).toMatchObject({ id: aCertificateId, number: '013001', watchCts: 1 });
    expect((await call('attestDetail', TENANT_B, { body: { id: aCertificateId } })).status).toBe(404);
    expect((await call('attestDetail', TENANT_A, { body: { id: aNoticeId } })).status).toBe(404);
  });

  it('validates paging like newsList', async () => {
    const res = await call('attest', TENANT_A, { query: { pageSize: 0 } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('参数 每页条数（pageSize） 不能小于 1');
  });
});

describe('help centre: /api/help and /api/helpDetail', () => {
  it('groups items by classname in order of first appearance, items by order_num', async () => {
    const { body } = await call('help', TENANT_A);
    expect(body.data).toEqual([
      {
        classname: '账号问题',
        list: [
          { id: helpIds['忘记密码'], title: '忘记密码' },
          { id: helpIds['修改手机号'], title: '修改手机号' },
        ],
      },
      {
        classname: '交易流程',
        list: [
          { id: helpIds['如何报名'], title: '如何报名' },
          { id: helpIds['如何竞价'], title: '如何竞价' },
        ],
      },
    ]);
    // Site-wide: another region sees the same help centre.
    expect((await call('help', TENANT_B)).body.data).toEqual(body.data);
  });

  it('shows one item and 404s a missing one', async () => {
    const { body } = await call('helpDetail', TENANT_B, { query: { id: helpIds['如何竞价'] } });
    expect(body.data).toEqual({ id: helpIds['如何竞价'], classname: '交易流程', title: '如何竞价', content: '<p>如何竞价的说明</p>' });
    const missing = await call('helpDetail', TENANT_B, { query: { id: 99999 } });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: 404, msg: '帮助内容不存在或已删除' });
    const none = await call('helpDetail', TENANT_B);
    expect(none.body).toEqual({ code: 400, msg: '缺少必填参数：帮助编号（id）' });
  });
});

describe('dictionaries: /api/typeList and GET /system/dict/data/type/:dictType', () => {
  it('lists a dictionary by dictSort', async () => {
    const { status, body } = await call('typeList', TENANT_A, { body: { dictType: 'invest_type' } });
    expect(status).toBe(200);
    expect(body.data).toHaveLength(6);
    expect(body.data[0]).toEqual({ dictType: 'invest_type', dictValue: '1', dictLabel: '现代农业', dictSort: 1 });
    const units = await call('typeList', TENANT_A, { body: { dictType: 'area_unit' } });
    expect(units.body.data.map((d: { dictLabel: string }) => d.dictLabel).slice(0, 3)).toEqual(['亩', '平方米', '公顷']);
    expect(units.body.data).toHaveLength(18);
  });

  it('answers an unknown dictType with an empty list and a missing one with 400', async () => {
    expect((await call('typeList', TENANT_A, { body: { dictType: 'no_such_type' } })).body.data).toEqual([]);
    const none = await call('typeList', TENANT_A);
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ code: 400, msg: '缺少必填参数：字典类型（dictType）' });
    const emptyBody = await call('typeList', TENANT_A, { body: {} });
    expect(emptyBody.status).toBe(400);
    expect(emptyBody.body.msg).toBe('缺少必填参数：字典类型（dictType）');
  });

  it('serves the same list by GET without signing', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/prod-api/system/dict/data/type/invest_type' });
    expect(res.statusCode).toBe(200);
    const signed = await call('typeList', TENANT_B, { body: { dictType: 'invest_type' } });
    expect(res.json().data).toEqual(signed.body.data);
    const unknown = await server.app.inject({ method: 'GET', url: '/prod-api/system/dict/data/type/nothing_here' });
    expect(unknown.json()).toEqual({ code: 200, msg: '查询成功', data: [] });
  });
});
