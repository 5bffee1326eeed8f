import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../schemas/types/api.js';
import { storeFileIfAbsent } from '../../server/pictures/stored-files.js';
import { TENANT_A, TENANT_A_COUNTY, startTestServerWithPlaces } from './fixtures.js';
import type { TestServer } from './harness.js';
import { bearer, insertUser, multipart, sessionFor } from './users-helpers.js';

// Byte ranges of the files under the image prefixes (pictures and the editors' documents, stored in the database):
// a download resumed, a part read. One range: 206 with Content-Range; past the end: 416 with `bytes */size`; several:
// the whole file. The headers a whole file carries (ETag, caching, nosniff, the download's name) stay on its parts.
let server: TestServer;
let docUrl: string;
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n', 'latin1'), crypto.randomBytes(3000), Buffer.from('\n%%EOF\n', 'latin1')]);
const SIZE = PDF.length;
const PNG_BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(500)]);
const PNG_URL = '/image-api/upload/2026/01/02/00112233445566778899aabbccddeeff.png';
const TEXT_URL = '/image-api/upload/2026/01/02/ffeeddccbbaa99887766554433221100.txt';

beforeAll(async () => {
  server = await startTestServerWithPlaces();
  const staff = await sessionFor(server, await insertUser(server.db, { phone: '13759006001', role: 'staff', deptId: TENANT_A_COUNTY, name: '范围测试' }));
  const body = multipart([{ name: 'file', filename: '流转合同.pdf', contentType: 'application/pdf', data: PDF }]);
  const res = await server.app.inject({
    method: 'POST',
    url: `/prod-api${API_ROUTES.adminAttachmentUpload.url}`,
    payload: body.payload,
    headers: { ...body.headers, ...server.signed(TENANT_A), ...bearer(staff) },
  });
  expect(res.statusCode).toBe(200);
  docUrl = res.json().data.url;
  await storeFileIfAbsent(server.db, { path: PNG_URL.slice('/image-api/'.length), bytes: PNG_BYTES });
  await storeFileIfAbsent(server.db, { path: TEXT_URL.slice('/image-api/'.length), bytes: Buffer.from('土地'.repeat(1000), 'utf8') });
}, 120_000);
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => server.app.inject({ method, url, headers });

describe('a document download', () => {
  it('offers byte ranges on the whole file, with its usual headers', async () => {
    const whole = await get(docUrl);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-range']).toBeUndefined();
    expect(whole.rawPayload.equals(PDF)).toBe(true);
  });

  it('answers one range with 206, its bytes and Content-Range, keeping ETag, caching, nosniff and the name', async () => {
    const whole = await get(docUrl);
    for (const [range, start, end] of [
      ['bytes=0-9', 0, 9],
      ['bytes=100-', 100, SIZE - 1],
      ['bytes=-7', SIZE - 7, SIZE - 1],
      ['bytes=3000-999999', 3000, SIZE - 1],
      ['BYTES = 5 - 5', 5, 5],
      [`bytes=-${SIZE + 50}`, 0, SIZE - 1],
    ] as const) {
      const part = await get(docUrl, { range });
      expect(part.statusCode, range).toBe(206);
      expect(part.headers['content-range'], range).toBe(`bytes ${start}-${end}/${SIZE}`);
      expect(Number(part.headers['content-length']), range).toBe(end - start + 1);
      expect(part.rawPayload.equals(PDF.subarray(start, end + 1)), range).toBe(true);
      for (const name of ['etag', 'cache-control', 'last-modified', 'content-type', 'content-disposition', 'x-content-type-options', 'accept-ranges']) {
        expect(part.headers[name], `${range} ${name}`).toBe(whole.headers[name]);
      }
    }
  });

  it('answers a range past the end with 416 and `bytes */size`, in Chinese, without the download', async () => {
    for (const range of [`bytes=${SIZE}-`, `bytes=${SIZE + 10}-${SIZE + 20}`, 'bytes=-0', 'bytes=99999999999999999999-']) {
      const res = await get(docUrl, { range });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range'], range).toBe(`bytes */${SIZE}`);
      expect(res.headers['content-disposition'], range).toBeUndefined();
      expect(res.json()).toEqual({ code: 416, msg: '请求的文件范围超出了文件大小，请重新下载' });
    }
  });

  it('sends the whole file for several ranges, a malformed range or another unit', async () => {
    for (const range of ['bytes=0-1,5-6', 'bytes=0-1, -3', 'bytes=9-2', 'bytes=-', 'bytes=a-b', 'items=0-9', 'bytes 0-9']) {
      const res = await get(docUrl, { range });
      expect(res.statusCode, range).toBe(200);
      expect(res.headers['content-range'], range).toBeUndefined();
      expect(res.rawPayload.equals(PDF), range).toBe(true);
    }
  });

  it('applies the range only while If-Range names this file (its strong ETag or its exact Last-Modified)', async () => {
    const { etag, 'last-modified': lastModified } = (await get(docUrl)).headers as Record<string, string>;
    const answers = async (ifRange: string) => (await get(docUrl, { range: 'bytes=0-9', 'if-range': ifRange })).statusCode;
    expect(await answers(etag)).toBe(206);
    expect(await answers(lastModified)).toBe(206);
    expect(await answers('"another"')).toBe(200);
    expect(await answers(`W/${etag}`)).toBe(200);
    expect(await answers(new Date(Date.parse(lastModified) - 1000).toUTCString())).toBe(200);
    expect(await answers('not a date')).toBe(200);
  });

  it("still answers 304 to a matching If-None-Match, and HEAD with a range gives the part's headers only", async () => {
    const { etag } = (await get(docUrl)).headers as Record<string, string>;
    expect((await get(docUrl, { range: 'bytes=0-9', 'if-none-match': etag })).statusCode).toBe(304);
    const head = await get(docUrl, { range: 'bytes=0-9' }, 'HEAD');
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 0-9/${SIZE}`);
    expect(head.rawPayload.length).toBe(0);
  });
});

describe('a picture', () => {
  it('offers ranges of the bytes sent, the original when the browser takes no modern format', async () => {
    const whole = await get(PNG_URL, { accept: 'image/png' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const part = await get(PNG_URL, { accept: 'image/png', range: 'bytes=0-7' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-7/${PNG_BYTES.length}`);
    expect(part.rawPayload.equals(PNG_BYTES.subarray(0, 8))).toBe(true);
    expect(part.headers.vary).toBe('Accept');
  });

  it('a text file, which may go out compressed, offers no ranges and answers a Range with the whole file', async () => {
    const res = await get(TEXT_URL, { range: 'bytes=0-9', 'accept-encoding': 'identity' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['accept-ranges']).toBeUndefined();
    expect(res.rawPayload.toString('utf8')).toBe('土地'.repeat(1000));
  });
});
