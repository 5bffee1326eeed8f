/** The built client (dist/client) and when it needs building again. */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * What the client bundle is built from. Not `regions/` (the server reads the region files at start and writes the
 * region into each page) nor the deployment settings (written into the page at start too): editing either needs no
 * client build.
 */
export const CLIENT_SOURCES = ['engine', 'blocks', 'machines', 'schemas', 'vite.config.ts', 'package.json'];

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

export function clientIsStale(): boolean {
  const built = path.resolve('dist/client/index.html');
  if (!fs.existsSync(built)) return true;
  const builtAt = fs.statSync(built).mtimeMs;
  return CLIENT_SOURCES.some((s) => newestMtime(s) > builtAt);
}

/** Builds the client when it is missing or older than its sources (SKIP_CLIENT_BUILD=1: never). */
export function buildClientIfStale(): void {
  if (process.env.SKIP_CLIENT_BUILD !== '1' && clientIsStale()) {
    console.log('正在构建前端（vite build）…');
    execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
  }
}

/** The page studio's own build (dist/studio, vite.studio.config.ts), made when missing or older than its sources. */
export function buildStudioIfStale(): void {
  const built = path.resolve('dist/studio/studio.html');
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  if (process.env.SKIP_CLIENT_BUILD !== '1' && [...CLIENT_SOURCES, 'vite.studio.config.ts'].some((s) => newestMtime(s) > builtAt)) {
    console.log('正在构建页面工作室（vite build --config vite.studio.config.ts）…');
    execSync('npx vite build --config vite.studio.config.ts --logLevel warn', { stdio: 'inherit' });
  }
}
