import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { seedDemo } from '../../server/seed/index.js';
import { startTestServer, type TestServer } from '../server/harness.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium';
export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');

/** The flags the stack notes give for Debian's Chromium in a container. */
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * The whole product as a visitor meets it: the built client (`npm test` builds it first) served by the real server
 * over a seeded PGlite database, on a loopback port.
 */
export async function startPortal(): Promise<TestServer & { url: string }> {
  if (!fs.existsSync(path.resolve('dist/client/index.html'))) {
    throw new Error('dist/client is missing: run `npx vite build` first (npm test does)');
  }
  const server = await startTestServer({ serveClient: true });
  await seedDemo(server.db, { projects: 120, now: new Date(), imagesDir: path.join(server.config.dataDir, 'images', 'demo') });
  await server.reloadPlaces();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  return { ...server, url: `http://127.0.0.1:${port}/` };
}

/** Debian's Chromium; fails with the install hint when it is missing (CI installs it). */
export async function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium fonts-wqy-microhei`);
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}
