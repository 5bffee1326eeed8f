/**
 * npm run dev [-- <region>]: the API server (migrated, seeded when empty) on PORT, plus Vite's dev server on 5173
 * proxying /prod-api and the image prefixes to it. With a region, also the live region preview of npm run preview
 * (that region on every page, region files watched and pushed to the open pages).
 */
import { spawn } from 'node:child_process';
import { loadConfig } from '../server/runtime/config.js';
import { startServer } from '../server/main.js';

const region = process.argv.slice(2).find((a) => !a.startsWith('-'));
const config = loadConfig(process.env, { serveClient: false, previewRegion: region });
const { stop } = await startServer({ config, seedWhenEmpty: true, previewReport: (line) => console.log(`[预览] ${line}`) });
const vite = spawn('npx', ['vite'], {
  stdio: 'inherit',
  env: { ...process.env, API_TARGET: `http://${config.host}:${config.port}`, ...(region ? { TIANMU_PREVIEW_REGION: region } : {}) },
});
const shutdown = () => {
  vite.kill('SIGTERM');
  stop().finally(() => process.exit(0));
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
