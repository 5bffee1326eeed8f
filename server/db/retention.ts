import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/** How long the records that only serve a while are kept (days; 0: kept for ever). */
export interface Retention {
  /** BID_KEY_KEEP_DAYS: a closed auction's bid keys, counted from its end. */
  bidKeyDays: number;
  /** BACKUP_RUN_KEEP_DAYS: the backup attempts' history, counted from each attempt's start. */
  backupRunDays: number;
}

export interface PruneCounts {
  bidKeys: number;
  backupRuns: number;
}

const DAY_MS = 86_400_000;
/** Projects whose keys one statement deletes: a busy auction holds thousands of keys, and a delete holds its locks. */
const PROJECTS_PER_BATCH = 20;
/** Batches one prune runs at most; the rest waits for the next run, so a backlog never makes one long stall. */
const MAX_BATCHES = 50;

const deletedRows = (result: { numDeletedRows: bigint }[]): number => result.reduce((n, r) => n + Number(r.numDeletedRows), 0);

/**
 * Bid keys answer a resent bid with its first answer; once the auction is closed (status 7 and above) and its end
 * lies `days` behind, no bidder can still be resending one, so they go, a few projects at a time.
 */
async function pruneBidKeys(db: Kysely<Database>, days: number, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  let deleted = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const projects = await db
      .selectFrom('project as p')
      .select('p.id')
      .where('p.status', '>=', 7)
      .where(sql<boolean>`coalesce(p.bidding_stop_time, p.updated_at) < ${cutoff}`)
      .where(({ exists, selectFrom }) => exists(selectFrom('bidKey as k').select('k.key').whereRef('k.projectId', '=', 'p.id')))
      .limit(PROJECTS_PER_BATCH)
      .execute();
    if (!projects.length) break;
    deleted += deletedRows(
      await db
        .deleteFrom('bidKey')
        .where(
          'projectId',
          'in',
          projects.map((p) => p.id),
        )
        .execute(),
    );
  }
  return deleted;
}

/**
 * The backup attempts older than `days`, except the ones still read: the newest finished attempt and the newest
 * success (lastBackup(), the metrics' age) and the newest scheduled attempt (when the next one is due).
 */
async function pruneBackupRuns(db: Kysely<Database>, days: number, now: Date): Promise<number> {
  const newest = (q: ReturnType<typeof runs>) => q.orderBy('startedAt', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  const runs = () => db.selectFrom('backupRun').select('id');
  const kept = await Promise.all([
    newest(runs().where('finishedAt', 'is not', null)),
    newest(runs().where('ok', '=', true)),
    newest(runs().where('trigger', '=', 'schedule')),
  ]);
  const keep = kept.filter((r) => r !== undefined).map((r) => r.id);
  const result = await db
    .deleteFrom('backupRun')
    .where('startedAt', '<', new Date(now.getTime() - days * DAY_MS))
    .where('id', 'not in', keep.length ? keep : [-1])
    .execute();
  return deletedRows(result);
}

/** Deletes what the retention lets go, by the database clock `now`; each kind with 0 days is kept for ever. */
export async function pruneRecords(db: Kysely<Database>, retention: Retention, now: Date): Promise<PruneCounts> {
  return {
    bidKeys: retention.bidKeyDays > 0 ? await pruneBidKeys(db, retention.bidKeyDays, now) : 0,
    backupRuns: retention.backupRunDays > 0 ? await pruneBackupRuns(db, retention.backupRunDays, now) : 0,
  };
}
