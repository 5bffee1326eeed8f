import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formSignatureFor } from '../../server/plugins/guards/index.js';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A, TENANT_A_COUNTY, TENANT_A_TOWN, TENANT_B, TENANT_B_TOWN } from './fixtures.js';

// The form-encoded api/index/{name} call style: timestamp + random + signature, dm naming the region.
let server: TestServer;
const CODE_A = '110000';
const CODE_A_COUNTY = '111000';
const CODE_B = '211000';
const T0 = Date.UTC(2024, 5, 1);
const DAY = 24 * 60 * 60 * 1000;

const aNews: number[] = []; // newest first
const bNews: number[] = [];
const aCarousel: number[] = []; // newest first
let aPolicyId: number;

async function article(deptId: number, number: string, title: string, day: number, coverImg = '') {
  const row = await server.db
    .insertInto('article')
    .values({ deptId, number, title, logintime: new Date(T0 + day * DAY), coverImg })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function project(deptId: number, status: number, name: string) {
  await server.db.insertInto('project').values({ deptId, type: 2, number: '001', status, projectName: name, price: 1000 }).execute();
}

beforeAll(async () => {
  server = await startTestServerWithPlaces();

  for (let i = 1; i <= 12; i++) aNews.unshift(await article(i % 2 ? TENANT_A : TENANT_A_TOWN, '001017', `甲新闻${i}`, i));
  for (let i = 1; i <= 2; i++) bNews.unshift(await article(TENANT_B_TOWN, '001017', `丁新闻${i}`, i));
  aPolicyId = await article(TENANT_A, '002001', '甲政策', 20);
  for (let i = 1; i <= 5; i++) aCarousel.unshift(await article(TENANT_A, '010', `甲轮播${i}`, i, `/image-api/carousel/${i}.jpg`));
  await article(TENANT_B, '010', '丁轮播', 30, '/image-api/carousel/b.jpg');

  // Projects for map navigation: 甲县 subtree 3, 丙县 subtree 1, one on the city itself (no child), B's town 1.
  await project(1111, 2, '甲镇项目一');
  await project(1111, 7, '甲镇项目二');
  await project(1112, 11, '乙镇项目');
  await project(1121, 4, '丙镇项目');
  await project(TENANT_A, 6, '甲市直属项目');
  await project(TENANT_B_TOWN, 4, '丁镇项目');
});
afterAll(() => server.close());

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

async function post(name: string, fields: Record<string, string>) {
  const res = await server.app.inject({
    method: 'POST',
    url: `/prod-api/api/index/${name}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form(fields),
  });
  return { status: res.statusCode, body: res.json() };
}

describe('POST /api/index/xinwenliebiao', () => {
  it('pages the region’s news (001017 by default), newest first', async () => {
    const { status, body } = await post('xinwenliebiao', server.formSigned({ dm: CODE_A }));
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    expect(body.data.total).toBe(12);
    expect(body.data.rows.map((r: { id: number }) => r.id)).toEqual(aNews.slice(0, 10));
    expect(body.data.rows[0]).toMatchObject({ title: '甲新闻12', number: '001017', deptId: TENANT_A_TOWN, deptName: '甲镇' });

    const page2 = await post('xinwenliebiao', server.formSigned({ dm: CODE_A, page: 3, page_size: 5 }));
    expect(page2.body.data.rows.map((r: { id: number }) => r.id)).toEqual(aNews.slice(10));
  });

  it('scopes to the dm region and its places only', async () => {
    const b = await post('xinwenliebiao', server.formSigned({ dm: CODE_B }));
    expect(b.body.data).toMatchObject({ total: 2 });
    expect(b.body.data.rows.map((r: { id: number }) => r.id)).toEqual(bNews);

    const county = await post('xinwenliebiao', server.formSigned({ dm: CODE_A_COUNTY }));
    expect(county.body.data.total).toBe(6);
    expect(county.body.data.rows.every((r: { deptId: number }) => r.deptId === TENANT_A_TOWN)).toBe(true);
  });

  it('lists another category by number, including child categories of a parent', async () => {
    const policy = await post('xinwenliebiao', server.formSigned({ dm: CODE_A, number: '002' }));
    expect(policy.body.data.rows.map((r: { id: number }) => r.id)).toEqual([aPolicyId]);
    const unknown = await post('xinwenliebiao', server.formSigned({ dm: CODE_A, number: '404404' }));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 404, msg: '文章分类不存在：404404' });
  });

  it('accepts a timestamp in seconds', async () => {
    const random = crypto.randomBytes(8).toString('hex');
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = formSignatureFor(server.config.formSecret, random, timestamp);
    const res = await post('xinwenliebiao', { timestamp, random, signature, dm: CODE_B });
    expect(res.status).toBe(200);
  });

  it('refuses a replayed random', async () => {
    const fields = server.formSigned({ dm: CODE_A });
    expect((await post('xinwenliebiao', fields)).status).toBe(200);
    const replay = await post('xinwenliebiao', fields);
    expect(replay.status).toBe(403);
    expect(replay.body).toEqual({ code: 403, msg: '重复的请求（random 已使用），请求被拒绝' });
  });

  it('refuses a wrong signature', async () => {
    const fields = server.formSigned({ dm: CODE_A });
    fields.signature = formSignatureFor('not-the-secret', fields.random, fields.timestamp);
    const res = await post('xinwenliebiao', fields);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 403, msg: '签名校验失败，请求被拒绝' });
  });

  it('refuses missing signature fields, naming them', async () => {
    const res = await post('xinwenliebiao', { dm: CODE_A, timestamp: String(Date.now()) });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('缺少签名参数：random、signature');
  });

  it('requires dm (400) and answers an unknown dm with 404', async () => {
    const none = await post('xinwenliebiao', server.formSigned({}));
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ code: 400, msg: '缺少必填参数：地区编码（dm）' });
    const unknown = await post('xinwenliebiao', server.formSigned({ dm: '999999' }));
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('地区不存在（dm 999999）');
  });

  it('validates page and page_size, naming the field', async () => {
    const zero = await post('xinwenliebiao', server.formSigned({ dm: CODE_A, page_size: 0 }));
    expect(zero.status).toBe(400);
    expect(zero.body).toEqual({ code: 400, msg: '参数 每页条数（page_size） 不能小于 1' });
    const text = await post('xinwenliebiao', server.formSigned({ dm: CODE_A, page: 'first' }));
    expect(text.status).toBe(400);
    expect(text.body.msg).toBe('参数 页码（page） 类型错误，应为整数');
  });
});

describe('POST /api/index/ditudaohang', () => {
  it('lists the region’s child places with project counts over each subtree', async () => {
    const { status, body } = await post('ditudaohang', server.formSigned({ dm: CODE_A }));
    expect(status).toBe(200);
    expect(body.data).toEqual([
      { deptId: TENANT_A_COUNTY, deptName: '甲县', deptCode: '111000', level: 3, projectCount: 3 },
      { deptId: 1120, deptName: '丙县', deptCode: '112000', level: 3, projectCount: 1 },
    ]);
  });

  it('lists the towns of a county tenant, including towns without projects', async () => {
    const b = await post('ditudaohang', server.formSigned({ dm: CODE_B }));
    expect(b.body.data).toEqual([
      { deptId: TENANT_B_TOWN, deptName: '丁镇', deptCode: '211100', level: 4, projectCount: 1 },
      { deptId: 2112, deptName: '戊镇', deptCode: '211200', level: 4, projectCount: 0 },
    ]);
  });

  it('drills into a place inside the region by id, and refuses one outside it', async () => {
    const towns = await post('ditudaohang', server.formSigned({ dm: CODE_A, id: TENANT_A_COUNTY }));
    expect(towns.body.data.map((p: { deptName: string; projectCount: number }) => [p.deptName, p.projectCount])).toEqual([
      ['甲镇', 2],
      ['乙镇', 1],
    ]);
    const foreign = await post('ditudaohang', server.formSigned({ dm: CODE_A, id: TENANT_B }));
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ code: 403, msg: '无权访问其他地区的数据' });
  });
});

describe('POST /api/index/news/rotation', () => {
  it('returns the newest 4 carousel items of the region with cover images', async () => {
    const { status, body } = await post('news/rotation', server.formSigned({ dm: CODE_A }));
    expect(status).toBe(200);
    expect(body.data.map((r: { id: number }) => r.id)).toEqual(aCarousel.slice(0, 4));
    for (const r of body.data) {
      expect(r.number).toBe('010');
      expect(r.coverImg).toMatch(/^\/image-api\/carousel\/\d\.jpg$/);
    }
  });

  it('honours page_size and never shows another region’s items', async () => {
    const two = await post('news/rotation', server.formSigned({ dm: CODE_A, page_size: 2 }));
    expect(two.body.data.map((r: { id: number }) => r.id)).toEqual(aCarousel.slice(0, 2));
    const b = await post('news/rotation', server.formSigned({ dm: CODE_B }));
    expect(b.body.data.map((r: { title: string }) => r.title)).toEqual(['丁轮播']);
  });

  it('also accepts a JSON body with the same fields', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/prod-api/api/index/news/rotation',
      payload: server.formSigned({ dm: CODE_A, page_size: 1 }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { id: number }) => r.id)).toEqual([aCarousel[0]]);
  });
});
