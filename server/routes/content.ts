import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { defineRoute, type RouteRequest } from '../api/schemas.js';
import type { AppContext } from '../api/context.js';
import type { Database } from '../db/schema.js';
import { ApiError, badRequest, notFound, ok } from '../api/errors.js';
import { formatRequiredDateTime } from '../api/format.js';
import { scopeIds } from '../plugins/guards.js';
import { containing, requiredId } from '../api/request-params.js';
import { MESSAGES } from '../api/messages.js';

/** Category numbers this module serves (spec §9 and the catalogue). */
const NEWS = '001017';
const CAROUSEL = '010';
const PUBLIC_NOTICES = '008001';
const CERTIFICATES = '013001';

const DEFAULT_PAGE_SIZE = 10;
const DEFAULT_CAROUSEL_SIZE = 4;

const ARTICLE_MISSING = MESSAGES.content.articleMissing;

interface ListParams {
  number?: string;
  pageNum?: number;
  pageSize?: number;
  keyword?: string;
  deptId?: number;
}

type ArticleRow = {
  id: number;
  number: string;
  title: string;
  remark: string;
  keyword: string;
  coverImg: string;
  attachmentUrl: string | null;
  watchCts: number;
  logintime: Date;
  deptId: number;
  deptName: string;
};

const articleItem = (r: ArticleRow) => ({
  id: r.id,
  number: r.number,
  title: r.title,
  logintime: formatRequiredDateTime(r.logintime),
  coverImg: r.coverImg,
  remark: r.remark,
  keyword: r.keyword,
  deptId: r.deptId,
  deptName: r.deptName,
  attachmentUrl: r.attachmentUrl,
  watchCts: r.watchCts,
});

function articleQuery(db: Kysely<Database>) {
  return (
    db
      .selectFrom('article as a')
      .innerJoin('place as p', 'p.deptId', 'a.deptId')
      // The portal shows published articles only (drafts and withdrawn ones are the staff console's).
      .where('a.status', '=', 'published')
      .select(['a.id', 'a.number', 'a.title', 'a.remark', 'a.keyword', 'a.coverImg', 'a.attachmentUrl', 'a.watchCts', 'a.logintime', 'a.deptId', 'p.deptName'])
  );
}

/**
 * The category `number` and every category under it (a parent such as 001 or 007 lists its children too).
 * An unknown number is a 404 that names it.
 */
async function categoryWithChildren(db: Kysely<Database>, number: string): Promise<string[]> {
  const all = await db.selectFrom('articleCategory').select(['number', 'parentNumber']).execute();
  if (!all.some((c) => c.number === number)) throw new ApiError(404, MESSAGES.content.categoryMissing(number));
  const out = [number];
  for (let i = 0; i < out.length; i++) {
    for (const c of all) if (c.parentNumber === out[i] && !out.includes(c.number)) out.push(c.number);
  }
  return out;
}

interface PageQuery {
  deptIds: number[];
  /** Category numbers to include; undefined = every category. */
  numbers?: string[];
  keyword?: string;
  pageNum: number;
  pageSize: number;
}

/** One page of articles, newest first (logintime desc, id desc), and the total that matches. */
export async function articlePage(db: Kysely<Database>, q: PageQuery) {
  let base = articleQuery(db).where('a.deptId', 'in', q.deptIds);
  if (q.numbers) base = base.where('a.number', 'in', q.numbers);
  const keyword = q.keyword?.trim();
  if (keyword) {
    const pattern = containing(keyword);
    base = base.where((eb) => eb.or([eb('a.title', 'ilike', pattern), eb('a.remark', 'ilike', pattern), eb('a.keyword', 'ilike', pattern)]));
  }
  const [rows, count] = await Promise.all([
    base
      .orderBy('a.logintime', 'desc')
      .orderBy('a.id', 'desc')
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize)
      .execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(articleItem), total: Number(count.total) };
}

/**
 * One article of the tenant, counting the view. An article of another region, or outside `numbers`, is
 * answered exactly like a missing one so ids do not reveal other regions' content.
 */
async function articleDetail(db: Kysely<Database>, id: number, deptIds: number[], numbers?: string[]) {
  let update = db
    .updateTable('article')
    .set((eb) => ({ watchCts: eb('watchCts', '+', 1) }))
    .where('id', '=', id)
    .where('deptId', 'in', deptIds)
    .where('status', '=', 'published');
  if (numbers) update = update.where('number', 'in', numbers);
  const hit = await update.returning('id').executeTakeFirst();
  if (!hit) throw notFound(ARTICLE_MISSING);
  const row = await articleQuery(db).select('a.content').where('a.id', '=', id).executeTakeFirstOrThrow();
  return { ...articleItem(row), content: row.content };
}

/** Article lists and details, the help centre and dictionaries: the portal's public reads. */
export async function registerContentRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  const listOf = (fixedNumber?: string) => async (request: RouteRequest<'newsList' | 'publicityList' | 'attest'>) => {
    const p: ListParams = request.input;
    const deptIds = scopeIds(request, places, p.deptId);
    const number = fixedNumber ?? p.number;
    // "002001,020": several categories at once (the policy query searches policies and rules together).
    const numbers = number === undefined ? undefined : (await Promise.all(number.split(',').map((n) => categoryWithChildren(db, n.trim())))).flat();
    const page = await articlePage(db, {
      deptIds,
      numbers,
      keyword: p.keyword,
      pageNum: p.pageNum ?? 1,
      pageSize: p.pageSize ?? DEFAULT_PAGE_SIZE,
    });
    return ok(page, MESSAGES.common.queried);
  };

  defineRoute(app, 'newsList', listOf());
  defineRoute(app, 'publicityList', listOf(PUBLIC_NOTICES));
  defineRoute(app, 'attest', listOf(CERTIFICATES));

  defineRoute(app, 'newsClass', async () => {
    const rows = await db.selectFrom('articleCategory').select(['number', 'name', 'key', 'parentNumber']).orderBy('orderNum').orderBy('number').execute();
    return ok(rows, MESSAGES.common.queried);
  });

  const detailOf = (fixedNumber?: string) => async (request: RouteRequest<'newsDetail' | 'publicityDetail' | 'attestDetail'>) => {
    const id = requiredId(request.input, MESSAGES.content.articleId);
    const numbers = fixedNumber ? await categoryWithChildren(db, fixedNumber) : undefined;
    return ok(await articleDetail(db, id, request.tenant!.deptIds, numbers), MESSAGES.common.queried);
  };

  defineRoute(app, 'newsDetail', detailOf());
  defineRoute(app, 'publicityDetail', detailOf(PUBLIC_NOTICES));
  defineRoute(app, 'attestDetail', detailOf(CERTIFICATES));

  defineRoute(app, 'help', async () => {
    const items = await db.selectFrom('helpItem').select(['id', 'classname', 'title']).orderBy('orderNum').orderBy('id').execute();
    // Map keeps insertion order: groups appear in the order of their first item.
    const groups = new Map<string, { id: number; title: string }[]>();
    for (const item of items) {
      const list = groups.get(item.classname) ?? [];
      list.push({ id: item.id, title: item.title });
      groups.set(item.classname, list);
    }
    return ok(
      [...groups].map(([classname, list]) => ({ classname, list })),
      MESSAGES.common.queried,
    );
  });

  defineRoute(app, 'helpDetail', async (request) => {
    const id = requiredId(request.input, MESSAGES.content.helpId);
    const row = await db.selectFrom('helpItem').select(['id', 'classname', 'title', 'content']).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(MESSAGES.content.helpMissing);
    return ok(row, MESSAGES.common.queried);
  });

  const dictionary = (dictType: string) =>
    db
      .selectFrom('dictData')
      .select(['dictType', 'dictValue', 'dictLabel', 'dictSort'])
      .where('dictType', '=', dictType)
      .orderBy('dictSort')
      .orderBy('dictValue')
      .execute();

  defineRoute(app, 'typeList', async (request) => {
    const { dictType } = (request.body ?? {}) as { dictType?: string };
    if (!dictType) throw badRequest(MESSAGES.content.missingDictType);
    return ok(await dictionary(dictType), MESSAGES.common.queried);
  });

  defineRoute(app, 'dictByType', async (request) => {
    const { dictType } = request.params;
    return ok(await dictionary(dictType), MESSAGES.common.queried);
  });

  // The form-encoded api/index/{name} style: the guard has checked the signature and turned dm into the tenant.

  defineRoute(app, 'indexXinwenliebiao', async (request) => {
    const f = request.body;
    const numbers = await categoryWithChildren(db, f.number || NEWS);
    const page = await articlePage(db, {
      deptIds: request.tenant!.deptIds,
      numbers,
      pageNum: f.page ?? 1,
      pageSize: f.page_size ?? DEFAULT_PAGE_SIZE,
    });
    return ok(page, MESSAGES.common.queried);
  });

  defineRoute(app, 'indexNewsRotation', async (request) => {
    const f = request.body;
    const page = await articlePage(db, {
      deptIds: request.tenant!.deptIds,
      numbers: [CAROUSEL],
      pageNum: f.page ?? 1,
      pageSize: f.page_size ?? DEFAULT_CAROUSEL_SIZE,
    });
    return ok(page.rows, MESSAGES.common.queried);
  });

  defineRoute(app, 'indexDitudaohang', async (request) => {
    const f = request.body;
    const tenant = request.tenant!;
    const rootId = f.id === undefined ? tenant.place.deptId : f.id;
    // scopeIds refuses an id outside the region (403).
    scopeIds(request, places, rootId);
    const children = places.childrenOf(rootId);
    const counts = await db
      .selectFrom('project')
      .select(['deptId', sql<string>`count(*)`.as('n')])
      .where('deptId', 'in', places.subtree(rootId))
      .where('status', '>=', 2)
      .where('status', '<=', 11)
      .groupBy('deptId')
      .execute();
    const byDept = new Map(counts.map((c) => [c.deptId, Number(c.n)]));
    const data = children.map((child) => ({
      deptId: child.deptId,
      deptName: child.deptName,
      deptCode: child.deptCode,
      level: child.level,
      projectCount: places.subtree(child.deptId).reduce((sum, id) => sum + (byDept.get(id) ?? 0), 0),
    }));
    return ok(data, MESSAGES.common.queried);
  });
}
