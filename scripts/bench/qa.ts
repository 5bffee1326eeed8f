/**
 * npm run bench:qa [-- --regions chunan,lantian]
 *
 * QA's full check of the demo regions (`npm run qa -- regions`, scripts/qa/index.ts) timed end to end: validation,
 * the server's start over a throwaway database with the demo data, Chromium, and the walk of every region's every
 * route and link with axe in normal and elder mode and a screenshot of each screen. Prints the wall time and, per
 * region, the walk's seconds and screens. Goal: the five demo regions in ≤ 3 minutes on the 2-core machine. The
 * reports go to a temporary folder (removed after).
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runQa } from '../qa/index.js';
import { printResult, type BenchFigure } from './result.js';

const GOAL_SECONDS = 180;
const args = process.argv.slice(2);
const regions = args.includes('--regions') ? args[args.indexOf('--regions') + 1].split(',') : undefined;

if (!fs.existsSync(path.resolve('dist/client/index.html'))) execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-bench-qa-'));
const load = os.loadavg();
const started = Date.now();
const { cases, exitCode, timings } = await runQa({ regionsDir: 'regions', out, base: process.cwd(), regions });
const wall = (Date.now() - started) / 1000;
fs.rmSync(out, { recursive: true, force: true });

const walked = timings.reduce((sum, t) => sum + t.seconds, 0);
console.log(`\n共 ${wall.toFixed(1)} 秒（目标 ≤ ${GOAL_SECONDS} 秒），其中走查 ${walked.toFixed(1)} 秒，启动与校验 ${(wall - walked).toFixed(1)} 秒`);
for (const t of timings) console.log(`  ${t.region}：${t.seconds.toFixed(1)} 秒，${t.screens} 个页面，每页 ${((t.seconds / Math.max(t.screens, 1)) * 1000).toFixed(0)} 毫秒`);
console.log(`${cases.filter((c) => c.failures.length).length} 项有问题（共 ${cases.length} 项）`);

const figures: BenchFigure[] = [
  { name: `full check of ${timings.length} regions (wall)`, value: Math.round(wall), unit: 's', goal: { at: 'most', value: GOAL_SECONDS } },
  { name: 'server start, validation, browser', value: Math.round(wall - walked), unit: 's' },
  ...timings.flatMap((t): BenchFigure[] => [
    { name: `${t.region} walk`, value: Math.round(t.seconds), unit: 's' },
    { name: `${t.region} screens`, value: t.screens, unit: 'screens' },
  ]),
];
printResult({
  bench: 'qa',
  setup: `npm run qa -- regions (${timings.map((t) => t.region).join(', ')}); ${os.cpus().length} cores, load average ${load.map((l) => l.toFixed(2)).join(' / ')} at the start (the machine may be shared)`,
  figures,
  ...(exitCode === 0 ? {} : { limits: [`QA found problems (exit code ${exitCode}): the figures time a walk that did not pass`] }),
});
process.exit(0);
