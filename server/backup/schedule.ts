import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { ARCHIVE_PATTERN, takeBackup, type BackupOutcome } from './create.js';

export interface BackupScheduleOptions {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  databaseUrl?: string;
  /** BACKUP_DIR */
  dir: string;
  /** BACKUP_EVERY in ms (> 0). */
  everyMs: number;
  /** BACKUP_KEEP: archives kept in `dir`, the newest; older ones are deleted after each success. */
  keep: number;
  /** How often to look whether a backup is due (default: a minute, or everyMs when shorter). */
  checkMs?: number;
  log: { info(message: string): void; error(message: string): void };
}

/** After a failed attempt, the next one comes this soon (or after everyMs when shorter), not a whole period later. */
const RETRY_MS = 10 * 60_000;

/** Deletes all but the newest `keep` archives of `dir` (only files named as archives are touched); returns the deleted. */
export function pruneArchives(dir: string, keep: number): string[] {
  const archives = fs
    .readdirSync(dir)
    .filter((name) => ARCHIVE_PATTERN.test(name))
    .sort();
  const old = archives.slice(0, Math.max(0, archives.length - Math.max(1, keep)));
  for (const name of old) fs.rmSync(path.join(dir, name), { force: true });
  return old;
}

/**
 * The server's backups: every instance wakes each minute and asks whether one is due; the one that holds the
 * advisory lock (PostgreSQL) decides from backup_run, so a period gets one backup whatever the number of instances.
 * A failure is logged in one line and recorded (lastBackup() reports it); the portal carries on.
 */
export class BackupScheduler {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private stopped = true;

  constructor(private readonly options: BackupScheduleOptions) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(Math.min(this.options.checkMs ?? 60_000, this.options.everyMs));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.runOnce().finally(() => this.schedule(Math.min(this.options.checkMs ?? 60_000, this.options.everyMs)));
    }, ms);
    this.timer.unref();
  }

  /** Whether the last scheduled attempt is old enough: a period after a success, RETRY_MS after a failure. */
  private async isDue(db: Kysely<Database>): Promise<boolean> {
    const last = await db
      .selectFrom('backupRun')
      .select(['startedAt', 'ok'])
      .where('trigger', '=', 'schedule')
      .orderBy('startedAt', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!last) return true;
    const wait = last.ok ? this.options.everyMs : Math.min(RETRY_MS, this.options.everyMs);
    return Date.now() - new Date(last.startedAt).getTime() >= wait;
  }

  /** One check: a backup when due, then the old archives pruned. Never throws. */
  async runOnce(): Promise<BackupOutcome | { taken: false; reason: string; error: string }> {
    const { db, kind, databaseUrl, dir, keep, log } = this.options;
    try {
      const outcome = await takeBackup({ db, kind, databaseUrl, dir, trigger: 'schedule', isDue: (d) => this.isDue(d) });
      if (outcome.taken) {
        const pruned = pruneArchives(dir, keep);
        log.info(`定时备份完成：${path.basename(outcome.file)}${pruned.length ? `（按 BACKUP_KEEP=${keep} 删除旧备份 ${pruned.length} 个）` : ''}`);
      }
      return outcome;
    } catch (error) {
      const message = ((error as Error).message ?? String(error)).replace(/\s+/g, ' ');
      log.error(`定时备份失败：${message}`);
      return { taken: false, reason: '失败', error: message };
    }
  }
}
