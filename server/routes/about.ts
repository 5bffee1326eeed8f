import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { defineRoute } from '../api/schemas.js';
import { PROJECT_CATEGORIES } from '../db/reference-data.js';
import type { AppContext } from '../api/context.js';
import type { Database } from '../db/schema.js';
import { badRequest, ok } from '../api/errors.js';
import { formatRequiredDateTime } from '../api/format.js';
import { checkPhone } from '../services/passwords.js';
import { ownUploads } from '../services/own-uploads.js';
import { MESSAGES } from '../api/messages.js';

const M = MESSAGES.about;

/** Complaint types the 投诉建议 form offers. */
export const COMPLAINT_TYPES = ['投诉', '建议', '其他'] as const;

/** Property types a collective may register: the names of the supply (type 2) categories. */
export const PROPERTY_TYPES = PROJECT_CATEGORIES.filter((c) => c.type === 2).map((c) => c.classname);

/** The trimmed text, or the refusal `message` when nothing is left. */
function required(value: string | undefined, message: string): string {
  const text = (value ?? '').trim();
  if (!text) throw badRequest(message);
  return text;
}

const CST_OFFSET_MS = 8 * 3600_000;

/** 受理编号: prefix + the China-time date of `at` (YYYYMMDD) + the id in at least 6 digits, e.g. TS20261124000017. */
export function referenceNumber(prefix: string, id: number, at: Date): string {
  const day = new Date(at.getTime() + CST_OFFSET_MS).toISOString().slice(0, 10).replace(/-/g, '');
  return `${prefix}${day}${String(id).padStart(6, '0')}`;
}

type ReceiptTable = 'complaint' | 'propertyRegistration';

/**
 * Inserts a row with a placeholder reference, then sets the reference from its id and time, in one transaction, so
 * the number is unique and says when it was handed in.
 */
async function insertWithReference<T extends ReceiptTable>(db: Kysely<Database>, table: T, prefix: string, values: Record<string, unknown>) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto(table as ReceiptTable)
      .values({ ...values, refNo: `${prefix}-pending-${crypto.randomUUID()}` } as never)
      .returning(['id', 'createTime'])
      .executeTakeFirstOrThrow();
    const refNo = referenceNumber(prefix, row.id, row.createTime);
    await trx
      .updateTable(table as ReceiptTable)
      .set({ refNo })
      .where('id', '=', row.id)
      .execute();
    return { id: row.id, refNo, createTime: formatRequiredDateTime(row.createTime) };
  });
}

/** 投诉建议, 项目咨询 (anyone, with a contact phone) and 产权登记 (logged in): stored, answered with a 受理编号. */
export async function registerAboutRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  const sender = (request: FastifyRequest, b: { name: string; phone?: string }) => ({
    deptId: request.tenant!.place.deptId,
    name: required(b.name, M.nameEmpty),
    // The spec's own texts for a phone field (§5).
    phone: checkPhone(b.phone ?? ''),
    userId: request.user?.userId ?? null,
  });

  defineRoute(app, 'complaintSubmit', async (request) => {
    const b = request.body;
    const who = sender(request, b);
    const type = (b.type ?? '').trim() || '投诉';
    if (!(COMPLAINT_TYPES as readonly string[]).includes(type)) throw badRequest(M.typeMissing);
    const content = required(b.content, M.complaintEmpty);
    const receipt = await insertWithReference(db, 'complaint', 'TS', {
      ...who,
      kind: 'complaint',
      type,
      content,
      project: (b.project ?? '').trim(),
    });
    return ok(receipt, MESSAGES.common.submitted);
  });

  defineRoute(app, 'consultSubmit', async (request) => {
    const b = request.body;
    const who = sender(request, b);
    const project = required(b.project, M.projectEmpty);
    const content = required(b.content, M.consultEmpty);
    const receipt = await insertWithReference(db, 'complaint', 'ZX', {
      ...who,
      kind: 'consult',
      type: (b.type ?? '').trim() || '项目情况',
      content,
      project,
    });
    return ok(receipt, MESSAGES.common.submitted);
  });

  defineRoute(app, 'propertyRegister', async (request) => {
    const b = request.body;
    const owner = required(b.owner, M.ownerEmpty);
    const location = required(b.location, M.locationEmpty);
    const propertyType = (b.propertyType ?? '').trim();
    if (!PROPERTY_TYPES.includes(propertyType)) throw badRequest(M.propertyTypeMissing);
    if (!(b.area > 0)) throw badRequest(M.areaEmpty);
    const contact = required(b.contact, M.contactEmpty);
    const phone = checkPhone(b.phone ?? '');
    const userId = request.user.userId;
    const photos = await ownUploads(db, userId, b.photos ?? [], M.photosLabel);
    const receipt = await insertWithReference(db, 'propertyRegistration', 'DJ', {
      deptId: request.tenant!.place.deptId,
      userId,
      owner,
      location,
      propertyType,
      area: b.area,
      unit: b.unit,
      contact,
      phone,
      description: (b.description ?? '').trim(),
      photos: JSON.stringify(photos),
    });
    return ok(receipt, MESSAGES.common.submitted);
  });
}
