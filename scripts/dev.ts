/**
 * npm run dev: the API server (migrated, seeded when empty) on PORT, plus Vite's dev server on 5173 proxying
 * /prod-api and the image prefixes to it.
 */
import { spawn } from 'node:child_process';
import { loadConfig } from '../server/config.js';
import { startServer } from '../server/main.js';

const config = loadConfig(process.env, { serveClient: false });
const { stop } = await startServer({ config, seedWhenEmpty: true });
const vite = spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_TARGET: `http://${config.host}:${config.port}` } });
const shutdown = () => {
  vite.kill('SIGTERM');
  stop().finally(() => process.exit(0));
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
