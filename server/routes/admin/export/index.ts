import type { FastifyInstance } from 'fastify';
import { defineRoute, loadApiSchemaFiles, allRoutes } from '../../../api/schemas.js';
import type { AppContext } from '../../../api/context.js';
import { badRequest } from '../../../api/errors.js';
import { MESSAGES } from '../../../api/messages.js';
import { rerunRoute } from '../../../api/route-rerun.js';
import { resolveRefs, type SchemaFiles } from '../../../../engine/forms/resolve-refs.js';
import type { ApiRouteName } from '../../../../schemas/types/api.js';
import { audit, type AuditEntity } from '../../../services/audit.js';
import { exportWorkbook, type ExportColumn } from './workbook.js';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The most rows one export holds: beyond it the sheet says it stopped, and the staff member narrows the filter. */
export const EXPORT_CAP = 10_000;

type Row = Record<string, unknown>;
interface FieldSchema {
  title?: string;
  oneOf?: Array<{ const?: unknown; title?: string }>;
  properties?: Record<string, FieldSchema>;
  items?: FieldSchema;
}

/** The lists that show full phone numbers: their export records which records it held. */
const PHONE_LISTS: Partial<Record<ApiRouteName, (row: Row) => unknown>> = {
  auctionRegistrations: (row) => ({ projectId: row.projectId, userId: row.userId }),
  intentReviewList: (row) => row.id,
  adminRequestList: (row) => row.id,
};

/** What kind of record each exportable list holds, for the export's audit entry. */
function entityOf(call: ApiRouteName, body: Row): AuditEntity {
  const entities: Partial<Record<ApiRouteName, AuditEntity>> = {
    adminArticleList: 'article',
    adminProjectList: 'project',
    auctionRegistrations: 'registration',
    intentReviewList: 'intent',
    adminAuditList: 'audit',
    adminStaffList: 'staff',
    adminAuctionMonitor: 'project',
  };
  if (call === 'adminRequestList') return body.kind === 'feedback' ? 'feedback' : 'complaint';
  return entities[call] ?? 'audit';
}

let files: SchemaFiles | undefined;

/** The row schema of a list call's answer, references resolved: its titles head the columns. */
function rowSchemaOf(call: ApiRouteName): FieldSchema {
  files ??= new Map(loadApiSchemaFiles().map((f) => [f.$id, f]));
  const data = resolveRefs((allRoutes().get(call)?.data ?? {}) as FieldSchema, files);
  return data.properties?.rows?.items ?? data.items ?? {};
}

/** The requested columns with their headings (the table's label, else the row schema's title) and choices. */
function columnsOf(call: ApiRouteName, asked: ReadonlyArray<{ field: string; label?: string; money?: boolean }>): ExportColumn[] {
  const rowSchema = rowSchemaOf(call);
  return asked.map((c) => {
    const field = rowSchema.properties?.[c.field];
    if (!field) throw badRequest(MESSAGES.tables.exportColumnUnknown(c.field));
    const choices = new Map((field.oneOf ?? []).filter((o) => 'const' in o).map((o) => [o.const, o.title ?? String(o.const)] as const));
    return { field: c.field, heading: c.label?.trim() || field.title || c.field, choices, money: c.money === true };
  });
}

/** Today in China Standard Time, for the file's name. */
const cstDate = (now = new Date()) => new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** Exporting a console list's current filter as an .xlsx; one audit entry per export. */
export async function registerAdminExportRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  defineRoute(app, 'adminExport', async (request, reply) => {
    const { call, body = {}, columns } = request.input;
    const name = call as ApiRouteName;
    const sheetColumns = columnsOf(name, columns);
    const { pageNum: _n, pageSize: _s, ...filter } = body as Row;
    const answer = await rerunRoute(app, request, reply, name, filter, { pageNum: 1, pageSize: EXPORT_CAP });
    const data = answer.data as { rows?: Row[]; total?: number } | Row[];
    const rows = (Array.isArray(data) ? data : (data.rows ?? [])).slice(0, EXPORT_CAP);
    const total = Array.isArray(data) ? data.length : (data.total ?? rows.length);
    const capped = total > rows.length;
    const listName = MESSAGES.tables.listNames[name] ?? name;
    const buffer = await exportWorkbook(listName, sheetColumns, rows, capped ? MESSAGES.tables.exportCapped(rows.length, total) : undefined);
    const recordOf = PHONE_LISTS[name];
    await audit(db, request.user, {
      deptId: request.user.deptId,
      entity: entityOf(name, filter),
      entityId: 0,
      action: 'export',
      before: null,
      after: {
        list: name,
        listName,
        filter,
        count: rows.length,
        total,
        capped,
        phones: Boolean(recordOf),
        ...(recordOf ? { records: rows.map(recordOf) } : {}),
      },
    });
    const fileName = encodeURIComponent(`${listName}_${cstDate()}.xlsx`);
    return reply
      .type(XLSX_MIME)
      .header('content-disposition', `attachment; filename="export-${cstDate()}.xlsx"; filename*=UTF-8''${fileName}`)
      .header('x-export-rows', String(rows.length))
      .header('x-export-total', String(total))
      .header('cache-control', 'no-store')
      .send(buffer);
  });
}
