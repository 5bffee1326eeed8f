import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { badRequest, notFound } from '../api/errors.js';
import { MESSAGES } from '../api/messages.js';
import type { BidOutcome } from './bid.js';
import type { BidNotificationPayload } from './messages.js';
import { PROJECT_MISSING, scopeOrNothing } from './project-scope.js';

/** A bid key as the form makes it: a UUID (any version), in text. */
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The key in its stored form (lower case), or a 400 when it is not a UUID. */
export function bidKeyOf(key: string): string {
  if (!KEY.test(key)) throw badRequest(MESSAGES.auction.bidKeyMalformed);
  return key.toLowerCase();
}

/** An accepted bid's answer from the bid statement's payload (the NOTIFY's JSON). */
export function outcomeOf(payload: string): BidOutcome {
  const m = JSON.parse(payload) as BidNotificationPayload;
  return {
    projectId: m.projectId,
    bid: { ...m.bid, id: Number(m.bid.id), amount: Number(m.bid.amount), time: Number(m.bid.time) },
    currentPrice: Number(m.currentPrice),
    bidCount: m.bidCount,
    biddingStopTime: Number(m.biddingStopTime),
    previousStopTime: m.previousStopTime === null ? null : Number(m.previousStopTime),
  };
}

/** What the key holds now: the accepted bid's answer, `closed` (no bid), or `absent`. */
export async function keyOutcome(db: Kysely<Database>, k: { projectId: number; userId: number; key: string }): Promise<BidOutcome | 'closed' | 'absent'> {
  const row = await db
    .selectFrom('bidKey')
    .select('outcome')
    .where('projectId', '=', k.projectId)
    .where('userId', '=', k.userId)
    .where('key', '=', k.key)
    .executeTakeFirst();
  if (!row) return 'absent';
  return row.outcome === null ? 'closed' : outcomeOf(row.outcome);
}

/**
 * What became of the bid sent with `key` (asked after its request timed out or lost its connection): its answer
 * when it landed, else null — and then the key is closed first (stored with no bid), so a bid still on its way with
 * it is refused when it arrives: the answer "not landed" stays true. The close waits for a bid with the key that is
 * committing now (the primary key), and the read after it is a statement of its own, which sees that bid.
 */
export async function bidOutcome(
  db: Kysely<Database>,
  input: { projectId: number; userId: number; key: string; deptIds?: number[] },
): Promise<BidOutcome | null> {
  const key = bidKeyOf(input.key);
  let project = db.selectFrom('project').select('id').where('id', '=', input.projectId);
  if (input.deptIds) project = project.where('deptId', 'in', scopeOrNothing(input.deptIds));
  if (!(await project.executeTakeFirst())) throw notFound(PROJECT_MISSING);
  await db
    .insertInto('bidKey')
    .values({ projectId: input.projectId, userId: input.userId, key, bidId: null, outcome: null })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const found = await keyOutcome(db, { projectId: input.projectId, userId: input.userId, key });
  return typeof found === 'object' ? found : null;
}
