import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor } from './client-setup.js';
import { refusedBaseURL, startScriptedServer } from './scripted-server.js';

describe('transport errors, shown for 5 seconds (spec §8)', () => {
  let server: Awaited<ReturnType<typeof startScriptedServer>>;
  beforeAll(async () => {
    server = await startScriptedServer((req) => {
      if (req.url.includes('newsList')) return { delayMs: 400, json: { code: 200, data: { rows: [], total: 0 } } };
      if (req.url.includes('newsClass')) return { status: 502, raw: '<html><body>502 Bad Gateway</body></html>' };
      if (req.url.includes('newsDetail')) return { status: 200, raw: 'maintenance page' };
      return { json: { code: 200, data: null } };
    });
  });
  afterAll(() => server.close());

  it('a refused connection: 后端接口连接异常', async () => {
    const c = clientFor(await refusedBaseURL());
    await expect(c.client.call('townList')).rejects.toMatchObject({ kind: 'network', message: '后端接口连接异常' });
    expect(c.notifier.entries).toEqual([{ via: 'message', kind: 'error', text: '后端接口连接异常', durationMs: 5000 }]);
  });

  it('a timeout: 系统接口请求超时 (client timeout shortened for the test)', async () => {
    const c = clientFor(server.baseURL, { timeoutMs: 100 });
    await expect(c.client.call('newsList', { body: {} })).rejects.toMatchObject({ kind: 'timeout', message: '系统接口请求超时' });
    expect(c.notifier.entries).toEqual([{ via: 'message', kind: 'error', text: '系统接口请求超时', durationMs: 5000 }]);
  });

  it('the default timeout is 15 s, and one call may shorten it', async () => {
    const c = clientFor(server.baseURL);
    expect((await c.client.transport()).defaults.timeout).toBe(15_000);
    await expect(c.client.call('newsList', { body: {}, timeoutMs: 100 })).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('an HTTP status failure without an envelope: 系统接口{status}异常', async () => {
    const c = clientFor(server.baseURL);
    await expect(c.client.call('newsClass')).rejects.toMatchObject({ kind: 'http', status: 502, message: '系统接口502异常' });
    await expect(c.client.call('newsDetail', { body: { id: 1 } as never })).rejects.toMatchObject({ kind: 'http', status: 200 });
    expect(c.notifier.entries).toEqual([
      { via: 'message', kind: 'error', text: '系统接口502异常', durationMs: 5000 },
      { via: 'message', kind: 'error', text: '系统接口200异常', durationMs: 5000 },
    ]);
  });

  it('a call whose caller explains lost requests itself (quietTransport) fails the same way but tells nobody', async () => {
    const c = clientFor(server.baseURL, { timeoutMs: 100 });
    await expect(c.client.call('newsList', { body: {}, quietTransport: true })).rejects.toMatchObject({ kind: 'timeout', shown: false });
    await expect(c.client.call('newsClass', { quietTransport: true })).rejects.toMatchObject({ kind: 'http', status: 502, shown: false });
    const refused = clientFor(await refusedBaseURL());
    await expect(refused.client.call('townList', { quietTransport: true })).rejects.toMatchObject({ kind: 'network', shown: false });
    expect([...c.notifier.entries, ...refused.notifier.entries]).toEqual([]);
  });

  it('a call the caller aborts tells nobody', async () => {
    const c = clientFor(server.baseURL);
    const controller = new AbortController();
    const pending = c.client.call('newsList', { body: {}, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'canceled', shown: false });
    expect(c.notifier.entries).toEqual([]);
  });
});
