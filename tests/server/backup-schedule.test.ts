import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupScheduler, type BackupScheduleOptions } from '../../server/backup/schedule.js';
import { ARCHIVE_PATTERN } from '../../server/backup/create.js';
import { lastBackup } from '../../server/backup/status.js';
import { loadConfig } from '../../server/runtime/config.js';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces } from './fixtures.js';
import { databaseUrlOf } from './backup-helpers.js';

// The server's scheduled backups: retention keeps the newest BACKUP_KEEP archives, a backup another run has just
// taken is not taken again, one run at a time (the advisory lock on PostgreSQL), and a failure is logged in one line
// and reported by lastBackup() without stopping anything.
describe('scheduled backups', () => {
  let server: TestServer;
  let dir: string;
  let base: BackupScheduleOptions;
  const lines: string[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    server = await startTestServerWithPlaces();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-scheduled-'));
    base = {
      db: server.db,
      kind: server.kind,
      databaseUrl: server.kind === 'postgres' ? await databaseUrlOf(server.db) : undefined,
      dir,
      everyMs: 1,
      keep: 2,
      log: { info: (m) => lines.push(m), error: (m) => errors.push(m) },
    };
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const archives = () =>
    fs
      .readdirSync(dir)
      .filter((n) => ARCHIVE_PATTERN.test(n))
      .sort();

  it('reads BACKUP_EVERY and BACKUP_KEEP', () => {
    expect(loadConfig({ BACKUP_EVERY: '6h', BACKUP_KEEP: '3' })).toMatchObject({ backupEveryMs: 6 * 3_600_000, backupKeep: 3 });
    expect(loadConfig({ BACKUP_EVERY: '30m' }).backupEveryMs).toBe(30 * 60_000);
    expect(loadConfig({}).backupEveryMs).toBeUndefined();
    expect(loadConfig({ BACKUP_EVERY: 'often', BACKUP_KEEP: '0' })).toMatchObject({ backupEveryMs: undefined, backupKeep: 1 });
  });

  it('keeps only the newest BACKUP_KEEP archives and nothing else of the folder is touched', async () => {
    fs.writeFileSync(path.join(dir, 'notes.txt'), '运维笔记');
    const taken: string[] = [];
    for (let i = 0; i < 4; i++) {
      const outcome = await new BackupScheduler(base).runOnce();
      expect(outcome.taken, JSON.stringify(outcome)).toBe(true);
      if (outcome.taken) taken.push(path.basename(outcome.file));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(new Set(taken).size).toBe(4);
    expect(archives()).toEqual(taken.slice(-2));
    expect(fs.existsSync(path.join(dir, 'notes.txt'))).toBe(true);
    expect(fs.readdirSync(dir).filter((n) => n.endsWith('.part'))).toEqual([]);
    expect(lines.at(-1)).toMatch(/^定时备份完成：tianmu-backup-.*（按 BACKUP_KEEP=2 删除旧备份 1 个）$/);
    const status = await lastBackup(server.db);
    expect(status.ok).toBe(true);
    expect(status.error).toBeUndefined();
    expect(Date.now() - status.at!.getTime()).toBeLessThan(60_000);
    expect(status.lastOkAt).toEqual(status.at);
  });

  it('does not take another backup before the period has passed (whichever instance took the last one)', async () => {
    const before = archives();
    const outcome = await new BackupScheduler({ ...base, everyMs: 3_600_000 }).runOnce();
    expect(outcome).toMatchObject({ taken: false, reason: '未到备份时间' });
    expect(archives()).toEqual(before);
  });

  it.skipIf(!process.env.DATABASE_URL)('skips while another instance holds the backup lock (PostgreSQL)', async () => {
    const other = new pg.Client({ connectionString: base.databaseUrl });
    await other.connect();
    try {
      await other.query('SELECT pg_advisory_lock(7311640517)');
      const outcome = await new BackupScheduler(base).runOnce();
      expect(outcome).toMatchObject({ taken: false, reason: '另一个实例正在备份' });
    } finally {
      await other.end();
    }
    expect((await new BackupScheduler(base).runOnce()).taken).toBe(true);
  });

  it('logs a failure in one line, records it for lastBackup(), and the next success clears it', async () => {
    const blocked = path.join(dir, 'not-a-folder');
    fs.writeFileSync(blocked, '');
    const okAt = (await lastBackup(server.db)).lastOkAt;
    const outcome = await new BackupScheduler({ ...base, dir: blocked }).runOnce();
    expect(outcome.taken).toBe(false);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^定时备份失败：\S.*$/);
    expect(errors[0]).not.toContain('\n');
    const failed = await lastBackup(server.db);
    expect(failed).toMatchObject({ ok: false, lastOkAt: okAt });
    expect(failed.error).toMatch(/\S/);
    // A failure is retried on the next check, not a whole period later.
    expect((await new BackupScheduler(base).runOnce()).taken).toBe(true);
    expect((await lastBackup(server.db)).ok).toBe(true);
  });

  it('runs by itself once started, and stops', async () => {
    const before = archives();
    const scheduler = new BackupScheduler({ ...base, checkMs: 20 });
    scheduler.start();
    try {
      for (let i = 0; i < 500 && archives().join() === before.join(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      await scheduler.stop();
    }
    expect(archives()).not.toEqual(before);
    expect(archives()).toHaveLength(2);
  });
});
