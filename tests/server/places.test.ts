import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A, TENANT_A_COUNTY, TENANT_B } from './fixtures.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServerWithPlaces();
});
afterAll(() => server.close());

const townList = (headers: Record<string, string>, query = '') => server.app.inject({ method: 'POST', url: `/prod-api/api/townList${query}`, headers });

describe('POST /api/townList', () => {
  it('lists the places under the tenant, depth first, in the envelope', async () => {
    const res = await townList(server.signed(TENANT_A));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.data.map((p: { deptName: string }) => p.deptName)).toEqual(['甲县', '甲镇', '乙镇', '丙县', '丙镇']);
    expect(body.data[0]).toEqual({ deptId: 1110, deptName: '甲县', deptCode: '111000', parentId: 1100, level: 3 });
  });

  it('never shows another region’s places', async () => {
    const res = await townList(server.signed(TENANT_B));
    const names = res.json().data.map((p: { deptName: string }) => p.deptName);
    expect(names).toEqual(['丁镇', '戊镇']);
  });

  it('honours maxLevel and includeSelf', async () => {
    const res = await townList(server.signed(TENANT_A), '?maxLevel=3&includeSelf=true');
    expect(res.json().data.map((p: { deptId: number }) => p.deptId)).toEqual([TENANT_A, TENANT_A_COUNTY, 1120]);
  });

  it('rejects an out-of-range maxLevel naming the field', async () => {
    const res = await townList(server.signed(TENANT_A), '?maxLevel=9');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg: '参数 最深层级（maxLevel） 不能大于 5' });
  });
});

describe('request signing of /api/ calls', () => {
  it('refuses a call without the sign headers, naming them', async () => {
    const res = await townList({ deptId: String(TENANT_A) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 403, msg: '缺少签名请求头：timeStamp、sign' });
  });

  it('refuses a wrong sign', async () => {
    const headers = server.signed(TENANT_A);
    headers.sign = headers.sign.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    const res = await townList(headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('签名校验失败，请求被拒绝');
  });

  it('refuses a sign made for another deptId (the sign binds the tenant)', async () => {
    const headers = server.signed(TENANT_A);
    headers.deptId = String(TENANT_B);
    expect((await townList(headers)).json().msg).toBe('签名校验失败，请求被拒绝');
  });

  it('refuses a timeStamp more than five minutes away, either way, and accepts one just inside', async () => {
    const { signFor } = await import('../../server/plugins/guards/index.js');
    const at = (offsetMs: number) => {
      const ts = String(Date.now() + offsetMs);
      return { deptId: String(TENANT_A), timeStamp: ts, sign: signFor(TENANT_A, ts, server.config.apiSignKey) };
    };
    for (const offset of [-5 * 60_000 - 2000, 5 * 60_000 + 2000]) {
      const res = await townList(at(offset));
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toContain('请求时间戳无效或已过期');
    }
    expect((await townList(at(-4 * 60_000))).statusCode).toBe(200);
  });

  it('answers an unknown deptId with 404 and a msg', async () => {
    const res = await townList(server.signed(999999));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: '地区不存在（deptId 999999）' });
  });

  it('answers an unknown API path with the envelope', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/prod-api/api/noSuchCall', headers: server.signed(TENANT_A) });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(404);
  });
});
