import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

// A region's colours (region.yaml theme) reach the page before its body: the page's one inline script sets them as
// CSS variables (allowed by the Content-Security-Policy's hash), so the header the server draws is in them; a
// region without a theme gets no such code. The header picture's veil takes the header colour.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-theme-'));
const regionsDir = path.join(work, 'regions');
const clientDir = path.join(work, 'client');
const TEMPLATE = `<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><title>x</title>
<script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>`;

let server: TestServer;
beforeAll(async () => {
  fs.mkdirSync(regionsDir, { recursive: true });
  for (const folder of ['_base', 'lantian', 'xinyang']) fs.cpSync(path.join('regions', folder), path.join(regionsDir, folder), { recursive: true });
  fs.writeFileSync(path.join(regionsDir, 'deployment.yaml'), 'defaultRegion: lantian\nhosts: {}\n');
  const regionFile = path.join(regionsDir, 'lantian', 'region.yaml');
  fs.appendFileSync(regionFile, '\ntheme:\n  primary: "#1d4ed8"\n  headerBackground: "#1e3a8a"\n  headerText: "#fffbeb"\n');
  fs.mkdirSync(path.join(clientDir, '.vite'), { recursive: true });
  fs.writeFileSync(path.join(clientDir, 'index.html'), TEMPLATE);
  fs.writeFileSync(path.join(clientDir, '.vite/manifest.json'), JSON.stringify({ 'main.tsx': { file: 'assets/index-Ab12Cd34.js', isEntry: true } }));
  server = await startTestServer({ serveClient: true, regionsDir }, { clientDir });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const get = (url: string) => server.app.inject({ method: 'GET', url, headers: { host: 'localhost' } });

describe('a region theme on the page', () => {
  it('sets the colours before the body, by the script the policy allows, and tints the header picture', async () => {
    const answer = await get('/?region=lantian');
    expect(answer.statusCode).toBe(200);
    const script = /<script>([^<]*)<\/script>/.exec(answer.body)![1];
    expect(script).toContain('--tm-header-bg');
    const hash = crypto.createHash('sha256').update(script, 'utf8').digest('base64');
    expect(String(answer.headers['content-security-policy'])).toContain(`'sha256-${hash}'`);
    // The page as a browser parses it: the variables are on the root before the first paint is drawn.
    const dom = new JSDOM(answer.body, { url: 'http://localhost/#/', runScripts: 'dangerously' });
    const root = dom.window.document.documentElement.style;
    expect([root.getPropertyValue('--tm-theme-primary'), root.getPropertyValue('--tm-header-bg'), root.getPropertyValue('--tm-header-text')]).toEqual([
      '#1d4ed8',
      '#1e3a8a',
      '#fffbeb',
    ]);
    expect(root.getPropertyValue('--tm-theme-primary-dark')).toBe('#173ead');
    // 蓝田's header picture is under a veil of its header colour.
    const header = dom.window.document.querySelector('.tm-header');
    expect(header?.getAttribute('style')).toContain('rgba(30, 58, 138, 0.82)');
    dom.window.close();
  });

  it('writes no theme code for a region without one', async () => {
    const answer = await get('/?region=xinyang');
    expect(answer.statusCode).toBe(200);
    expect(['--tm-theme-', '--tm-header'].filter((name) => answer.body.includes(name))).toEqual([]);
    expect(answer.body.includes('rgba(8, 74, 46, 0.82)')).toBe(true);
  });
});
