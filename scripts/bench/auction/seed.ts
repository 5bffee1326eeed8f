import type { Kysely } from 'kysely';
import type { Database } from '../../../server/db/schema.js';
import { BIDDERS, DEPT_ID, INCREMENT, PRICE } from './options.js';

/** One place, one project in bidding and BIDDERS approved bidders, each with a session: the first instance's data. */
export async function seedAuction(db: Kysely<Database>): Promise<{ projectId: number; tokens: string[] }> {
  const { migrateToLatest } = await import('../../../server/db/database.js');
  const { createSession } = await import('../../../server/services/sessions.js');
  await migrateToLatest(db);
  await db.insertInto('place').values({ deptId: DEPT_ID, deptName: '压测县', deptCode: '910000', parentId: 0, level: 3, ancestors: '0' }).execute();
  const users = await db
    .insertInto('appUser')
    .values(Array.from({ length: BIDDERS }, (_, i) => ({ phone: `1390000${String(i).padStart(4, '0')}`, passwordHash: 'bench', name: `压测用户${i}` })))
    .returning('userId')
    .execute();
  const now = Date.now();
  const project = await db
    .insertInto('project')
    .values({
      deptId: DEPT_ID, type: 2, number: '001', status: 6, projectName: '压测竞价项目', price: PRICE, increment: INCREMENT, extendMinutes: 5,
      applyStartTime: new Date(now - 3 * 86400_000), applyStopTime: new Date(now - 86400_000), biddingStartTime: new Date(now - 3600_000),
      biddingStopTime: new Date(now + 3600_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('registration')
    .values(users.map((u, i) => ({ projectId: project.id, userId: u.userId, state: 1, bidderCode: String(i + 1).padStart(3, '0') })))
    .execute();
  const policy = { idleMinutes: 120, absoluteHours: 24 };
  const tokens = await Promise.all(users.map((u) => createSession(db, u.userId, policy)));
  return { projectId: project.id, tokens };
}
