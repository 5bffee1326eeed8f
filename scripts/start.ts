/**
 * npm start: build the client when it is missing or older than its sources, migrate, seed an empty database with
 * the demo data, then serve portal + API on HOST:PORT (default 127.0.0.1:8080) and print the URL.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startServer } from '../server/main.js';
import { RegionConfigError } from '../server/portal-regions.js';
import { DataDirBusyError } from '../server/db/data-dir-lock.js';

const CLIENT_SOURCES = ['engine', 'blocks', 'machines', 'regions', 'schemas', 'vite.config.ts', 'package.json'];

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) {
    if (child === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

function clientIsStale(): boolean {
  const built = path.resolve('dist/client/index.html');
  if (!fs.existsSync(built)) return true;
  const builtAt = fs.statSync(built).mtimeMs;
  return CLIENT_SOURCES.some((s) => newestMtime(s) > builtAt);
}

if (process.env.SKIP_CLIENT_BUILD !== '1' && clientIsStale()) {
  console.log('正在构建前端（vite build）…');
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
}

let started: Awaited<ReturnType<typeof startServer>>;
try {
  started = await startServer({ seedWhenEmpty: true });
} catch (error) {
  // A broken region file (every problem, file:line:column) or a data folder another process holds: the message
  // says what to do, a stack trace would only bury it.
  if (error instanceof RegionConfigError || error instanceof DataDirBusyError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const { stop } = started;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stop().finally(() => process.exit(0));
  });
}
