import { sql, type Selectable, type Transaction } from 'kysely';
import type { Database, ProjectTable } from '../db/schema.js';
import { dealAnnouncementRow, projectCodeOf } from './deal-announcement.js';
import type { Db } from './transaction.js';

/** The trading centre of a place: the nearest tenant root at or above it (淳安县 → 淳安县农村产权交易中心). */
export async function centreOf(db: Db, deptId: number): Promise<string> {
  const { rows } = await sql<{ deptName: string }>`
    SELECT c.dept_name AS "deptName" FROM place p
    JOIN place c ON c.dept_id = p.dept_id OR c.dept_id::text = ANY(string_to_array(p.ancestors, ','))
    WHERE p.dept_id = ${deptId}
    ORDER BY (c.lessee_id IS NOT NULL) DESC, c.level DESC LIMIT 1`.execute(db);
  return rows[0]?.deptName ?? '';
}

/**
 * The project's 成交公告, published at the close in the project's place. At most one per project (unique index,
 * migration 005): an announcement already there is left as it is.
 */
export async function publishDeal(
  trx: Transaction<Database>,
  project: Selectable<ProjectTable>,
  deal: { amount: number; winnerCode: string; bidders: number; dealtime: Date; venue?: 'online' | 'onsite' },
): Promise<void> {
  const row = dealAnnouncementRow(project, { ...deal, code: projectCodeOf(project), centre: await centreOf(trx, project.deptId) });
  await trx
    .insertInto('dealAnnouncement')
    .values(row)
    .onConflict((oc) => oc.column('projectId').doNothing())
    .execute();
}
