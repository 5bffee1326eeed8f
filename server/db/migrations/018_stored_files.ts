import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.js';

// The files served under the image prefixes (uploads, the demo pictures and attachments, files imported from an
// older data folder), kept in the database so that every instance behind a load balancer serves every one of them.
// A row is immutable: `path` is its address under the prefix (upload/2026/11/27/<hex>.png, demo/landscape-01.png),
// `sha256` (hex) its ETag and the key of the per-instance variant cache. A picture is at most a few MB, well within
// what bytea holds on PGlite and PostgreSQL alike.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE stored_file (
      path text PRIMARY KEY,
      bytes bytea NOT NULL,
      mime text NOT NULL,
      size integer NOT NULL,
      sha256 text NOT NULL,
      create_time timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT stored_file_size CHECK (size = octet_length(bytes)),
      CONSTRAINT stored_file_sha256 CHECK (sha256 ~ '^[0-9a-f]{64}$')
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `DROP TABLE IF EXISTS stored_file;`);
}
