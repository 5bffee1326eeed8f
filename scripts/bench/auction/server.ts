import path from 'node:path';
import { openBenchDatabase } from './bench-database.js';
import { answerWindowCommands } from './measured-window.js';
import { Measurement } from './measurement.js';
import { stringArg, type Ready } from './options.js';
import { seedAuction } from './seed.js';

/** The server side (a child process): the real server on a free port, `READY {json}` once it listens. */
export async function serve(): Promise<void> {
  const { buildApp } = await import('../../../server/app.js');
  const { loadConfig } = await import('../../../server/runtime/config.js');
  const { handle, databaseUrl, attached, dropDatabase } = await openBenchDatabase();
  const seeded = attached ? { projectId: 0, tokens: [] } : await seedAuction(handle.db);

  const measurement = new Measurement();
  const db = handle.db.withPlugin(measurement.queryPlugin as never);
  const config = loadConfig({}, { serveClient: false, logLevel: 'warn', dataDir: path.resolve('.tmp/bench-auction'), listCacheMs: 0 });
  const app = await buildApp({ config, db, dbKind: handle.kind, listen: handle.listen, logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  measurement.timeRequests(app.server);
  const ready: Ready = { port: Number(new URL(address).port), projectId: seeded.projectId, tokens: seeded.tokens, databaseUrl };
  process.stdout.write(`READY ${JSON.stringify(ready)}\n`);

  answerWindowCommands(measurement, app.ctx.auction, stringArg('--profile'));
  const shutdown = async () => {
    await app.close();
    await handle.close();
    await dropDatabase();
    process.exit(0);
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}
