import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.js';

// A transfer intent may carry photos of its documents (权属证明, 身份证…), taken with the document camera or chosen
// from files and uploaded first: the list of their /image-api/ URLs, in the order the person added them. The submit
// looks each URL up among the user's own uploads, hence the index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE intent ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]'::jsonb;
    CREATE INDEX upload_user_url_idx ON upload (user_id, url);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    DROP INDEX IF EXISTS upload_user_url_idx;
    ALTER TABLE intent DROP COLUMN IF EXISTS attachments;
  `,
  );
}
