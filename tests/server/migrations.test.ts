import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrateTo, migrateToLatest, openDatabase, type DatabaseHandle } from '../../server/db/database.js';

// Data written under an older schema, carried forward by a migration.
describe('006_project_code', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase();
    await migrateTo(handle.db, '005_deal_announcement_project');
  });
  afterAll(() => handle.close());

  it('fills 项目编号 from the notice’s 项目编号 cell, and leaves it empty when the notice has none', async () => {
    const { db } = handle;
    await sql`INSERT INTO place (dept_id, dept_name, dept_code, level) VALUES (9001, '迁移镇', '9001', 3)`.execute(db);
    const project = (name: string, content: string) =>
      sql<{ id: number }>`INSERT INTO project (dept_id, type, number, status, project_name, content, price)
        VALUES (9001, 2, '001', 4, ${name}, ${content}, 1000) RETURNING id`
        .execute(db)
        .then((r) => r.rows[0].id);
    const coded = await project('有编号', '<table><tr><th>项目编号</th><td> CA2025-2-000123 </td><th>项目类别</th><td>耕地</td></tr></table>');
    const plain = await project('无编号', '<p>标的位于迁移镇。</p>');

    expect(await migrateToLatest(db)).toContain('006_project_code');
    const rows = await db.selectFrom('project').select(['id', 'code']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: coded, code: 'CA2025-2-000123' },
      { id: plain, code: '' },
    ]);
  });
});

describe('012_rate_limits', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase();
    await migrateTo(handle.db, '010_caodi_finance_category');
  });
  afterAll(() => handle.close());

  it('keeps a stored nonce 10 minutes from when it was seen, starts codes at no wrong guess, and drops the account lock columns', async () => {
    const { db } = handle;
    await sql`INSERT INTO used_nonce (nonce, seen_at) VALUES ('old-random', '2026-01-01T00:00:00Z')`.execute(db);
    await sql`INSERT INTO sms_code (phone, code, uuid, expires_at) VALUES ('13800000000', '123456', 'u', now())`.execute(db);

    expect(await migrateToLatest(db)).toContain('012_rate_limits');
    const nonce = await sql<{ expiresAt: Date }>`SELECT expires_at FROM used_nonce WHERE nonce = 'old-random'`.execute(db);
    expect(nonce.rows[0].expiresAt.toISOString()).toBe('2026-01-01T00:10:00.000Z');
    const code = await sql<{ wrongGuesses: number }>`SELECT wrong_guesses FROM sms_code`.execute(db);
    expect(code.rows).toEqual([{ wrongGuesses: 0 }]);
    const columns = await sql<{ columnName: string }>`SELECT column_name FROM information_schema.columns WHERE table_name = 'app_user'`.execute(db);
    expect(columns.rows.map((c) => c.columnName)).not.toContain('locked_until');
    expect(columns.rows.map((c) => c.columnName)).not.toContain('failed_logins');
  });
});

describe('013_project_list_scale', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase();
    await migrateTo(handle.db, '012_rate_limits');
  });
  afterAll(() => handle.close());

  it('tallies the projects already there per place, type, status and category, and keeps the tally from then on', async () => {
    const { db } = handle;
    await sql`INSERT INTO place (dept_id, dept_name, dept_code, level) VALUES (9001, '迁移镇', '9001', 3), (9002, '迁移乡', '9002', 3)`.execute(db);
    await sql`INSERT INTO project (dept_id, type, number, status, project_name, price)
      VALUES (9001, 2, '001', 4, '甲', 1), (9001, 2, '001', 4, '乙', 1), (9001, 2, '002', 7, '丙', 1), (9002, 1, '009', 2, '丁', 1)`.execute(db);

    expect(await migrateToLatest(db)).toContain('013_project_list_scale');
    const tally = () =>
      sql<{ deptId: number; type: number; status: number; number: string; n: number }>`
      SELECT dept_id, type, status, number, n FROM project_tally WHERE n <> 0 ORDER BY 1, 2, 3, 4`
        .execute(db)
        .then((r) => r.rows);
    expect(await tally()).toEqual([
      { deptId: 9001, type: 2, status: 4, number: '001', n: 2 },
      { deptId: 9001, type: 2, status: 7, number: '002', n: 1 },
      { deptId: 9002, type: 1, status: 2, number: '009', n: 1 },
    ]);
    await sql`UPDATE project SET status = 7 WHERE project_name = '甲'`.execute(db);
    await sql`INSERT INTO project (dept_id, type, number, status, project_name, price) VALUES (9002, 1, '009', 2, '戊', 1)`.execute(db);
    await sql`DELETE FROM project WHERE project_name = '丙'`.execute(db);
    expect(await tally()).toEqual([
      { deptId: 9001, type: 2, status: 4, number: '001', n: 1 },
      { deptId: 9001, type: 2, status: 7, number: '001', n: 1 },
      { deptId: 9002, type: 1, status: 2, number: '009', n: 2 },
    ]);
  });
});

describe('016_project_counts_recount', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase();
    await migrateTo(handle.db, '015_staff_console');
  });
  afterAll(() => handle.close());

  it('recounts the tally and the bid counts a bulk seed with its triggers skipped left at zero', async () => {
    const { db } = handle;
    await sql`INSERT INTO place (dept_id, dept_name, dept_code, level) VALUES (9001, '迁移镇', '9001', 3)`.execute(db);
    await sql`INSERT INTO app_user (phone, password_hash) VALUES ('13900000000', 'x')`.execute(db);
    // As the bulk seed writes: triggers skipped for the transaction, so neither count follows the rows.
    await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      await sql`INSERT INTO project (id, dept_id, type, number, status, project_name, price)
        VALUES (501, 9001, 2, '001', 6, '甲', 1), (502, 9001, 2, '001', 6, '乙', 1), (503, 9001, 1, '009', 2, '丙', 1)`.execute(trx);
      await sql`INSERT INTO bid (project_id, user_id, amount) SELECT 501, user_id, a FROM app_user, (VALUES (10), (20), (30)) v(a)`.execute(trx);
    });
    const tally = () => sql`SELECT dept_id, type, status, number, n FROM project_tally WHERE n <> 0 ORDER BY 1, 2, 3, 4`.execute(db).then((r) => r.rows);
    const bidCounts = () => sql`SELECT id, bid_count FROM project ORDER BY id`.execute(db).then((r) => r.rows);
    expect(await tally()).toEqual([]);

    expect(await migrateToLatest(db)).toContain('016_project_counts_recount');
    expect(await tally()).toEqual([
      { deptId: 9001, type: 1, status: 2, number: '009', n: 1 },
      { deptId: 9001, type: 2, status: 6, number: '001', n: 2 },
    ]);
    expect(await bidCounts()).toEqual([
      { id: 501, bidCount: 3 },
      { id: 502, bidCount: 0 },
      { id: 503, bidCount: 0 },
    ]);
  });
});
