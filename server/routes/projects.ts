import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { defineRoute, type RouteRequest } from '../api/schemas.js';
import type { AppContext } from '../api/context.js';
import type { Database, ProjectTable } from '../db/schema.js';
import { ApiError, badRequest, notFound, ok } from '../api/errors.js';
import { formatDateTime, formatRequiredDateTime, jsonValue, toNumber } from '../api/format.js';
import { scopeIds } from '../plugins/guards.js';
import type { PlaceTree } from '../plugins/places.js';
import { containing, paging, requiredId, textParam, type Params } from '../api/request-params.js';
import { ResponseCache } from '../services/response-cache.js';
import { reusedBody } from '../delivery/compression.js';
import { MESSAGES } from '../api/messages.js';
import {
  hasResidual,
  queryProjectList,
  TotalEstimates,
  TOTAL_SAMPLE_MIN_HITS,
  TOTAL_SAMPLE_ROWS,
  twoDigits,
  type ListFilter,
  type ListRow,
} from './project-list-query.js';

export { TOTAL_SAMPLE_MIN_HITS, TOTAL_SAMPLE_ROWS } from './project-list-query.js';

const PROJECT_PAGE_SIZE = 7;

/** The three project lists share one parameter shape (projects#/$defs/ProjectListParams). */
type ListRoute = 'projectList' | 'needProjectList' | 'invitationList';
const PROJECT_MISSING = MESSAGES.projects.projectMissing;

/** Reads a multipart form (the spec's multipart variant of the project list) into plain fields; JSON passes at once. */
function multipartFields(request: FastifyRequest): Promise<void> | undefined {
  return request.isMultipart() ? readMultipartFields(request) : undefined;
}

async function readMultipartFields(request: FastifyRequest): Promise<void> {
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        await part.toBuffer();
        throw badRequest(MESSAGES.projects.listTakesNoFiles);
      }
      fields[part.fieldname] = String(part.value ?? '');
    }
  } catch (error) {
    // A body that is not the multipart its content-type claims (no boundary, cut short) is the sender's error.
    if (error instanceof ApiError) throw error;
    throw badRequest(MESSAGES.projects.badMultipart);
  }
  request.body = fields;
}

function numberParam(value: unknown, title: string, field: string): number | undefined {
  const text = textParam(value);
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0) throw badRequest(MESSAGES.projects.notANumber(title, field));
  return n;
}

/** Turns list params (flat or with params.areaBegin/areaEnd, as the spec sends them) into a filter. */
function listFilter(request: RouteRequest<ListRoute>, places: PlaceTree, forcedType?: ProjectTable['type']): ListFilter {
  const p = request.input;
  const nested = (p.params ?? {}) as Params;
  const statusText = textParam(p.statusStr);
  const statuses = statusText ? statusText.split(',').map((s) => Number(s.trim())) : undefined;
  if (statuses?.some((s) => s < 2 || s > 11)) throw badRequest(MESSAGES.projects.statusOutOfRange);
  const areaBegin = numberParam(p.areaBegin ?? nested.areaBegin, MESSAGES.projects.areaBeginTitle, 'areaBegin');
  const areaEnd = numberParam(p.areaEnd ?? nested.areaEnd, MESSAGES.projects.areaEndTitle, 'areaEnd');
  if (areaBegin !== undefined && areaEnd !== undefined && areaBegin > areaEnd) throw badRequest(MESSAGES.projects.areaRangeReversed);
  return {
    type: forcedType ?? p.type,
    number: textParam(p.number),
    statuses,
    areaBegin,
    areaEnd,
    keyword: textParam(p.keyword) ?? textParam(p.searchValue),
    deptIds: scopeIds(request, places, textParam(p.deptId) ?? textParam(p.pid)),
  };
}

/** The filters project_tally can count: place, type, category and status. */
function applyTallied<O>(q: SelectQueryBuilder<Database, 'project', O>, f: ListFilter): SelectQueryBuilder<Database, 'project', O> {
  q = q.where('project.deptId', 'in', f.deptIds);
  if (f.type !== undefined) q = q.where('project.type', '=', f.type);
  if (f.number) q = q.where('project.number', '=', f.number);
  if (f.statuses?.length) q = q.where('project.status', 'in', f.statuses);
  return q;
}

/** The filters only the rows themselves can answer (area, keyword); none when the list has neither. */
function residualConditions(eb: ExpressionBuilder<Database, 'project'>, f: ListFilter): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = [];
  if (f.areaBegin !== undefined) out.push(eb('project.area', '>=', String(f.areaBegin)));
  if (f.areaEnd !== undefined) out.push(eb('project.area', '<=', String(f.areaEnd)));
  if (f.keyword) {
    const pattern = containing(f.keyword);
    out.push(
      eb.or([
        eb('project.projectName', 'ilike', pattern),
        eb('project.code', 'ilike', pattern),
        eb('project.keys', 'ilike', pattern),
        eb('project.address', 'ilike', pattern),
      ]),
    );
  }
  return out;
}

function applyFilter<O>(q: SelectQueryBuilder<Database, 'project', O>, f: ListFilter): SelectQueryBuilder<Database, 'project', O> {
  q = applyTallied(q, f);
  return hasResidual(f) ? q.where((eb) => eb.and(residualConditions(eb, f))) : q;
}

interface ListTotal {
  total: number;
  /** total is an estimate (约 N 条), rounded to two significant digits. */
  approx: boolean;
}

/**
 * The list's total without scanning the tenant's rows: place/type/category/status filters are a sum over
 * project_tally (exact, kept by triggers). Area and keyword filters count their matches exactly among up to
 * TOTAL_SAMPLE_ROWS candidates; over more, the share of matches among the newest TOTAL_SAMPLE_ROWS scales the tallied
 * total, as large portals show 约 N 条.
 */
function tallyQuery(db: Kysely<Database>, f: ListFilter) {
  let tally = db
    .selectFrom('projectTally')
    .select(sql<number>`coalesce(sum(n), 0)::int`.as('total'))
    .where('projectTally.deptId', 'in', f.deptIds);
  if (f.type !== undefined) tally = tally.where('projectTally.type', '=', f.type);
  if (f.number) tally = tally.where('projectTally.number', '=', f.number);
  if (f.statuses?.length) tally = tally.where('projectTally.status', 'in', f.statuses);
  return tally;
}

async function countProjects(db: Kysely<Database>, f: ListFilter): Promise<ListTotal> {
  const candidates = Number((await tallyQuery(db, f).executeTakeFirstOrThrow()).total);
  if (!hasResidual(f) || candidates === 0) return { total: candidates, approx: false };
  if (candidates > TOTAL_SAMPLE_ROWS) {
    const newest = applyTallied(
      db.selectFrom('project').select((eb) => eb.and(residualConditions(eb, f)).as('hit')),
      f,
    )
      .orderBy('project.id', 'desc')
      .limit(TOTAL_SAMPLE_ROWS);
    const { hits } = await db
      .selectFrom(newest.as('s'))
      .select(sql<number>`count(*) FILTER (WHERE s.hit)::int`.as('hits'))
      .executeTakeFirstOrThrow();
    if (Number(hits) >= TOTAL_SAMPLE_MIN_HITS) return { total: twoDigits((Number(hits) / TOTAL_SAMPLE_ROWS) * candidates), approx: true };
  }
  const exact = await applyFilter(db.selectFrom('project').select(sql<number>`count(*)::int`.as('total')), f).executeTakeFirstOrThrow();
  return { total: Number(exact.total), approx: false };
}

/** afterId (keyset paging): the previous page's last id, so a deep page is an index walk from there, not a skip. */
function afterIdParam(request: RouteRequest<ListRoute>): number | undefined {
  const text = textParam(request.input.afterId);
  if (text === undefined) return undefined;
  const id = Number(text);
  if (!Number.isInteger(id) || id < 1) throw badRequest(MESSAGES.projects.afterIdMalformed);
  return id;
}

/** A page that is not full (or the first, empty) ends the list: its total is known exactly. */
function pageTotal(count: ListTotal, offset: number | undefined, shown: number, pageSize: number): { total: number; totalApprox?: true } {
  if (!count.approx) return { total: count.total };
  // After an afterId the page's place in the list is unknown.
  if (offset === undefined) return { total: count.total, totalApprox: true };
  if (shown < pageSize && (shown > 0 || offset === 0)) return { total: offset + shown };
  return { total: Math.max(count.total, offset + shown), totalApprox: true };
}

/** A card's fields: dates already written as the API shows them. */
type CardRow = Omit<ListRow, 'listTotal' | 'listHits'>;

function card(r: CardRow, classname: string, places: PlaceTree) {
  const price = toNumber(r.price) ?? 0;
  const current = toNumber(r.currentPrice);
  const deptName = places.name(r.deptId);
  return {
    id: r.id,
    status: r.status,
    type: r.type,
    code: r.code,
    projectName: r.projectName,
    projectname: r.projectName,
    deptId: r.deptId,
    deptName,
    areaName: deptName,
    imgList: jsonValue<string[]>(r.imgList, []),
    price,
    priceUnit: r.priceUnit,
    dealAmount: toNumber(r.dealAmount),
    amount: current ?? price,
    area: toNumber(r.area),
    areaUnit: r.areaUnit,
    unit: r.areaUnit,
    scale: r.scale,
    outname: r.outname,
    needname: r.needname,
    company: r.company,
    signCts: r.signCts,
    watchCts: r.watchCts,
    number: r.number,
    classname,
    address: r.address,
    releaseRecord: {
      projectType: r.type,
      publicityStopTime: r.publicityStopTime,
      applyStartTime: r.applyStartTime,
      applyStopTime: r.applyStopTime,
      biddingStartTime: r.biddingStartTime,
      biddingStopTime: r.biddingStopTime,
    },
  };
}

/**
 * Category names by number. project_category is reference data that only migrations write, and every project names
 * one (a foreign key), so the list takes a card's category name from here instead of joining it per request; a
 * number not seen yet reloads the table once.
 */
class CategoryNames {
  private names = new Map<string, string>();

  constructor(private readonly db: Kysely<Database>) {}

  async load(): Promise<void> {
    const rows = await this.db.selectFrom('projectCategory').select(['number', 'classname']).execute();
    this.names = new Map(rows.map((r) => [r.number, r.classname]));
  }

  async forRows(rows: Array<{ number: string }>): Promise<(number: string) => string> {
    if (rows.some((r) => !this.names.has(r.number))) await this.load();
    return (number) => this.names.get(number) ?? '';
  }
}

function baseQuery(db: Kysely<Database>) {
  return db.selectFrom('project').innerJoin('projectCategory as c', 'c.number', 'project.number');
}

/** Trading projects: lists by type, details, category options. */
export async function registerProjectRoutes(app: FastifyInstance, { db, dbKind, places, config }: AppContext): Promise<void> {
  // Public lists are read far more than projects change; a short-lived cache per tenant and filter keeps the
  // list fast under load (see scripts/bench/api). Writes to projects call projectListCache.clear().
  // Area and keyword filters' estimated totals are kept apart, longer (project-list-query.ts).
  const estimates = new TotalEstimates(config.listEstimateMs);
  const cache = new ResponseCache(config.listCacheMs, 5000, [estimates]);
  app.decorate('projectListCache', cache);
  // The list's statements name their columns as the API does: no camel-casing of every row (project-list-query.ts).
  const listDb = db.withoutPlugins();
  const categories = new CategoryNames(db);
  await categories.load();

  const listHandler = (forcedType?: ProjectTable['type']) => async (request: RouteRequest<ListRoute>, reply: FastifyReply) => {
    const filter = listFilter(request, places, forcedType);
    const { pageNum, pageSize, offset } = paging(request.input, PROJECT_PAGE_SIZE);
    const afterId = afterIdParam(request);
    const key = JSON.stringify([forcedType ?? 0, filter, pageNum, pageSize, afterId]);
    // The cache holds the serialised body (made by the route's own response serialiser), so a hit costs no
    // database round trip and no serialisation.
    const body = await cache.get(key, async () => {
      const page = { pageSize, offset, afterId };
      const { rows, total, approx } = await queryProjectList(listDb, dbKind === 'pglite', filter, page, estimates);
      const classname = await categories.forRows(rows);
      return reply.serialize(
        ok(
          {
            rows: rows.map((r) => card(r, classname(r.number), places)),
            ...pageTotal({ total, approx }, afterId === undefined ? offset : undefined, rows.length, pageSize),
          },
          MESSAGES.common.queried,
        ),
      ) as string;
    });
    // The same string for every hit: its brotli and gzip forms are made once (server/delivery/compression.ts).
    return reusedBody(reply).type('application/json; charset=utf-8').send(body);
  };

  const detailHandler = (forcedType?: ProjectTable['type']) => async (request: RouteRequest<'projectDetail' | 'needProDetail' | 'invitationDetail'>) => {
    const id = requiredId(request.input, MESSAGES.projects.projectId);
    const deptIds = scopeIds(request, places);
    let update = db
      .updateTable('project')
      .set({ watchCts: sql`watch_cts + 1` })
      .where('id', '=', id)
      .where('deptId', 'in', deptIds);
    if (forcedType !== undefined) update = update.where('type', '=', forcedType);
    const touched = await update.returning('id').executeTakeFirst();
    if (!touched) throw notFound(PROJECT_MISSING);
    const row = await baseQuery(db).selectAll('project').select('c.classname').where('project.id', '=', id).executeTakeFirstOrThrow();
    return ok(
      {
        ...card(
          {
            ...row,
            publicityStopTime: formatDateTime(row.publicityStopTime),
            applyStartTime: formatDateTime(row.applyStartTime),
            applyStopTime: formatDateTime(row.applyStopTime),
            biddingStartTime: formatDateTime(row.biddingStartTime),
            biddingStopTime: formatDateTime(row.biddingStopTime),
          },
          row.classname,
          places,
        ),
        currentPrice: toNumber(row.currentPrice),
        increment: toNumber(row.increment) ?? 0,
        deposit: toNumber(row.deposit) ?? 0,
        extendMinutes: row.extendMinutes,
        termYears: row.termYears,
        keys: row.keys,
        content: row.content,
        serverTime: Date.now(),
      },
      MESSAGES.common.queried,
    );
  };

  defineRoute(app, 'projectList', listHandler(), { preValidation: multipartFields });
  defineRoute(app, 'needProjectList', listHandler(3), { preValidation: multipartFields });
  defineRoute(app, 'invitationList', listHandler(1), { preValidation: multipartFields });
  defineRoute(app, 'projectDetail', detailHandler());
  defineRoute(app, 'needProDetail', detailHandler(3));
  defineRoute(app, 'invitationDetail', detailHandler(1));

  defineRoute(app, 'outProjectList', async (request) => {
    const filter = listFilter(request, places, 2);
    const { pageSize, offset } = paging(request.input, 10);
    const afterId = afterIdParam(request);
    const page = applyFilter(db.selectFrom('project').selectAll(), filter);
    const [rows, count] = await Promise.all([
      (afterId === undefined ? page.offset(offset) : page.where('project.id', '<', afterId)).orderBy('id', 'desc').limit(pageSize).execute(),
      countProjects(db, filter),
    ]);
    return ok(
      {
        rows: rows.map((r) => ({
          id: r.id,
          keys: r.keys,
          number: r.number,
          title: r.projectName,
          address: r.address || places.name(r.deptId),
          estimated: toNumber(r.price) ?? 0,
          createTime: formatRequiredDateTime(r.createdAt),
          imgList: jsonValue<string[]>(r.imgList, []),
          status: r.status,
        })),
        ...pageTotal(count, afterId === undefined ? offset : undefined, rows.length, pageSize),
      },
      MESSAGES.common.queried,
    );
  });

  defineRoute(app, 'propertyTypeList', async (request) => {
    const type = request.input.type;
    let q = db.selectFrom('projectCategory').select(['classname', 'number', 'type']).orderBy('type').orderBy('dictSort');
    if (type !== undefined && type !== null) q = q.where('type', '=', Number(type));
    return ok(await q.execute(), MESSAGES.common.queried);
  });

  defineRoute(app, 'categoriesByType', async (request) => {
    const { type } = request.query;
    const rows = await db.selectFrom('projectCategory').select(['number', 'classname', 'dictSort']).where('type', '=', type).orderBy('dictSort').execute();
    return ok(
      rows.map((r) => ({ code: r.number, name: r.classname, dictSort: r.dictSort })),
      MESSAGES.common.queried,
    );
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    projectListCache?: ResponseCache;
  }
}
