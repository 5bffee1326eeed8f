/**
 * npm run bench:pictures [-- --duration 5 --connections 20]
 *
 * The picture routes alone (server/pictures/picture-routes.ts) over the database the server would use (PGlite in
 * memory, or PostgreSQL at DATABASE_URL), with and without the in-memory cache of originals: a demo landscape as
 * PNG (an old browser) and as AVIF (made once, then read from the variant cache by content hash), and a 1.5 MB
 * photo as JPEG. Server and autocannon share this one process: the figures compare the two settings with each
 * other, not with the API benchmarks.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import sharp from 'sharp';
import { migrateToLatest, openDatabase } from '../../server/db/database.js';
import { registerPictureRoutes } from '../../server/pictures/picture-routes.js';
import { DEFAULT_ORIGINALS_BYTES } from '../../server/pictures/stored-file-reader.js';
import { storeFileIfAbsent } from '../../server/pictures/stored-files.js';
import { renderDemoImage } from '../../server/seed/images.js';
import { Rng } from '../../server/seed/random.js';
import { numberArg } from './args.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => numberArg(name, fallback, args);
const duration = arg('duration', 5);
const connections = arg('connections', 20);

const handle = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: 'memory' });
await migrateToLatest(handle.db);
await storeFileIfAbsent(handle.db, { path: 'demo/landscape-01.png', bytes: renderDemoImage(new Rng(1), 0) });
const noise = Buffer.alloc(1600 * 1200 * 3);
for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
const photo = await sharp(noise, { raw: { width: 1600, height: 1200, channels: 3 } })
  .jpeg({ quality: 90 })
  .toBuffer();
await storeFileIfAbsent(handle.db, { path: 'upload/bench/photo.jpg', bytes: photo });

const CASES = [
  { name: 'landscape PNG', url: '/image-api/demo/landscape-01.png', accept: 'image/png' },
  { name: 'landscape AVIF', url: '/image-api/demo/landscape-01.png', accept: 'image/avif,image/webp,*/*' },
  { name: `photo JPEG ${(photo.length / 1024 / 1024).toFixed(1)} MB`, url: '/image-api/upload/bench/photo.jpg', accept: 'image/jpeg' },
];

const variantsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-bench-pictures-'));
console.log(`数据库：${handle.kind === 'pglite' ? 'PGlite（内存）' : 'PostgreSQL'}；每项 ${duration} s，${connections} 个连接`);
for (const maxBytes of [0, DEFAULT_ORIGINALS_BYTES]) {
  const app = Fastify();
  registerPictureRoutes(app, { db: handle.db, prefixes: ['/image-api'], variantsDir, log: () => {}, reader: { maxBytes } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  for (const c of CASES) {
    // Once first: the variant made and kept, and the cache (when on) filled, as on a server that has been running.
    await fetch(`http://127.0.0.1:${port}${c.url}`, { headers: { accept: c.accept } }).then((r) => r.arrayBuffer());
    await new Promise((r) => setTimeout(r, 500));
    const result = await autocannon({ url: `http://127.0.0.1:${port}${c.url}`, headers: { accept: c.accept }, duration, connections });
    console.log(
      `${maxBytes ? '原图内存缓存 开' : '原图内存缓存 关'}  ${c.name.padEnd(22)} ${Math.round(result.requests.average)
        .toString()
        .padStart(6)} 次/秒  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  非 2xx ${result.non2xx}`,
    );
  }
  await app.close();
}
fs.rmSync(variantsDir, { recursive: true, force: true });
await handle.close();
