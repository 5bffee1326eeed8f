/**
 * npm run restore -- FILE [--force]: restores an archive of npm run backup (or of the scheduled backups) into an
 * empty database: PGlite under DATA_DIR, or DATABASE_URL's PostgreSQL. See README「备份与恢复」.
 */
import path from 'node:path';
import { loadConfig } from '../server/runtime/config.js';
import { pgliteDir } from '../server/db/database.js';
import { ArchiveError } from '../server/backup/archive.js';
import { describeCounts } from '../server/backup/manifest.js';
import { RestoreRefused, restoreBackup } from '../server/backup/restore.js';
import { runCommand } from './cli.js';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((a) => !a.startsWith('--'));
  if (files.length !== 1) {
    console.error('用法：npm run restore -- <备份文件.tar> [--force]\n  --force  目标数据库不是空的时，仍然用备份替换它');
    return 2;
  }
  const config = loadConfig();
  const file = path.resolve(files[0]);
  const target = config.databaseUrl
    ? ({ kind: 'postgres', databaseUrl: config.databaseUrl } as const)
    : ({ kind: 'pglite', dataDir: pgliteDir(config.dataDir) } as const);
  console.log(`正在校验并恢复 ${file} → ${target.kind === 'pglite' ? `PGlite（${target.dataDir}）` : 'PostgreSQL（DATABASE_URL）'}…`);
  const result = await restoreBackup({ file, target, force, log: (line) => console.log(line) });
  console.log(
    `恢复完成：${describeCounts(result.manifest.counts)}，行数与备份清单一致。` +
      (result.migrated.length ? `\n已将较旧的数据库结构迁移到最新：${result.migrated.join(', ')}` : '') +
      (result.keptAside ? `\n原数据目录已移至 ${result.keptAside}（确认无误后可删除）` : ''),
  );
  return 0;
}

runCommand(main, { failure: '恢复失败', expected: [ArchiveError, RestoreRefused] });
