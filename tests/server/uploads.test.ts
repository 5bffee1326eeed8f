import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../server/api/messages.js';
import { readStoredFile } from '../../server/pictures/stored-files.js';
import { tooLargeMessage, UPLOAD_TOO_BIG_PICTURE } from '../../server/routes/uploads.js';
import { startTestServer, type TestServer } from './harness.js';
import { bearer, insertUser, multipart, sessionFor, type Part } from './users-helpers.js';

const { broken: UPLOAD_BROKEN, malformed: UPLOAD_MALFORMED } = MESSAGES.uploads;

let server: TestServer;
/** Uploads need a login: the account every upload below is made with. */
let uploader: { userId: number; headers: Record<string, string> };
beforeAll(async () => {
  // A 1 KB cap so the size refusal needs no large body.
  server = await startTestServer({ uploadMaxBytes: 1024 });
  const userId = await insertUser(server.db, { phone: '13200000001' });
  uploader = { userId, headers: bearer(await sessionFor(server, userId)) };
});
afterAll(() => server.close());

/** The decoded RGBA pixels of an image. */
const pixels = async (bytes: Buffer) => (await sharp(bytes).ensureAlpha().raw().toBuffer()).toString('base64');

function pngBytes(width = 2, height = 2): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < png.data.length; i++) png.data[i] = (i * 37) % 256;
  return PNG.sync.write(png);
}
/** A real 8×8 JPEG (under the test's 1 KB cap). */
const JPEG = await sharp(Buffer.from(Array.from({ length: 8 * 8 * 3 }, (_, i) => (i * 31) % 256)), { raw: { width: 8, height: 8, channels: 3 } })
  .jpeg({ quality: 70 })
  .toBuffer();
const GIF = Buffer.from(
  'GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;',
  'latin1',
);

const upload = (parts: Part[], headers: Record<string, string> = uploader.headers, query = '') => {
  const body = multipart(parts);
  return server.app.inject({ method: 'POST', url: `/prod-api/common/upload${query}`, payload: body.payload, headers: { ...body.headers, ...headers } });
};
const filePart = (data: Buffer, filename = 'photo.png', contentType = 'image/png'): Part => ({ name: 'file', filename, contentType, data });

describe('POST /common/upload', () => {
  it('stores a PNG by date, answers name, url and fileUrls, and serves the stored picture back', async () => {
    const bytes = pngBytes();
    const res = await upload([{ name: 'path', value: 'PC_File' }, filePart(bytes, '宅基地照片.png')]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.msg).toBe('上传成功');
    expect(body.data.name).toBe('宅基地照片.png');
    expect(body.data.url).toMatch(/^\/image-api\/upload\/\d{4}\/\d\d\/\d\d\/[0-9a-f]{32}\.png$/);
    expect(body.fileUrls).toBe(body.data.url);

    const relative = body.data.url.replace('/image-api/', '');
    const stored = (await readStoredFile(server.db, relative))!.bytes;
    // Stored re-encoded from the decoded pixels: the same picture, none of the sent file's other bytes.
    expect(await pixels(stored)).toEqual(await pixels(bytes));
    // In the database only, where every instance reads it: nothing on this instance's disk.
    expect(fs.existsSync(path.join(server.config.dataDir, 'images'))).toBe(false);

    const served = await server.app.inject({ method: 'GET', url: body.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(stored)).toBe(true);

    const row = await server.db.selectFrom('upload').selectAll().where('url', '=', body.data.url).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ userId: uploader.userId, name: '宅基地照片.png', storedPath: relative, mime: 'image/png', size: stored.length });
  });

  it('files the folder by the China Standard Time date', async () => {
    const res = await upload([filePart(pngBytes())]);
    const cst = new Date(Date.now() + 8 * 3600_000).toISOString();
    expect(res.json().data.url).toContain(`/upload/${cst.slice(0, 4)}/${cst.slice(5, 7)}/${cst.slice(8, 10)}/`);
  });

  it('judges a JPEG by its bytes and names it .jpg whatever it was called', async () => {
    const res = await upload([filePart(JPEG, 'scan.jpeg.txt', 'text/plain')]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.url).toMatch(/\.jpg$/);
    const served = await server.app.inject({ method: 'GET', url: res.json().data.url.replace('/image-api/', '/image2-api/') });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('refuses GIF bytes named .png, and text, with 415', async () => {
    for (const data of [GIF, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')]) {
      const res = await upload([filePart(data, 'fake.png')]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ code: 415, msg: '文件格式不正确, 请上传png/jpg/jpeg图片格式文件!' });
    }
    // Nothing was stored for refused files.
    const rows = await server.db.selectFrom('upload').select('name').where('name', '=', 'fake.png').execute();
    expect(rows).toEqual([]);
  });

  it('refuses a file over the configured size with 413, the figure taken from the setting', async () => {
    const big = Buffer.concat([pngBytes(), Buffer.alloc(2000, 7)]);
    const res = await upload([filePart(big)]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 413, msg: tooLargeMessage(1024) });
    // Exactly at the cap is fine.
    const exact = Buffer.concat([pngBytes(), Buffer.alloc(1024 - pngBytes().length, 0)]);
    expect(exact.length).toBe(1024);
    expect((await upload([filePart(exact)])).statusCode).toBe(200);
  });

  it('words the size limit in MB as the spec does', () => {
    expect(tooLargeMessage(2 * 1024 * 1024)).toBe('上传图片大小不能超过 2 MB!');
    expect(tooLargeMessage(1.5 * 1024 * 1024)).toBe('上传图片大小不能超过 1.5 MB!');
    expect(tooLargeMessage(1024)).toBe('上传图片大小不能超过 0.00098 MB!');
  });

  it('needs a login, and records the uploader', async () => {
    const anonymous = await upload([filePart(pngBytes(), 'avatar.png')], {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ code: 401, msg: '请先登录' });
    const userId = await insertUser(server.db, { phone: '13200000002' });
    const token = await sessionFor(server, userId);
    const res = await upload([filePart(pngBytes(), 'avatar.png')], bearer(token));
    const row = await server.db.selectFrom('upload').select('userId').where('url', '=', res.json().data.url).executeTakeFirstOrThrow();
    expect(row.userId).toBe(userId);
  });

  it('reads the path field before or after the file, or from the query, and refuses .. and slashes', async () => {
    expect((await upload([filePart(pngBytes()), { name: 'path', value: 'PC_File' }])).statusCode).toBe(200);
    expect((await upload([filePart(pngBytes())], uploader.headers, '?path=PC_File')).statusCode).toBe(200);
    for (const bad of ['..', '../etc', 'a/b', 'a\\b']) {
      const res = await upload([{ name: 'path', value: bad }, filePart(pngBytes())]);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().msg).toBe('参数 上传目录（path） 无效：只能包含字母、数字、下划线和短横线');
    }
  });

  it('keeps only the base of a file name with folders in it', async () => {
    const res = await upload([filePart(pngBytes(), '..\\..\\windows\\evil.png')]);
    expect(res.json().data.name).toBe('evil.png');
  });

  it('asks for a file when none, an empty one, or no multipart body is sent', async () => {
    const NO_FILE = { code: 400, msg: '请选择要上传的文件' };
    expect((await upload([{ name: 'path', value: 'PC_File' }])).json()).toEqual(NO_FILE);
    expect((await upload([filePart(Buffer.alloc(0))])).json()).toEqual(NO_FILE);
    expect((await upload([{ name: 'other', filename: 'x.png', data: pngBytes() }])).json()).toEqual(NO_FILE);
    const json = await server.app.inject({ method: 'POST', url: '/prod-api/common/upload', payload: { file: 'x' }, headers: uploader.headers });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual(NO_FILE);
  });

  it('takes one file per request', async () => {
    const res = await upload([filePart(pngBytes(), 'a.png'), filePart(pngBytes(), 'b.png')]);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('一次只能上传一个文件');
  });
});

/** A PNG chunk with its CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A grey PNG whose header claims width×height but whose data holds only its first row or so: a decompression bomb as
 * the server meets it (a real one inflates 30000×30000 = 900 MB from under 1 MB; the header alone must refuse it).
 */
function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(Math.min(height, 1) * (width + 1)), { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('an upload is a picture that decodes', () => {
  const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');

  it('refuses PNG or JPEG magic followed by something else with 415', async () => {
    for (const data of [Buffer.concat([pngBytes().subarray(0, 8), HTML]), Buffer.concat([JPEG.subarray(0, 3), HTML])]) {
      const res = await upload([filePart(data, 'page.png')]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ code: 415, msg: '文件格式不正确, 请上传png/jpg/jpeg图片格式文件!' });
    }
  });

  it('refuses a truncated or corrupted picture with 400', async () => {
    const png = pngBytes(16, 16);
    const broken = Buffer.from(png);
    broken[broken.length - 20] ^= 0xff; // inside the image data: the CRC no longer matches
    for (const [what, data] of [
      ['truncated PNG', png.subarray(0, Math.floor(png.length * 0.6))],
      ['corrupted PNG', broken],
      ['truncated JPEG (inside its image data)', JPEG.subarray(0, Math.floor(JPEG.length * 0.95))],
    ] as const) {
      const res = await upload([filePart(data)]);
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toEqual({ code: 400, msg: UPLOAD_BROKEN });
    }
  });

  it('refuses a picture over 10,000 px a side or 40 MP from its header, quickly', async () => {
    for (const [width, height] of [
      [30000, 30000],
      [10001, 1],
      [1, 10001],
      [8000, 6000],
    ]) {
      const started = Date.now();
      const res = await upload([filePart(pngClaiming(width, height))]);
      expect(res.statusCode, `${width}×${height}`).toBe(400);
      expect(res.json().msg).toBe(UPLOAD_TOO_BIG_PICTURE);
      expect(Date.now() - started, 'refused without decoding').toBeLessThan(1000);
    }
    // At the limit is fine.
    expect((await upload([filePart(pngClaiming(10000, 1))])).statusCode).toBe(200);
  });

  it('stores what it decoded: no trailing HTML, no EXIF (GPS) metadata', async () => {
    const withHtml = Buffer.concat([pngBytes(), HTML]);
    const res = await upload([filePart(withHtml)]);
    expect(res.statusCode).toBe(200);
    const served = await server.app.inject({ method: 'GET', url: res.json().data.url });
    expect(served.rawPayload.includes('<script')).toBe(false);

    const located = await sharp(JPEG)
      .withExif({ IFD0: { Make: 'Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 10/1 0/1' } })
      .jpeg({ quality: 70 })
      .toBuffer();
    expect((await sharp(located).metadata()).exif).toBeDefined();
    const photo = await upload([filePart(located, 'photo.jpg', 'image/jpeg')]);
    expect(photo.statusCode).toBe(200);
    const stored = await server.app.inject({ method: 'GET', url: photo.json().data.url });
    expect((await sharp(stored.rawPayload).metadata()).exif).toBeUndefined();
  });
});

describe('a malformed or refused multipart body', () => {
  const boundary = 'tianmuBoundary42';
  const filePartHead = (name = 'file') =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  const CT = `multipart/form-data; boundary=${boundary}`;

  it('answers 400 with a msg for a missing boundary, a wrong one, and a body cut short', async () => {
    const whole = Buffer.concat([Buffer.from(filePartHead()), pngBytes(), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    for (const [what, contentType, payload] of [
      ['no boundary', 'multipart/form-data', whole],
      ['another boundary', 'multipart/form-data; boundary=somethingElse', whole],
      ['cut inside the file', CT, whole.subarray(0, whole.length - 30)],
      ['cut inside the part headers', CT, whole.subarray(0, 40)],
    ] as const) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/prod-api/common/upload',
        headers: { ...uploader.headers, 'content-type': contentType },
        payload,
      });
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toEqual({ code: 400, msg: UPLOAD_MALFORMED });
    }
  });

  /**
   * One request over a real keep-alive connection, then a second on the same connection once the first is answered:
   * the refusal must arrive, and the connection must then serve the next request or be closed — not hang.
   */
  async function overKeepAlive(
    contentType: string,
    body: Buffer,
    { anonymous = false } = {},
  ): Promise<{ status: number; msg: string; after: 'reused' | 'closed' | 'hung' }> {
    const { port } = server.app.server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {}); // a reset after the answer counts as closed
    let received = Buffer.alloc(0);
    const responses = (): Array<{ status: number; body: string }> => {
      const out: Array<{ status: number; body: string }> = [];
      let rest = received;
      for (;;) {
        const end = rest.indexOf('\r\n\r\n');
        if (end < 0) return out;
        const head = rest.subarray(0, end).toString('latin1');
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
        if (rest.length < end + 4 + length) return out;
        out.push({ status: Number(head.split(' ')[1]), body: rest.subarray(end + 4, end + 4 + length).toString('utf8') });
        rest = rest.subarray(end + 4 + length);
      }
    };
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const waitFor = (count: number, ms: number) =>
      Promise.race([
        new Promise<boolean>((resolve) => {
          const check = () => (responses().length >= count ? resolve(true) : undefined);
          socket.on('data', (chunk) => {
            received = Buffer.concat([received, chunk]);
            check();
          });
          check();
        }),
        closed.then(() => responses().length >= count),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
      ]);
    socket.write(
      `POST /prod-api/common/upload HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n${anonymous ? '' : `Authorization: ${uploader.headers.authorization}\r\n`}Content-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body);
    const answered = await waitFor(1, 5000);
    if (!answered) {
      socket.destroy();
      return { status: 0, msg: '', after: 'hung' };
    }
    const first = responses()[0];
    let after: 'reused' | 'closed' | 'hung';
    if (socket.destroyed || socket.readableEnded) after = 'closed';
    else {
      socket.write('GET /prod-api/no-such-route HTTP/1.1\r\nHost: localhost\r\n\r\n');
      after = (await waitFor(2, 3000)) && responses().length >= 2 ? 'reused' : socket.destroyed || socket.readableEnded ? 'closed' : 'hung';
    }
    socket.destroy();
    return { status: first.status, msg: JSON.parse(first.body).msg, after };
  }

  it('sends the refusal and leaves the keep-alive connection usable or closed, never hanging', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const big = Buffer.alloc(300_000, 7);
    const end = Buffer.from(`\r\n--${boundary}--\r\n`);
    const cases: Array<[string, string, Buffer, number, string]> = [
      ['a file over the cap', CT, Buffer.concat([Buffer.from(filePartHead()), big, end]), 413, tooLargeMessage(1024)],
      [
        'a second file',
        CT,
        Buffer.concat([Buffer.from(filePartHead()), pngBytes(), Buffer.from('\r\n'), Buffer.from(filePartHead()), big, end]),
        400,
        '一次只能上传一个文件',
      ],
      [
        'sixty fields, then a file',
        CT,
        Buffer.concat([
          ...Array.from({ length: 60 }, (_, i) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`)),
          Buffer.from(filePartHead()),
          big,
          end,
        ]),
        400,
        '上传请求中的字段过多',
      ],
      ['no boundary', 'multipart/form-data', Buffer.concat([Buffer.from(filePartHead()), big, end]), 400, UPLOAD_MALFORMED],
      ['a picture bomb', CT, Buffer.concat([Buffer.from(filePartHead()), pngClaiming(30000, 30000), end]), 400, UPLOAD_TOO_BIG_PICTURE],
    ];
    const outcomes: string[] = [];
    // Refused before the body is read at all: a visitor who is not logged in (uploads need a login).
    const anonymous = await overKeepAlive(CT, Buffer.concat([Buffer.from(filePartHead()), big, end]), { anonymous: true });
    outcomes.push(`not logged in: ${anonymous.status} ${anonymous.after}`);
    expect(anonymous, 'not logged in').toEqual({ status: 401, msg: '请先登录', after: expect.stringMatching(/^(reused|closed)$/) });
    for (const [what, contentType, body, status, msg] of cases) {
      const result = await overKeepAlive(contentType, body);
      outcomes.push(`${what}: ${result.status} ${result.after}`);
      expect(result, what).toEqual({ status, msg, after: expect.stringMatching(/^(reused|closed)$/) });
    }
    console.log(`keep-alive refusals: ${outcomes.join('; ')}`);
  });
});
