import type { FastifyInstance } from 'fastify';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { defineRoute } from '../api/schemas.js';
import type { AppContext } from '../api/context.js';
import type { Database } from '../db/schema.js';
import { badRequest, ok } from '../api/errors.js';
import { formatRequiredDateTime } from '../api/format.js';
import { scopeIds } from '../plugins/guards/index.js';
import type { PlaceTree } from '../plugins/places.js';
import { containing, textParam } from '../api/request-params.js';
import { MESSAGES } from '../api/messages.js';

type Kind = 'article' | 'project';
/** [start, end) of one occurrence, in UTF-16 code units (what a JavaScript string indexes). */
type Mark = [number, number];

const KEYWORD_MAX = 50;
const DEFAULT_PAGE_SIZE = 10;
const SNIPPET_BEFORE = 30;
const SNIPPET_LENGTH = 110;

/**
 * Where `keyword` occurs in `text`, case-insensitively, left to right, not overlapping. Lower-casing that changes a
 * string's length (a few letters outside Chinese and ASCII) would shift the offsets: then only exact-case hits count.
 */
export function marksOf(text: string, keyword: string): Mark[] {
  if (!keyword) return [];
  let haystack = text.toLowerCase();
  let needle = keyword.toLowerCase();
  if (haystack.length !== text.length || needle.length !== keyword.length) {
    haystack = text;
    needle = keyword;
  }
  const marks: Mark[] = [];
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length)) marks.push([at, at + needle.length]);
  return marks;
}

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" };

/** The visible text of back-office rich text: tags removed, the common entities decoded, white space collapsed. */
export function plainText(html: string): string {
  return (
    html
      .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
      // Block-level tags separate words; inline ones (strong, span, a…) do not.
      .replace(/<\/?(p|div|br|li|ul|ol|h[1-6]|tr|td|th|table|section|article|blockquote)\b[^>]*>/gi, ' ')
      .replace(/<[^>]*>/g, '')
      .replace(/&(nbsp|amp|lt|gt|quot|#39|apos);/g, (_, name: string) => ENTITIES[name] ?? ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** About SNIPPET_LENGTH characters of `text` around the keyword's first occurrence (or its start), with … where cut. */
export function snippetAround(text: string, keyword: string): string {
  const first = marksOf(text, keyword)[0]?.[0] ?? 0;
  const start = Math.max(0, Math.min(first - SNIPPET_BEFORE, text.length - SNIPPET_LENGTH));
  const end = Math.min(text.length, start + SNIPPET_LENGTH);
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}

const dateOnly = (value: Date) => formatRequiredDateTime(value).slice(0, 10);

interface SearchParams {
  keyword: string;
  deptIds: number[];
  numbers?: string[];
}

/** Article category numbers with every category under them. */
async function articleNumbers(db: Kysely<Database>, wanted: string[]): Promise<string[]> {
  const all = await db.selectFrom('articleCategory').select(['number', 'parentNumber']).execute();
  const out = wanted.filter((n) => all.some((c) => c.number === n));
  for (let i = 0; i < out.length; i++) for (const c of all) if (c.parentNumber === out[i] && !out.includes(c.number)) out.push(c.number);
  return out;
}

function articleBase(db: Kysely<Database>, p: SearchParams) {
  const pattern = containing(p.keyword);
  let q = db
    .selectFrom('article as a')
    .innerJoin('articleCategory as c', 'c.number', 'a.number')
    .where('a.deptId', 'in', p.deptIds)
    .where('a.status', '=', 'published')
    .where((eb) =>
      eb.or([
        eb('a.title', 'ilike', pattern),
        eb('a.remark', 'ilike', pattern),
        eb('a.keyword', 'ilike', pattern),
        // The body's text, not its markup: a search for "span" must not find every article.
        sql<SqlBool>`regexp_replace(a.content, '<[^>]*>', '', 'g') ILIKE ${pattern}` as Expression<SqlBool>,
      ]),
    );
  if (p.numbers) q = q.where('a.number', 'in', p.numbers.length ? p.numbers : ['']);
  return q;
}

function projectBase(db: Kysely<Database>, p: SearchParams) {
  const pattern = containing(p.keyword);
  return db
    .selectFrom('project as pr')
    .innerJoin('projectCategory as c', 'c.number', 'pr.number')
    .where('pr.deptId', 'in', p.deptIds)
    .where((eb) =>
      eb.or([
        eb('pr.projectName', 'ilike', pattern),
        eb('pr.code', 'ilike', pattern),
        eb('pr.keys', 'ilike', pattern),
        eb('pr.address', 'ilike', pattern),
        eb('pr.outname', 'ilike', pattern),
      ]),
    );
}

async function articleRows(db: Kysely<Database>, p: SearchParams, places: PlaceTree, limit: number, offset: number) {
  const rows = await articleBase(db, p)
    .select(['a.id', 'a.number', 'a.title', 'a.remark', 'a.content', 'a.logintime', 'a.deptId', 'c.name as categoryName'])
    .orderBy('a.logintime', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => {
    const remark = plainText(r.remark);
    const body = plainText(r.content);
    // The summary when the keyword is in it (or nowhere else in the text), else the body around the hit.
    const source = marksOf(remark, p.keyword).length || !marksOf(body, p.keyword).length ? remark || body : body;
    const snippet = snippetAround(source, p.keyword);
    return {
      kind: 'article' as const,
      id: r.id,
      title: r.title,
      titleMarks: marksOf(r.title, p.keyword),
      snippet,
      snippetMarks: marksOf(snippet, p.keyword),
      date: dateOnly(r.logintime),
      deptName: places.name(r.deptId),
      number: r.number,
      categoryName: r.categoryName,
    };
  });
}

async function projectRows(db: Kysely<Database>, p: SearchParams, places: PlaceTree, limit: number, offset: number) {
  const rows = await projectBase(db, p)
    .select([
      'pr.id',
      'pr.type',
      'pr.status',
      'pr.number',
      'pr.code',
      'pr.projectName',
      'pr.keys',
      'pr.address',
      'pr.outname',
      'pr.deptId',
      'pr.createdAt',
      'c.classname',
    ])
    .orderBy('pr.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => {
    const deptName = places.name(r.deptId);
    const label = MESSAGES.search.projectSnippetLabels;
    const snippet = [
      r.code && `${label.code}：${r.code}`,
      `${label.place}：${r.address || deptName}`,
      r.outname && `${label.outname}：${r.outname}`,
      r.keys && `${label.keys}：${r.keys}`,
    ]
      .filter(Boolean)
      .join('　');
    return {
      kind: 'project' as const,
      id: r.id,
      title: r.projectName,
      titleMarks: marksOf(r.projectName, p.keyword),
      snippet,
      snippetMarks: marksOf(snippet, p.keyword),
      date: dateOnly(r.createdAt),
      deptName,
      number: r.number,
      categoryName: r.classname,
      type: r.type,
      status: r.status,
    };
  });
}

/** The site-wide search (/quanzhansousuo): articles and trading projects of the region that contain the keyword. */
export async function registerSearchRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  defineRoute(app, 'siteSearch', async (request) => {
    const p = request.input;
    const rawKeyword = p.keyword ?? '';
    // The schema refuses these too; a handler never trusts that alone (a multipart or form body skips nothing here).
    if (rawKeyword.includes('\u0000')) throw badRequest(MESSAGES.search.keywordNul);
    const keyword = rawKeyword.trim();
    if (keyword.length > KEYWORD_MAX) throw badRequest(MESSAGES.search.keywordTooLong(KEYWORD_MAX));
    const deptIds = scopeIds(request, places, textParam(p.deptId));
    const pageNum = p.pageNum ?? 1;
    const pageSize = p.pageSize ?? DEFAULT_PAGE_SIZE;
    const wantedKind = p.kind === 'article' || p.kind === 'project' ? (p.kind as Kind) : undefined;

    if (!keyword) return ok({ keyword, kind: wantedKind ?? 'article', counts: { article: 0, project: 0 }, rows: [], total: 0 }, MESSAGES.common.queried);

    const numbersText = textParam(p.numbers);
    const numbers = numbersText
      ? await articleNumbers(
          db,
          numbersText.split(',').map((n) => n.trim()),
        )
      : undefined;
    const params: SearchParams = { keyword, deptIds, numbers };
    const [articleCount, projectCount] = await Promise.all([
      articleBase(db, params)
        .select(sql<number>`count(*)::int`.as('total'))
        .executeTakeFirstOrThrow(),
      projectBase(db, params)
        .select(sql<number>`count(*)::int`.as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    const counts = { article: Number(articleCount.total), project: Number(projectCount.total) };
    const kind: Kind = wantedKind ?? (counts.article === 0 && counts.project > 0 ? 'project' : 'article');
    const offset = (pageNum - 1) * pageSize;
    const rows = kind === 'article' ? await articleRows(db, params, places, pageSize, offset) : await projectRows(db, params, places, pageSize, offset);
    return ok({ keyword, kind, counts, rows, total: counts[kind] }, MESSAGES.common.queried);
  });
}
