/**
 * npm run backup [-- --dir FOLDER]: one archive of the database (PGlite under DATA_DIR or DATABASE_URL's
 * PostgreSQL) with its manifest, in BACKUP_DIR (default DATA_DIR/backups). See README「备份与恢复」.
 */
import path from 'node:path';
import { loadConfig } from '../server/runtime/config.js';
import { openDatabase, pgliteDir } from '../server/db/database.js';
import { DataDirBusyError } from '../server/db/data-dir-lock.js';
import { takeBackup } from '../server/backup/create.js';
import { describeCounts, type Manifest } from '../server/backup/manifest.js';
import { askRunningServer } from '../server/backup/operator.js';
import { runCommand } from './cli.js';

/** PGlite is held by the running server: this process cannot open it, the server's scheduled backups can. */
class ServerHoldsDatabase extends Error {}

function report(file: string, manifest: Manifest): void {
  console.log(
    `备份完成：${file}\n数据库：${manifest.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}，迁移 ${manifest.migrations.length} 个（最新 ${manifest.migrations.at(-1) ?? '无'}），${describeCounts(manifest.counts)}\n` +
      `校验和（SHA-256）：${manifest.payload.sha256}`,
  );
}

async function main(): Promise<number> {
  const config = loadConfig();
  const at = process.argv.indexOf('--dir');
  const dir = at > 0 && process.argv[at + 1] ? path.resolve(process.argv[at + 1]) : config.backupDir;
  let busy: DataDirBusyError | undefined;
  const handle = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: pgliteDir(config.dataDir) }).catch(
    (error: unknown) => {
      if (!(error instanceof DataDirBusyError)) throw error;
      busy = error;
      return undefined;
    },
  );
  if (!handle) {
    // The running server holds PGlite: it takes the backup itself, into its BACKUP_DIR (--dir does not apply).
    console.log('PGlite 数据目录正由运行中的服务器使用，改为请服务器执行备份…');
    const taken = await askRunningServer(pgliteDir(config.dataDir));
    if (!taken) {
      throw new ServerHoldsDatabase(
        `${busy!.message}\n\n该进程没有登记按需备份的地址（较旧版本的服务器，或不是服务器）。请让服务器按 BACKUP_EVERY 定时备份，或先停止它再运行 npm run backup。`,
      );
    }
    report(taken.file, taken.manifest);
    return 0;
  }
  try {
    const outcome = await takeBackup({ db: handle.unbounded, kind: handle.kind, databaseUrl: config.databaseUrl, dir, trigger: 'cli' });
    if (!outcome.taken) {
      console.error(`未备份：${outcome.reason}，请稍后再试。`);
      return 1;
    }
    report(outcome.file, outcome.manifest);
    return 0;
  } finally {
    await handle.close();
  }
}

runCommand(main, { failure: '备份失败', expected: [ServerHoldsDatabase] });
