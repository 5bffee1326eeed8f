import { isApiError } from '../../engine/http/index.js';
import type { FieldSchema } from '../_parts/console/api-schemas.js';

/** What went wrong with a call, as a dialog says it (the client has shown the server's message too). */
export const refusal = (e: unknown): string => (isApiError(e) && e.message ? e.message : '操作失败，请稍后重试');

/** A body value of an action: a literal, or `{ $from: 'row.<field>' }`. */
export type BodyValue = string | number | boolean | { $from: string };

/** A route query's text as the input schema's type wants it: numbers and yes/no as such, else the text. */
export function typedQueryValue(field: FieldSchema | undefined, text: string): unknown {
  const types = ([] as unknown[]).concat(field?.type ?? []);
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** The page sizes a table offers when its block names none. */
export const DEFAULT_PAGE_SIZES = [10, 20, 50, 100] as const;

/** The page size in the address when it is one the table offers, else the block's own. */
export function pageSizeOf(query: Record<string, string>, options: { pageSize: number; pageSizes?: readonly number[] }): number {
  const asked = Number(query.pageSize);
  return (options.pageSizes ?? DEFAULT_PAGE_SIZES).includes(asked) ? asked : options.pageSize;
}

/** The fields a list call sorts by (its input's orderBy enum). */
export function sortableFields(input: FieldSchema): ReadonlySet<string> {
  return new Set(((input.properties?.orderBy?.enum ?? []) as unknown[]).map(String));
}

/**
 * The list call's filter: the block's fixed values, the filters set in the address, and the sort when the call
 * offers one (a sort the call does not offer is left out, not sent to be refused).
 */
export function filterBody(
  input: FieldSchema,
  query: Record<string, string>,
  options: { filters?: readonly string[]; body?: Record<string, unknown> },
): Record<string, unknown> {
  const body: Record<string, unknown> = { ...options.body };
  for (const name of options.filters ?? []) {
    const text = query[name];
    if (text !== undefined && text !== '') body[name] = typedQueryValue(input.properties?.[name], text);
  }
  if (query.orderBy && sortableFields(input).has(query.orderBy)) {
    body.orderBy = query.orderBy;
    body.order = query.order === 'asc' ? 'asc' : 'desc';
  }
  return body;
}

/** The list call's body: {@link filterBody} and the page. */
export function listBody(
  input: FieldSchema,
  query: Record<string, string>,
  options: { filters?: readonly string[]; body?: Record<string, unknown>; paged: boolean; pageSize: number; pageSizes?: readonly number[] },
): Record<string, unknown> {
  const body = filterBody(input, query, options);
  if (options.paged) {
    body.pageNum = Math.max(1, Number(query.page) || 1);
    body.pageSize = pageSizeOf(query, options);
  }
  return body;
}

/** Whether a filter field is a date (its pattern starts with YYYY-MM-DD): offered as a date picker. */
export function isDateField(field: FieldSchema | undefined): boolean {
  return field?.format === 'date' || (typeof field?.pattern === 'string' && field.pattern.startsWith('^\\d{4}-\\d{2}-\\d{2}'));
}

/** An action's body for one row: `{ $from: 'row.projectId' }` reads the row; absent, `{ id: row[rowKey] }`. */
export function actionBody(body: Record<string, BodyValue> | undefined, row: Record<string, unknown>, rowKey: string): Record<string, unknown> {
  if (!body) return { id: row[rowKey] };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) out[key] = typeof value === 'object' ? row[value.$from.slice('row.'.length)] : value;
  return out;
}

/** A row link's query: `{ $from: 'row.id' }` reads the row, a literal stays; as text for the address. */
export function linkQuery(query: Record<string, BodyValue>, row: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) out[key] = String(typeof value === 'object' ? (row[value.$from.slice('row.'.length)] ?? '') : value);
  return out;
}

/** Whether an action is offered on a row (its `when`: the field holds one of the values). */
/** A row condition: the field holds one of the values, and the second condition (`and`) holds too. */
export interface RowCondition {
  field: string;
  in: readonly unknown[];
  and?: RowCondition;
}

export function actionApplies(when: RowCondition | undefined, row: Record<string, unknown>): boolean {
  return !when || (when.in.some((v) => v === row[when.field] || String(v) === String(row[when.field])) && actionApplies(when.and, row));
}

type Row = Record<string, unknown>;

/**
 * `{ rows, total }` (or the rows under another field), or a plain list (total its length). With `childrenField` the
 * rows are a tree, flattened in order, each with its depth (`__depth`).
 */
export function rowsOf(data: unknown, options: { rowsField?: string; childrenField?: string } = {}): { rows: Row[]; total: number } {
  const d = (data ?? {}) as Record<string, unknown>;
  const listed = Array.isArray(data) ? (data as Row[]) : ((d[options.rowsField ?? 'rows'] as Row[] | undefined) ?? []);
  const rows = options.childrenField ? flatten(listed, options.childrenField, 0) : listed;
  const total = !Array.isArray(data) && typeof d.total === 'number' && !options.childrenField ? d.total : rows.length;
  return { rows, total };
}

function flatten(rows: readonly Row[], childrenField: string, depth: number): Row[] {
  return rows.flatMap((row) => [{ ...row, __depth: depth }, ...flatten((row[childrenField] as Row[] | undefined) ?? [], childrenField, depth + 1)]);
}
