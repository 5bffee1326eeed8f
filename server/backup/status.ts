import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The last backup attempt, as every instance sees it (table backup_run). */
export interface BackupStatus {
  /** When the last attempt finished; null when none was ever made. */
  at: Date | null;
  /** Whether that attempt succeeded (false when none was made). */
  ok: boolean;
  /** Its error, one line, when it failed. */
  error?: string;
  /** When the last successful backup finished (a backup's age is measured from it); null when none succeeded. */
  lastOkAt: Date | null;
}

/**
 * The last backup's time and outcome, read from the database so that every instance reports the same.
 * @example
 * const { at, ok, lastOkAt } = await lastBackup(db);
 */
export async function lastBackup(db: Kysely<Database>): Promise<BackupStatus> {
  const last = await db
    .selectFrom('backupRun')
    .select(['finishedAt', 'ok', 'error'])
    .where('finishedAt', 'is not', null)
    .orderBy('finishedAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  const good = await db.selectFrom('backupRun').select('finishedAt').where('ok', '=', true).orderBy('finishedAt', 'desc').limit(1).executeTakeFirst();
  return {
    at: last?.finishedAt ? new Date(last.finishedAt) : null,
    ok: last?.ok === true,
    ...(last?.ok === false && last.error ? { error: last.error } : {}),
    lastOkAt: good?.finishedAt ? new Date(good.finishedAt) : null,
  };
}
