import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Viewer } from './auction-helpers.js';
import { TENANT_A, startTestServerWithPlaces } from './fixtures.js';
import type { TestServer } from './harness.js';
import { bearer, insertUser, sessionFor } from './users-helpers.js';

// Integers beyond their column's range and NUL characters (PostgreSQL refuses \u0000 in text)
// reached the database and came back as 500. Each class is refused up front with 400 and a Chinese msg naming the field.
let server: TestServer;
let token: string;
let wsBase: string;

beforeAll(async () => {
  server = await startTestServerWithPlaces();
  token = await sessionFor(server, await insertUser(server.db, { phone: '13700000001', deptId: TENANT_A }));
  wsBase = (await server.app.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws');
});
afterAll(() => server?.close());

type Sent = { url: string; payload?: string | object; headers?: Record<string, string>; method?: 'POST' | 'GET' };

async function send({ url, payload, headers = {}, method = 'POST' }: Sent) {
  const res = await server.app.inject({
    method,
    url: `/prod-api${url}`,
    headers: { ...server.signed(TENANT_A), ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}), ...headers },
    payload,
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string } };
}

describe('integers beyond the column range', () => {
  it('refuses id 99999999999 on a detail call (body and query) with 400 naming id and its maximum', async () => {
    for (const sent of [
      { url: '/api/newsDetail', payload: { id: 99999999999 } },
      { url: '/api/projectDetail?id=99999999999' },
      { url: '/api/desiredDetail', payload: { id: '99999999999' } },
    ]) {
      const res = await send(sent);
      expect(res.status, sent.url).toBe(400);
      expect(res.body.code).toBe(400);
      expect(res.body.msg).toContain('（id）');
      expect(res.body.msg).toContain('不能大于 2147483647');
    }
  });

  it('refuses projectId 99999999999 on the auction calls', async () => {
    const res = await send({ url: '/api/auction/state', payload: { projectId: 99999999999 } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('projectId');
    const bid = await send({ url: '/api/auction/bid', payload: { projectId: 1, amount: 1e308 }, headers: bearer(token) });
    expect(bid.status).toBe(400);
    expect(bid.body.msg).toContain('amount');
  });

  it('refuses page 1e308 with 400 naming pageNum', async () => {
    for (const url of ['/api/newsList', '/api/projectList', '/api/desiredList']) {
      const res = await send({ url, payload: '{"pageNum":1e308}' });
      expect(res.status, url).toBe(400);
      expect(res.body.msg).toContain('pageNum');
      expect(res.body.msg).toContain('不能大于 100000');
    }
  });

  it('refuses numeric text that ajv coerces to Infinity ("1e400", "Infinity"), which skipped every bound', async () => {
    for (const sent of [
      { url: '/api/newsList?pageNum=Infinity' },
      { url: '/api/newsDetail', payload: { id: '1e400' } },
      { url: '/api/auction/bid', payload: { projectId: 1, amount: 'Infinity' }, headers: bearer(token) },
      { url: '/api/newsList', payload: { pageNum: '-1e400' } },
      // A field defined once in common.json and $ref'd (found by the route fuzz).
      { url: '/api/auction/mine', payload: { pageNum: 'Infinity' }, headers: bearer(token) },
    ]) {
      const res = await send(sent);
      expect(res.status, JSON.stringify(sent)).toBe(400);
      expect(res.body.msg).toMatch(/（(pageNum|id|amount)） 不能(大|小)于 /);
    }
  });

  it('refuses a numeric string beyond range where the schema takes a number or a string', async () => {
    const res = await send({ url: '/api/projectList', payload: { deptId: '99999999999' } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('deptId');
    const area = await send({ url: '/api/projectList', payload: { areaBegin: '1e400' } });
    expect(area.status).toBe(400);
    expect(area.body.msg).toContain('areaBegin');
  });

  it('refuses an out-of-range id in the form-encoded style', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/prod-api/api/index/xinwenliebiao',
      payload: server.formSigned({ dm: '110000', id: '99999999999' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('id');
  });

  it('answers a websocket watch of an out-of-range project id as an invalid id, without touching the database', async () => {
    const viewer = await Viewer.open(`${wsBase}/websocket/0`);
    try {
      viewer.send({ type: 'watch', data: { projectId: 99999999999 } });
      const frame = await viewer.waitFor((f) => f.type === 'error');
      expect(frame.data?.msg).toBe('缺少或无效的项目编号（projectId）');
      // Other hostile frames each get an error frame, and the socket keeps answering.
      const hostile = [
        'null',
        '[]',
        '"\u0000"',
        `${'['.repeat(2000)}${']'.repeat(2000)}`,
        '{"type":"watch","data":{"projectId":"1e400"}}',
        '{"type":"watch","data":{"projectId":"1\u0000"}}',
        '{"type":"\u0000"}',
        '{"type":"watch","data":null}',
      ];
      for (const raw of hostile) viewer.ws.send(raw);
      await viewer.waitFor(() => viewer.of('error').length === 1 + hostile.length);
      viewer.send({ type: 'heartcheck' });
      await viewer.waitFor((f) => f.type === 'heartcheck');
    } finally {
      await viewer.close();
    }
  });
});

describe('NUL characters', () => {
  it('refuses NUL in a search keyword (body and query) with 400 naming keyword', async () => {
    for (const sent of [
      { url: '/api/newsList', payload: { keyword: '田\u0000亩' } },
      { url: '/api/projectList?keyword=%00' },
      { url: '/api/landInfoList', payload: { keyword: '\u0000' } },
    ]) {
      const res = await send(sent);
      expect(res.status, sent.url).toBe(400);
      expect(res.body.msg).toMatch(/^参数 关键[词字]（keyword） 不能包含空字符$/);
    }
  });

  it('refuses NUL in a submit body with 400 naming the field, and stores nothing', async () => {
    const before = await server.db
      .selectFrom('intent')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await send({
      url: '/api/desiredSubmit',
      payload: { type: 1, projectname: '茶园\u0000转出', contact: '吴十', phone: '17612345678', content: '说明' },
      headers: bearer(token),
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('projectname');
    expect(res.body.msg).toContain('不能包含空字符');
    const after = await server.db
      .selectFrom('intent')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);

    const feedback = await send({ url: '/base/feedback', payload: { title: '标题', content: '内容\u0000' }, headers: bearer(token) });
    expect(feedback.status).toBe(400);
    expect(feedback.body.msg).toContain('content');
    expect(feedback.body.msg).toContain('不能包含空字符');
  });

  it('refuses NUL in a form-encoded field, a path parameter and a header', async () => {
    const form = await server.app.inject({
      method: 'POST',
      url: '/prod-api/api/index/xinwenliebiao',
      payload: server.formSigned({ dm: '11\u00000000', number: '001017' }),
    });
    expect(form.statusCode).toBe(400);
    expect(form.json().msg).toContain('dm');
    const path = await send({ method: 'GET', url: '/system/dict/data/type/sys%00_user_sex' });
    expect(path.status).toBe(400);
    expect(path.body.msg).toContain('dictType');
    const header = await send({ url: '/api/newsList', payload: {}, headers: { authorization: 'Bearer a\u0000b' } });
    expect(header.status).toBe(400);
    expect(header.body.msg).toContain('authorization');
  });

  it('answers a path parameter too long for the router, or not percent-decodable, with a Chinese msg', async () => {
    const long = await send({ method: 'GET', url: `/system/dict/data/type/${'a'.repeat(101)}` });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ code: 400, msg: '请求地址中的参数过长' });
    const bad = await send({ method: 'GET', url: '/system/dict/data/type/%zz' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ code: 400, msg: '请求地址不正确' });
  });

  it('scans a body nested 20,000 deep in linear time (the NUL check must not cost a minute of CPU per 40 kB)', async () => {
    const started = Date.now();
    const res = await send({ url: '/api/newsList', payload: `${'['.repeat(20000)}${']'.repeat(20000)}` });
    expect(res.status).toBe(400);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('answers a multipart project list query whose body is not multipart with 400 (found by the route fuzz)', async () => {
    const res = await send({ url: '/api/projectList', payload: '{"pageNum":1}', headers: { 'content-type': 'multipart/form-data' } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('请求体不是有效的 multipart/form-data 表单');
    // With a boundary that never comes, the form simply has no fields: an unfiltered list.
    const empty = await send({ url: '/api/projectList', payload: '{"pageNum":1}', headers: { 'content-type': 'multipart/form-data; boundary=x' } });
    expect(empty.status).toBe(200);
  });

  it('refuses a NUL in a field name', async () => {
    const res = await send({ url: '/api/projectList', payload: { ['key\u0000word']: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('不能包含空字符');
  });
});
