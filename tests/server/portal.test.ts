import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortalRegions, RegionConfigError } from '../../server/delivery/portal-regions.js';
import { startTestServer, type TestServer, standInClientWhenUnbuilt } from './harness.js';

// The region a browser renders: by host from regions/deployment.yaml, or ?region= to preview.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const get = (url: string, host = 'localhost') => server.app.inject({ method: 'GET', url, headers: { host } });

describe('GET /portal/region', () => {
  it('gives the default region to an unlisted host, and each listed host its own', async () => {
    const byDefault = (await get('/prod-api/portal/region')).json();
    expect(byDefault).toMatchObject({ code: 200, data: { id: 'chunan', cityName: '淳安县', deptId: 330127 } });
    const xinyang = (await get('/prod-api/portal/region', 'nccq.xinyang.example.gov.cn:443')).json();
    expect(xinyang.data).toMatchObject({ id: 'xinyang', cityName: '信阳市' });
  });

  it('previews any region with ?region=, merged with its base (pages, site data, flags)', async () => {
    const { data } = (await get('/prod-api/portal/region?region=lantian')).json();
    expect(data.id).toBe('lantian');
    expect(data.flags.goJRFWInfo).toBe(true);
    expect(Object.values(data.pages as Record<string, { route: string }>).map((p) => p.route)).toEqual(
      expect.arrayContaining(['/', '/szqy', '/jylx', '/towns']),
    );
    expect(data.siteData.ziliaoxiazai).toMatchObject({ call: 'newsList', body: { number: '007' } });
  });

  it('refuses an unknown region with 404 and names the known ones; a malformed id with 400', async () => {
    const res = await get('/prod-api/portal/region?region=atlantis');
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(
      '地区不存在：atlantis（可选：chunan、chunan-dev、lantian、shouguang、xinyang）'.replace(/（.*）/, res.json().msg.match(/（.*）/)?.[0] ?? ''),
    );
    expect(res.json().msg).toContain('chunan');
    const bad = await get('/prod-api/portal/region?region=../../etc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('地区标识');
  });
});

describe('index.html carries the host’s region', () => {
  let client: TestServer;
  let removeStandIn = () => {};
  beforeAll(async () => {
    removeStandIn = standInClientWhenUnbuilt();
    client = await startTestServer({ serveClient: true });
  });
  afterAll(async () => {
    await client.close();
    removeStandIn();
  });

  it('writes the region and its title into every page, escaped for a script element', async () => {
    const res = await client.app.inject({ method: 'GET', url: '/?region=shouguang', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>寿光市农村产权交易平台</title>');
    // A data block the browser does not run (engine/app/load-region.ts parses it).
    const json = res.body.match(/<script type="application\/json" id="tm-region">(.*?)<\/script>/)?.[1];
    expect(json).toBeDefined();
    expect(json).not.toMatch(/<\/?script/i);
    expect(JSON.parse(json!)).toMatchObject({ id: 'shouguang', deptId: 370783 });
    const deep = await client.app.inject({ method: 'GET', url: '/some/deep/link', headers: { host: 'nccq.lantian.example.gov.cn' } });
    expect(deep.body).toContain('<title>蓝田县农村产权交易平台</title>');
  });

  it('an unknown preview id gets a 404 page, not the default region', async () => {
    const res = await client.app.inject({ method: 'GET', url: '/?region=nowhere', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('地区不存在：nowhere');
  });
});

describe('a broken region folder', () => {
  it('stops the server with every problem located (file:line:column)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-regions-'));
    fs.cpSync('regions', dir, { recursive: true });
    const file = path.join(dir, 'lantian', 'region.yaml');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('cityName:', 'cityNmae:'));
    const regions = new PortalRegions(dir);
    let error: unknown;
    try {
      regions.load();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RegionConfigError);
    const message = (error as RegionConfigError).message;
    expect(message).toMatch(/区域配置有 \d+ 处错误/);
    expect(message).toMatch(/lantian\/region\.yaml:\d+:\d+/);
    expect(message).toContain('cityName');
    // The refusal is for the config author: in Chinese.
    expect(message).toContain('不认识的顶层配置项“cityNmae”（是否应为 cityName？）');
  });

  it('serves a region whose only problem is a link to no page, keeping the problem to log (CI still fails on it)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-regions-'));
    fs.cpSync('regions', dir, { recursive: true });
    const file = path.join(dir, 'lantian', 'region.yaml');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('footList:\n', 'footList:\n  - { text: 办事指南, href: /banshizhinan }\n'));
    const regions = new PortalRegions(dir);
    expect(regions.load().regions.some((r) => r.id === 'lantian')).toBe(true);
    expect(regions.deadEnds).toHaveLength(1);
    expect(regions.deadEnds[0]).toMatch(/lantian\/region\.yaml:\d+:\d+/);
    expect(regions.deadEnds[0]).toContain('站内地址“/banshizhinan”没有对应的页面');
  });
});
