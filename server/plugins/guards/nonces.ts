import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { forbidden } from '../../api/errors.js';
import { MESSAGES } from '../../api/messages.js';
import type { FormNonce } from './signatures.js';

/**
 * A form-signature request's random is accepted once. Its row is kept until the request's own timestamp leaves the
 * window (the timestamp may lie up to a window in the future, so a window after it was seen is not enough); a row
 * whose window has closed may be taken again, since its timestamp alone would now refuse a replay.
 */
export async function recordNonce(db: Kysely<Database>, pending: FormNonce): Promise<void> {
  const { rows } = await sql<{ nonce: string }>`
    INSERT INTO used_nonce (nonce, seen_at, expires_at) VALUES (${pending.nonce}, now(), ${pending.expiresAt})
    ON CONFLICT (nonce) DO UPDATE SET seen_at = EXCLUDED.seen_at, expires_at = EXCLUDED.expires_at
      WHERE used_nonce.expires_at <= now()
    RETURNING nonce`.execute(db);
  if (rows.length === 0) throw forbidden(MESSAGES.requests.replayed);
  if (Math.random() < 0.01)
    await db
      .deleteFrom('usedNonce')
      .where('expiresAt', '<=', sql<Date>`now()`)
      .execute();
}
