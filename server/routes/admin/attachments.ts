import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute, type SignedInRequest } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import { ApiError, badRequest, ok } from '../../api/errors.js';
import { MESSAGES } from '../../api/messages.js';
import { insertStoredFile } from '../../pictures/stored-files.js';
import { documentName, sniffDocument } from '../../services/documents.js';
import { attachmentInfo } from '../../services/attachment-info.js';
import { cstDateFolder, multipartRefusal } from '../uploads.js';

const M = MESSAGES.editors;
/** Parts one upload may carry: the file, with room to spare. */
const MAX_PARTS = 10;

/** 20971520 → "20", 1572864 → "1.5": the figure a refusal names. */
export const megabytes = (bytes: number): string => {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? String(mb) : String(Number(mb.toPrecision(2)));
};

/** The request's one file part (bounded by ATTACHMENT_MAX_BYTES), refusing what busboy or the limit refuse in Chinese. */
async function readFile(request: FastifyRequest, maxBytes: number): Promise<{ bytes: Buffer; filename: string } | undefined> {
  const tooLarge = M.documentTooLarge(megabytes(maxBytes));
  let file: { bytes: Buffer; filename: string } | undefined;
  let parts = 0;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, fields: Infinity, fieldSize: 4096 } })) {
      if (++parts > MAX_PARTS) throw badRequest(MESSAGES.uploads.tooManyParts);
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new ApiError(413, tooLarge);
      if (part.fieldname === 'file') file = { bytes, filename: part.filename };
    }
  } catch (error) {
    throw multipartRefusal(request.raw, error, tooLarge);
  }
  return file;
}

/**
 * Documents for the editors' 附件: stored with the pictures (table stored_file, one transaction with the upload row),
 * under a path that ends in the document's name, so every instance serves it as a download under that name
 * (server/pictures/picture-routes.ts) without asking anything else.
 */
export async function registerAdminAttachmentRoutes(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  defineRoute(app, 'adminAttachmentUpload', async (request) => {
    const file = await readFile(request, config.attachmentMaxBytes);
    if (!file || file.bytes.length === 0) throw badRequest(MESSAGES.uploads.noFile);
    const kind = sniffDocument(file.bytes, file.filename);
    if (!kind) throw new ApiError(415, M.documentBadFormat(file.filename.slice(0, 100) || '附件'));
    const name = documentName(file.filename, kind);
    const folder = `doc/${cstDateFolder(new Date())}/${crypto.randomBytes(16).toString('hex')}`;
    const storedPath = `${folder}/${name}`;
    const url = `/image-api/${folder}/${encodeURIComponent(name)}`;
    await db.transaction().execute(async (trx) => {
      await insertStoredFile(trx, { path: storedPath, bytes: file.bytes, mime: kind.mime });
      await trx
        .insertInto('upload')
        .values({ userId: (request as SignedInRequest).user.userId, name, storedPath, url, mime: kind.mime, size: file.bytes.length })
        .execute();
    });
    return ok({ name, url, mime: kind.mime, typeName: kind.label, size: file.bytes.length }, M.documentUploaded);
  });

  defineRoute(app, 'adminAttachmentInfo', async (request) => {
    return ok(await attachmentInfo(db, request.input!.urls), MESSAGES.common.queried);
  });
}
