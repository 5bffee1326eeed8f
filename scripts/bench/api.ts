/**
 * npm run bench:api [-- --projects 100000 --duration 10 --connections 100 --only hello,cached,uncached]
 *
 * Seeds (once, cached under .tmp/bench-data-<N>) a PGlite database with N projects, starts the portal server and a
 * Fastify hello-world as separate processes, and measures with autocannon: hello-world, the signed project list
 * with its short-lived cache (the production setting) and without it (LIST_CACHE_MS=0). Requests rotate over
 * several filters and pages of the default region, with the Accept-Encoding Chromium sends (answers go out
 * brotli, as a browser gets them). Prints req/s and latency percentiles and the goal checks (cached: p99 ≤ 20 ms,
 * ≥ 0.3× hello-world req/s; uncached: p99 ≤ 50 ms).
 * With DATABASE_URL set, the server runs on that PostgreSQL database instead, seeded with N projects when empty.
 * --only runs some of the three measurements (the ratio needs hello).
 * Each line also gives the server's CPU time per request (all its processes, from /proc): a figure the machine's
 * other load changes far less than req/s. Ends with `RESULT {json}` (figures, goals, load average).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { signFor } from '../../server/plugins/guards/index.js';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { groupCpuMs, postgresCpuMs } from './proc-cpu.js';
import { numberArg } from './args.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => numberArg(name, fallback, args);
const projects = arg('projects', 100000);
const duration = arg('duration', 10);
const connections = arg('connections', 100);
const onlyAt = args.indexOf('--only');
const only = new Set((onlyAt >= 0 ? args[onlyAt + 1] : 'hello,cached,uncached').split(','));
const databaseUrl = process.env.DATABASE_URL;
const dataDir = path.resolve(`.tmp/bench-data-${projects}`);
const signKey = 'tianmu-demo-sign-key';
const DEPT_ID = 4115; // 信阳市: the largest demo tenant (a city with counties and towns)

function run(cmd: string, argv: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${argv.join(' ')} exited ${code}`))));
  });
}

/** A port nobody listens on now: a fixed one may be held by another server (an `npm start` on 8092), which the
 * readiness probe would then find and the benchmark would measure instead of its own. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startProcess(script: string, env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  // detached: its own process group, so stopping it stops npx, tsx and the server under them.
  const child = spawn('npx', ['tsx', script], { stdio: ['ignore', 'pipe', 'inherit'], detached: true, env: { ...process.env, ...env, PORT: String(port) } });
  child.stdout!.on('data', () => {});
  let exited: number | null | undefined;
  child.on('exit', (code) => (exited = code));
  for (let i = 0; i < 600; i++) {
    if (exited !== undefined) throw new Error(`${script} exited (${exited}) before it listened on ${port}`);
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      return { child, port };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${script} did not start on ${port}`);
}

function stop(child: ChildProcess): void {
  process.kill(-child.pid!, 'SIGTERM');
}

function signedHeaders(): Record<string, string> {
  // One signature for the whole run: the 5-minute window covers it.
  const timeStamp = String(Date.now());
  const sign = signFor(DEPT_ID, timeStamp, signKey);
  // As Chromium asks: the answer goes out compressed, as a browser gets it.
  return { deptId: String(DEPT_ID), timeStamp, sign, 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br, zstd' };
}

const bodies = [
  { type: 2, pageNum: 1, pageSize: 7 },
  { type: 2, pageNum: 2, pageSize: 7 },
  { type: 2, pageNum: 1, pageSize: 7, statusStr: '4' },
  { type: 2, pageNum: 1, pageSize: 7, statusStr: '7,8,9' },
  { type: 1, pageNum: 1, pageSize: 7 },
  { type: 3, pageNum: 1, pageSize: 7, params: { areaBegin: 10, areaEnd: 100 } },
  { type: 2, pageNum: 3, pageSize: 7, number: '001' },
  { pageNum: 1, pageSize: 7, keyword: '耕地' },
];

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** The server's CPU time per answered request (all its processes): what the machine's load does not change much. */
  cpuUsPerRequest: number;
  /** PostgreSQL's CPU time per answered request (all its processes; with DATABASE_URL, else NaN). */
  postgresUsPerRequest: number;
}

async function measure(name: string, url: string, post: boolean, seconds = duration, server?: ChildProcess): Promise<Figures> {
  const headers = signedHeaders();
  const cpu0 = server ? groupCpuMs(server.pid!) : NaN;
  const postgres0 = server && databaseUrl ? postgresCpuMs() : NaN;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    ...(post ? { requests: bodies.map((b) => ({ method: 'POST' as const, path: '/prod-api/api/projectList', headers, body: JSON.stringify(b) })) } : {}),
  });
  const cpuMs = server ? groupCpuMs(server.pid!) - cpu0 : NaN;
  const perRequest = (ms: number) => Math.round((1000 * ms) / Math.max(1, result.requests.total));
  const postgresUsPerRequest = perRequest(server && databaseUrl ? postgresCpuMs() - postgres0 : NaN);
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx, cpuUsPerRequest: perRequest(cpuMs), postgresUsPerRequest };
}

if (databaseUrl) {
  await run('npx', ['tsx', 'scripts/seed.ts', '--projects', String(projects), '--if-empty'], { DATA_DIR: dataDir });
} else if (!fs.existsSync(path.join(dataDir, 'pglite'))) {
  console.log(`Seeding ${projects} projects into ${dataDir} …`);
  await run('npx', ['tsx', 'scripts/seed.ts', '--projects', String(projects)], { DATA_DIR: dataDir });
}

const results: Figures[] = [];
if (only.has('hello')) {
  const { child: hello, port } = await startProcess('scripts/bench/serve-hello.ts', {});
  await measure('warm-up', `http://127.0.0.1:${port}/`, false, 3);
  results.push(await measure('fastify hello-world', `http://127.0.0.1:${port}/`, false, duration, hello));
  stop(hello);
  await new Promise((r) => setTimeout(r, 500));
}

const lists = [['project list (cache 2 s)', '2000', 'cached'], ['project list (no cache)', '0', 'uncached']] as const;
for (const [label, cacheMs] of lists.filter(([, , name]) => only.has(name))) {
  const { child: app, port } = await startProcess('scripts/bench/serve-app.ts', { DATA_DIR: dataDir, LIST_CACHE_MS: cacheMs, SERVE_CLIENT: '0' });
  await measure('warm-up', `http://127.0.0.1:${port}/`, true, 3);
  results.push(await measure(label, `http://127.0.0.1:${port}/`, true, duration, app));
  stop(app);
  await new Promise((r) => setTimeout(r, 500));
}

const where = databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'PGlite';
console.log(`\n${where}, ${projects} projects, ${connections} connections, ${duration} s each, ${bodies.length} rotating filters, tenant ${DEPT_ID}\n`);
console.log('name'.padEnd(28), 'req/s'.padStart(9), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'errors'.padStart(7), 'non2xx'.padStart(7), 'CPU µs/req'.padStart(11), ...(databaseUrl ? ['PostgreSQL µs/req'.padStart(18)] : []));
for (const r of results) {
  console.log(
    r.name.padEnd(28), r.rps.toFixed(0).padStart(9), String(r.p50).padStart(8), String(r.p99).padStart(8), String(r.errors).padStart(7), String(r.non2xx).padStart(7),
    String(r.cpuUsPerRequest).padStart(11),
    ...(databaseUrl ? [String(r.postgresUsPerRequest).padStart(18)] : []),
  );
}
const helloRps = results.find((r) => r.name === 'fastify hello-world')?.rps;
const cached = results.find((r) => r.name === 'project list (cache 2 s)');
const uncached = results.find((r) => r.name === 'project list (no cache)');
const goals = { cachedVsHello: 0.3, cachedP99Ms: 20, uncachedP99Ms: 50 };
const ratio = cached && helloRps ? cached.rps / helloRps : NaN;
const cachedMet = cached ? cached.p99 <= goals.cachedP99Ms && ratio >= goals.cachedVsHello : undefined;
const uncachedMet = uncached ? uncached.p99 <= goals.uncachedP99Ms && uncached.errors === 0 && uncached.non2xx === 0 : undefined;
if (cached) console.log(`${cached.name}: ${ratio.toFixed(2)}× hello-world, p99 ${cached.p99} ms — goal (≥ 0.3×, p99 ≤ 20 ms) ${cachedMet ? 'met' : 'NOT met'}`);
if (uncached) {
  console.log(`${uncached.name}: p99 ${uncached.p99} ms, ${uncached.errors} errors — goal (p99 ≤ 50 ms${databaseUrl ? '' : ', set for PostgreSQL'}) ${uncachedMet ? 'met' : 'NOT met'}`);
}
const load = os.loadavg().map((x) => Math.round(x * 100) / 100);
console.log(`load average ${load.join(' ')} (${os.cpus().length} cores; the load generator runs on the same cores)`);
const figures = (r: Figures | undefined) => r && { rps: Math.round(r.rps), p50Ms: r.p50, p99Ms: r.p99, errors: r.errors, non2xx: r.non2xx, cpuUsPerRequest: r.cpuUsPerRequest, ...(databaseUrl ? { postgresUsPerRequest: r.postgresUsPerRequest } : {}) };
const result = {
  bench: 'api',
  database: databaseUrl ? 'postgres' : 'pglite',
  projects,
  connections,
  seconds: duration,
  hello: figures(results.find((r) => r.name === 'fastify hello-world')),
  cached: cached && { ...figures(cached), vsHello: Math.round(ratio * 100) / 100 },
  uncached: figures(uncached),
  goals,
  pass: { cached: cachedMet, uncached: uncachedMet },
  loadavg: load,
};
console.log(`RESULT ${JSON.stringify(result)}`);
process.exit(0);
