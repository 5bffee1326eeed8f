import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modernFormat, pictureWidth } from '../../server/pictures/variants.js';
import { readStoredFile, storeFileIfAbsent } from '../../server/pictures/stored-files.js';
import { DEMO_IMAGE_FILES, IMAGE_WIDTH } from '../../server/seed/images.js';
import { seedDemo } from '../../server/seed/index.js';
import { startTestServer, type TestServer } from './harness.js';

// Pictures in a modern format at the size they are shown: the seed's PNG landscapes (and uploads, the same route)
// answer AVIF or WebP to a browser that takes it, at the `?w=` a srcset asks for, the original to one that does not.
const CHROMIUM_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const WEBP_ACCEPT = 'image/webp,*/*';
const OLD_ACCEPT = 'image/png,image/*;q=0.8,*/*;q=0.5';

let server: TestServer;
let url: string;
let original: Buffer;
beforeAll(async () => {
  server = await startTestServer();
  await seedDemo(server.db, { projects: 1, pictures: true });
  url = `/image-api/demo/${DEMO_IMAGE_FILES[0]}`;
  original = (await readStoredFile(server.db, `demo/${DEMO_IMAGE_FILES[0]}`))!.bytes;
});
afterAll(() => server?.close());

const get = (address: string, accept?: string, extra: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url: address, headers: { ...(accept ? { accept } : {}), ...extra } });
/** A variant once made: on a busy machine the first answer may be the original for now (see the slow-conversion test). */
async function made(address: string, accept: string) {
  for (let i = 0; ; i++) {
    const res = await get(address, accept);
    if (res.headers['cache-control'] !== 'no-cache' || i > 100) return res;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('picture variants', () => {
  it('sends AVIF or WebP, smaller than the PNG, to a browser that takes it; the PNG to one that does not; all vary by Accept', async () => {
    const avif = await made(url, CHROMIUM_ACCEPT);
    expect(avif.statusCode).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(avif.headers.vary).toMatch(/Accept/);
    expect(avif.headers['cache-control']).toBe('public, max-age=86400');
    expect(avif.rawPayload.length).toBeLessThan(original.length / 2);
    const meta = await sharp(avif.rawPayload).metadata();
    expect([meta.format, meta.width]).toEqual(['heif', IMAGE_WIDTH]);

    const webp = await made(url, WEBP_ACCEPT);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.rawPayload.length).toBeLessThan(original.length);
    expect((await sharp(webp.rawPayload).metadata()).format).toBe('webp');

    const png = await get(url, OLD_ACCEPT);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers.vary).toMatch(/Accept/);
    expect(png.rawPayload.equals(original)).toBe(true);
    expect(png.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('makes the width a srcset asks for, snapped up to a kept width and never enlarged; revalidates by ETag', async () => {
    const small = await made(`${url}?w=300`, CHROMIUM_ACCEPT);
    expect(small.statusCode).toBe(200);
    expect((await sharp(small.rawPayload).metadata()).width).toBe(320);
    const again = await get(`${url}?w=300`, CHROMIUM_ACCEPT, { 'if-none-match': String(small.headers.etag) });
    expect(again.statusCode).toBe(304);
    // A PNG-only browser gets the smaller width as PNG.
    const smallPng = await made(`${url}?w=160`, OLD_ACCEPT);
    expect(smallPng.headers['content-type']).toBe('image/png');
    expect((await sharp(smallPng.rawPayload).metadata()).width).toBe(160);
    // Wider than the picture: its own width.
    expect((await sharp((await made(`${url}?w=1920`, CHROMIUM_ACCEPT)).rawPayload).metadata()).width).toBe(IMAGE_WIDTH);
    // Nonsense widths are the original width.
    expect((await sharp((await made(`${url}?w=abc`, CHROMIUM_ACCEPT)).rawPayload).metadata()).width).toBe(IMAGE_WIDTH);
  });

  it('answers only stored paths, and a file that is not a picture goes out untouched', async () => {
    expect((await get('/image-api/../../etc/passwd.png', CHROMIUM_ACCEPT)).statusCode).toBe(404);
    expect((await get('/image-api/demo/%2e%2e/%2e%2e/x.png', CHROMIUM_ACCEPT)).statusCode).toBe(404);
    expect((await get('/image-api/demo/missing.png', CHROMIUM_ACCEPT)).statusCode).toBe(404);
    // A ".png" that is no picture (imported from an old folder where it was put by hand): sent as it is rather than failing.
    await storeFileIfAbsent(server.db, { path: 'demo/not-a-picture.png', bytes: Buffer.from('hello') });
    const fake = await get('/image-api/demo/not-a-picture.png', CHROMIUM_ACCEPT);
    expect(fake.statusCode).toBe(200);
    expect(fake.payload).toBe('hello');
    // Every proxy prefix answers the same.
    expect((await made(`/image2-api/demo/${DEMO_IMAGE_FILES[1]}`, CHROMIUM_ACCEPT)).headers['content-type']).toBe('image/avif');
  });

  it('never keeps a visitor waiting on a slow conversion: the original for now, not kept, the variant once made', async () => {
    // A large photo (an upload from the document camera): its AVIF takes far longer than the wait allowed.
    const noise = Buffer.alloc(2400 * 1800 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
    const large = await sharp(noise, { raw: { width: 2400, height: 1800, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    await storeFileIfAbsent(server.db, { path: 'demo/large.jpg', bytes: large });
    const started = Date.now();
    const first = await get('/image-api/demo/large.jpg', CHROMIUM_ACCEPT);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toMatch(/Accept/);
    await expect
      .poll(async () => (await get('/image-api/demo/large.jpg', CHROMIUM_ACCEPT)).headers['content-type'], { timeout: 60_000, interval: 500 })
      .toBe('image/avif');
    expect((await get('/image-api/demo/large.jpg', CHROMIUM_ACCEPT)).headers['cache-control']).toBe('public, max-age=86400');
  });

  it('reads Accept and w as browsers send them', () => {
    expect(modernFormat(CHROMIUM_ACCEPT)).toBe('avif');
    expect(modernFormat('image/webp;q=0.9')).toBe('webp');
    expect(modernFormat('image/avif;q=0, image/webp, image/png')).toBe('webp');
    expect(modernFormat('image/webp;q=0, image/png')).toBeUndefined();
    expect(modernFormat(OLD_ACCEPT)).toBeUndefined();
    expect(modernFormat(undefined)).toBeUndefined();
    expect([pictureWidth('1'), pictureWidth('320'), pictureWidth('321'), pictureWidth('5000'), pictureWidth('-3'), pictureWidth(undefined)]).toEqual([
      160,
      320,
      480,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
