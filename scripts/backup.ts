/**
 * npm run backup [-- --dir FOLDER]: one archive of the database (PGlite under DATA_DIR or DATABASE_URL's
 * PostgreSQL) with its manifest, in BACKUP_DIR (default DATA_DIR/backups). See README「备份与恢复」.
 */
import path from 'node:path';
import { loadConfig } from '../server/runtime/config.js';
import { openDatabase, pgliteDir } from '../server/db/database.js';
import { DataDirBusyError } from '../server/db/data-dir-lock.js';
import { takeBackup } from '../server/backup/create.js';
import { describeCounts } from '../server/backup/manifest.js';
import { runCommand } from './cli.js';

/** PGlite is held by the running server: this process cannot open it, the server's scheduled backups can. */
class ServerHoldsDatabase extends Error {}

async function main(): Promise<number> {
  const config = loadConfig();
  const at = process.argv.indexOf('--dir');
  const dir = at > 0 && process.argv[at + 1] ? path.resolve(process.argv[at + 1]) : config.backupDir;
  const handle = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: pgliteDir(config.dataDir) }).catch(
    (error: unknown) => {
      if (!(error instanceof DataDirBusyError)) throw error;
      throw new ServerHoldsDatabase(
        `${error.message}\n\n服务器运行时，内置 PGlite 数据库只能由服务器自己备份：请在服务器的环境中设置 BACKUP_EVERY（例如 6h）` +
          `和 BACKUP_DIR，由服务器定时写出备份（其中一份即是当时的完整快照）；或先停止服务器再运行 npm run backup。` +
          '使用 PostgreSQL（DATABASE_URL）时，npm run backup 可随时运行。',
      );
    },
  );
  try {
    const outcome = await takeBackup({ db: handle.unbounded, kind: handle.kind, databaseUrl: config.databaseUrl, dir, trigger: 'cli' });
    if (!outcome.taken) {
      console.error(`未备份：${outcome.reason}，请稍后再试。`);
      return 1;
    }
    const { manifest } = outcome;
    console.log(
      `备份完成：${outcome.file}\n数据库：${handle.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}，迁移 ${manifest.migrations.length} 个（最新 ${manifest.migrations.at(-1) ?? '无'}），${describeCounts(manifest.counts)}\n` +
        `校验和（SHA-256）：${manifest.payload.sha256}`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}

runCommand(main, { failure: '备份失败', expected: [ServerHoldsDatabase] });
