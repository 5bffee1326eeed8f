import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, FORM_SECRET } from './client-setup.js';
import { refusedBaseURL, startScriptedServer } from './scripted-server.js';

const md5 = (text: string) => crypto.createHash('md5').update(text).digest('hex');

describe('the form-encoded call style: a value or nothing, never an exception (spec §7, §8)', () => {
  let server: Awaited<ReturnType<typeof startScriptedServer>>;
  beforeAll(async () => {
    server = await startScriptedServer((req) => {
      const fields = new URLSearchParams(req.body);
      if (fields.get('number') === 'slow') return { delayMs: 400, json: { code: 200, data: { rows: [], total: 0 } } };
      if (fields.get('number') === 'refused') return { status: 403, json: { code: 403, msg: '签名无效' } };
      if (fields.get('number') === 'html') return { status: 502, raw: '<html>502</html>' };
      return { json: { code: 200, msg: '操作成功', data: { rows: [{ id: 1, title: '通知', coverImg: 'http://10.9.9.9/x.png' }], total: 1 } } };
    });
  });
  afterAll(() => server.close());

  it('posts form-encoded timestamp, random, signature = MD5(secret + random + timestamp), dm and the fields', async () => {
    const c = clientFor(server.baseURL, { now: () => 1_767_225_600_000, defaultDeptCode: () => '330127000000' });
    const data = await c.client.form('indexXinwenliebiao', { number: '001017', page: 2, page_size: 4 });
    expect(data).toEqual({ rows: [{ id: 1, title: '通知', coverImg: 'http://10.9.9.9/x.png' }], total: 1 });
    const req = server.seen[server.seen.length - 1];
    expect(req.url).toBe('/prod-api/api/index/xinwenliebiao');
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const fields = Object.fromEntries(new URLSearchParams(req.body));
    expect(fields).toMatchObject({ dm: '330127000000', number: '001017', page: '2', page_size: '4', timestamp: '1767225600000' });
    expect(fields.random).toMatch(/^[0-9a-f]{24}$/);
    expect(fields.signature).toBe(md5(`${FORM_SECRET}${fields.random}${fields.timestamp}`));
    // Each call a fresh random: the server accepts a random once.
    await c.client.form('indexXinwenliebiao', {});
    expect(Object.fromEntries(new URLSearchParams(server.seen[server.seen.length - 1].body)).random).not.toBe(fields.random);
  });

  it('rewrites image URLs in its data as the other style does', async () => {
    const c = clientFor(server.baseURL, { imageRewrites: [{ from: 'http://10.9.9.9', to: '/image2-api' }] });
    const data = await c.client.form('indexNewsRotation', {});
    expect(data).toMatchObject({ rows: [{ coverImg: '/image2-api/x.png' }] });
  });

  it.each([
    ['a timeout (5 s by default; shortened here)', 'slow'],
    ['a refusal code', 'refused'],
    ['an HTTP failure', 'html'],
  ])('%s: logs 错误, resolves undefined, tells the user nothing', async (_, number) => {
    const c = clientFor(server.baseURL, { formTimeoutMs: 100 });
    await expect(c.client.form('indexXinwenliebiao', { number })).resolves.toBeUndefined();
    expect(c.logs.map(([m]) => m)).toEqual(['错误']);
    expect(c.notifier.entries).toEqual([]);
  });

  it('a refused connection: logs 错误, resolves undefined', async () => {
    const c = clientFor(await refusedBaseURL());
    await expect(c.client.form('indexDitudaohang')).resolves.toBeUndefined();
    expect(c.logs.map(([m]) => m)).toEqual(['错误']);
  });

  it('does not hold up other work while it waits (it is a promise, not a blocking call)', async () => {
    const c = clientFor(server.baseURL, { formTimeoutMs: 2_000 });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 20);
    await c.client.form('indexXinwenliebiao', { number: 'slow' });
    clearInterval(timer);
    expect(ticks).toBeGreaterThanOrEqual(10);
  });
});
