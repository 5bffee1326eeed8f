import crypto from 'node:crypto';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import sharp, { type Metadata } from 'sharp';
import { defineRoute } from '../api/schemas.js';
import type { AppContext } from '../api/context.js';
import { ApiError, badRequest } from '../api/errors.js';
import { MESSAGES } from '../api/messages.js';
import { UPLOAD_TEXTS } from '../../machines/upload-rule.js';
import { insertStoredFile } from '../pictures/stored-files.js';

const M = MESSAGES.uploads;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

export const UPLOAD_BAD_FORMAT = UPLOAD_TEXTS.badFormat;
/** Pictures a phone camera makes (12–50 MP) fit; a decompression bomb's header does not. */
export const MAX_PICTURE_SIDE = 10_000;
export const MAX_PICTURE_PIXELS = 40_000_000;
export const UPLOAD_TOO_BIG_PICTURE = M.pictureTooBig(MAX_PICTURE_SIDE, MAX_PICTURE_PIXELS);
/** Parts (fields and files) one upload request may carry: the file and the path field, with room to spare. */
const MAX_PARTS = 50;
/** After a refusal mid-body, how much more of the body is read and dropped before the connection is cut. */
const DISCARD_LIMIT_BYTES = 16 * 1024 * 1024;
const PATH_FIELD = /^[A-Za-z0-9_-]{1,50}$/;

/** The image format by its first bytes, whatever the file is called. */
export function sniffImage(bytes: Buffer): { ext: 'png' | 'jpg'; mime: string } | undefined {
  if (bytes.length >= PNG_MAGIC.length && bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return { ext: 'png', mime: 'image/png' };
  if (bytes.length >= JPEG_MAGIC.length && bytes.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) return { ext: 'jpg', mime: 'image/jpeg' };
  return undefined;
}

/**
 * The picture decoded in full, re-encoded in its own format: what is stored is only its pixels (EXIF orientation
 * applied), so bytes hidden after the image (an HTML page) and metadata (EXIF GPS, camera serials) are dropped. A
 * picture too large is refused from its header, before any decoding; one that does not decode is refused.
 */
export async function decodePicture(bytes: Buffer, kind: { ext: 'png' | 'jpg' }): Promise<Buffer> {
  let header: Metadata;
  try {
    // The header only (no pixels are decoded), so no pixel limit here: the size check below gives the reason.
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ApiError(415, UPLOAD_BAD_FORMAT);
  }
  if (header.format !== (kind.ext === 'png' ? 'png' : 'jpeg')) throw new ApiError(415, UPLOAD_BAD_FORMAT);
  const { width = 0, height = 0 } = header;
  if (width > MAX_PICTURE_SIDE || height > MAX_PICTURE_SIDE || width * height > MAX_PICTURE_PIXELS) throw badRequest(UPLOAD_TOO_BIG_PICTURE);
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_PICTURE_PIXELS, failOn: 'error' }).rotate();
    return await (kind.ext === 'png' ? image.png() : image.jpeg({ quality: 85 })).toBuffer();
  } catch {
    throw badRequest(M.broken);
  }
}

/**
 * A refusal before the whole body was read: the rest is read and dropped so the answer reaches the client (closing
 * with unread data would reset the connection and could lose it) and the keep-alive connection stays usable; a body
 * that goes on past the limit gets the connection cut.
 */
function discardRest(raw: IncomingMessage): void {
  if (raw.complete) return;
  raw.unpipe();
  let dropped = 0;
  raw.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DISCARD_LIMIT_BYTES) raw.socket.destroy();
  });
  raw.resume();
}

/**
 * What a multipart read that failed answers (the rest of the body dropped first): a refusal already made as it is,
 * the plugin's and busboy's errors as 413 (`tooLarge`) or 400 in Chinese, anything else unchanged.
 */
export function multipartRefusal(raw: IncomingMessage, error: unknown, tooLarge: string): unknown {
  discardRest(raw);
  if (error instanceof ApiError) return error;
  const code = (error as { code?: string }).code;
  const message = (error as Error).message ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new ApiError(413, tooLarge);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return badRequest(M.noFile);
  if (code === 'FST_FILES_LIMIT') return badRequest(M.oneFileOnly);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return badRequest(M.tooManyParts);
  // busboy: no boundary in the content type, a body cut short inside a part, a malformed part header.
  if (/boundary|multipart|terminated early|part header/i.test(message) || code === 'ERR_STREAM_PREMATURE_CLOSE') return badRequest(M.malformed);
  return error;
}

/** 上传图片大小不能超过 N MB! with N from the byte limit (2097152 → "2", 1572864 → "1.5", 1024 → "0.00098"); the client's text. */
export const tooLargeMessage = UPLOAD_TEXTS.tooLarge;

/** The client's file name without folders or control characters, for display only. */
function displayName(filename: string | undefined, ext: string): string {
  const base = path.posix
    .basename((filename ?? '').replace(/\\/g, '/'))
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  return (base || `image.${ext}`).slice(0, 100);
}

/** YYYY/MM/DD of now in China Standard Time. */
export function cstDateFolder(now: Date): string {
  const cst = new Date(now.getTime() + 8 * 3600_000).toISOString();
  return `${cst.slice(0, 4)}/${cst.slice(5, 7)}/${cst.slice(8, 10)}`;
}

/** POST /common/upload: one PNG or JPEG image, decoded in full and stored re-encoded by date (in the database), served under /image-api/. */
export async function registerUploadRoutes(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  defineRoute(app, 'upload', async (request, reply) => {
    let pathField = request.query.path;
    let file: { bytes: Buffer; filename: string } | undefined;
    let partCount = 0;
    try {
      // parts() rather than file(): the path field may come before or after the file. Fields are counted here, not by
      // the plugin's `fields` limit: after that limit a file part still arrives whose stream never ends (a hang).
      for await (const part of request.parts({ limits: { fields: Infinity, fieldSize: 4096 } })) {
        if (++partCount > MAX_PARTS) throw badRequest(M.tooManyParts);
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          if (part.file.truncated) throw new ApiError(413, tooLargeMessage(config.uploadMaxBytes));
          if (part.fieldname === 'file') file = { bytes, filename: part.filename };
        } else if (part.fieldname === 'path') {
          pathField = String(part.value);
        }
      }
    } catch (error) {
      throw multipartRefusal(request.raw, error, tooLargeMessage(config.uploadMaxBytes));
    }
    // Not one part found: the body does not use the boundary its content type names, or it stops before the first part.
    if (partCount === 0 && request.isMultipart()) throw badRequest(M.malformed);
    if (pathField !== undefined && pathField !== '' && !PATH_FIELD.test(pathField)) {
      throw badRequest(M.pathInvalid);
    }
    if (!file || file.bytes.length === 0) throw badRequest(M.noFile);
    const kind = sniffImage(file.bytes);
    if (!kind) throw new ApiError(415, UPLOAD_BAD_FORMAT);
    const stored = await decodePicture(file.bytes, kind);

    const relative = `upload/${cstDateFolder(new Date())}/${crypto.randomBytes(16).toString('hex')}.${kind.ext}`;
    const url = `/image-api/${relative}`;
    const name = displayName(file.filename, kind.ext);
    // The picture and its upload row in one transaction, nothing on disk: every instance serves it, and a failure
    // leaves neither behind.
    await db.transaction().execute(async (trx) => {
      await insertStoredFile(trx, { path: relative, bytes: stored, mime: kind.mime });
      await trx
        .insertInto('upload')
        .values({ userId: request.user?.userId ?? null, name, storedPath: relative, url, mime: kind.mime, size: stored.length })
        .execute();
    });
    // fileUrls sits beside data, where the spec's client reads it; the route schema only knows the envelope,
    // so this reply is serialised as is.
    return reply.type('application/json; charset=utf-8').serializer(JSON.stringify).send({ code: 200, msg: M.uploaded, data: { name, url }, fileUrls: url });
  });
}
