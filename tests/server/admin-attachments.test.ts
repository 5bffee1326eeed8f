import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../schemas/types/api.js';
import { MESSAGES } from '../../server/api/messages.js';
import { ROUTE_LIMITS } from '../../server/plugins/rate-limits.js';
import { attachmentDisposition, documentName, sniffDocument, zipEntryNames } from '../../server/services/documents.js';
import { TENANT_A, TENANT_A_COUNTY, TENANT_A_TOWN, startTestServerWithPlaces } from './fixtures.js';
import { adminCall } from './admin-helpers.js';
import { callAs } from './listings-helpers.js';
import { bearer, insertUser, multipart, sessionFor, type Part } from './users-helpers.js';
import { REQUEST_LIMITS_RAISED, type TestServer } from './harness.js';
import { PNG } from 'pngjs';
import { docxOf, zipOf } from './zip-writer.js';

// Documents for an article's or a project's 附件: accepted by their content (PDF, Word, Excel, ZIP), refused
// otherwise whatever their name, held to ATTACHMENT_MAX_BYTES, stored in the database with the pictures and served
// as a download under the name they were uploaded with.
const MAX = 64 * 1024;
let server: TestServer;
let staff: string;
let user: string;
beforeAll(async () => {
  server = await startTestServerWithPlaces({ attachmentMaxBytes: MAX });
  staff = await sessionFor(server, await insertUser(server.db, { phone: '13719003001', role: 'staff', deptId: TENANT_A_COUNTY, name: '附件测试' }));
  user = await sessionFor(server, await insertUser(server.db, { phone: '13719003002', role: 'user', deptId: TENANT_A_COUNTY }));
}, 120_000);
afterAll(() => server.close());

const DOCX = docxOf('土地流转合同（示范文本）');
const OLE2 = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200)]);
const HTML = Buffer.from('<!doctype html><script>alert(document.cookie)</script>', 'utf8');

const upload = (bytes: Buffer, filename: string, token = staff) => {
  const body = multipart([{ name: 'file', filename, contentType: 'application/octet-stream', data: bytes }]);
  return server.app.inject({
    method: 'POST',
    url: `/prod-api${API_ROUTES.adminAttachmentUpload.url}`,
    payload: body.payload,
    headers: { ...body.headers, ...server.signed(TENANT_A), ...bearer(token) },
  });
};

async function xlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('报名表').addRow(['姓名', '电话']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('document attachments', () => {
  it('accepts a .docx by its content and serves it back as a download under its Chinese name, nosniff', async () => {
    const res = await upload(DOCX, '土地流转合同 示范文本.docx');
    expect(res.statusCode).toBe(200);
    const doc = res.json().data;
    expect(doc).toMatchObject({
      name: '土地流转合同 示范文本.docx',
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      typeName: 'Word 文档',
      size: DOCX.length,
    });
    expect(doc.url).toMatch(/^\/image-api\/doc\/\d{4}\/\d\d\/\d\d\/[0-9a-f]{32}\/%E5%9C%9F.+\.docx$/);

    const got = await server.app.inject({ method: 'GET', url: doc.url });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(DOCX)).toBe(true);
    expect(got.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="______ ____.docx"; filename*=UTF-8''${encodeURIComponent('土地流转合同 示范文本.docx')}`,
    );
    // Any instance serves it: the bytes are in the database, not on this one's disk.
    const row = await server.db
      .selectFrom('storedFile')
      .select(['mime', 'size'])
      .where('path', '=', decodeURIComponent(doc.url.slice('/image-api/'.length)))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ mime: doc.mime, size: DOCX.length });
  });

  it('tells Excel, PDF, old Word and a plain archive apart by content, and names each with its real extension', async () => {
    const cases: Array<[Buffer, string, string, string]> = [
      [await xlsx(), '报名表.xlsx', '报名表.xlsx', 'Excel 表格'],
      [PDF, '公告.pdf', '公告.pdf', 'PDF 文档'],
      [OLE2, '旧合同.doc', '旧合同.doc', 'Word 文档'],
      [OLE2, '台账.xls', '台账.xls', 'Excel 表格'],
      [zipOf({ 'a.txt': '1', 'b/c.txt': '2' }), '材料.zip', '材料.zip', 'ZIP 压缩包'],
      // A Word file sent under another name keeps its content's extension.
      [DOCX, '通知.zip', '通知.docx', 'Word 文档'],
    ];
    for (const [bytes, sent, name, typeName] of cases) {
      const res = await upload(bytes, sent);
      expect(res.statusCode, sent).toBe(200);
      expect(res.json().data).toMatchObject({ name, typeName });
    }
  });

  it('refuses a program or a web page renamed .pdf/.docx, and an OLE2 file not named .doc/.xls, saying what is accepted', async () => {
    for (const [bytes, name] of [
      [EXE, '合同.pdf'],
      [EXE, 'setup.docx'],
      [HTML, '通知.docx'],
      [HTML, 'page.html'],
      [OLE2, '合同.docx'],
    ] as const) {
      const res = await upload(bytes, name);
      expect(res.statusCode, name).toBe(415);
      expect(res.json()).toEqual({ code: 415, msg: MESSAGES.editors.documentBadFormat(name) });
      expect(res.json().msg).toContain('仅支持上传 PDF、Word（.doc/.docx）、Excel（.xls/.xlsx）或 ZIP 压缩包文件');
    }
    expect(await server.db.selectFrom('storedFile').select('path').where('path', 'like', '%setup%').execute()).toEqual([]);
  });

  it('refuses a document over ATTACHMENT_MAX_BYTES with 413, stores nothing; staff only', async () => {
    const before = await server.db
      .selectFrom('upload')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const big = zipOf({ 'big.bin': Buffer.alloc(MAX + 1, 7) });
    const res = await upload(big, '大文件.zip');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 413, msg: '附件大小不能超过 0.063 MB' });
    const after = await server.db
      .selectFrom('upload')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await upload(DOCX, 'a.docx', user)).statusCode).toBe(403);
    // Documents spend the same upload budget as pictures, per account and per address.
    expect(ROUTE_LIMITS.adminAttachmentUpload).toEqual(ROUTE_LIMITS.upload);
  });

  it('a saved article carries its document; the public page lists its name, type and size', async () => {
    const doc = (await upload(DOCX, '申请表.docx')).json().data;
    const pdf = (await upload(PDF, '公告.pdf')).json().data;
    const article = await adminCall(server, 'adminArticleSave', staff, {
      deptId: TENANT_A_TOWN,
      number: '007001',
      title: '资料下载：申请表',
      attachmentUrl: doc.url,
    });
    expect(article.statusCode).toBe(200);
    const id = article.json().data.id;
    await adminCall(server, 'adminArticlePublish', staff, { id });
    const detail = (await callAs(server, TENANT_A, 'newsDetail', { query: { id } })).json().data;
    expect(detail.attachments).toEqual([{ name: '申请表.docx', url: doc.url, mime: doc.mime, typeName: 'Word 文档', size: DOCX.length }]);

    const info = await adminCall(server, 'adminAttachmentInfo', staff, { urls: [pdf.url, '/image-api/doc/none/x.pdf', doc.url] });
    expect(info.json().data.map((d: { name: string }) => d.name)).toEqual(['公告.pdf', '申请表.docx']);
  });
});

describe('the upload budget', () => {
  it('documents and pictures spend one budget per account: past it, 429 with Retry-After', async () => {
    const limited = await startTestServerWithPlaces({ rateLimits: { ...REQUEST_LIMITS_RAISED, uploadPerUser: { max: 2, windowSeconds: 600 } } });
    try {
      const token = await sessionFor(limited, await insertUser(limited.db, { phone: '13719003003', role: 'staff', deptId: TENANT_A_COUNTY }));
      const send = (url: string, part: Part) => {
        const body = multipart([part]);
        return limited.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...limited.signed(TENANT_A), ...bearer(token) } });
      };
      const picture = new PNG({ width: 2, height: 2 });
      const first = await send('/prod-api/common/upload', { name: 'file', filename: 'a.png', contentType: 'image/png', data: PNG.sync.write(picture) });
      expect(first.statusCode).toBe(200);
      const document = (name: string) => send(`/prod-api${API_ROUTES.adminAttachmentUpload.url}`, { name: 'file', filename: name, data: PDF });
      expect((await document('一.pdf')).statusCode).toBe(200);
      const refused = await document('二.pdf');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ code: 429, msg: MESSAGES.requests.tooMany });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  }, 60_000);
});

describe('covers', () => {
  it('are taken for every category shown in a list, and refused for 关于我们, which no page shows with one', async () => {
    await server.db
      .insertInto('upload')
      .values({ userId: null, name: 'c.png', storedPath: 'upload/c.png', url: '/image-api/upload/c.png', mime: 'image/png', size: 1 })
      .execute();
    const article = (number: string) => ({ deptId: TENANT_A_TOWN, number, title: `封面${number}`, coverImg: '/image-api/upload/c.png' });
    for (const number of ['001017', '010', '007001', '002001'])
      expect((await adminCall(server, 'adminArticleSave', staff, article(number))).statusCode, number).toBe(200);
    expect((await adminCall(server, 'adminArticleSave', staff, article('014001'))).json()).toEqual({
      code: 400,
      msg: '“关于我们”栏目不显示封面图片，请勿上传',
    });
  });
});

describe('the content checks themselves', () => {
  it('reads a ZIP central directory, and gives up on a truncated one', () => {
    expect(zipEntryNames(DOCX)).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
    expect(zipEntryNames(DOCX.subarray(0, DOCX.length - 30))).toBeUndefined();
    expect(sniffDocument(DOCX.subarray(0, 40), 'a.docx')).toBeUndefined();
  });

  it('keeps a name that fits the stored address: folders, unsafe characters and leading dots gone, long names cut', () => {
    const docx = sniffDocument(DOCX, 'a.docx')!;
    expect(documentName('C:\\Users\\王\\..合同#1?.docx', docx)).toBe('合同1.docx');
    expect(documentName('', docx)).toBe('附件.docx');
    const long = documentName(`${'农'.repeat(200)}.docx`, docx);
    expect(encodeURIComponent(long).length).toBeLessThanOrEqual(300);
    expect(long).toMatch(/^农+\.docx$/);
  });

  it('writes an RFC 5987 file name for any name, quotes and apostrophes included', () => {
    expect(attachmentDisposition(`它's "a".pdf`)).toBe(`attachment; filename="_'s _a_.pdf"; filename*=UTF-8''%E5%AE%83%27s%20%22a%22.pdf`);
  });
});
