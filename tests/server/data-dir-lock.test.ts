import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { migrateToLatest, openDatabase, pgliteDir, type DatabaseHandle } from '../../server/db/database.js';
import { DataDirBusyError, holderPathFor, lockPathFor, readHolder } from '../../server/db/data-dir-lock.js';

// PGlite is one process's database: a second process writing the same folder leaves it corrupt for good, so a
// held folder must be refused — by the server, the seed, migrations and the review CLI alike.

const tsx = path.resolve('node_modules/.bin/tsx');
const folders: string[] = [];
const handles: DatabaseHandle[] = [];

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-lock-'));
  folders.push(dir);
  return dir;
}

async function open(dataDir: string): Promise<DatabaseHandle> {
  const handle = await openDatabase({ dataDir });
  handles.push(handle);
  return handle;
}

/** The review CLI on DATA_DIR with PGlite (DATABASE_URL removed, as the PostgreSQL CI run sets it). */
function reviewCli(dataDir: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return new Promise((resolve) => {
    execFile(tsx, ['scripts/review-registration.ts', ...args], { env, encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** A process id that has just ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid!;
}

function fakeHolder(dataDir: string, holder: { pid: number; host?: string }, lockAgeMs: number): void {
  const lockPath = lockPathFor(dataDir);
  fs.mkdirSync(path.dirname(lockPath), { recursive: true });
  fs.mkdirSync(lockPath);
  const at = new Date(Date.now() - lockAgeMs);
  fs.utimesSync(lockPath, at, at);
  fs.writeFileSync(holderPathFor(dataDir), JSON.stringify({ host: os.hostname(), command: 'node scripts/start.ts', since: at.toISOString(), ...holder }));
}

afterEach(async () => {
  vi.restoreAllMocks();
  for (const handle of handles.splice(0)) await handle.close();
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

// PGlite's alone: the PostgreSQL run of the server suite (CI's last step) skips it, as the main run has checked it
// already and its child processes cost that step two minutes.
describe.skipIf(Boolean(process.env.DATABASE_URL))('a PGlite data folder is held by one process', () => {
  it('refuses the review CLI while the server holds the folder, naming the holder; the data stays whole and the CLI runs once released', async () => {
    const dataDir = tempDataDir();
    const holder = await open(pgliteDir(dataDir));
    await migrateToLatest(holder.db);
    await sql`create table lock_probe (n int)`.execute(holder.db);
    await sql`insert into lock_probe values (1), (2), (3)`.execute(holder.db);

    const refused = await reviewCli(dataDir, ['--list']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(`PGlite 数据目录 ${pgliteDir(dataDir)} 正被另一个进程使用（进程号 ${process.pid}：`);
    expect(refused.stderr).toContain('请先停止该进程再重试');
    expect(refused.stdout).not.toContain('待审核报名');

    // The holder carries on as if nothing happened.
    await sql`insert into lock_probe values (4)`.execute(holder.db);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from lock_probe`.execute(holder.db);
    expect(rows[0].n).toBe(4);

    await handles.splice(handles.indexOf(holder), 1)[0].close();
    expect(fs.existsSync(lockPathFor(pgliteDir(dataDir)))).toBe(false);
    expect(fs.existsSync(holderPathFor(pgliteDir(dataDir)))).toBe(false);

    const after = await reviewCli(dataDir, ['--list']);
    expect(after.stderr).toBe('');
    expect(after.stdout).toContain('待审核报名：0 条');
    expect(after.code).toBe(0);

    // Both processes' writes survived: the folder opens and holds all four rows.
    const reopened = await open(pgliteDir(dataDir));
    const again = await sql<{ n: number }>`select count(*)::int as n from lock_probe`.execute(reopened.db);
    expect(again.rows[0].n).toBe(4);
  }, 60_000);

  it('refuses a second open in the same process with DataDirBusyError', async () => {
    const dir = path.join(tempDataDir(), 'pglite');
    await open(dir);
    const second = openDatabase({ dataDir: dir });
    await expect(second).rejects.toBeInstanceOf(DataDirBusyError);
    await expect(second).rejects.toThrow(`进程号 ${process.pid}`);
  });

  it('names a holder on another machine by host, and refuses it while its lock is fresh', async () => {
    const dir = path.join(tempDataDir(), 'pglite');
    fakeHolder(dir, { pid: 4242, host: 'portal-b' }, 0);
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow('进程号 4242（主机 portal-b）：node scripts/start.ts');
    expect(fs.existsSync(dir)).toBe(true);
    expect(fs.readdirSync(dir)).toEqual([]); // PGlite never touched the folder
  });

  it('takes over a lock left by a process that died long ago, and records itself as holder', async () => {
    const dir = path.join(tempDataDir(), 'pglite');
    const dead = deadPid();
    fakeHolder(dir, { pid: dead }, 5 * 60_000);
    const handle = await open(dir);
    await migrateToLatest(handle.db);
    expect(readHolder(dir)).toMatchObject({ pid: process.pid, host: os.hostname() });
  });

  it('waits until a dead holder’s lock has gone unrefreshed past the refresh interval before taking it (it may be a new holder’s)', async () => {
    const dir = path.join(tempDataDir(), 'pglite');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeHolder(dir, { pid: deadPid() }, 13_500);
    const started = Date.now();
    await open(dir);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(1000);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('的锁属于已结束的进程'));
    expect(readHolder(dir)?.pid).toBe(process.pid);
  });
});
