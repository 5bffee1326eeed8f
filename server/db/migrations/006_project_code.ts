import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.js';

// 项目编号: the number the trading centre gives a project, which visitors quote and type into the keyword search
// (项目名称、编号或地址) and which the deal announcement names. It lived only inside the notice's HTML; now it is a
// column, filled from that notice's 项目编号 cell for the projects already there (empty when the notice has none).
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE project ADD COLUMN code text NOT NULL DEFAULT '';
    UPDATE project SET code = COALESCE(btrim(substring(content FROM '<th>项目编号</th>\\s*<td>([^<]+)</td>')), '') WHERE content LIKE '%<th>项目编号</th>%';
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE project DROP COLUMN IF EXISTS code;
  `,
  );
}
