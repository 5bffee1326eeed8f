import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../api/schemas.js';
import type { AppContext } from '../api/context.js';
import { badRequest, notFound, ok } from '../api/errors.js';
import { formatDateTime, formatRequiredDateTime } from '../api/format.js';
import { paging } from '../api/request-params.js';
import { pageOf } from '../api/paged-list.js';
import { MESSAGES } from '../api/messages.js';

/** Feedback (advice) and messages of the logged-in user: every query is scoped by the caller's user id. */
export async function registerBaseRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerFeedbackRoutes(app, ctx);
  registerMessageRoutes(app, ctx);
}

/** The user's feedback: sending one and the list of their own with the replies. */
function registerFeedbackRoutes(app: FastifyInstance, { db }: AppContext): void {
  defineRoute(app, 'feedback', async (request) => {
    const me = request.user;
    const b = request.body;
    const content = b.content.trim();
    if (!content) throw badRequest(MESSAGES.base.feedbackEmpty);
    const inserted = await db
      .insertInto('feedback')
      .values({
        userId: me.userId,
        deptId: request.tenant?.place.deptId ?? me.deptId,
        type: (b.type ?? '').trim() || MESSAGES.base.feedbackDefaultType,
        title: (b.title ?? '').trim(),
        content,
        contact: (b.contact ?? '').trim(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return ok({ id: inserted.id }, MESSAGES.common.submitted);
  });

  defineRoute(app, 'adviseMsgList', async (request) => {
    const me = request.user;
    const base = db.selectFrom('feedback').where('userId', '=', me.userId);
    const { rows, total } = await pageOf(base, paging(request.input), (q) =>
      q.select(['id', 'type', 'title', 'content', 'contact', 'reply', 'replyTime', 'createTime']).orderBy('createTime', 'desc').orderBy('id', 'desc'),
    );
    return ok(
      {
        rows: rows.map((r) => ({
          id: r.id,
          type: r.type,
          title: r.title,
          content: r.content,
          contact: r.contact,
          reply: r.reply,
          replyTime: formatDateTime(r.replyTime),
          createTime: formatRequiredDateTime(r.createTime),
        })),
        total,
      },
      MESSAGES.common.queried,
    );
  });
}

/** The user's messages (我的消息): the list, optionally of one reference, and marking one read. */
function registerMessageRoutes(app: FastifyInstance, { db }: AppContext): void {
  defineRoute(app, 'messageListByRefId', async (request) => {
    const me = request.user;
    const p = request.input;
    const refId = p.refId?.trim() ?? '';
    let base = db.selectFrom('message').where('userId', '=', me.userId);
    if (refId) base = base.where('refId', '=', refId);
    const [{ rows, total }, unread] = await Promise.all([
      pageOf(base, paging(p), (q) => q.select(['id', 'refId', 'title', 'content', 'readAt', 'createTime']).orderBy('createTime', 'desc').orderBy('id', 'desc')),
      // Unread of the whole list, not of the page.
      base.select((eb) => eb.fn.count<string>('id').filterWhere('readAt', 'is', null).as('n')).executeTakeFirstOrThrow(),
    ]);
    return ok(
      {
        rows: rows.map((r) => ({
          id: r.id,
          refId: r.refId,
          title: r.title,
          content: r.content,
          read: r.readAt !== null,
          createTime: formatRequiredDateTime(r.createTime),
        })),
        total,
        unread: Number(unread.n),
      },
      MESSAGES.common.queried,
    );
  });

  defineRoute(app, 'messageRead', async (request) => {
    const me = request.user;
    const p = request.input;
    if (p.id === undefined) throw badRequest(MESSAGES.base.missingMessageId);
    const id = p.id;
    const row = await db.selectFrom('message').select(['id', 'readAt']).where('id', '=', id).where('userId', '=', me.userId).executeTakeFirst();
    if (!row) throw notFound(MESSAGES.base.messageMissing);
    if (row.readAt === null) await db.updateTable('message').set({ readAt: new Date() }).where('id', '=', id).execute();
    return ok({ id, read: true }, MESSAGES.common.done);
  });
}
