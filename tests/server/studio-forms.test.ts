import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadRegionCatalog } from '../../engine/region-files/index.js';
import { startTestServer, type TestServer } from './harness.js';

// The studio's list forms and new pages over its API (npm run studio -- lantian, a copy of regions/): a nav tab, a
// town and a page from a starter written when valid; a malformed edit a Chinese 400, a dead route a 422.
let server: TestServer;
let regionsDir: string;
beforeAll(async () => {
  regionsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-studio-forms-'));
  fs.cpSync('regions', regionsDir, { recursive: true });
  server = await startTestServer({ regionsDir, previewRegion: 'lantian', studio: true, maxEventLoopDelayMs: 0 });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(regionsDir, { recursive: true, force: true });
});

const post = (payload: unknown) => server.app.inject({ method: 'POST', url: '/studio/api/edit', payload: payload as object });
const read = (rel: string) => fs.readFileSync(path.join(regionsDir, rel), 'utf8');

describe('studio list forms and new pages', () => {
  it('makes a page from a starter, links it from the nav and renames a town; the model shows them', async () => {
    const page = await post({ op: 'addPage', page: 'tongzhi', route: '/tongzhi', title: '通知公告', starter: 'list' });
    expect(page.statusCode).toBe(200);
    const added = await post({ op: 'addListItem', list: 'tabList', index: 1, value: { name: '通知公告', router: '/tongzhi' } });
    expect(added.statusCode).toBe(200);
    expect(added.json().data.model.settings.tabList[1]).toEqual({ name: '通知公告', router: '/tongzhi' });
    expect(added.json().data.model.pages.find((p: { id: string }) => p.id === 'tongzhi')).toMatchObject({ route: '/tongzhi', editable: true });
    const renamed = await post({ op: 'setListItem', list: 'towns', index: 0, value: { name: '蓝关镇' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.model.settings.towns[0]).toEqual({ name: '蓝关镇', deptId: 610122001, deptCode: '610122001000' });
    expect(read('lantian/places.yaml')).toContain('- { name: 蓝关镇, deptId: 610122001, deptCode: "610122001000" }');
    expect((parse(read('lantian/pages/tongzhi.yaml')) as { blocks: { type: string }[] }).blocks[0].type).toBe('article-page');
    expect(loadRegionCatalog(regionsDir).problems).toEqual([]);
  });

  it('answers a dead nav route or an invalid town with 422 and its reason, writing nothing', async () => {
    const before = [read('lantian/region.yaml'), read('lantian/places.yaml')];
    const dead = await post({ op: 'addListItem', list: 'tabList', value: { name: '没有', router: '/meiyou' } });
    expect(dead.statusCode).toBe(422);
    expect(JSON.stringify(dead.json().data.problems)).toContain('站内地址“/meiyou”没有对应的页面');
    const badCode = await post({ op: 'setListItem', list: 'towns', index: 1, value: { deptCode: '1234' } });
    expect(badCode.statusCode).toBe(422);
    expect(badCode.json().data.problems.length).toBeGreaterThan(0);
    expect([read('lantian/region.yaml'), read('lantian/places.yaml')]).toEqual(before);
  });

  it("writes a village under a town and a tab's condition; a parent that is not a whole number is a Chinese 400", async () => {
    const village = await post({ op: 'addListItem', list: 'towns', parent: 2, value: { name: '华胥村', deptId: 610122931, deptCode: '610122103201' } });
    expect(village.statusCode).toBe(200);
    expect(village.json().data.model.settings.towns[2].children).toEqual([{ name: '华胥村', deptId: 610122931, deptCode: '610122103201' }]);
    expect(read('lantian/places.yaml')).toContain('  - { name: 华胥村, deptId: 610122931, deptCode: "610122103201" }\n');
    const when = await post({ op: 'setListItem', list: 'tabList', index: 0, value: { when: { not: 'flags.homeShowLogin' } } });
    expect(when.statusCode).toBe(200);
    expect(read('lantian/region.yaml')).toContain('- { name: 首页, router: /, when: { not: flags.homeShowLogin } }');
    for (const parent of [-1, 'x', 1e9]) {
      const res = await post({ op: 'removeListItem', list: 'towns', parent, index: 0 });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(/^修改的内容不对：parent/);
    }
    const noChildren = await post({ op: 'addListItem', list: 'footList', parent: 0, value: { text: '下级', href: '/aboutUs' } });
    expect(noChildren.statusCode).toBe(422);
    expect(noChildren.json().msg).toBe('这个列表的项没有下级项');
    expect(loadRegionCatalog(regionsDir).problems).toEqual([]);
  });

  it('refuses a malformed list edit or page starter with a Chinese 400, never a 500', async () => {
    for (const payload of [
      { op: 'addListItem', list: 'pages', value: { name: 'x' } },
      { op: 'addListItem', list: 'tabList', value: 'x' },
      { op: 'addListItem', list: 'tabList', value: [1] },
      { op: 'setListItem', list: 'towns', index: -1, value: {} },
      { op: 'moveListItem', list: 'towns', from: 0, to: 1e9 },
      { op: 'setListItem', list: 'footList', index: 0, value: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, i])) },
      { op: 'addListItem', list: 'footList', value: { text: 'x'.repeat(5000), href: '/aboutUs' } },
      { op: 'addListItem', list: 'footList', value: { text: 'a\u0000b', href: '/aboutUs' } },
      { op: 'addPage', page: 'p', route: '/p', title: 'P', starter: 'gallery' },
    ]) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().msg).toMatch(/^修改的内容不对：|空字符/);
    }
  });
});
