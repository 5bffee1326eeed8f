import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute, type SignedInRequest } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import { ApiError, badRequest, forbidden, ok } from '../../api/errors.js';
import { MESSAGES } from '../../api/messages.js';
import type { ImportKindName } from '../../import/kind.js';
import { IMPORT_KINDS, problemText, runImport } from '../../import/run.js';
import { SheetError } from '../../import/sheet.js';
import { importTemplate } from '../../import/template.js';
import { multipartRefusal } from '../uploads.js';
import { consoleScope } from './common.js';

const M = MESSAGES.admin;
/** Parts one import request may carry: kind, dryRun and the file, with room to spare. */
const MAX_PARTS = 10;
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const kindOf = (value: unknown): ImportKindName => {
  if (typeof value !== 'string' || !Object.hasOwn(IMPORT_KINDS, value)) throw badRequest(M.importKindInvalid);
  return value as ImportKindName;
};

/** The form's fields and its one file (bounded by IMPORT_MAX_BYTES). */
async function readForm(request: FastifyRequest, maxBytes: number): Promise<{ fields: Map<string, string>; file?: Buffer }> {
  const fields = new Map<string, string>();
  let file: Buffer | undefined;
  let parts = 0;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, fields: Infinity, fieldSize: 100 } })) {
      if (++parts > MAX_PARTS) throw badRequest(MESSAGES.uploads.tooManyParts);
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw new ApiError(413, M.importTooLarge(maxBytes));
        if (part.fieldname === 'file') file = bytes;
      } else fields.set(part.fieldname, String(part.value));
    }
  } catch (error) {
    throw multipartRefusal(request.raw, error, M.importTooLarge(maxBytes));
  }
  return { fields, file };
}

/** Import of a county's existing records from a spreadsheet, and the template to fill in; into the caller's places only. */
export async function registerAdminImportRoutes(app: FastifyInstance, { db, places, config }: AppContext): Promise<void> {
  defineRoute(app, 'adminImportTemplate', async (request, reply) => {
    const kind = kindOf(request.input!.kind);
    const scope = consoleScope(request, places);
    const buffer = await importTemplate(kind, places.name(scope[0] ?? 0));
    const name = encodeURIComponent(`${IMPORT_KINDS[kind].label}导入模板.xlsx`);
    return reply.type(XLSX_MIME).header('content-disposition', `attachment; filename="import-${kind}.xlsx"; filename*=UTF-8''${name}`).send(buffer);
  });

  defineRoute(app, 'adminImport', async (request) => {
    const { fields, file } = await readForm(request, config.importMaxBytes);
    const kind = kindOf(fields.get('kind'));
    if (!file || file.length === 0) throw badRequest(MESSAGES.uploads.noFile);
    const dryRun = ['1', 'true'].includes(fields.get('dryRun') ?? '');
    const user = (request as SignedInRequest).user;
    const scope = consoleScope(request as SignedInRequest, places);
    let report;
    try {
      report = await runImport(db, { kind, bytes: file, scope, actor: user, dryRun });
    } catch (error) {
      if (error instanceof SheetError) throw badRequest(error.message);
      throw error;
    }
    const { outOfScope, ...data } = report;
    if (dryRun) return ok(data, M.importChecked(report.rows, report.problems.length));
    if (report.problems.length > 0) {
      const msg = M.importRefused(report.problems.length, problemText(report.problems[0]));
      throw outOfScope > 0 ? forbidden(msg) : badRequest(msg);
    }
    if (report.rows === 0) throw badRequest(M.importEmpty);
    if (kind === 'projects') app.projectListCache?.clear();
    return ok(data, M.imported(report.imported, IMPORT_KINDS[kind].label));
  });
}
