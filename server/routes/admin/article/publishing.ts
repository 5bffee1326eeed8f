import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { defineRoute, type SignedInRequest } from '../../../api/schemas.js';
import type { AppContext } from '../../../api/context.js';
import type { ArticleStatus, Database } from '../../../db/schema.js';
import { ApiError, ok } from '../../../api/errors.js';
import { MESSAGES } from '../../../api/messages.js';
import { findInScope } from '../../../api/scoped-record.js';
import { audit } from '../../../services/audit.js';
import type { PlaceTree } from '../../../plugins/places.js';
import { consoleScope } from '../common.js';
import { articleDetail } from './article-detail.js';

const M = MESSAGES.admin;

/** A status change of an article: from one of `from` to `to`, else 409 with `refused`. */
interface Move {
  from: ArticleStatus[];
  to: ArticleStatus;
  refused: string;
}

/** Moves an article from one of `from` to `to` in one statement, so two staff racing cannot both do it. */
async function move(db: Kysely<Database>, places: PlaceTree, request: SignedInRequest, id: number, { from, to, refused }: Move) {
  const before = await findInScope(db, 'article', id, consoleScope(request, places), M.articleMissing);
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
  return articleDetail(db, places, saved);
}

/** Publishing an article (a draft or a withdrawn one) and withdrawing a published one. */
export async function registerAdminArticlePublishingRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  defineRoute(app, 'adminArticlePublish', async (request) =>
    ok(
      await move(db, places, request, request.input!.id, { from: ['draft', 'withdrawn'], to: 'published', refused: M.articleAlreadyPublished }),
      M.articlePublished,
    ),
  );
  defineRoute(app, 'adminArticleWithdraw', async (request) =>
    ok(await move(db, places, request, request.input!.id, { from: ['published'], to: 'withdrawn', refused: M.articleNotPublished }), M.articleWithdrawn),
  );
}
