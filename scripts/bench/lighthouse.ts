/**
 * npm run bench:lighthouse [-- --region chunan] [--runs 3] [--no-build]
 *
 * Lighthouse (its default mobile run: a mid-range phone, slow 4G, the CPU slowed 4×) and its desktop run on a
 * region's home, served by the real server over the seeded demo database, in Debian's Chromium. Prints each run's
 * scores, total blocking time (TBT), largest contentful paint and the longest main-thread tasks with the script
 * that ran them, then the medians. Goals: mobile performance ≥ 95 and TBT ≤ 200 ms; accessibility 100.
 *
 * The last line is `RESULT {json}` (see ./result.ts).
 */
import { execSync } from 'node:child_process';
import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { startPortal } from '../../tests/browser/portal-harness.js';
import { printResult, type BenchFigure } from './result.js';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const region = option('--region') ?? 'chunan';
const runs = Number(option('--runs') ?? 3);
const GOALS = { mobilePerformance: 95, mobileTbt: 200, accessibility: 100 };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const numeric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? NaN;

/** The three longest main-thread tasks and the script each is attributed to. */
function longTasks(lhr: Result): string[] {
  const details = lhr.audits['long-tasks']?.details as { items?: Array<{ url?: string; duration?: number }> } | undefined;
  return (details?.items ?? [])
    .slice(0, 3)
    .map((t) => `${Math.round(t.duration ?? 0)} ms ${(t.url ?? '').replace(/^https?:\/\/[^/]+/, '') || '(page)'}`);
}

/** The largest paint's element and its phases (time to first byte, load delay, load time, render delay). */
function lcpBreakdown(lhr: Result): string {
  type Table = { type?: string; items?: Array<{ node?: { snippet?: string }; phase?: string; timing?: number }> };
  const details = lhr.audits['largest-contentful-paint-element']?.details as { items?: Table[] } | undefined;
  const tables = details?.items ?? [];
  const element = tables[0]?.items?.[0]?.node?.snippet ?? '?';
  const phases = (tables[1]?.items ?? []).map((p) => `${p.phase} ${Math.round(p.timing ?? 0)}`).join(', ');
  return `${element.slice(0, 90)}${phases ? ` (${phases} ms)` : ''}`;
}

interface RunFigures {
  performance: number;
  accessibility: number;
  tbt: number;
  lcp: number;
}

async function runOnce(url: string, port: number, form: 'mobile' | 'desktop'): Promise<RunFigures | undefined> {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] };
  const result = await lighthouse(url, flags, form === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error('Lighthouse gave no result');
  const { lhr } = result;
  // A run Lighthouse could not measure (no largest paint seen, a trace cut short) is said and not counted as a 0.
  if (lhr.runtimeError || lhr.categories.performance?.score === null || !Number.isFinite(numeric(lhr, 'largest-contentful-paint'))) {
    console.log(`${form.padEnd(7)} not measured: ${lhr.runtimeError?.code ?? 'no performance score'} ${lhr.runtimeError?.message ?? ''}`.trim());
    return undefined;
  }
  const figures = { performance: score(lhr, 'performance'), accessibility: score(lhr, 'accessibility'), tbt: numeric(lhr, 'total-blocking-time'), lcp: numeric(lhr, 'largest-contentful-paint') };
  console.log(
    `${form.padEnd(7)} performance ${figures.performance}  accessibility ${figures.accessibility}  TBT ${Math.round(figures.tbt)} ms  LCP ${Math.round(figures.lcp)} ms  longest tasks: ${longTasks(lhr).join('; ') || 'none'}`,
  );
  if (form === 'mobile') console.log(`        largest paint: ${lcpBreakdown(lhr)}`);
  const failing = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id));
  if (failing.length) console.log(`        accessibility audits not passed: ${failing.map((a) => a.id).join(', ')}`);
  return figures;
}

if (!args.includes('--no-build')) execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
const portal = await startPortal();
const chrome = await chromeLauncher.launch({ chromePath: '/usr/lib/chromium/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--lang=zh-CN'] });
const url = `${portal.url}?region=${region}#/`;
const results: Record<'mobile' | 'desktop', RunFigures[]> = { mobile: [], desktop: [] };
try {
  // A first, unmeasured load: the server's caches (first-view answer, pictures) warm, as on a live site.
  await runOnce(url, chrome.port, 'desktop');
  for (let i = 0; i < runs; i++) {
    for (const form of ['mobile', 'desktop'] as const) {
      // One more try for a run that could not be measured; a second failure leaves the run out of the medians.
      const figures = (await runOnce(url, chrome.port, form)) ?? (await runOnce(url, chrome.port, form));
      if (figures) results[form].push(figures);
    }
  }
} finally {
  await chrome.kill();
  await portal.close();
}

const med = (form: 'mobile' | 'desktop', key: keyof RunFigures) => median(results[form].map((r) => r[key]));
const figures: BenchFigure[] = [
  { name: 'mobile performance (median)', value: med('mobile', 'performance'), unit: 'score', goal: { at: 'least', value: GOALS.mobilePerformance } },
  { name: 'mobile TBT (median)', value: Math.round(med('mobile', 'tbt')), unit: 'ms', goal: { at: 'most', value: GOALS.mobileTbt } },
  { name: 'mobile LCP (median)', value: Math.round(med('mobile', 'lcp')), unit: 'ms' },
  { name: 'mobile accessibility', value: med('mobile', 'accessibility'), unit: 'score', goal: { at: 'least', value: GOALS.accessibility } },
  { name: 'desktop performance (median)', value: med('desktop', 'performance'), unit: 'score' },
  { name: 'desktop accessibility', value: med('desktop', 'accessibility'), unit: 'score', goal: { at: 'least', value: GOALS.accessibility } },
];
console.log(`\n${region} home, ${runs} run(s) each, load average ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} cores:`);
for (const f of figures) console.log(`  ${f.name}: ${f.value} ${f.unit}${f.goal ? ` (goal ${f.goal.at === 'most' ? '≤' : '≥'} ${f.goal.value})` : ''}`);
printResult({ bench: 'lighthouse', setup: `${region} home, Lighthouse ${runs}× mobile and desktop, Debian Chromium`, figures });
process.exit(0);
