import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql, type Kysely } from 'kysely';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig, pictureVariantsDir, type ServerConfig } from '../../server/runtime/config.js';
import { openDatabase, pgliteDir, type DatabaseHandle } from '../../server/db/database.js';
import type { Database } from '../../server/db/schema.js';
import { startServer } from '../../server/main.js';
import { MESSAGES } from '../../server/api/messages.js';
import { importFolder, importReport } from '../../server/pictures/import-folder.js';
import { readStoredFile, sha256Hex, storeFileIfAbsent } from '../../server/pictures/stored-files.js';
import { REQUEST_LIMITS_RAISED, startTestServer, type TestServer } from './harness.js';
import { bearer, insertUser, multipart, sessionFor } from './users-helpers.js';

// Pictures every instance serves: a file uploaded through one instance is stored in the database, and another
// instance on the same database (PGlite: a second app on the one database; PostgreSQL under scripts/with-postgres.sh:
// a second app with its own connection pool) serves it with the same bytes and headers, and makes its own variants.

const AVIF_ACCEPT = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';
const WEBP_ACCEPT = 'image/webp,*/*';

type App = Awaited<ReturnType<typeof buildApp>>;

/** Instance B: its own data folder (its own variant cache), the same database as A, reached its own way. */
async function secondInstance(a: TestServer): Promise<{ app: App; config: ServerConfig; close(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-instance-b-'));
  const config = loadConfig({}, { dataDir, serveClient: false, logLevel: 'silent', rateLimits: REQUEST_LIMITS_RAISED });
  let handle: DatabaseHandle | undefined;
  let db: Kysely<Database> = a.db;
  if (a.kind === 'postgres') {
    const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(a.db);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
    db = handle.db;
  }
  const app = await buildApp({ config, db, dbKind: a.kind, logger: false });
  await app.ready();
  return {
    app,
    config,
    async close() {
      await app.close();
      await handle?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A photo-like PNG (a gradient with grain): AVIF and WebP come out much smaller than it, as with real photos. */
function png(seed: number, width = 64, height = 48): Buffer {
  const image = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const grain = (x * 7919 + y * 104729 + seed * 31) % 23;
      image.data[i] = (x + grain) % 256;
      image.data[i + 1] = (y + seed * 40 + grain) % 256;
      image.data[i + 2] = (x + y + grain) % 256;
      image.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(image);
}

/** Every file under `dir` (none when it does not exist). */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

let a: TestServer;
let b: Awaited<ReturnType<typeof secondInstance>>;
let uploader: Record<string, string>;

beforeAll(async () => {
  a = await startTestServer();
  b = await secondInstance(a);
  uploader = bearer(await sessionFor(a, await insertUser(a.db, { phone: '13200000031' })));
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

async function uploadThroughA(bytes: Buffer, name = 'photo.png'): Promise<string> {
  const body = multipart([{ name: 'file', filename: name, contentType: 'image/png', data: bytes }]);
  const res = await a.app.inject({ method: 'POST', url: '/prod-api/common/upload', payload: body.payload, headers: { ...body.headers, ...uploader } });
  expect(res.statusCode, res.payload).toBe(200);
  return res.json().data.url as string;
}

/** A variant once made: on a busy machine the first answer may be the original for now. */
async function made(app: App, url: string, accept: string) {
  for (let i = 0; ; i++) {
    const res = await app.inject({ method: 'GET', url, headers: { accept } });
    if (res.headers['cache-control'] !== 'no-cache' || i > 100) return res;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a picture uploaded through one instance', () => {
  it('is served by the other with the same bytes and headers, revalidated by its content hash', async () => {
    const url = await uploadThroughA(png(1));
    const stored = (await readStoredFile(a.db, url.replace('/image-api/', '')))!;
    for (const prefix of ['/image-api/', '/image1-api/', '/image3-api/']) {
      const res = await b.app.inject({ method: 'GET', url: url.replace('/image-api/', prefix) });
      expect(res.statusCode, prefix).toBe(200);
      expect(res.rawPayload.equals(stored.bytes), prefix).toBe(true);
      expect(res.headers).toMatchObject({
        'content-type': 'image/png',
        'cache-control': 'public, max-age=86400',
        vary: 'Accept',
        etag: `"${sha256Hex(stored.bytes)}"`,
        'content-length': String(stored.bytes.length),
        'x-content-type-options': 'nosniff',
      });
      expect(new Date(String(res.headers['last-modified'])).getTime()).toBeGreaterThan(Date.now() - 600_000);
    }
    const etag = `"${stored.sha256}"`;
    expect((await b.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    expect((await b.app.inject({ method: 'GET', url, headers: { 'if-none-match': `"other", W/${etag}` } })).statusCode).toBe(304);
    expect((await b.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
    const head = await b.app.inject({ method: 'HEAD', url });
    expect([head.statusCode, head.headers['content-type'], head.headers['content-length'], head.rawPayload.length]).toEqual([
      200,
      'image/png',
      String(stored.bytes.length),
      0,
    ]);
    // Neither instance wrote the picture to its disk.
    expect(filesUnder(path.join(a.config.dataDir, 'images'))).toEqual([]);
    expect(filesUnder(path.join(b.config.dataDir, 'images'))).toEqual([]);
  });

  it('gets its AVIF, WebP and ?w= variants from the instance asked, kept in that instance’s cache by content hash', async () => {
    const url = await uploadThroughA(png(2, 800, 600));
    const stored = (await readStoredFile(a.db, url.replace('/image-api/', '')))!;
    const avif = await made(b.app, url, AVIF_ACCEPT);
    expect([avif.statusCode, avif.headers['content-type'], avif.headers.vary, avif.headers['cache-control']]).toEqual([
      200,
      'image/avif',
      'Accept',
      'public, max-age=86400',
    ]);
    expect((await sharp(avif.rawPayload).metadata()).width).toBe(800);
    const small = await made(b.app, `${url}?w=300`, WEBP_ACCEPT);
    expect(small.headers['content-type']).toBe('image/webp');
    expect((await sharp(small.rawPayload).metadata()).width).toBe(320);
    expect(
      (await b.app.inject({ method: 'GET', url: `${url}?w=300`, headers: { accept: WEBP_ACCEPT, 'if-none-match': String(small.headers.etag) } })).statusCode,
    ).toBe(304);
    const kept = filesUnder(pictureVariantsDir(b.config)).map((file) => path.relative(pictureVariantsDir(b.config), file));
    expect(kept.sort()).toEqual([`${stored.sha256.slice(0, 2)}/${stored.sha256}@320.webp`, `${stored.sha256.slice(0, 2)}/${stored.sha256}@full.avif`]);
    // A's cache holds nothing: it was not asked.
    expect(filesUnder(pictureVariantsDir(a.config))).toEqual([]);
  });

  it('is 404 with a Chinese msg where nothing is stored, and no path leaves the stored files', async () => {
    // Over a real connection, where nothing normalises the path first (app.inject would resolve the dots).
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = b.app.server.address() as AddressInfo;
    const rawGet = (target: string) =>
      new Promise<{ status: string; body: string }>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () =>
          socket.write(`GET ${target} HTTP/1.1\r\nHost: x\r\nAccept: ${AVIF_ACCEPT}\r\nConnection: close\r\n\r\n`),
        );
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString()));
        socket.on('end', () => resolve({ status: text.split('\r\n')[0]!, body: text.slice(text.indexOf('\r\n\r\n') + 4) }));
        socket.on('error', reject);
      });
    const NOT_FOUND = JSON.stringify({ code: 404, msg: MESSAGES.common.notFound });
    for (const target of [
      '/image-api/upload/2026/01/01/0123456789abcdef0123456789abcdef.png',
      '/image-api/',
      '/image2-api',
      '/image-api/../../../../etc/passwd',
      '/image-api/demo/%2e%2e/%2e%2e/etc/passwd',
      '/image1-api/demo/..%2f..%2fetc/passwd',
      '/image-api/.hidden.png',
      '/image-api/demo//landscape-01.png',
      '/image-api/demo%5c..%5cx.png',
    ]) {
      const res = await rawGet(target);
      expect(res.status, target).toBe('HTTP/1.1 404 Not Found');
      expect(res.body, target).toBe(NOT_FOUND);
    }
  });
});

describe('an upload that fails to be recorded', () => {
  it('leaves neither a stored file nor an upload row nor a file on disk', async () => {
    const count = async () => {
      const files = await a.db
        .selectFrom('storedFile')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      const uploads = await a.db
        .selectFrom('upload')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      return [files.n, uploads.n];
    };
    const before = await count();
    // The upload row is written after the picture: refused here, the picture must go with it.
    await sql`CREATE FUNCTION refuse_upload() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$`.execute(a.db);
    await sql`CREATE TRIGGER refuse_upload BEFORE INSERT ON upload FOR EACH ROW EXECUTE FUNCTION refuse_upload()`.execute(a.db);
    try {
      const body = multipart([{ name: 'file', filename: 'x.png', contentType: 'image/png', data: png(3) }]);
      const res = await a.app.inject({ method: 'POST', url: '/prod-api/common/upload', payload: body.payload, headers: { ...body.headers, ...uploader } });
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      expect(Object.keys(res.json()).sort()).toEqual(['code', 'msg']);
    } finally {
      await sql`DROP TRIGGER refuse_upload ON upload`.execute(a.db);
      await sql`DROP FUNCTION refuse_upload()`.execute(a.db);
    }
    expect(await count()).toEqual(before);
    expect(filesUnder(path.join(a.config.dataDir, 'images'))).toEqual([]);
  });
});

describe('the variant cache', () => {
  it('that cannot be written costs only the keeping: the variant is still sent, nothing is left behind', async () => {
    const url = await uploadThroughA(png(4, 400, 300));
    const dir = pictureVariantsDir(b.config);
    fs.rmSync(dir, { recursive: true, force: true });
    // A file where the cache folder should be: every write under it fails.
    fs.writeFileSync(dir, 'in the way');
    try {
      const res = await made(b.app, url, AVIF_ACCEPT);
      expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'image/avif']);
      expect((await sharp(res.rawPayload).metadata()).width).toBe(400);
      expect(fs.readFileSync(dir, 'utf8')).toBe('in the way');
    } finally {
      fs.rmSync(dir, { force: true });
    }
  });

  it('never serves an empty file found in it (left by a full disk under an older version): the variant is made again', async () => {
    const url = await uploadThroughA(png(5, 400, 300));
    const { sha256 } = (await readStoredFile(a.db, url.replace('/image-api/', '')))!;
    const target = path.join(pictureVariantsDir(b.config), sha256.slice(0, 2), `${sha256}@full.webp`);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, '');
    const res = await made(b.app, url, WEBP_ACCEPT);
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'image/webp']);
    expect(res.rawPayload.length).toBeGreaterThan(0);
    expect(fs.readFileSync(target).equals(res.rawPayload)).toBe(true);
  });

  // A real full disk: a 64 KB tmpfs filled to its last few KB (mounting needs root, as CI runs).
  const canMount = (() => {
    if (process.getuid?.() !== 0) return false;
    const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-tmpfs-probe-'));
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe]).status === 0;
    if (mounted) spawnSync('umount', [probe]);
    fs.rmSync(probe, { recursive: true, force: true });
    return mounted;
  })();
  it.runIf(canMount)('on a full disk: the variant is still sent, and no partial or empty file is left to be served later', async () => {
    const url = await uploadThroughA(png(6, 640, 480));
    const dir = pictureVariantsDir(b.config);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir);
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir], { encoding: 'utf8' });
    expect(mounted.status, mounted.stderr).toBe(0);
    try {
      // Leave a few KB: the folder and the first bytes of the file fit, the whole variant does not.
      const filler = Buffer.alloc(1024, 1);
      for (let i = 0; ; i++) {
        try {
          fs.appendFileSync(path.join(dir, 'filler'), filler);
        } catch {
          break;
        }
        if (i > 200) break;
      }
      fs.truncateSync(path.join(dir, 'filler'), fs.statSync(path.join(dir, 'filler')).size - 6 * 1024);
      const res = await made(b.app, url, WEBP_ACCEPT);
      expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'image/webp']);
      expect(res.rawPayload.length).toBeGreaterThan(6 * 1024);
      expect(filesUnder(dir).map((file) => path.basename(file))).toEqual(['filler']);
      // Asked again: made again and sent whole, still nothing kept.
      const again = await made(b.app, url, WEBP_ACCEPT);
      expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    } finally {
      spawnSync('umount', [dir]);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** An older data folder: files served from disk before they moved into the database. */
function oldDataFolder(): { dir: string; files: Record<string, Buffer> } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-old-images-'));
  const files: Record<string, Buffer> = {
    'upload/2025/06/01/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png': png(7),
    'upload/2025/06/02/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.jpg': Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]),
    'demo/landscape-99.png': png(8),
    'demo/files/合同示范文本.txt': Buffer.from('\ufeff示范文本\r\n', 'utf8'),
  };
  for (const [file, bytes] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), bytes);
  }
  // What a full disk left under older versions, and a file no address can name.
  fs.writeFileSync(path.join(dir, 'upload/2025/06/02/cccccccccccccccccccccccccccccccc.png'), '');
  fs.writeFileSync(path.join(dir, 'upload/.DS_Store'), 'x');
  return { dir, files };
}

describe('importing an older data folder', () => {
  it('stores every file under its path once, however often it runs, and leaves the folder as it was', async () => {
    const { dir, files } = oldDataFolder();
    try {
      // One of them was stored already (by the seed, or another instance's import).
      await storeFileIfAbsent(a.db, { path: 'demo/landscape-99.png', bytes: files['demo/landscape-99.png']! });
      const first = await importFolder(a.db, dir);
      expect(first).toEqual({ found: 6, imported: 3, importedBytes: expect.any(Number), present: 1, empty: 1, unservable: ['upload/.DS_Store'] });
      expect(importReport(first, dir)).toMatch(
        /^图片导入：.* 中共 6 个文件，新存入数据库 3 个（0\.0 MB），此前已存入 1 个；空文件 1 个.*；隐藏文件 1 个.*原文件保留未动/,
      );
      for (const [file, bytes] of Object.entries(files)) {
        const res = await b.app.inject({ method: 'GET', url: `/image-api/${encodeURI(file)}` });
        expect(res.statusCode, file).toBe(200);
        expect(res.rawPayload.equals(bytes), file).toBe(true);
      }
      expect((await b.app.inject({ method: 'GET', url: `/image-api/${encodeURI('demo/files/合同示范文本.txt')}` })).headers['content-type']).toBe(
        'text/plain; charset=utf-8',
      );
      expect((await b.app.inject({ method: 'GET', url: '/image-api/upload/2025/06/02/cccccccccccccccccccccccccccccccc.png' })).statusCode).toBe(404);

      const second = await importFolder(a.db, dir);
      expect(second).toMatchObject({ found: 6, imported: 0, present: 4, empty: 1 });
      expect(importReport(second, dir)).toMatch(/中的 4 个文件都已在数据库中.*该目录不再使用，可以删除/);
      expect(filesUnder(dir)).toHaveLength(6);
      expect(await importFolder(a.db, path.join(dir, 'no-such-folder'))).toBeUndefined();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  // On its own embedded database: the PostgreSQL run of the suite skips it (the CLI and the start open DATA_DIR's PGlite).
  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'happens on start (npm start) and on demand (npm run pictures:import), saying what it did',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-start-import-'));
      const { dir, files } = oldDataFolder();
      fs.renameSync(dir, path.join(dataDir, 'images'));
      try {
        const config = loadConfig({}, { dataDir, databaseUrl: undefined, port: 0, serveClient: false, logLevel: 'silent' });
        const lines: string[] = [];
        const log = console.log;
        console.log = (line: string) => lines.push(String(line));
        const started = await startServer({ config, seedWhenEmpty: false }).finally(() => (console.log = log));
        try {
          expect(lines.find((line) => line.startsWith('图片导入：'))).toMatch(/共 6 个文件，新存入数据库 4 个/);
          const url = '/image-api/upload/2025/06/01/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png';
          const res = await started.app.inject({ method: 'GET', url });
          expect(res.rawPayload.equals(files['upload/2025/06/01/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png']!)).toBe(true);
        } finally {
          await started.stop();
        }
        const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
        delete env.DATABASE_URL;
        const cli = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
          execFile(path.resolve('node_modules/.bin/tsx'), ['scripts/pictures-import.ts'], { env, encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) =>
            resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
          );
        });
        expect(cli.code, cli.stderr).toBe(0);
        expect(cli.stdout).toMatch(/中的 4 个文件都已在数据库中/);
        expect(fs.existsSync(pgliteDir(dataDir))).toBe(true);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
