import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusScheduler } from '../../server/auction/scheduler.js';
import { dbNow } from '../../server/auction/transaction.js';
import { pruneRecords } from '../../server/db/retention.js';
import { loadConfig } from '../../server/runtime/config.js';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A_TOWN } from './fixtures.js';
import { dbClock, insertProject } from './auction-helpers.js';

// Bid keys and the backup history serve a while only: they are deleted past their retention by the scheduler's
// periodic upkeep, never a key an auction may still be answered with, never the backup rows still read.
let server: TestServer;
const DAY = 86_400_000;

beforeAll(async () => {
  server = await startTestServerWithPlaces();
}, 120_000);
afterAll(() => server.close());

/** A project in `status` whose bidding ended `endedDaysAgo` days ago (negative: ends later), with `keys` bid keys. */
async function projectWithKeys(status: number, endedDaysAgo: number, keys: number): Promise<number> {
  const now = await dbClock(server.db);
  const id = await insertProject(server.db, {
    deptId: TENANT_A_TOWN,
    status,
    biddingStartTime: now - endedDaysAgo * DAY - 3_600_000,
    biddingStopTime: now - endedDaysAgo * DAY,
  });
  for (let i = 0; i < keys; i++)
    await server.db.insertInto('bidKey').values({ projectId: id, userId: 1, key: crypto.randomUUID(), bidId: null, outcome: null }).execute();
  return id;
}

const keysOf = async (projectId: number) =>
  Number(
    (
      await server.db
        .selectFrom('bidKey')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('projectId', '=', projectId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A backup attempt started `daysAgo` days ago. */
async function backupRun(daysAgo: number, run: { ok: boolean | null; trigger: string }): Promise<number> {
  const startedAt = new Date((await dbClock(server.db)) - daysAgo * DAY);
  const finishedAt = run.ok === null ? null : new Date(startedAt.getTime() + 60_000);
  const row = await server.db
    .insertInto('backupRun')
    .values({ startedAt, finishedAt, ok: run.ok, trigger: run.trigger, file: null, bytes: null, error: run.ok === false ? '失败' : null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const backupIds = async () => (await server.db.selectFrom('backupRun').select('id').orderBy('id').execute()).map((r) => r.id);

describe('record retention', () => {
  it('deletes the bid keys of auctions closed longer ago than BID_KEY_KEEP_DAYS, and no other', async () => {
    const old = await projectWithKeys(7, 10, 45);
    const recent = await projectWithKeys(10, 3, 2);
    const unclosed = await projectWithKeys(6, 30, 2); // ended long ago but not decided yet: a resend is still answered
    const running = await projectWithKeys(6, -1, 2);
    const pruned = await pruneRecords(server.db, { bidKeyDays: 7, backupRunDays: 0 }, await dbNow(server.db));
    expect(pruned).toEqual({ bidKeys: 45, backupRuns: 0 });
    expect(await Promise.all([old, recent, unclosed, running].map(keysOf))).toEqual([0, 2, 2, 2]);
    // 0 days: kept for ever.
    const another = await projectWithKeys(8, 100, 3);
    expect((await pruneRecords(server.db, { bidKeyDays: 0, backupRunDays: 0 }, await dbNow(server.db))).bidKeys).toBe(0);
    expect(await keysOf(another)).toBe(3);
  });

  it('deletes backup attempts older than BACKUP_RUN_KEEP_DAYS but the newest finished, successful and scheduled ones', async () => {
    await server.db.deleteFrom('backupRun').execute();
    const lastGood = await backupRun(200, { ok: true, trigger: 'cli' });
    const oldFailed = await backupRun(150, { ok: false, trigger: 'cli' });
    const lastScheduled = await backupRun(120, { ok: false, trigger: 'schedule' });
    const lastFinished = await backupRun(100, { ok: false, trigger: 'cli' });
    const stale = await backupRun(95, { ok: null, trigger: 'cli' }); // never finished: its process died
    const recent = await backupRun(5, { ok: null, trigger: 'cli' });
    expect(oldFailed).toBeLessThan(stale);
    const pruned = await pruneRecords(server.db, { bidKeyDays: 0, backupRunDays: 90 }, await dbNow(server.db));
    expect(pruned.backupRuns).toBe(2);
    expect(await backupIds()).toEqual([lastGood, lastScheduled, lastFinished, recent]);
  });

  it('runs from the status scheduler’s passes, at most once per period, and reads its days from the environment', async () => {
    const old = await projectWithKeys(9, 40, 4);
    let runs = 0;
    const scheduler = new StatusScheduler(server.db, {
      safetyMs: 20,
      minSleepMs: 10,
      housekeeping: {
        everyMs: 3_600_000,
        run: () => {
          runs++;
          return pruneRecords(server.db, { bidKeyDays: 30, backupRunDays: 0 }, new Date());
        },
      },
    });
    scheduler.start();
    await expect.poll(() => keysOf(old), { timeout: 10_000 }).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await scheduler.stop();
    expect(runs).toBe(1);
    expect(loadConfig({})).toMatchObject({ bidKeyKeepDays: 7, backupRunKeepDays: 90 });
    expect(loadConfig({ BID_KEY_KEEP_DAYS: '30', BACKUP_RUN_KEEP_DAYS: '0' })).toMatchObject({ bidKeyKeepDays: 30, backupRunKeepDays: 0 });
    expect(loadConfig({ BID_KEY_KEEP_DAYS: '-1', BACKUP_RUN_KEEP_DAYS: '9e9' })).toMatchObject({ bidKeyKeepDays: 7, backupRunKeepDays: 90 });
  });
});
