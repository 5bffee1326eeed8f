/**
 * npm run bench [-- --only bundle,console,api,auction,lighthouse,qa] [--quick]
 *
 * Runs every benchmark one after another — the client's first view (bench:bundle), the console's first view signed
 * in as staff (bench:console), the project list (bench:api on PGlite and on PostgreSQL), the live auction
 * (bench:auction on PGlite, on PostgreSQL, and two server instances on one PostgreSQL), Lighthouse on a phone and a
 * desktop (bench:lighthouse), QA's walk of the demo regions (bench:qa) — and writes `bench/report.md`: the machine,
 * each figure against its goal, and where
 * a goal is missed, what the benchmark says limits it. Each benchmark ends its output with one line
 * `RESULT {json}` (see `BenchResult` in ./result.ts); this script reads only that line, so a benchmark's own
 * printout stays free-form. The PostgreSQL runs need Debian's `postgresql` (scripts/with-postgres.sh); without it
 * they are reported as not run, with the reason.
 * With `--only`, the sections of the benchmarks not run are kept from the report already written (said so under
 * Machine), so one benchmark can be re-measured on its own.
 * `--quick` shortens every run (fewer loads, shorter durations) to check the pipeline, not to quote figures.
 */
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatFigure, parseResult, type BenchResult } from './result.js';

const args = process.argv.slice(2);
const onlyAt = args.indexOf('--only');
const only = new Set((onlyAt >= 0 ? args[onlyAt + 1] : 'bundle,console,api,auction,lighthouse,qa').split(','));
const quick = args.includes('--quick');
const hasPostgres = (() => {
  try {
    return execSync('ls -d /usr/lib/postgresql/*/bin', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim() !== '';
  } catch {
    return false;
  }
})();

interface Run {
  /** What the report calls it. */
  title: string;
  group: string;
  command: string[];
  postgres?: boolean;
}

const RUNS: Run[] = [
  { title: 'First view in Chromium (bench:bundle)', group: 'bundle', command: ['npx', 'tsx', 'scripts/bench/bundle.ts', ...(quick ? ['--loads', '2', '--region', 'chunan'] : [])] },
  { title: "The console's first view, signed in as staff (bench:console)", group: 'console', command: ['npx', 'tsx', 'scripts/bench/console.ts'] },
  { title: 'Project list, PGlite (bench:api)', group: 'api', command: ['npx', 'tsx', 'scripts/bench/api.ts', ...(quick ? ['--duration', '3', '--projects', '20000'] : [])] },
  {
    title: 'Project list, PostgreSQL (bench:api)',
    group: 'api',
    postgres: true,
    command: ['npx', 'tsx', 'scripts/bench/api.ts', ...(quick ? ['--duration', '3', '--projects', '20000'] : [])],
  },
  { title: 'Live auction, PGlite (bench:auction)', group: 'auction', command: ['npx', 'tsx', 'scripts/bench/auction.ts', ...(quick ? ['--duration', '3', '--viewers', '200'] : [])] },
  {
    title: 'Live auction, PostgreSQL (bench:auction)',
    group: 'auction',
    postgres: true,
    command: ['npx', 'tsx', 'scripts/bench/auction.ts', ...(quick ? ['--duration', '3', '--viewers', '200'] : [])],
  },
  {
    title: 'Live auction, two server instances on one PostgreSQL (bench:auction --instances 2)',
    group: 'auction',
    postgres: true,
    command: ['npx', 'tsx', 'scripts/bench/auction.ts', '--instances', '2', ...(quick ? ['--duration', '3', '--viewers', '200'] : [])],
  },
  { title: 'Lighthouse, phone and desktop (bench:lighthouse)', group: 'lighthouse', command: ['npx', 'tsx', 'scripts/bench/lighthouse.ts', ...(quick ? ['--runs', '1'] : [])] },
  { title: "QA's full check of the five demo regions (bench:qa)", group: 'qa', command: ['npx', 'tsx', 'scripts/bench/qa.ts', ...(quick ? ['--regions', 'lantian'] : [])] },
];

/** Runs one benchmark, echoing its output, and returns its RESULT (or why there is none). */
function runOne(run: Run): Promise<{ result?: BenchResult; problem?: string; seconds: number; tail: string[] }> {
  const started = Date.now();
  const command = run.postgres ? ['bash', 'scripts/with-postgres.sh', ...run.command] : run.command;
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      out += chunk.toString();
    });
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const lines = out.split('\n');
      const at = lines.map((l) => l.startsWith('RESULT ')).lastIndexOf(true);
      // The benchmark's own account before its RESULT (profile, stage timings, misses): quoted in the report.
      const tail = lines.slice(Math.max(0, (at < 0 ? lines.length : at) - 40), at < 0 ? lines.length : at).filter((l) => l.trim());
      if (at < 0) return resolve({ problem: `no RESULT line (exit code ${code})`, seconds, tail });
      try {
        resolve({ result: parseResult(lines[at]), seconds, problem: code === 0 ? undefined : `exit code ${code}`, tail });
      } catch (error) {
        resolve({ problem: `unreadable RESULT line: ${(error as Error).message}`, seconds, tail });
      }
    });
  });
}

function machine(): string[] {
  const cpus = os.cpus();
  const version = (command: string) => {
    try {
      return execSync(command, { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim().split('\n')[0];
    } catch {
      return 'not installed';
    }
  };
  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    /* not a checkout */
  }
  return [
    `- Date: ${new Date().toISOString()}; commit ${commit}`,
    `- CPU: ${cpus[0]?.model ?? 'unknown'} × ${cpus.length}; memory ${Math.round(os.totalmem() / 2 ** 30)} GiB; ${os.type()} ${os.release()}`,
    `- Node ${process.version}; ${version('/usr/lib/chromium/chromium --version')}; PostgreSQL ${hasPostgres ? version(`${execSync('ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1').toString().trim()}/postgres --version`) : 'not installed'}`,
    `- Load average when the report started: ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')} (1/5/15 min). Load generators run on the same machine as the server.`,
  ];
}

/** What an earlier report says of the benchmarks not run now: their summary rows and their sections. */
function keptFromEarlier(file: string, notRun: readonly Run[]): { summary: string[]; details: string[]; titles: string[] } {
  const kept = { summary: [] as string[], details: [] as string[], titles: [] as string[] };
  if (!fs.existsSync(file)) return kept;
  const text = fs.readFileSync(file, 'utf8');
  const sections = text.split(/\n(?=## )/);
  for (const run of notRun) {
    const section = sections.find((s) => s.startsWith(`## ${run.title}\n`));
    if (!section) continue;
    kept.titles.push(run.title);
    kept.details.push(section.trimEnd(), '');
    const short = run.title.replace(/ \(bench:[^)]*\)/, '');
    kept.summary.push(...text.split('\n').filter((line) => line.startsWith(`| ${short} | `)));
  }
  return kept;
}

async function main() {
  const file = path.join('bench', 'report.md');
  const kept = onlyAt >= 0 ? keptFromEarlier(file, RUNS.filter((r) => !only.has(r.group))) : { summary: [], details: [], titles: [] };
  const lines = ['# tianmu benchmarks', '', 'Written by `npm run bench` (scripts/bench/report.ts). Figures from one run; medians where the benchmark says so.', '', '## Machine', '', ...machine(), ''];
  if (kept.titles.length) lines.push(`Kept from the report written before (not run this time): ${kept.titles.join('; ')}.`, '');
  if (quick) lines.push('**Quick run (`--quick`): shortened runs to check the pipeline; do not quote these figures.**', '');
  const summary: string[] = ['## Summary', '', '| Benchmark | Figure | Measured | Goal | Met |', '|---|---|---|---|---|'];
  const details: string[] = [];
  for (const run of RUNS.filter((r) => only.has(r.group))) {
    if (run.postgres && !hasPostgres) {
      details.push(`## ${run.title}`, '', 'Not run: PostgreSQL is not installed (`apt-get install postgresql`).', '');
      continue;
    }
    console.log(`\n== ${run.title}`);
    const { result, problem, seconds, tail } = await runOne(run);
    details.push(`## ${run.title}`, '', `Command: \`${run.command.join(' ')}\`${run.postgres ? ' (under scripts/with-postgres.sh)' : ''}; ${seconds} s.`, '');
    if (problem) details.push(`**Problem:** ${problem}.`, '');
    const printout = ['<details><summary>The benchmark\'s own account (last lines before its RESULT)</summary>', '', '```', ...tail, '```', '', '</details>', ''];
    if (!result) {
      details.push(...printout);
      continue;
    }
    if (result.setup) details.push(`Setup: ${result.setup}`, '');
    details.push('| Figure | Measured | Goal | Met |', '|---|---|---|---|');
    for (const figure of result.figures) {
      const row = formatFigure(figure);
      details.push(`| ${row.name} | ${row.measured} | ${row.goal} | ${row.met} |`);
      if (figure.goal) summary.push(`| ${run.title.replace(/ \(bench:[^)]*\)/, '')} | ${row.name} | ${row.measured} | ${row.goal} | ${row.met} |`);
    }
    details.push('');
    if (result.limits?.length) details.push(...result.limits.map((l) => `- ${l}`), '');
    details.push(...printout);
  }
  // The reading of the figures (what limits a missed goal), written by hand from the profiles: kept across runs.
  const limits = path.join('bench', 'limits.md');
  const reading = fs.existsSync(limits) ? [fs.readFileSync(limits, 'utf8').trim(), ''] : [];
  lines.push(...summary, ...kept.summary, '', ...reading, ...details, ...kept.details);
  fs.mkdirSync('bench', { recursive: true });
  fs.writeFileSync(file, lines.join('\n'));
  console.log(`\nwrote ${file}`);
}

void main();
