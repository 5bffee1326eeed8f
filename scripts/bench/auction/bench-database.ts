import crypto from 'node:crypto';
import { stringArg } from './options.js';

/**
 * The server's database: PGlite in memory; with DATABASE_URL (e.g. under scripts/with-postgres.sh) a fresh database
 * on that PostgreSQL server, dropped at the end; with --attach URL a further instance on the first one's database
 * (no seeding, nothing dropped at the end).
 */
export async function openBenchDatabase() {
  const { openDatabase } = await import('../../../server/db/database.js');
  const attachUrl = stringArg('--attach');
  let dropDatabase = async () => undefined as void;
  let databaseUrl: string | undefined = attachUrl;
  if (process.env.DATABASE_URL && !attachUrl) {
    const { default: pg } = await import('pg');
    const name = `tianmu_bench_${crypto.randomBytes(4).toString('hex')}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(statement);
      await client.end();
    };
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const handle = await openDatabase(databaseUrl ? { databaseUrl, poolSize: 16 } : { dataDir: 'memory' });
  return { handle, databaseUrl, attached: attachUrl !== undefined, dropDatabase };
}
