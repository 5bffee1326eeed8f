import { sql, type Kysely } from 'kysely';
import { execScript } from '../exec-script.js';

// Three things the project and article editors need:
// - 项目编号 unique: two projects can never share a number (the import already refused a repeat; now the database
//   holds it too, whatever writes). Numbers are unique across the whole database, so within each region as well.
//   Projects without a number ('') are left out.
// - 公示开始 (publicity start): the first date of a project's timeline, optional for projects listed before it existed.
// - attachments: the document URLs (PDF, Word, Excel, ZIP uploads) a project offers for download.
export async function up(db: Kysely<unknown>): Promise<void> {
  // An older database that already holds a repeated number cannot take the index: say which, rather than guess
  // which of two legal records to renumber.
  const { rows } = await sql<{ code: string; n: number }>`
    SELECT code, count(*)::int AS n FROM project WHERE code <> '' GROUP BY code HAVING count(*) > 1 ORDER BY code LIMIT 20`.execute(db);
  if (rows.length > 0) {
    const list = rows.map((r) => `${r.code}（${r.n} 个）`).join('、');
    throw new Error(`项目编号重复，无法建立唯一索引：${list}。请先更正这些项目的编号再启动。`);
  }
  await execScript(
    db,
    `
    CREATE UNIQUE INDEX project_code_unique ON project (code) WHERE code <> '';
    ALTER TABLE project ADD COLUMN publicity_start_time timestamptz;
    ALTER TABLE project ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]'::jsonb;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    DROP INDEX IF EXISTS project_code_unique;
    ALTER TABLE project DROP COLUMN IF EXISTS publicity_start_time;
    ALTER TABLE project DROP COLUMN IF EXISTS attachments;
  `,
  );
}
