/**
 * npm run bench:studio [-- --region lantian --changes 7]
 *
 * A change in the studio → visible in the page, as a clerk lives it: starts `npm run studio -- <region>`
 * (scripts/studio.ts) over a temp copy of regions/ and a temp database, opens the portal page in Chromium, then makes
 * the studio's own edit (POST /studio/api/edit, setRegion homeTitle) several times and measures from each request to
 * the new title in the page's header (a MutationObserver in the page, same wall clock): the studio's validation and
 * write, the preview's reload and push, the page's re-render. Also the edit's own answer time. Goal: ≤ 300 ms.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchChromium } from '../../tests/browser/portal-harness.js';
import { freePort, median, whenHeaderShows } from './page-timing.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const region = option('region', 'lantian');
const changes = Number(option('changes', '7'));
const GOAL_MS = 300;


const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-bench-studio-'));
const regionsDir = path.join(work, 'regions');
fs.cpSync('regions', regionsDir, { recursive: true });

const port = await freePort();
console.log(`启动 npm run studio -- ${region}（临时目录 ${work}，端口 ${port}；空库写入演示数据需要一些时间）…`);
// Detached: the studio and everything it started form one process group, stopped together at the end.
const studio = spawn(process.execPath, ['--import', 'tsx', 'scripts/studio.ts', region], {
  env: { ...process.env, REGIONS_DIR: regionsDir, DATA_DIR: path.join(work, 'data'), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'inherit'],
  detached: true,
});
const ready = new Promise<void>((resolve, reject) => {
  studio.once('exit', (code) => reject(new Error(`studio exited (${code})`)));
  let out = '';
  studio.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
    if (out.includes('页面工作室：')) resolve();
  });
});

const browser = await launchChromium();
try {
  await ready;
  const base = `http://127.0.0.1:${port}`;
  const page = await browser.newPage({ viewport: { width: 1300, height: 900 }, locale: 'zh-CN' });
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  await page.waitForSelector('html[data-preview="connected"]', { timeout: 20_000 });
  await page.waitForSelector('[data-block="site-header"]', { timeout: 20_000 });

  const times: number[] = [];
  const answers: number[] = [];
  for (let i = 1; i <= changes; i++) {
    const title = `工作室基准（${i}）`;
    const shown = whenHeaderShows(page, title);
    const sentAt = Date.now();
    const response = await fetch(`${base}/studio/api/edit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ op: 'setRegion', path: ['homeTitle'], value: title }),
    });
    answers.push(Date.now() - sentAt);
    if (!response.ok) throw new Error(`edit refused: ${await response.text()}`);
    const ms = Math.round((await shown) - sentAt);
    times.push(ms);
    console.log(`修改 ${i}：页面更新 ${ms} ms（接口应答 ${answers[i - 1]} ms）`);
    // Let the watcher settle so each change is measured alone.
    await new Promise((r) => setTimeout(r, 150));
  }
  const result = median(times);
  console.log(
    `\n工作室修改 → 页面更新（${changes} 次）中位数 ${result} ms（最快 ${Math.min(...times)} ms，最慢 ${Math.max(...times)} ms；目标 ≤ ${GOAL_MS} ms）${result <= GOAL_MS ? '' : '  超出目标'}`,
  );
  console.log(`其中接口应答（校验、写入、重新读取模型）：中位数 ${median(answers)} ms`);
  process.exitCode = result <= GOAL_MS ? 0 : 1;
} finally {
  await browser.close();
  try {
    process.kill(-studio.pid!, 'SIGTERM');
  } catch {
    // already gone
  }
  await new Promise((r) => setTimeout(r, 500));
  fs.rmSync(work, { recursive: true, force: true });
}
