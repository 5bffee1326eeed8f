import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../api/schemas.js';
import type { AppContext } from '../../../api/context.js';
import { badRequest, ok } from '../../../api/errors.js';
import { MESSAGES } from '../../../api/messages.js';
import { findInScope } from '../../../api/scoped-record.js';
import { audit } from '../../../services/audit.js';
import { sanitizeHtml } from '../../../services/sanitize.js';
import { ARTICLE_LEAF_NUMBERS } from '../../../db/reference-data.js';
import { consoleScope, requirePlaceInScope } from '../common.js';
import { requireOwnUpload } from '../own-upload.js';
import { articleDetail } from './article-detail.js';

const M = MESSAGES.admin;
/**
 * Categories whose articles no page shows with a cover: 关于我们 is a set of fixed pages, never a list. Every other
 * category's list page shows a cover as a thumbnail (blocks/article-page), 图片新闻 on the home slideshow as well.
 */
const COVERLESS_CATEGORIES: Readonly<Record<string, string>> = { '014001': '关于我们' };

/** Creating an article (a draft) or changing one, with its audit row. */
export async function registerAdminArticleSaveRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  defineRoute(app, 'adminArticleSave', async (request) => {
    const b = request.input!;
    const scope = consoleScope(request, places);
    requirePlaceInScope(scope, b.deptId);
    if (!ARTICLE_LEAF_NUMBERS.includes(b.number)) throw badRequest(M.categoryUnknown(b.number));
    if (b.coverImg?.trim() && COVERLESS_CATEGORIES[b.number]) throw badRequest(MESSAGES.editors.coverNotShown(COVERLESS_CATEGORIES[b.number]));
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
    const before = b.id ? await findInScope(db, 'article', b.id, scope, M.articleMissing) : undefined;
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
    return ok(await articleDetail(db, places, saved), M.articleSaved);
  });
}
