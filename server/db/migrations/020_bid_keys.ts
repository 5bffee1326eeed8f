import { sql, type Kysely } from 'kysely';

// Idempotent bids: the bid form makes a key once per press and sends it with the bid. The bid statement stores it
// here, in the bid's own statement, with the answer it gave; a repeat of the key gets that answer, never a second
// bid. The outcome call (after a timeout) inserts the key with no bid when it finds none, which closes it: a bid
// still on its way with that key can no longer land, so "not found" stays true.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE bid_key (
      project_id integer NOT NULL REFERENCES project(id) ON DELETE CASCADE,
      user_id integer NOT NULL,
      key uuid NOT NULL,
      bid_id bigint REFERENCES bid(id) ON DELETE CASCADE,
      outcome text,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT bid_key_pkey PRIMARY KEY (project_id, user_id, key)
    )`.execute(db);
  await sql`CREATE INDEX bid_key_bid_idx ON bid_key (bid_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS bid_key`.execute(db);
}
