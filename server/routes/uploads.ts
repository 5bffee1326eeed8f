import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../api-schemas.js';
import { imagesDir } from '../app.js';
import type { AppContext } from '../context.js';
import { ApiError, badRequest } from '../errors.js';
import { UPLOAD_TEXTS } from '../../engine/http/upload.js';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

export const UPLOAD_BAD_FORMAT = UPLOAD_TEXTS.badFormat;
export const UPLOAD_NO_FILE = '请选择要上传的文件';
const PATH_FIELD = /^[A-Za-z0-9_-]{1,50}$/;

/** The image format by its first bytes, whatever the file is called. */
export function sniffImage(bytes: Buffer): { ext: 'png' | 'jpg'; mime: string } | undefined {
  if (bytes.length >= PNG_MAGIC.length && bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return { ext: 'png', mime: 'image/png' };
  if (bytes.length >= JPEG_MAGIC.length && bytes.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) return { ext: 'jpg', mime: 'image/jpeg' };
  return undefined;
}

/** 上传图片大小不能超过 N MB! with N from the byte limit (2097152 → "2", 1572864 → "1.5", 1024 → "0.00098"); the client's text. */
export const tooLargeMessage = UPLOAD_TEXTS.tooLarge;

/** The client's file name without folders or control characters, for display only. */
function displayName(filename: string | undefined, ext: string): string {
  const base = path.posix.basename((filename ?? '').replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (base || `image.${ext}`).slice(0, 100);
}

/** YYYY/MM/DD of now in China Standard Time. */
function cstDateFolder(now: Date): string {
  const cst = new Date(now.getTime() + 8 * 3600_000).toISOString();
  return `${cst.slice(0, 4)}/${cst.slice(5, 7)}/${cst.slice(8, 10)}`;
}

/** POST /common/upload: one PNG or JPEG image, checked by its bytes, stored by date, served under /image-api/. */
export async function registerUploadRoutes(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  defineRoute(app, 'upload', async (request, reply) => {
    let pathField = (request.query as { path?: string }).path;
    let file: { bytes: Buffer; filename: string } | undefined;
    try {
      // parts() rather than file(): the path field may come before or after the file.
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          if (part.file.truncated) throw new ApiError(413, tooLargeMessage(config.uploadMaxBytes));
          if (part.fieldname === 'file') file = { bytes, filename: part.filename };
        } else if (part.fieldname === 'path') {
          pathField = String(part.value);
        }
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, tooLargeMessage(config.uploadMaxBytes));
      if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest(UPLOAD_NO_FILE);
      if (code === 'FST_FILES_LIMIT') throw badRequest('一次只能上传一个文件');
      if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('上传请求中的字段过多');
      throw error;
    }
    if (pathField !== undefined && pathField !== '' && !PATH_FIELD.test(pathField)) {
      throw badRequest('参数 上传目录（path） 无效：只能包含字母、数字、下划线和短横线');
    }
    if (!file || file.bytes.length === 0) throw badRequest(UPLOAD_NO_FILE);
    const kind = sniffImage(file.bytes);
    if (!kind) throw new ApiError(415, UPLOAD_BAD_FORMAT);

    const relative = `upload/${cstDateFolder(new Date())}/${crypto.randomBytes(16).toString('hex')}.${kind.ext}`;
    const target = path.join(imagesDir(config), ...relative.split('/'));
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, file.bytes, { flag: 'wx' });
    const url = `/image-api/${relative}`;
    const name = displayName(file.filename, kind.ext);
    try {
      await db
        .insertInto('upload')
        .values({ userId: request.user?.userId ?? null, name, storedPath: relative, url, mime: kind.mime, size: file.bytes.length })
        .execute();
    } catch (error) {
      await fs.rm(target, { force: true });
      throw error;
    }
    // fileUrls sits beside data, where the spec's client reads it; the route schema only knows the envelope,
    // so this reply is serialised as is.
    return reply
      .type('application/json; charset=utf-8')
      .serializer(JSON.stringify)
      .send({ code: 200, msg: '上传成功', data: { name, url }, fileUrls: url });
  });
}
