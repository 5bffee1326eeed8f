import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { MESSAGES } from '../api/messages.js';
import { isConvertibleType, modernFormat, PICTURE_CACHE_CONTROL, pictureVariants, pictureWidth } from './variants.js';
import { isStoredFilePath } from './file-path.js';
import { StoredFileReader, type StoredFileReaderOptions } from './stored-file-reader.js';
import type { StoredFileMeta } from './stored-files.js';
import { attachmentDisposition } from '../services/documents.js';
import { isCompressibleType } from '../delivery/compression.js';
import { byteRange, contentRange, ifRangeHolds } from './byte-range.js';

/** Where the editors' documents are stored (server/routes/admin/attachments.ts): doc/<date>/<random>/<name>. */
const DOCUMENT_FOLDER = 'doc/';

/**
 * The files under the image prefixes (`/image-api/upload/…`, `/image-api/demo/…`), answered from the database by
 * whichever instance is asked: uploads, the demo pictures and attachments, files imported from an older data folder.
 * Headers as a static file server gives them (a day's Cache-Control, ETag and If-None-Match, Last-Modified, HEAD), a
 * PNG or JPEG in AVIF/WebP or at a `?w=` width by the browser's Accept (server/pictures/variants.ts), varying by Accept,
 * and byte ranges (Accept-Ranges, Range, If-Range: server/pictures/byte-range.ts) of whatever is sent.
 */
export interface PictureRoutesOptions {
  db: Kysely<Database>;
  prefixes: readonly string[];
  /** This instance's variant cache folder. */
  variantsDir: string;
  log: (message: string, error: unknown) => void;
  reader?: StoredFileReaderOptions;
}

/** Does an If-None-Match header name this ETag (or `*`)? Weak and strong forms count alike, as for a GET they should. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

function notFound(reply: FastifyReply) {
  return reply.status(404).header('cache-control', 'no-cache').send({ code: 404, msg: MESSAGES.common.notFound });
}

/** The headers every answer for a stored file carries. */
function fileHeaders(reply: FastifyReply, meta: StoredFileMeta, etag: string, type: string): void {
  reply.header('cache-control', PICTURE_CACHE_CONTROL).header('etag', etag).header('last-modified', meta.createTime.toUTCString()).type(type);
  // A document is a download under the name it was uploaded with (its path's last part), never a page the browser
  // renders here, and its type is never guessed past the one given.
  if (meta.path.startsWith(DOCUMENT_FOLDER)) {
    reply.header('content-disposition', attachmentDisposition(meta.path.slice(meta.path.lastIndexOf('/') + 1))).header('x-content-type-options', 'nosniff');
  }
  // The same address answers AVIF, WebP or the original by Accept: caches must keep them apart.
  if (isConvertibleType(meta.mime)) reply.header('vary', 'Accept');
  // Parts of the bytes as stored; a text file may go out compressed, whose parts would not be these bytes.
  if (!isCompressibleType(type)) reply.header('accept-ranges', 'bytes');
}

/**
 * The file's bytes, or the part a Range header asks for (206, or 416 for one past the end), when the answer offers
 * ranges and If-Range still names this file. `size` is known before the bytes are read, so a 416 reads none.
 */
async function sendBytes(
  request: FastifyRequest,
  reply: FastifyReply,
  size: number,
  etag: string,
  lastModified: Date,
  read: () => Promise<Buffer | undefined>,
) {
  const ranged = reply.getHeader('accept-ranges') === 'bytes' && ifRangeHolds(request.headers['if-range'], etag, lastModified);
  const range = ranged ? byteRange(request.headers.range, size) : { kind: 'whole' as const };
  if (range.kind === 'unsatisfiable') {
    reply.removeHeader('content-disposition');
    return reply
      .status(416)
      .header('content-range', contentRange(size))
      .header('cache-control', 'no-cache')
      .type('application/json; charset=utf-8')
      .send({ code: 416, msg: MESSAGES.consoleFixes.rangeNotSatisfiable });
  }
  const bytes = await read();
  if (!bytes) return notFound(reply);
  if (range.kind === 'whole') return reply.send(bytes);
  return reply
    .status(206)
    .header('content-range', contentRange(size, range))
    .send(bytes.subarray(range.start, range.end + 1));
}

export function registerPictureRoutes(app: FastifyInstance, options: PictureRoutesOptions): void {
  const reader = new StoredFileReader(options.db, options.reader);
  const variants = pictureVariants({ cacheRoot: path.resolve(options.variantsDir), log: options.log });

  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    const wanted = (request.params as { '*'?: string })['*'] ?? '';
    if (!isStoredFilePath(wanted)) return notFound(reply);
    const meta = await reader.meta(wanted);
    if (!meta) return notFound(reply);

    const width = pictureWidth((request.query as { w?: unknown }).w);
    const modern = modernFormat(request.headers.accept);
    const outcome = await variants.answer(meta, () => reader.bytes(meta), width, modern);
    if (outcome.kind === 'variant') {
      const { variant } = outcome;
      fileHeaders(reply, meta, variant.etag, variant.type);
      if (etagMatches(request.headers['if-none-match'], variant.etag)) return reply.status(304).send();
      return sendBytes(request, reply, variant.bytes.length, variant.etag, meta.createTime, async () => variant.bytes);
    }

    const etag = `"${meta.sha256}"`;
    fileHeaders(reply, meta, etag, meta.mime);
    // The variant is still being made: the original for now, and the browser asks again next time.
    if (outcome.kind === 'later') reply.header('cache-control', 'no-cache');
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
    return sendBytes(request, reply, meta.size, etag, meta.createTime, () => reader.bytes(meta));
  };

  for (const prefix of options.prefixes) {
    // GET answers HEAD too (Fastify's HEAD routes): the same headers, no body.
    app.get(`${prefix}/*`, answer);
    app.get(prefix, (_request, reply) => notFound(reply));
  }
}
