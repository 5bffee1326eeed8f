import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.js';

// An intent a user submits is public only after staff review it (a published intent could cover the detail
// page): state 0 待审核, 1 已发布, 2 未通过 with the reason shown to its author. Intents already stored (the seed,
// imports) stay published; the submit route stores 0 explicitly. The author's own list reads by user_id.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE intent ADD COLUMN state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2));
    ALTER TABLE intent ADD COLUMN review_reason text NOT NULL DEFAULT '';
    ALTER TABLE intent ADD COLUMN reviewed_at timestamptz;
    ALTER TABLE intent ADD COLUMN reviewed_by integer;
    CREATE INDEX intent_user_idx ON intent (user_id, logintime DESC);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    DROP INDEX IF EXISTS intent_user_idx;
    ALTER TABLE intent DROP COLUMN IF EXISTS reviewed_by;
    ALTER TABLE intent DROP COLUMN IF EXISTS reviewed_at;
    ALTER TABLE intent DROP COLUMN IF EXISTS review_reason;
    ALTER TABLE intent DROP COLUMN IF EXISTS state;
  `,
  );
}
