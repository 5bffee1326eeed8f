/**
 * npm run pictures:import [-- --dir <folder>]
 *
 * Stores the files of an older data folder's pictures (default <DATA_DIR>/images: uploads, demo pictures and
 * attachments, which older versions served from disk) in the database (PGlite under DATA_DIR, or DATABASE_URL), under
 * the same paths, so every instance serves them. A start does the same; this does it on demand, e.g. for a folder
 * copied from another machine. Files already stored are left alone; the folder is only read.
 */
import path from 'node:path';
import { imagesDir, loadConfig } from '../server/runtime/config.js';
import { runCommand, withMigratedDatabase } from './cli.js';
import { importFolder, importReport } from '../server/pictures/import-folder.js';

function folderFrom(argv: string[], fallback: string): string {
  let dir = fallback;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--dir' || a.startsWith('--dir=')) {
      const value = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      if (!value) throw new Error('--dir 需要一个目录');
      dir = path.resolve(value);
    } else if (a === '--help' || a === '-h') {
      console.log('用法：npm run pictures:import -- [--dir <目录>]（默认 DATA_DIR 下的 images 目录）');
      process.exit(0);
    } else {
      throw new Error(`未知参数：${a}（可用：--dir <目录>）`);
    }
  }
  return dir;
}

async function main(): Promise<number> {
  const config = loadConfig();
  const dir = folderFrom(process.argv.slice(2), imagesDir(config));
  return withMigratedDatabase(config, async (handle) => {
    const counts = await importFolder(handle.db, dir);
    if (!counts) {
      console.error(`目录不存在：${dir}`);
      return 1;
    }
    console.log(importReport(counts, dir) ?? `图片导入：${dir} 中没有文件。`);
    return 0;
  });
}

runCommand(main, { failure: '图片导入失败' });
