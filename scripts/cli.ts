/**
 * What the operator commands (seed, places:sync, pictures:import, admin:create) share: the database opened as the
 * server opens it and migrated, and an ending that prints a refusal as its message alone and exits with a code.
 */
import type { ServerConfig } from '../server/runtime/config.js';
import { DataDirBusyError } from '../server/db/data-dir-lock.js';
import { migrateToLatest, openDatabase, pgliteDir, type DatabaseHandle } from '../server/db/database.js';
import { RegionConfigError } from '../server/delivery/portal-regions.js';

/** An error class whose message is written for the operator: printed as it is, without "failed:" or a stack. */
type OperatorError = abstract new (...args: never[]) => Error;

/** Refusals every command may meet: a broken region file, a data folder a running server holds. */
const EXPECTED: OperatorError[] = [RegionConfigError, DataDirBusyError];

/** PGlite under DATA_DIR or PostgreSQL at DATABASE_URL, migrated, closed when `work` ends. */
export async function withMigratedDatabase<T>(config: ServerConfig, work: (handle: DatabaseHandle, applied: string[]) => Promise<T>): Promise<T> {
  const handle = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: pgliteDir(config.dataDir) });
  try {
    return await work(handle, await migrateToLatest(handle.db));
  } finally {
    await handle.close();
  }
}

/**
 * Runs a command's `main` and exits with the code it returns. An expected refusal prints its own message; anything
 * else prints `failure` (what could not be done) and the error's message.
 *
 * @example
 * runCommand(main, { failure: '图片导入失败', expected: [AdminCreateError] });
 */
export function runCommand(main: () => Promise<number>, options: { failure?: string; expected?: OperatorError[] } = {}): void {
  const expected = [...EXPECTED, ...(options.expected ?? [])];
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      const known = expected.some((kind) => error instanceof kind);
      console.error(known || !options.failure ? message : `${options.failure}：${message}`);
      process.exit(1);
    },
  );
}
