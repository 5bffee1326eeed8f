import type { SignedInRequest } from '../../api/schemas.js';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { defineRoute } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import { ApiError, notFound, ok } from '../../api/errors.js';
import { formatRequiredDateTime, maskPhone } from '../../api/format.js';
import { MESSAGES } from '../../api/messages.js';
import { audit } from '../../services/audit.js';
import { notifyUser } from '../../auction/hub.js';
import type { AdminRequestRow } from '../../../schemas/types/api.js';
import { consoleScope, paging } from './common.js';

const M = MESSAGES.admin;
type Kind = 'feedback' | 'complaint' | 'consult';
const KIND_TEXT: Record<Kind, string> = { feedback: '意见反馈', complaint: '投诉', consult: '咨询' };
const masked = (contact: string) => (/^1\d{10}$/.test(contact) ? maskPhone(contact) : contact);

/**
 * Feedback (意见反馈, the personal centre's) and complaints/consultations (投诉/咨询, migration 009's visitor
 * requests): the review lists and one reply call. Intents are reviewed by intentReviewList / intentReview.
 */
export async function registerAdminRequestRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  /** Feedback without a place is the whole tenant's: an administrator's. */
  const feedbackScope = (request: SignedInRequest, handle: Kysely<Database> | Transaction<Database> = db) => {
    const scope = consoleScope(request, places);
    let q = handle.selectFrom('feedback as f');
    q = request.user.role === 'admin' ? q.where((eb) => eb.or([eb('f.deptId', 'in', scope), eb('f.deptId', 'is', null)])) : q.where('f.deptId', 'in', scope);
    return q;
  };
  const feedbackRow = (r: {
    id: number;
    deptId: number | null;
    type: string;
    title: string;
    content: string;
    contact: string;
    reply: string | null;
    createTime: Date;
  }): AdminRequestRow => ({
    kind: 'feedback',
    id: r.id,
    deptId: r.deptId,
    refNo: '',
    type: r.type,
    title: r.title,
    content: r.content,
    name: '',
    contact: masked(r.contact),
    project: '',
    status: r.reply ? 'replied' : 'pending',
    reply: r.reply,
    createTime: formatRequiredDateTime(r.createTime),
  });
  const complaintRow = (r: {
    id: number;
    kind: 'complaint' | 'consult';
    deptId: number;
    refNo: string;
    type: string;
    content: string;
    name: string;
    phone: string;
    project: string;
    reply: string | null;
    createTime: Date;
  }): AdminRequestRow => ({
    kind: r.kind,
    id: r.id,
    deptId: r.deptId,
    refNo: r.refNo,
    type: r.type,
    title: '',
    content: r.content,
    name: r.name,
    contact: masked(r.phone),
    project: r.project,
    status: r.reply ? 'replied' : 'pending',
    reply: r.reply,
    createTime: formatRequiredDateTime(r.createTime),
  });
  const FEEDBACK_COLUMNS = ['f.id', 'f.deptId', 'f.type', 'f.title', 'f.content', 'f.contact', 'f.reply', 'f.createTime', 'f.userId'] as const;
  const COMPLAINT_COLUMNS = [
    'c.id',
    'c.kind',
    'c.deptId',
    'c.refNo',
    'c.type',
    'c.content',
    'c.name',
    'c.phone',
    'c.project',
    'c.reply',
    'c.createTime',
    'c.userId',
  ] as const;

  defineRoute(app, 'adminRequestList', async (request) => {
    const p = request.input!;
    const { limit, offset } = paging(p);
    if (p.kind === 'feedback') {
      let q = feedbackScope(request);
      if (p.status) q = q.where('f.reply', p.status === 'replied' ? 'is not' : 'is', null);
      const [rows, count] = await Promise.all([
        q
          .select([...FEEDBACK_COLUMNS])
          .orderBy('f.createTime')
          .orderBy('f.id')
          .limit(limit)
          .offset(offset)
          .execute(),
        q.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return ok({ rows: rows.map(feedbackRow), total: Number(count.total) }, MESSAGES.common.queried);
    }
    let q = db.selectFrom('complaint as c').where('c.kind', '=', p.kind).where('c.deptId', 'in', consoleScope(request, places));
    if (p.status) q = q.where('c.reply', p.status === 'replied' ? 'is not' : 'is', null);
    const [rows, count] = await Promise.all([
      q
        .select([...COMPLAINT_COLUMNS])
        .orderBy('c.createTime')
        .orderBy('c.id')
        .limit(limit)
        .offset(offset)
        .execute(),
      q.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return ok({ rows: rows.map(complaintRow), total: Number(count.total) }, MESSAGES.common.queried);
  });

  defineRoute(app, 'adminRequestReply', async (request) => {
    const b = request.input!;
    const reply = b.reply.trim();
    const title = M.replyMessageTitle(KIND_TEXT[b.kind]);
    const out = await db.transaction().execute(async (trx) => {
      if (b.kind === 'feedback') {
        const before = await feedbackScope(request, trx)
          .select([...FEEDBACK_COLUMNS])
          .where('f.id', '=', b.id)
          .executeTakeFirst();
        if (!before) throw notFound(M.requestMissing);
        // Only an unanswered one, in one statement: two staff racing cannot both answer.
        const row = await trx
          .updateTable('feedback')
          .set({ reply, replyTime: new Date() })
          .where('id', '=', b.id)
          .where('reply', 'is', null)
          .returningAll()
          .executeTakeFirst();
        if (!row) throw new ApiError(409, M.requestRepliedAlready);
        await audit(trx, request.user, { deptId: row.deptId, entity: 'feedback', entityId: row.id, action: 'reply', before, after: row });
        await tell(trx, row.userId, title, reply);
        return feedbackRow(row);
      }
      const before = await trx
        .selectFrom('complaint as c')
        .select([...COMPLAINT_COLUMNS])
        .where('c.id', '=', b.id)
        .where('c.kind', '=', b.kind)
        .where('c.deptId', 'in', consoleScope(request, places))
        .executeTakeFirst();
      if (!before) throw notFound(M.requestMissing);
      const row = await trx
        .updateTable('complaint')
        .set({ reply, status: 'done' })
        .where('id', '=', b.id)
        .where('reply', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new ApiError(409, M.requestRepliedAlready);
      await audit(trx, request.user, { deptId: row.deptId, entity: 'complaint', entityId: row.id, action: 'reply', before, after: row });
      if (row.userId !== null) await tell(trx, row.userId, title, reply);
      return complaintRow(row);
    });
    return ok(out, M.requestReplied);
  });

  /** The reply in the user's 我的消息, with the real-time notice when the transaction commits. */
  async function tell(trx: Parameters<typeof notifyUser>[0], userId: number, title: string, content: string) {
    const message = await trx.insertInto('message').values({ userId, title, content, refId: '' }).returning('id').executeTakeFirstOrThrow();
    await notifyUser(trx, userId, { messageId: message.id, title, content });
  }
}
