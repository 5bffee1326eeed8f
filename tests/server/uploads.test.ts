import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tooLargeMessage } from '../../server/routes/uploads.js';
import { startTestServer, type TestServer } from './harness.js';
import { bearer, insertUser, multipart, sessionFor, type Part } from './users-helpers.js';

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

function pngBytes(width = 2, height = 2): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < png.data.length; i++) png.data[i] = (i * 37) % 256;
  return PNG.sync.write(png);
}
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0 fake jpeg body'), Buffer.from([0xff, 0xd9])]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;', 'latin1');

const upload = (parts: Part[], headers: Record<string, string> = uploader.headers, query = '') => {
  const body = multipart(parts);
  return server.app.inject({ method: 'POST', url: `/prod-api/common/upload${query}`, payload: body.payload, headers: { ...body.headers, ...headers } });
};
const filePart = (data: Buffer, filename = 'photo.png', contentType = 'image/png'): Part => ({ name: 'file', filename, contentType, data });

describe('POST /common/upload', () => {
  it('stores a PNG by date, answers name, url and fileUrls, and serves the exact bytes back', async () => {
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
    const onDisk = path.join(server.config.dataDir, 'images', relative);
    expect(fs.readFileSync(onDisk).equals(bytes)).toBe(true);

    const served = await server.app.inject({ method: 'GET', url: body.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(bytes)).toBe(true);

    const row = await server.db.selectFrom('upload').selectAll().where('url', '=', body.data.url).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ userId: uploader.userId, name: '宅基地照片.png', storedPath: relative, mime: 'image/png', size: bytes.length });
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
    expect(served.rawPayload.equals(JPEG)).toBe(true);
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
