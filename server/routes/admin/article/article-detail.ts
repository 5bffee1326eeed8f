import type { Kysely, Selectable } from 'kysely';
import type { ArticleTable, Database } from '../../../db/schema.js';
import { formatRequiredDateTime } from '../../../api/format.js';
import type { PlaceTree } from '../../../plugins/places.js';

/** An article as the console shows and edits it, with its place's and category's names. */
export async function articleDetail(db: Kysely<Database>, places: PlaceTree, row: Selectable<ArticleTable>) {
  const categories = new Map((await db.selectFrom('articleCategory').select(['number', 'name']).execute()).map((c) => [c.number, c.name]));
  return {
    id: row.id,
    deptId: row.deptId,
    deptName: (await places.find(row.deptId))?.deptName ?? '',
    number: row.number,
    categoryName: categories.get(row.number) ?? '',
    title: row.title,
    remark: row.remark,
    keyword: row.keyword,
    content: row.content,
    coverImg: row.coverImg,
    attachmentUrl: row.attachmentUrl,
    status: row.status,
    watchCts: row.watchCts,
    logintime: formatRequiredDateTime(row.logintime),
  };
}
