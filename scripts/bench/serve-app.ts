/** The portal server for the benchmark: an existing database under DATA_DIR, no seeding, quiet logs. */
import { loadConfig } from '../../server/runtime/config.js';
import { startServer } from '../../server/main.js';

const config = loadConfig(process.env, { serveClient: false, logLevel: 'warn' });
await startServer({ config, seedWhenEmpty: false });
