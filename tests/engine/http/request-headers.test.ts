import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, SIGN_KEY } from './client-setup.js';
import { startScriptedServer } from './scripted-server.js';

const md5 = (text: string) => crypto.createHash('md5').update(text).digest('hex');

describe('request headers (spec §7)', () => {
  let server: Awaited<ReturnType<typeof startScriptedServer>>;
  beforeAll(async () => {
    server = await startScriptedServer(() => ({ json: { code: 200, msg: '操作成功', data: { rows: [], total: 0 } } }));
  });
  afterAll(() => server.close());
  const last = () => server.seen[server.seen.length - 1];

  it('signs /api/ calls: deptId, a ms timeStamp and the lowercase MD5 of deptId + timeStamp + key', async () => {
    const { client, session } = clientFor(server.baseURL, { now: () => 1_767_225_600_123 });
    session.setDept({ deptId: 330127, deptName: '淳安县', deptCode: '330127' });
    await client.call('newsList', { body: { number: '001017', pageNum: 1, pageSize: 10 } });
    const { headers, url, method, body } = last();
    expect(method).toBe('POST');
    expect(url).toBe('/prod-api/api/newsList');
    expect(JSON.parse(body)).toEqual({ number: '001017', pageNum: 1, pageSize: 10 });
    expect(headers.deptid).toBe('330127');
    expect(headers.timestamp).toBe('1767225600123');
    expect(headers.sign).toBe(md5(`3301271767225600123${SIGN_KEY}`));
    expect(headers.sign).toMatch(/^[0-9a-f]{32}$/);
  });

  it('takes deptId from the call before the session, and the region default when neither has one', async () => {
    const { client, session } = clientFor(server.baseURL, { defaultDeptId: () => 610122 });
    await client.call('townList');
    expect(last().headers.deptid).toBe('610122');
    session.setDept({ deptId: 4115 });
    await client.call('townList');
    expect(last().headers.deptid).toBe('4115');
    await client.call('townList', { deptId: 411502 });
    expect(last().headers.deptid).toBe('411502');
    expect(last().headers.sign).toBe(md5(`411502${last().headers.timestamp}${SIGN_KEY}`));
  });

  it('sends no timeStamp or sign outside /api/, and the bearer token only on user calls', async () => {
    const { client, session } = clientFor(server.baseURL);
    session.setDept({ deptId: 330127 });
    await client.call('checkToken');
    expect(last().headers.authorization).toBeUndefined();
    session.setLogin('tok-123', '13800000001');
    await client.call('checkToken');
    expect(last().headers.authorization).toBe('Bearer tok-123');
    expect(last().headers.sign).toBeUndefined();
    expect(last().headers.timestamp).toBeUndefined();
    await client.call('feedback', { body: { type: 1, content: '建议增加夜间咨询' } as never });
    expect(last().headers.authorization).toBe('Bearer tok-123');
    await client.call('newsList', { body: { number: '001017' } });
    expect(last().headers.authorization).toBeUndefined();
    expect(last().headers.sign).toBeDefined();
  });

  it('sends the token, when there is one, on the signed calls that keep who called (投诉建议, 项目咨询)', async () => {
    const { client, session } = clientFor(server.baseURL, { defaultDeptId: () => 330127 });
    await client.call('complaintSubmit', { body: { name: '钱七', phone: '13812340001', content: '公告看不清楚' } });
    expect(last().headers.authorization).toBeUndefined();
    session.setLogin('tok-456', '13800000001');
    await client.call('complaintSubmit', { body: { name: '钱七', phone: '13812340001', content: '公告看不清楚' } });
    expect(last().headers.authorization).toBe('Bearer tok-456');
    expect(last().headers.sign).toBeDefined();
    await client.call('consultSubmit', { body: { name: '钱七', phone: '13812340001', project: '鱼塘', content: '何时开拍？' } });
    expect(last().headers.authorization).toBe('Bearer tok-456');
  });

  it('fills path parameters and sends query parameters on the query string', async () => {
    const { client } = clientFor(server.baseURL, { defaultDeptId: () => 330127 });
    await client.call('dictByType', { params: { dictType: 'invest_type' } });
    expect(last().method).toBe('GET');
    expect(last().url).toBe('/prod-api/system/dict/data/type/invest_type');
    await client.call('updatePwd', { query: { oldPassword: 'Old@12345', newPassword: 'New@12345' } });
    expect(last().method).toBe('PUT');
    expect(last().url).toBe('/prod-api/system/user/profile/updatePwd?oldPassword=Old%4012345&newPassword=New%4012345');
  });

  it('refuses a call name that does not exist, at the type level and at run time', async () => {
    const { client } = clientFor(server.baseURL);
    // The check is tsc's (npm test runs it); at run time the name is unknown too.
    // @ts-expect-error — no such call in schemas/api
    await expect(client.call('noSuchCall')).rejects.toThrow('unknown API call "noSuchCall"');
  });
});
