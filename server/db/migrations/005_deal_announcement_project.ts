import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.js';

// The auction engine publishes a project's deal announcement (成交公告) in the transaction that closes it: at most
// one per project, enforced by the database so that no retried or racing close can publish a second. Announcements
// not tied to a project (project_id NULL) are unaffected.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    CREATE UNIQUE INDEX deal_announcement_project_uniq ON deal_announcement (project_id);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    DROP INDEX IF EXISTS deal_announcement_project_uniq;
  `,
  );
}
