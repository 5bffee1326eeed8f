import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ApiError, notFound } from '../../api/errors.js';
import { formatRequiredDateTime } from '../../api/format.js';
import { containing } from '../../api/request-params.js';
import { pageOf, type PageWindow } from '../../api/paged-list.js';
import { MESSAGES } from '../../api/messages.js';
import { attachmentInfo } from '../../services/attachment-info.js';

/** The page size of an article list that does not ask for one. */
export const DEFAULT_PAGE_SIZE = 10;

const ARTICLE_MISSING = MESSAGES.content.articleMissing;

const ARTICLE_COLUMNS = [
  'a.id',
  'a.number',
  'a.title',
  'a.remark',
  'a.keyword',
  'a.coverImg',
  'a.attachmentUrl',
  'a.watchCts',
  'a.logintime',
  'a.deptId',
  'p.deptName',
] as const;

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

function publishedArticles(db: Kysely<Database>) {
  return (
    db
      .selectFrom('article as a')
      .innerJoin('place as p', 'p.deptId', 'a.deptId')
      // The portal shows published articles only (drafts and withdrawn ones are the staff console's).
      .where('a.status', '=', 'published')
  );
}

/**
 * The category `number` and every category under it (a parent such as 001 or 007 lists its children too).
 * An unknown number is a 404 that names it.
 */
export async function categoryWithChildren(db: Kysely<Database>, number: string): Promise<string[]> {
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
  window: PageWindow;
}

/** One page of articles, newest first (logintime desc, id desc), and the total that matches. */
export async function articlePage(db: Kysely<Database>, q: PageQuery) {
  let base = publishedArticles(db).where('a.deptId', 'in', q.deptIds);
  if (q.numbers) base = base.where('a.number', 'in', q.numbers);
  const keyword = q.keyword?.trim();
  if (keyword) {
    const pattern = containing(keyword);
    base = base.where((eb) => eb.or([eb('a.title', 'ilike', pattern), eb('a.remark', 'ilike', pattern), eb('a.keyword', 'ilike', pattern)]));
  }
  const { rows, total } = await pageOf(base, q.window, (q) =>
    q
      .select([...ARTICLE_COLUMNS])
      .orderBy('a.logintime', 'desc')
      .orderBy('a.id', 'desc'),
  );
  return { rows: rows.map(articleItem), total };
}

/**
 * One article of the tenant, counting the view. An article of another region, or outside `numbers`, is
 * answered exactly like a missing one so ids do not reveal other regions' content.
 */
export async function articleDetail(db: Kysely<Database>, id: number, deptIds: number[], numbers?: string[]) {
  let update = db
    .updateTable('article')
    .set((eb) => ({ watchCts: eb('watchCts', '+', 1) }))
    .where('id', '=', id)
    .where('deptId', 'in', deptIds)
    .where('status', '=', 'published');
  if (numbers) update = update.where('number', 'in', numbers);
  const hit = await update.returning('id').executeTakeFirst();
  if (!hit) throw notFound(ARTICLE_MISSING);
  const row = await publishedArticles(db)
    .select([...ARTICLE_COLUMNS, 'a.content'])
    .where('a.id', '=', id)
    .executeTakeFirstOrThrow();
  return { ...articleItem(row), content: row.content, attachments: await attachmentInfo(db, row.attachmentUrl ? [row.attachmentUrl] : []) };
}
