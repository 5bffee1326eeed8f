import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { formatDateTime } from '../api/format.js';

/**
 * PGlite keeps a whole PostgreSQL in one process. A second process opening the same folder (a second `npm start`,
 * `npm run seed` or the review CLI beside a running server) does not fail: both write, and the folder is left
 * corrupt for good (PGlite then aborts on every open). So a folder is held by one process at a time, through a lock
 * folder beside it that names its holder.
 */

/** Who holds a data folder, written into the lock so the refusal can say which process to stop. */
export interface DataDirHolder {
  pid: number;
  host: string;
  command: string;
  /** ISO time the holder opened the folder. */
  since: string;
}

/** Another live process holds the folder; `message` says which and what to do. */
export class DataDirBusyError extends Error {
  readonly dataDir: string;
  readonly holder: DataDirHolder | undefined;

  constructor(dataDir: string, holder: DataDirHolder | undefined) {
    const who = holder
      ? `进程号 ${holder.pid}${holder.host === os.hostname() ? '' : `（主机 ${holder.host}）`}：${holder.command}，${formatDateTime(holder.since) ?? '时间未知'} 起`
      : '持有者未知';
    super(
      `PGlite 数据目录 ${dataDir} 正被另一个进程使用（${who}）。` +
        'PGlite 只允许一个进程打开同一数据目录，两个进程同时写入会损坏数据库。' +
        '请先停止该进程再重试；需要多个进程同时访问时，请设置 DATABASE_URL 改用 PostgreSQL。',
    );
    this.name = 'DataDirBusyError';
    this.dataDir = dataDir;
    this.holder = holder;
  }
}

/** The lock folder for a data folder: `data/pglite` → `data/pglite.lock`. */
export function lockPathFor(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

/**
 * Who holds it, beside the lock folder rather than in it: proper-lockfile removes the folder with rmdir and
 * watches its mtime, so the folder must stay empty.
 */
export function holderPathFor(dataDir: string): string {
  return `${path.resolve(dataDir)}.holder.json`;
}

/** The holder last recorded for a data folder, or undefined when there is none or it cannot be read. */
export function readHolder(dataDir: string): DataDirHolder | undefined {
  try {
    const holder = JSON.parse(fs.readFileSync(holderPathFor(dataDir), 'utf8')) as DataDirHolder;
    return Number.isInteger(holder.pid) && typeof holder.host === 'string' ? holder : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A holder on this machine whose process has ended: the lock outlived a crash or a kill -9. */
function heldByTheDead(holder: DataDirHolder | undefined): boolean {
  return holder !== undefined && holder.host === os.hostname() && holder.pid !== process.pid && !isAlive(holder.pid);
}

/** Paths under the working folder are shown relative to it: `node scripts/seed.ts`, not the whole tsx path. */
function shortPath(arg: string): string {
  const cwd = process.cwd() + path.sep;
  return arg.startsWith(cwd) ? arg.slice(cwd.length) : arg;
}

const REFRESH_MS = 10_000;
const TAKEOVER_AFTER_MS = REFRESH_MS + 5_000;

export interface LockOptions {
  /**
   * Called when the lock is lost while held (its folder removed or not refreshed within a minute). The default ends
   * the process: carrying on could mean two writers on one database.
   */
  onLost?: (error: Error) => void;
}

function endProcess(error: Error): void {
  console.error(`PGlite 数据目录锁已失效（${error.message}）。为防止两个进程同时写入同一数据库，进程退出。`);
  process.exit(1);
}

/**
 * Holds `dataDir` for this process until the returned release is called (or the process exits). Throws
 * DataDirBusyError when a live process holds it. A lock left by a process that has died on this machine (a crash, a
 * kill -9) is taken over once it has gone 15 s unrefreshed; one from another machine after a minute.
 * @example
 * const release = await lockDataDir('data/pglite');
 * try { … } finally { await release(); }
 */
export async function lockDataDir(dataDir: string, options: LockOptions = {}): Promise<() => Promise<void>> {
  const lockPath = lockPathFor(dataDir);
  const acquire = () =>
    lockfile.lock(dataDir, {
      lockfilePath: lockPath,
      realpath: false,
      // Refreshed every 10 s. The library's own takeover (no refresh for a minute) is for a holder on another
      // machine; it is long so that a busy event loop (a bulk seed in WASM) does not lose its own lock.
      stale: 60_000,
      update: REFRESH_MS,
      onCompromised: options.onLost ?? endProcess,
    });
  let release: () => Promise<void>;
  let announced = false;
  for (;;) {
    try {
      release = await acquire();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    }
    const holder = readHolder(dataDir);
    if (!heldByTheDead(holder)) throw new DataDirBusyError(dataDir, holder);
    // The recorded holder has ended, but the record may be older than the lock: a process that has just taken the
    // lock refreshes it within REFRESH_MS, so only a lock left unrefreshed longer than that is the dead one's.
    let age: number;
    try {
      age = Date.now() - fs.statSync(lockPath).mtimeMs;
    } catch {
      continue; // released meanwhile: try again
    }
    if (age >= TAKEOVER_AFTER_MS) {
      fs.rmSync(lockPath, { recursive: true, force: true });
      continue;
    }
    if (!announced) {
      announced = true;
      console.warn(`PGlite 数据目录 ${dataDir} 的锁属于已结束的进程 ${holder!.pid}，${Math.ceil((TAKEOVER_AFTER_MS - age) / 1000)} 秒内确认后接管…`);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(1000, TAKEOVER_AFTER_MS - age)));
  }
  const holder: DataDirHolder = {
    pid: process.pid,
    host: os.hostname(),
    command: [path.basename(process.argv[0] ?? 'node'), ...process.argv.slice(1).map(shortPath)].join(' '),
    since: new Date().toISOString(),
  };
  fs.writeFileSync(holderPathFor(dataDir), JSON.stringify(holder));
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    fs.rmSync(holderPathFor(dataDir), { force: true });
    await release();
  };
}
