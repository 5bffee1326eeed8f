import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.js';

// A county that auctions on site records the outcome by hand: one row per project (the unique key keeps a legal
// record from being applied twice, even by two staff at once). The deposit (保证金) a bidder paid is marked on the
// registration by staff before approval; the amount, the day it arrived and the bank's reference are kept as marked.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE onsite_result (
      id serial PRIMARY KEY,
      project_id integer NOT NULL UNIQUE REFERENCES project (id),
      dept_id integer NOT NULL,
      deal boolean NOT NULL,
      user_id integer,
      bidder_code text NOT NULL DEFAULT '',
      amount numeric(16, 2),
      dealt_at timestamptz NOT NULL,
      note text NOT NULL DEFAULT '',
      status smallint NOT NULL,
      recorded_by integer NOT NULL,
      recorded_at timestamptz NOT NULL DEFAULT now(),
      CHECK (deal = (amount IS NOT NULL)),
      CHECK (deal = (user_id IS NOT NULL))
    );
    ALTER TABLE registration ADD COLUMN deposit_amount numeric(16, 2);
    ALTER TABLE registration ADD COLUMN deposit_paid_on date;
    ALTER TABLE registration ADD COLUMN deposit_ref text NOT NULL DEFAULT '';
    ALTER TABLE registration ADD COLUMN deposit_marked_at timestamptz;
    ALTER TABLE registration ADD COLUMN deposit_marked_by integer;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE registration DROP COLUMN IF EXISTS deposit_marked_by;
    ALTER TABLE registration DROP COLUMN IF EXISTS deposit_marked_at;
    ALTER TABLE registration DROP COLUMN IF EXISTS deposit_ref;
    ALTER TABLE registration DROP COLUMN IF EXISTS deposit_paid_on;
    ALTER TABLE registration DROP COLUMN IF EXISTS deposit_amount;
    DROP TABLE IF EXISTS onsite_result;
  `,
  );
}
