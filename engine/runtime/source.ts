import type { ApiRouteName } from '../../schemas/types/api.js';

/** A value in a source's query/body/params: a literal, or a reference to the route query or the region. */
export interface ValueReference {
  $from: string;
  default?: unknown;
}

/** Where a block's data comes from (the region schema's Source). */
export type BlockSource =
  | {
      call: ApiRouteName;
      query?: Record<string, unknown>;
      body?: Record<string, unknown>;
      params?: Record<string, unknown>;
      /** The place the call is scoped to (its deptId header); omitted: the window's place, else the region's. */
      deptId?: unknown;
    }
  | { siteData: string };

/** What references may read. */
export interface SourceContext {
  query: Record<string, string | undefined>;
  region: Record<string, unknown>;
}

/** A source with its references replaced by values: ready to call. */
export type ResolvedSource =
  | {
      kind: 'call';
      call: ApiRouteName;
      query?: Record<string, unknown>;
      body?: Record<string, unknown>;
      params?: Record<string, unknown>;
      deptId?: string | number;
    }
  | { kind: 'siteData'; key: string };

function isReference(value: unknown): value is ValueReference {
  return typeof value === 'object' && value !== null && typeof (value as ValueReference).$from === 'string';
}

function lookup(path: string, context: SourceContext): unknown {
  const [root, ...rest] = path.split('.');
  let current: unknown = root === 'query' ? context.query : root === 'region' ? context.region : undefined;
  for (const part of rest) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function resolveValue(value: unknown, context: SourceContext): unknown {
  return isReference(value) ? (lookup(value.$from, context) ?? value.default) : value;
}

function resolveValues(values: Record<string, unknown> | undefined, context: SourceContext): Record<string, unknown> | undefined {
  if (!values) return undefined;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const resolved = resolveValue(value, context);
    // An absent reference with no default is left out: the call then uses its own default.
    if (resolved !== undefined && resolved !== '') out[key] = resolved;
  }
  return out;
}

/**
 * Replaces `{ $from: 'query.id' }`-style references in a source with values from the route query or the region.
 *
 * @example
 * resolveSource({ call: 'newsDetail', body: { id: { $from: 'query.id' } } }, { query: { id: '7' }, region })
 * // → { kind: 'call', call: 'newsDetail', body: { id: '7' } }
 */
export function resolveSource(source: BlockSource, context: SourceContext): ResolvedSource {
  if ('siteData' in source) return { kind: 'siteData', key: source.siteData };
  const resolved: ResolvedSource = {
    kind: 'call',
    call: source.call,
    query: resolveValues(source.query, context),
    body: resolveValues(source.body, context),
    params: resolveValues(source.params, context),
  };
  // A place named by the source (a place's own page, or the region's data in a place window); an absent or empty
  // reference leaves the call to the session's place.
  const deptId = source.deptId === undefined ? undefined : resolveValue(source.deptId, context);
  if ((typeof deptId === 'string' && deptId !== '') || typeof deptId === 'number') resolved.deptId = deptId;
  return resolved;
}

/** A stable key of a resolved source: equal keys are the same request (used to share and to refetch). */
export function sourceKey(source: ResolvedSource): string {
  return JSON.stringify(source);
}

/** What counts as "no data": null, an empty list, or a paged result with no rows. */
export function isEmptyData(data: unknown): boolean {
  if (data === null || data === undefined) return true;
  if (Array.isArray(data)) return data.length === 0;
  if (typeof data === 'object' && Array.isArray((data as { rows?: unknown }).rows)) return (data as { rows: unknown[] }).rows.length === 0;
  return false;
}
