import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { defineRoute } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import type { ArticleTable, ArticleStatus, Database } from '../../db/schema.js';
import { ApiError, badRequest, notFound, ok } from '../../api/errors.js';
import { formatRequiredDateTime } from '../../api/format.js';
import { MESSAGES } from '../../api/messages.js';
import { containing } from '../../api/request-params.js';
import { audit } from '../../services/audit.js';
import { sanitizeHtml } from '../../services/sanitize.js';
import { isAllowedUrl } from '../../../engine/security/url-policy.js';
import { ARTICLE_LEAF_NUMBERS } from '../../db/reference-data.js';
import { consoleScope, paging, requirePlaceInScope } from './common.js';

const M = MESSAGES.admin;

type ArticleRow = Selectable<ArticleTable>;

/**
 * A cover or attachment must be empty or the URL of a file uploaded to this portal (the upload table), which also
 * passes the one URL policy: no outside or script address reaches a page through an article.
 */
export async function requireOwnUpload(db: Kysely<Database>, url: string | undefined, label: string): Promise<string> {
  const value = (url ?? '').trim();
  if (!value) return '';
  if (!isAllowedUrl(value)) throw badRequest(M.ownUploadOnly(label));
  const own = await db.selectFrom('upload').select('id').where('url', '=', value).executeTakeFirst();
  if (!own) throw badRequest(M.ownUploadOnly(label));
  return value;
}

/** Staff reads and writes of articles (any status); the portal's reads show published ones only. */
export async function registerAdminArticleRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  const categories = async () => new Map((await db.selectFrom('articleCategory').select(['number', 'name']).execute()).map((c) => [c.number, c.name]));

  const detail = async (row: ArticleRow) => ({
    id: row.id,
    deptId: row.deptId,
    deptName: (await places.find(row.deptId))?.deptName ?? '',
    number: row.number,
    categoryName: (await categories()).get(row.number) ?? '',
    title: row.title,
    remark: row.remark,
    keyword: row.keyword,
    content: row.content,
    coverImg: row.coverImg,
    attachmentUrl: row.attachmentUrl,
    status: row.status,
    watchCts: row.watchCts,
    logintime: formatRequiredDateTime(row.logintime),
  });

  /** The article if it is in the caller's places, else 404 like a missing one. */
  const inScope = async (request: Parameters<typeof consoleScope>[0], id: number) => {
    const row = await db.selectFrom('article').selectAll().where('id', '=', id).where('deptId', 'in', consoleScope(request, places)).executeTakeFirst();
    if (!row) throw notFound(M.articleMissing);
    return row;
  };

  defineRoute(app, 'adminArticleList', async (request) => {
    const p = request.input ?? {};
    const { limit, offset } = paging(p);
    let q = db
      .selectFrom('article as a')
      .innerJoin('place as p', 'p.deptId', 'a.deptId')
      .leftJoin('articleCategory as c', 'c.number', 'a.number')
      .where('a.deptId', 'in', consoleScope(request, places));
    if (p.number) q = q.where('a.number', '=', p.number);
    if (p.status) q = q.where('a.status', '=', p.status);
    const keyword = p.keyword?.trim();
    if (keyword) q = q.where((eb) => eb.or([eb('a.title', 'ilike', containing(keyword)), eb('a.keyword', 'ilike', containing(keyword))]));
    const [rows, count] = await Promise.all([
      q
        .select(['a.id', 'a.deptId', 'p.deptName', 'a.number', 'c.name as categoryName', 'a.title', 'a.status', 'a.watchCts', 'a.logintime'])
        .orderBy('a.logintime', 'desc')
        .orderBy('a.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      q.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return ok(
      { rows: rows.map((r) => ({ ...r, categoryName: r.categoryName ?? '', logintime: formatRequiredDateTime(r.logintime) })), total: Number(count.total) },
      MESSAGES.common.queried,
    );
  });

  defineRoute(app, 'adminArticleGet', async (request) => ok(await detail(await inScope(request, request.input!.id)), MESSAGES.common.queried));

  defineRoute(app, 'adminArticleSave', async (request) => {
    const b = request.input!;
    const scope = consoleScope(request, places);
    requirePlaceInScope(scope, b.deptId);
    if (!ARTICLE_LEAF_NUMBERS.includes(b.number)) throw badRequest(M.categoryUnknown(b.number));
    const values = {
      deptId: b.deptId,
      number: b.number,
      title: b.title.trim(),
      remark: b.remark ?? '',
      keyword: b.keyword ?? '',
      // The portal renders with this allow-list too; stored clean, so no other reader can miss it.
      content: sanitizeHtml(b.content ?? ''),
      coverImg: await requireOwnUpload(db, b.coverImg, '封面图片'),
      attachmentUrl: (await requireOwnUpload(db, b.attachmentUrl, '附件')) || null,
    };
    const before = b.id ? await inScope(request, b.id) : undefined;
    const saved = await db.transaction().execute(async (trx) => {
      const row = before
        ? await trx.updateTable('article').set(values).where('id', '=', before.id).returningAll().executeTakeFirstOrThrow()
        : await trx
            .insertInto('article')
            .values({ ...values, status: 'draft', logintime: new Date() })
            .returningAll()
            .executeTakeFirstOrThrow();
      await audit(trx, request.user, { deptId: row.deptId, entity: 'article', entityId: row.id, action: before ? 'update' : 'create', before, after: row });
      return row;
    });
    return ok(await detail(saved), M.articleSaved);
  });

  /** Moves an article from one of `from` to `to` in one statement, so two staff racing cannot both do it. */
  const move = async (request: Parameters<typeof consoleScope>[0], id: number, from: ArticleStatus[], to: ArticleStatus, refused: string) => {
    const before = await inScope(request, id);
    const saved = await db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('article')
        .set(to === 'published' ? { status: to, logintime: new Date() } : { status: to })
        .where('id', '=', id)
        .where('status', 'in', from)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new ApiError(409, refused);
      await audit(trx, request.user, {
        deptId: row.deptId,
        entity: 'article',
        entityId: row.id,
        action: to === 'published' ? 'publish' : 'withdraw',
        before,
        after: row,
      });
      return row;
    });
    return detail(saved);
  };

  defineRoute(app, 'adminArticlePublish', async (request) =>
    ok(await move(request, request.input!.id, ['draft', 'withdrawn'], 'published', M.articleAlreadyPublished), M.articlePublished),
  );
  defineRoute(app, 'adminArticleWithdraw', async (request) =>
    ok(await move(request, request.input!.id, ['published'], 'withdrawn', M.articleNotPublished), M.articleWithdrawn),
  );
}
