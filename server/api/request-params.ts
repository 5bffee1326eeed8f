import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { ApiError, badRequest } from './errors.js';
import { MESSAGES } from './messages.js';

export type Params = Record<string, unknown>;

/**
 * The spec sends params in the query, the body or both; the body wins. A field sent as null or left out never
 * hides the other source's value, so defaults apply once, in the handler.
 */
export function paramsOf(request: FastifyRequest): Params {
  const out: Params = {};
  for (const source of [request.query, request.body]) {
    if (!source || typeof source !== 'object') continue;
    for (const [k, v] of Object.entries(source as Params)) if (v !== undefined && v !== null) out[k] = v;
  }
  return out;
}

/**
 * pageNum/pageSize with defaults applied here (not in schemas, so a body default never hides a query value); the
 * schemas type and bound both (common#/$defs/PageNum, PageSize). `limit` is `pageSize`, for `pageOf`.
 */
export function paging(
  p: { pageNum?: number; pageSize?: number } | null | undefined,
  defaultSize = 10,
  pageNumAlias?: number,
): { pageNum: number; pageSize: number; limit: number; offset: number } {
  const pageNum = p?.pageNum ?? pageNumAlias ?? 1;
  const pageSize = p?.pageSize ?? defaultSize;
  return { pageNum, pageSize, limit: pageSize, offset: (pageNum - 1) * pageSize };
}

/** ILIKE pattern for a free-text substring; the user's % and _ are literal. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A trimmed non-empty text param, or undefined. */
export function textParam(value: unknown): string | undefined {
  const text = typeof value === 'string' ? value.trim() : value === undefined || value === null ? '' : String(value).trim();
  return text ? text : undefined;
}

/** The schemas type and bound an id; that it is there at all (in the query or the body) is checked here. */
export function requiredId(p: { id?: number }, title: string = MESSAGES.params.idTitle): number {
  if (p.id === undefined) throw badRequest(MESSAGES.params.missingId(title));
  return p.id;
}

/**
 * The deptId of the place whose deptCode is `dm` (the spec's query dm), or undefined when none is asked for. A code
 * no place has is 404; whether the place lies in the caller's region is scopeIds' check.
 */
export async function placeOfCode(db: Kysely<Database>, dm: unknown): Promise<number | undefined> {
  const code = textParam(dm);
  if (!code) return undefined;
  const place = await db.selectFrom('place').select('deptId').where('deptCode', '=', code).executeTakeFirst();
  if (!place) throw new ApiError(404, MESSAGES.params.placeMissing(code));
  return place.deptId;
}
