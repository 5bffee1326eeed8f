/** npm run migrate: bring the database (PGlite under DATA_DIR, or DATABASE_URL) to the latest migration. */
import { loadConfig } from '../server/runtime/config.js';
import { migrateToLatest, openDatabase, pgliteDir } from '../server/db/database.js';
import { DataDirBusyError } from '../server/db/data-dir-lock.js';

const config = loadConfig();
const handle = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: pgliteDir(config.dataDir) }).catch((error: unknown) => {
  if (!(error instanceof DataDirBusyError)) throw error;
  console.error(error.message);
  process.exit(1);
});
const applied = await migrateToLatest(handle.db);
console.log(applied.length ? `已应用迁移：${applied.join(', ')}` : '数据库已是最新版本');
await handle.close();
