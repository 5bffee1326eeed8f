import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.js';

// The staff console. An article has a status (草稿 draft / 已发布 published / 已撤回 withdrawn) and the
// portal shows published ones only; the articles already stored (the seed, imports) stay published. A staff account
// may be disabled (it cannot sign in). Every admin write leaves an audit_log row in its own transaction; the log is
// append-only (no route updates or deletes it).
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE article ADD COLUMN status text NOT NULL DEFAULT 'published' CHECK (status IN ('draft', 'published', 'withdrawn'));
    ALTER TABLE app_user ADD COLUMN disabled boolean NOT NULL DEFAULT false;
    -- How many times bids moved the auction's end later (the live monitor shows it); kept by the bid statement.
    ALTER TABLE project ADD COLUMN extension_count integer NOT NULL DEFAULT 0;
    CREATE TABLE audit_log (
      id bigserial PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      actor_id integer NOT NULL,
      actor_role text NOT NULL,
      dept_id integer,
      entity text NOT NULL,
      entity_id integer NOT NULL,
      action text NOT NULL,
      before jsonb,
      after jsonb
    );
    CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
    CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id);
    CREATE INDEX audit_log_actor_idx ON audit_log (actor_id);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    DROP TABLE IF EXISTS audit_log;
    ALTER TABLE project DROP COLUMN IF EXISTS extension_count;
    ALTER TABLE app_user DROP COLUMN IF EXISTS disabled;
    ALTER TABLE article DROP COLUMN IF EXISTS status;
  `,
  );
}
