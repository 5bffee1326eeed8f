import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.js';

// Every backup attempt, scheduled or by hand, with its outcome: each instance reads the same last backup (its age
// for metrics), and the scheduler of one instance sees that another has just taken one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE backup_run (
      id serial PRIMARY KEY,
      started_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      ok boolean,
      trigger text NOT NULL,
      file text,
      bytes bigint,
      error text
    );
    CREATE INDEX backup_run_started_at ON backup_run (started_at DESC);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `DROP TABLE IF EXISTS backup_run;`);
}
