import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { notify } from './transaction.js';

/**
 * Leaves users messages in 我的消息 about a project and lights each one's new-message dot: the `notice` goes out
 * when (and only if) the transaction that wrote the rows commits. Returns the new message ids, in order.
 */
export async function leaveMessages(
  trx: Transaction<Database>,
  projectId: number,
  messages: ReadonlyArray<{ userId: number; title: string; content: string }>,
  now: Date,
): Promise<number[]> {
  if (messages.length === 0) return [];
  const rows = await trx
    .insertInto('message')
    .values(messages.map((m) => ({ ...m, refId: String(projectId), createTime: now })))
    .returning(['id', 'userId', 'title', 'content'])
    .execute();
  for (const row of rows) await notify(trx, { type: 'notice', userId: row.userId, data: { messageId: row.id, title: row.title, content: row.content } });
  return rows.map((row) => row.id);
}
