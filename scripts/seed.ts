/**
 * npm run seed [-- --projects N] [--reset] [--if-empty]
 *
 * Opens the database the way the server does (PGlite under DATA_DIR, or PostgreSQL at DATABASE_URL), migrates it
 * and writes the deterministic demo data; its pictures go into the database (table stored_file) too.
 *   --projects N  how many trading projects (default 360; e.g. 100000 for benchmarks)
 *   --reset       empty the seeded tables first (reference data is kept)
 *   --if-empty    seed only when the database has no places yet; otherwise do nothing
 */
import { loadConfig } from '../server/runtime/config.js';
import { pgliteDir } from '../server/db/database.js';
import { runCommand, withMigratedDatabase } from './cli.js';
import { DEFAULT_PROJECT_COUNT, isDatabaseEmpty, resetDemoData, seedDemo } from '../server/seed/index.js';

interface Args {
  projects: number;
  reset: boolean;
  ifEmpty: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { projects: DEFAULT_PROJECT_COUNT, reset: false, ifEmpty: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--reset') args.reset = true;
    else if (a === '--if-empty') args.ifEmpty = true;
    else if (a === '--projects' || a.startsWith('--projects=')) {
      const value = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      const n = Number(value);
      if (!Number.isInteger(n) || n < 0) throw new Error(`--projects 需要一个非负整数，收到：${value ?? '（空）'}`);
      args.projects = n;
    } else if (a === '--help' || a === '-h') {
      console.log('用法：npm run seed -- [--projects N] [--reset] [--if-empty]');
      process.exit(0);
    } else {
      throw new Error(`未知参数：${a}（可用：--projects N、--reset、--if-empty）`);
    }
  }
  return args;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  if (config.production) {
    console.error('生产环境（NODE_ENV=production）不写入演示数据：演示账号的密码是公开的。请用 npm run admin:create 创建管理员。');
    return 1;
  }
  const started = Date.now();
  const where = config.databaseUrl ? 'PostgreSQL（DATABASE_URL）' : `PGlite（${pgliteDir(config.dataDir)}）`;
  console.log(`数据库：${where}`);
  return withMigratedDatabase(config, async (handle, applied) => {
    if (applied.length) console.log(`迁移：${applied.join(', ')}`);
    const empty = await isDatabaseEmpty(handle.db);
    if (!empty && args.ifEmpty) {
      console.log('数据库已有数据，跳过演示数据写入（--if-empty）。');
      return 0;
    }
    if (!empty && !args.reset) {
      console.error('数据库中已有数据，未写入演示数据。如需清空后重新写入，请运行：npm run seed -- --reset');
      return 1;
    }
    if (!empty) {
      await resetDemoData(handle.db);
      console.log('已清空演示数据表（保留分类与字典等基础数据）。');
    }
    const summary = await seedDemo(handle.db, {
      projects: args.projects,
      pictures: true,
      log: (line) => console.log(line),
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`完成，用时 ${seconds} 秒：`);
    for (const [table, n] of Object.entries(summary)) console.log(`  ${table.padEnd(18)} ${n}`);
    return 0;
  });
}

runCommand(main, { failure: '写入演示数据失败' });
