import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteData, type SiteDataSource } from '../../../engine/http/index.js';
import { clientFor } from './client-setup.js';
import { startScriptedServer } from './scripted-server.js';

const SOURCES: Record<string, SiteDataSource> = {
  zhengcefagui: { call: 'newsList', body: { number: '002001', pageNum: 1, pageSize: 7 } },
  ziliaoxiazai: { call: 'newsList', body: { number: '007', pageNum: 1, pageSize: 7 } },
  ditudaohang: { call: 'indexDitudaohang' },
  xiangmuleixing: { call: 'categoriesByType', query: { type: 2 } },
};

describe('the site-wide data helper', () => {
  let server: Awaited<ReturnType<typeof startScriptedServer>>;
  beforeAll(async () => {
    server = await startScriptedServer((req) => {
      if (req.url.endsWith('/api/index/ditudaohang')) return { delayMs: 30, json: { code: 200, data: [{ deptName: '千岛湖镇' }] } };
      if (req.url.includes('categoryList')) return { delayMs: 30, json: { code: 500, msg: '分类服务不可用' } };
      const number = (JSON.parse(req.body || '{}') as { number?: string }).number;
      return { delayMs: 30, json: { code: 200, data: { rows: [{ id: number }], total: 1 } } };
    });
  });
  afterAll(() => server.close());
  const hits = (fragment: string) => server.seen.filter((r) => r.url.includes(fragment) || r.body.includes(fragment)).length;

  it('makes one request per key per page load, however many blocks ask, and maps keys by configuration', async () => {
    const c = clientFor(server.baseURL, { defaultDeptId: () => 330127 });
    const siteData = createSiteData(c.client, SOURCES);
    const asks = await Promise.all([
      siteData.load('zhengcefagui'),
      siteData.load('zhengcefagui'),
      siteData.load('ziliaoxiazai'),
      siteData.load('zhengcefagui'),
      siteData.load('ditudaohang'),
      siteData.load('ditudaohang'),
    ]);
    expect(asks[0]).toEqual({ rows: [{ id: '002001' }], total: 1 });
    expect(asks[2]).toEqual({ rows: [{ id: '007' }], total: 1 });
    expect(asks[4]).toEqual([{ deptName: '千岛湖镇' }]);
    await siteData.load('zhengcefagui');
    expect(hits('"number":"002001"')).toBe(1);
    expect(hits('"number":"007"')).toBe(1);
    expect(hits('/api/index/ditudaohang')).toBe(1);
    expect(siteData.peek('zhengcefagui')).toEqual({ ok: true, value: { rows: [{ id: '002001' }], total: 1 } });

    // A new page load asks again.
    siteData.reset();
    await siteData.load('zhengcefagui');
    expect(hits('"number":"002001"')).toBe(2);
  });

  it('a failing key fails once for every asker (one request, one message) and an unknown key says what is missing', async () => {
    const c = clientFor(server.baseURL, { defaultDeptId: () => 330127 });
    const siteData = createSiteData(c.client, SOURCES);
    const results = await Promise.allSettled([siteData.load('xiangmuleixing'), siteData.load('xiangmuleixing')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(hits('categoryList')).toBe(1);
    expect(c.notifier.entries).toEqual([{ via: 'message', kind: 'error', text: '分类服务不可用' }]);
    await expect(siteData.load('tudizixun')).rejects.toThrow('site data key "tudizixun" has no source');
  });
});
