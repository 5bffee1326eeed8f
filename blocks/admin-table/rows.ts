import type { FieldSchema } from '../_parts/console/api-schemas.js';

/** A body value of an action: a literal, or `{ $from: 'row.<field>' }`. */
export type BodyValue = string | number | boolean | { $from: string };

/** A route query's text as the input schema's type wants it: numbers and yes/no as such, else the text. */
export function typedQueryValue(field: FieldSchema | undefined, text: string): unknown {
  const types = ([] as unknown[]).concat(field?.type ?? []);
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** The list call's body: the block's fixed values, the filters set in the address, the page. */
export function listBody(
  input: FieldSchema,
  query: Record<string, string>,
  options: { filters?: readonly string[]; body?: Record<string, unknown>; paged: boolean; pageSize: number },
): Record<string, unknown> {
  const body: Record<string, unknown> = { ...options.body };
  for (const name of options.filters ?? []) {
    const text = query[name];
    if (text !== undefined && text !== '') body[name] = typedQueryValue(input.properties?.[name], text);
  }
  if (options.paged) {
    body.pageNum = Math.max(1, Number(query.page) || 1);
    body.pageSize = options.pageSize;
  }
  return body;
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
export function actionApplies(when: { field: string; in: readonly unknown[] } | undefined, row: Record<string, unknown>): boolean {
  return !when || when.in.some((v) => v === row[when.field] || String(v) === String(row[when.field]));
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
