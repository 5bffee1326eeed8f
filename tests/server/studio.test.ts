import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadRegionCatalog } from '../../engine/region-files/index.js';
import { startTestServer, type TestServer } from './harness.js';

// npm run studio -- lantian: the studio's API beside the live preview, over a copy of regions/. Edits are written
// only when the catalog stays valid; the studio answers this machine only, or the bearer of STUDIO_TOKEN.
let server: TestServer;
let regionsDir: string;
beforeAll(async () => {
  regionsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-studio-api-'));
  fs.cpSync('regions', regionsDir, { recursive: true });
  // As npm run studio: no shedding for the validation's synchronous stretches (scripts/studio.ts).
  server = await startTestServer({ regionsDir, previewRegion: 'lantian', studio: true, maxEventLoopDelayMs: 0 });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(regionsDir, { recursive: true, force: true });
});

const home = () => path.join(regionsDir, 'lantian/pages/home.yaml');
const post = (url: string, payload?: unknown) => server.app.inject({ method: 'POST', url: `/studio/api/${url}`, payload: payload as object });

describe('studio API', () => {
  it('answers the model of the region', async () => {
    const res = await server.app.inject({ url: '/studio/api/model' });
    expect(res.statusCode).toBe(200);
    const { model } = res.json().data;
    expect(model.region.id).toBe('lantian');
    expect(model.pages.find((p: { id: string }) => p.id === 'home').blocks[0].name).toBe('新闻轮播');
  });

  it('applies an edit and answers the new model; an invalid one is 422 with the problems, nothing written', async () => {
    const added = await post('edit', { op: 'addBlock', page: 'home', type: 'notice-text', index: 0 });
    expect(added.statusCode).toBe(200);
    expect(added.json().data.model.pages.find((p: { id: string }) => p.id === 'home').blocks[0].type).toBe('notice-text');
    const before = fs.readFileSync(home(), 'utf8');
    const bad = await post('edit', { op: 'setBlock', page: 'home', index: 0, field: 'props', value: { text: 7 } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().msg).toMatch(/没有保存/);
    expect(bad.json().data.problems[0].where).toContain('第 1 个区块（提示文字）');
    expect(fs.readFileSync(home(), 'utf8')).toBe(before);
    expect((await post('undo')).statusCode).toBe(200);
    expect((parse(fs.readFileSync(home(), 'utf8')) as { blocks: { type: string }[] }).blocks[0].type).toBe('news-carousel');
    expect((await post('redo')).statusCode).toBe(200);
    expect((await post('undo')).statusCode).toBe(200);
  });

  it('refuses a malformed edit with a Chinese 400, never a 500', async () => {
    for (const payload of [
      { op: 'moveBlock', page: 'home', from: -1, to: 2 },
      { op: 'moveBlock', page: 'home', from: 1e12, to: 2 },
      { op: 'setRegion', path: [], value: 1 },
      { op: 'removeBlock', page: 'ho\u0000me', index: 0 },
      { op: 'explode' },
      [1, 2],
    ]) {
      const res = await post('edit', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(/^修改的内容不对：|不能包含空字符/);
    }
    // Past the end of the page: refused as an edit, not a crash.
    const far = await post('edit', { op: 'removeBlock', page: 'home', index: 99 });
    expect(far.statusCode).toBe(422);
    expect(far.json().msg).toBe('没有第 100 个区块');
  });

  it('makes a new county from the wizard: places, region on the base and a home, all valid', async () => {
    const county = {
      id: 'songyang',
      cityName: '松阳县',
      deptId: 331124,
      deptCode: '331124000000',
      lesseeId: 120,
      ancestors: [
        { name: '浙江省', deptId: 33, deptCode: '330000000000' },
        { name: '丽水市', deptId: 3311, deptCode: '331100000000' },
      ],
      towns: [
        { name: '西屏街道', deptId: 331124001, deptCode: '331124001000' },
        { name: '古市镇', deptId: 331124101, deptCode: '331124101000' },
      ],
      starter: 'news',
    };
    const res = await post('county', county);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.model.region.id).toBe('songyang');
    const dir = path.join(regionsDir, 'songyang');
    expect(fs.readFileSync(path.join(dir, 'region.yaml'), 'utf8')).toContain('extends: ../_base/region.yaml');
    expect(fs.readFileSync(path.join(dir, 'places.yaml'), 'utf8')).toContain('- { name: 古市镇, deptId: 331124101, deptCode: "331124101000" }');
    expect(loadRegionCatalog(regionsDir).problems).toEqual([]);
    // The same id again is refused; a town whose code is taken is refused and nothing is written.
    expect((await post('county', county)).statusCode).toBe(422);
    const clash = { ...county, id: 'songyang2', lesseeId: 121, towns: [{ name: '别的镇', deptId: 331124101, deptCode: '331124999000' }] };
    const refused = await post('county', clash);
    expect(refused.statusCode).toBe(422);
    expect(fs.existsSync(path.join(regionsDir, 'songyang2'))).toBe(false);
    expect((await post('county', { ...county, id: 'Bad Id' })).statusCode).toBe(400);
    // A town's 12-digit code as its deptId is past the database's integer: a Chinese 400 naming the field, not a 500 at start.
    const tooBig = await post('county', { ...county, id: 'songyang3', towns: [{ name: '大镇', deptId: 331124101000, deptCode: '331124101000' }] });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().msg).toBe('修改的内容不对：第 1 个镇（街道）的地区编号应是 1 到 2147483647 的整数');
  });

  it('answers no one but this machine, and the bearer of the token when one is set', async () => {
    const proxied = await server.app.inject({ url: '/studio/api/model', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.statusCode).toBe(403);
    expect(proxied.json().msg).toMatch(/只对本机开放/);
    const remote = await server.app.inject({ url: '/studio/api/model', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
    const tokenDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-studio-token-'));
    fs.cpSync('regions', tokenDir, { recursive: true });
    const guarded = await startTestServer({
      regionsDir: tokenDir,
      previewRegion: 'lantian',
      studio: true,
      studioToken: 'a-long-studio-token',
      maxEventLoopDelayMs: 0,
    });
    try {
      expect((await guarded.app.inject({ url: '/studio/api/model' })).statusCode).toBe(403);
      const withToken = await guarded.app.inject({
        url: '/studio/api/model',
        remoteAddress: '203.0.113.9',
        headers: { 'x-studio-token': 'a-long-studio-token' },
      });
      expect(withToken.statusCode).toBe(200);
    } finally {
      await guarded.close();
      fs.rmSync(tokenDir, { recursive: true, force: true });
    }
  });
});
