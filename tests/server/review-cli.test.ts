import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseArgs, runReviewCommand } from '../../scripts/review-registration.js';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A_COUNTY, TENANT_A_TOWN } from './fixtures.js';
import { dbClock, insertProject } from './auction-helpers.js';
import { insertUser } from './users-helpers.js';

// The operator's review command applies the console's rule: a project that asks a deposit is approved only once
// the deposit is marked received, and the command can mark it (audited under the staff account named).
let server: TestServer;
let staffId: number;
const HOUR = 3_600_000;

beforeAll(async () => {
  server = await startTestServerWithPlaces();
  staffId = await insertUser(server.db, { phone: '13719005500', role: 'staff', deptId: TENANT_A_COUNTY, name: '审核员甲' });
}, 120_000);
afterAll(() => server.close());

/** A project in sign-up asking `deposit` yuan, with one registration awaiting review; its ids. */
async function pendingRegistration(n: number, deposit: number): Promise<{ projectId: number; userId: number }> {
  const now = await dbClock(server.db);
  const projectId = await insertProject(server.db, {
    deptId: TENANT_A_TOWN,
    status: 4,
    name: `命令行审核项目${n}`,
    applyStartTime: now - HOUR,
    applyStopTime: now + 24 * HOUR,
    biddingStartTime: now + 48 * HOUR,
    biddingStopTime: now + 50 * HOUR,
  });
  await server.db.updateTable('project').set({ deposit }).where('id', '=', projectId).execute();
  const userId = await insertUser(server.db, { phone: `1371900551${n}`, role: 'user', deptId: null, name: `竞买人${n}` });
  await server.db.insertInto('registration').values({ projectId, userId, state: 2, bidderCode: '' }).execute();
  return { projectId, userId };
}

/** Runs the command with these arguments on the test database; its exit code and lines. */
async function cli(...argv: string[]) {
  const lines = { out: [] as string[], err: [] as string[] };
  const args = parseArgs(argv);
  if (args === 'help') throw new Error('help');
  const code = await runReviewCommand(server.db, args, { log: (l) => lines.out.push(l), error: (l) => lines.err.push(l) });
  return { code, ...lines };
}

const stateOf = (projectId: number, userId: number) =>
  server.db
    .selectFrom('registration')
    .select(['state', 'bidderCode', 'depositMarkedBy'])
    .where('projectId', '=', projectId)
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();

describe('scripts/review-registration.ts', () => {
  it('refuses to approve before the deposit is marked, in Chinese, saying how to mark it; nothing changes', async () => {
    const { projectId, userId } = await pendingRegistration(1, 2000);
    const listed = await cli('--list', '--project', String(projectId));
    expect(listed.out.join('\n')).toContain('保证金未登记（须 ¥2,000）');
    const refused = await cli('--project', String(projectId), '--user', String(userId), '--approve');
    expect(refused.code).toBe(1);
    expect(refused.err[0]).toBe('审核失败：本项目须缴纳保证金（¥2,000），请先登记保证金到账，再审核通过');
    expect(refused.err[1]).toContain('--deposit 金额 --paid-on YYYY-MM-DD --ref 银行流水号 --reviewer');
    expect(await stateOf(projectId, userId)).toMatchObject({ state: 2, bidderCode: '', depositMarkedBy: null });
  });

  it('marks the deposit (audited under --reviewer) and approves in one command; a second mark is refused', async () => {
    const { projectId, userId } = await pendingRegistration(2, 2000);
    const target = ['--project', String(projectId), '--user', String(userId)];
    const low = await cli(...target, '--deposit', '1999', '--paid-on', '2026-01-05', '--ref', 'ICBC-1', '--reviewer', String(staffId), '--approve');
    expect([low.code, low.err[0]]).toEqual([1, '登记保证金失败：到账金额低于本项目保证金（¥2,000）']);
    expect((await stateOf(projectId, userId)).state).toBe(2);

    const done = await cli(...target, '--deposit', '2000', '--paid-on', '2026-01-05', '--ref', 'ICBC-2', '--reviewer', String(staffId), '--approve');
    expect(done.err).toEqual([]);
    expect(done.code).toBe(0);
    expect(done.out[0]).toBe(`已登记保证金：项目 ${projectId} 用户 ${userId}，到账 ¥2,000（2026-01-05，流水号 ICBC-2）`);
    expect(done.out[1]).toMatch(/^已通过：.*竞买号 001/);
    expect(await stateOf(projectId, userId)).toMatchObject({ state: 1, bidderCode: '001', depositMarkedBy: staffId });
    const audit = await server.db
      .selectFrom('auditLog')
      .select(['actorId', 'entity'])
      .where('entity', '=', 'registration')
      .where('actorId', '=', staffId)
      .execute();
    expect(audit).toHaveLength(1);

    const again = await cli(...target, '--deposit', '2000', '--paid-on', '2026-01-05', '--ref', 'ICBC-3', '--reviewer', String(staffId));
    expect([again.code, again.err[0]]).toEqual([1, '登记保证金失败：该报名的保证金已确认到账，不能重复登记']);
  });

  it('approves a project that asks no deposit, as the console does', async () => {
    const { projectId, userId } = await pendingRegistration(3, 0);
    const done = await cli('--project', String(projectId), '--user', String(userId), '--approve');
    expect(done.code).toBe(0);
    expect((await stateOf(projectId, userId)).state).toBe(1);
  });

  it('asks for every deposit flag and a reviewer who is staff', async () => {
    expect(() => parseArgs(['--project', '1', '--user', '2', '--deposit', '100', '--reviewer', '3'])).toThrow(
      '登记保证金需要 --deposit、--paid-on 和 --ref 三项',
    );
    expect(() => parseArgs(['--project', '1', '--user', '2', '--deposit', '100', '--paid-on', '2026-01-05', '--ref', 'x'])).toThrow(
      '登记保证金需要 --reviewer',
    );
    const { projectId, userId } = await pendingRegistration(4, 500);
    const bidder = await cli(
      '--project',
      String(projectId),
      '--user',
      String(userId),
      '--deposit',
      '500',
      '--paid-on',
      '2026-01-05',
      '--ref',
      'x',
      '--reviewer',
      String(userId),
    );
    expect([bidder.code, bidder.err[0]]).toEqual([1, `登记保证金失败：--reviewer ${userId} 不是可用的工作人员账号`]);
  });
});
