import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_EVENTS_PATH } from '../../server/delivery/index-html.js';
import type { ClientSettings } from '../../engine/runtime/client-settings.js';
import { startTestServer, type TestServer, standInClientWhenUnbuilt } from './harness.js';

// npm run preview -- lantian: the server pushes each save of a region file to the open pages over Server-Sent
// Events — the new config, or the problems while a file is broken (the last valid config still served).
let server: TestServer;
let base: string;
let regionsDir: string;
let removeStandIn = () => {};
beforeAll(async () => {
  removeStandIn = standInClientWhenUnbuilt();
  regionsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-preview-'));
  fs.cpSync('regions', regionsDir, { recursive: true });
  server = await startTestServer({ regionsDir, previewRegion: 'lantian', serveClient: true });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server.close();
  fs.rmSync(regionsDir, { recursive: true, force: true });
  removeStandIn();
});

/** An open event stream: `next()` is the next event (name and parsed data), failing after a few seconds. */
async function openEvents(query = '') {
  const controller = new AbortController();
  const response = await fetch(`${base}${PREVIEW_EVENTS_PATH}${query}`, { signal: controller.signal });
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return {
    async next(): Promise<{ event: string; data: any }> {
      const deadline = Date.now() + 8000;
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = block.match(/^event: (.*)$/m)?.[1] ?? 'message';
          const data = block.match(/^data: (.*)$/m)?.[1];
          return { event, data: data === undefined ? undefined : JSON.parse(data) };
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no event within 8 s (received so far: ${JSON.stringify(buffer)})`);
        const chunk = await Promise.race([reader.read(), new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no event within 8 s')), left))]);
        if (chunk.done) throw new Error('stream ended');
        buffer += chunk.value;
      }
    },
    close: () => controller.abort(),
  };
}

const regionFile = () => path.join(regionsDir, 'lantian', 'region.yaml');
/** Saves as many editors do: a new file renamed over the old one (a watcher of the old file would miss it). */
function saveLikeAnEditor(file: string, text: string): void {
  fs.writeFileSync(`${file}.tmp`, text);
  fs.renameSync(`${file}.tmp`, file);
}
async function servedPage(): Promise<string> {
  const res = await fetch(`${base}/`);
  return res.text();
}

describe('live region preview', () => {
  it('serves the previewed region on every host, and tells the page where its events are', async () => {
    const html = await servedPage();
    expect(html).toContain('<title>蓝田县农村产权交易平台</title>');
    const settings = JSON.parse(html.match(/window\.__TIANMU_SETTINGS__=(.*?)(?:;\(function\(|<\/script>)/)![1]) as ClientSettings;
    expect(settings.previewEvents).toBe(PREVIEW_EVENTS_PATH);
    // ?region= still previews another.
    expect(await (await fetch(`${base}/?region=shouguang`)).text()).toContain('<title>寿光市农村产权交易平台</title>');
  });

  it('pushes each save: the new config, the problems while a file is broken (last valid config served), the fix', async () => {
    const events = await openEvents();
    try {
      const first = await events.next();
      expect(first.event).toBe('region');
      expect(first.data).toMatchObject({ id: 'lantian', homeTitle: '蓝田县农村产权交易平台' });

      const original = fs.readFileSync(regionFile(), 'utf8');
      const retitled = original.replace('homeTitle: 蓝田县农村产权交易平台', 'homeTitle: 蓝田县产权交易预览');
      saveLikeAnEditor(regionFile(), retitled);
      const updated = await events.next();
      expect(updated.event).toBe('region');
      expect(updated.data.homeTitle).toBe('蓝田县产权交易预览');

      // A misspelt key: its file:line:column, path and suggestion; the page keeps the last valid config.
      const typoLine = retitled.split('\n').findIndex((l) => l.startsWith('cityName:')) + 1;
      fs.writeFileSync(regionFile(), retitled.replace('cityName:', 'cityNmae:'));
      const broken = await events.next();
      expect(broken.event).toBe('problems');
      const problem = (broken.data as Array<Record<string, unknown>>).find((p) => String(p.file).endsWith('lantian/region.yaml') && p.line === typoLine);
      expect(problem, JSON.stringify(broken.data)).toMatchObject({ column: 1 });
      expect(JSON.stringify(broken.data)).toContain('cityName');
      expect(await servedPage()).toContain('<title>蓝田县产权交易预览</title>');

      fs.writeFileSync(regionFile(), original);
      const fixed = await events.next();
      expect(fixed.event).toBe('region');
      expect(fixed.data.homeTitle).toBe('蓝田县农村产权交易平台');
    } finally {
      events.close();
    }
  });

  it('a page opened while a file is broken gets the problems at once', async () => {
    const original = fs.readFileSync(regionFile(), 'utf8');
    const events = await openEvents();
    try {
      expect((await events.next()).event).toBe('region');
      fs.writeFileSync(regionFile(), original.replace('homeTitle:', 'homeTitel:'));
      expect((await events.next()).event).toBe('problems');
      const late = await openEvents('?region=lantian');
      try {
        expect((await late.next()).event).toBe('problems');
      } finally {
        late.close();
      }
    } finally {
      events.close();
      fs.writeFileSync(regionFile(), original);
    }
  });

  it('a town added to places.yaml is in the place table on save', async () => {
    const file = path.join(regionsDir, 'lantian', 'places.yaml');
    const original = fs.readFileSync(file, 'utf8');
    const town = () => server.db.selectFrom('place').selectAll().where('deptId', '=', 610122107).executeTakeFirst();
    expect(await town()).toBeUndefined();
    try {
      const line = '              - { name: 九间房镇, deptId: 610122107, deptCode: "610122107000" }';
      saveLikeAnEditor(file, `${original.trimEnd()}\n${line}\n`);
      await expect.poll(town, { timeout: 8000 }).toMatchObject({ deptName: '九间房镇', parentId: 610122, level: 4, deptCode: '610122107000' });
    } finally {
      fs.writeFileSync(file, original);
    }
  });
});
