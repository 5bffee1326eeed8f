import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { defineRoute, type SignedInRequest } from '../../../api/schemas.js';
import type { AppContext } from '../../../api/context.js';
import { ApiError, notFound, ok } from '../../../api/errors.js';
import { MESSAGES } from '../../../api/messages.js';
import { audit } from '../../../services/audit.js';
import { notifyUser } from '../../../auction/hub.js';
import type { PlaceTree } from '../../../plugins/places.js';
import { consoleScope } from '../common.js';
import { COMPLAINT_COLUMNS, complaintRow, FEEDBACK_COLUMNS, feedbackRow, feedbackScope } from './request-rows.js';

const M = MESSAGES.admin;
type Kind = 'feedback' | 'complaint' | 'consult';
const KIND_TEXT: Record<Kind, string> = { feedback: '意见反馈', complaint: '投诉', consult: '咨询' };

/** One reply: the request, the reply text and the title of the message that tells its author. */
interface Reply {
  id: number;
  reply: string;
  title: string;
}

/** The reply in the user's 我的消息, with the real-time notice when the transaction commits. */
async function tell(trx: Parameters<typeof notifyUser>[0], userId: number, title: string, content: string) {
  const message = await trx.insertInto('message').values({ userId, title, content, refId: '' }).returning('id').executeTakeFirstOrThrow();
  await notifyUser(trx, userId, { messageId: message.id, title, content });
}

async function replyToFeedback(trx: Transaction<Database>, request: SignedInRequest, places: PlaceTree, { id, reply, title }: Reply) {
  const before = await feedbackScope(trx, request, places)
    .select([...FEEDBACK_COLUMNS])
    .where('f.id', '=', id)
    .executeTakeFirst();
  if (!before) throw notFound(M.requestMissing);
  // Only an unanswered one, in one statement: two staff racing cannot both answer.
  const row = await trx
    .updateTable('feedback')
    .set({ reply, replyTime: new Date() })
    .where('id', '=', id)
    .where('reply', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new ApiError(409, M.requestRepliedAlready);
  await audit(trx, request.user, { deptId: row.deptId, entity: 'feedback', entityId: row.id, action: 'reply', before, after: row });
  await tell(trx, row.userId, title, reply);
  return feedbackRow(row);
}

async function replyToComplaint(
  trx: Transaction<Database>,
  request: SignedInRequest,
  places: PlaceTree,
  kind: 'complaint' | 'consult',
  { id, reply, title }: Reply,
) {
  const before = await trx
    .selectFrom('complaint as c')
    .select([...COMPLAINT_COLUMNS])
    .where('c.id', '=', id)
    .where('c.kind', '=', kind)
    .where('c.deptId', 'in', consoleScope(request, places))
    .executeTakeFirst();
  if (!before) throw notFound(M.requestMissing);
  const row = await trx
    .updateTable('complaint')
    .set({ reply, status: 'done' })
    .where('id', '=', id)
    .where('reply', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new ApiError(409, M.requestRepliedAlready);
  await audit(trx, request.user, { deptId: row.deptId, entity: 'complaint', entityId: row.id, action: 'reply', before, after: row });
  if (row.userId !== null) await tell(trx, row.userId, title, reply);
  return complaintRow(row);
}

/** One reply to a request: stored, audited and sent to its author's messages in one transaction. */
export async function registerAdminRequestReplyRoutes(app: FastifyInstance, { db, places }: AppContext): Promise<void> {
  defineRoute(app, 'adminRequestReply', async (request) => {
    const b = request.input!;
    const reply: Reply = { id: b.id, reply: b.reply.trim(), title: M.replyMessageTitle(KIND_TEXT[b.kind]) };
    const out = await db
      .transaction()
      .execute((trx) => (b.kind === 'feedback' ? replyToFeedback(trx, request, places, reply) : replyToComplaint(trx, request, places, b.kind, reply)));
    return ok(out, M.requestReplied);
  });
}
