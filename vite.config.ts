import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { loadConfig } from './server/config.js';
import { readingAidsCss } from './scripts/reading-aids-css.js';
import { clientSettingsFor, PREVIEW_EVENTS_PATH, settingsScript } from './server/index-html.js';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

/**
 * Dev server only: writes the deployment settings into index.html as the portal server does (server/app.ts), from
 * the same environment npm run dev gives both (and the live preview's event address with `npm run dev -- <region>`).
 * A build carries none: the server writes them at start.
 */
function devSettings(): Plugin {
  return {
    name: 'tianmu-dev-settings',
    apply: 'serve',
    transformIndexHtml: () => [
      { tag: 'script', children: settingsScript(clientSettingsFor(loadConfig(process.env, { previewRegion: process.env.TIANMU_PREVIEW_REGION || undefined }))), injectTo: 'head-prepend' },
    ],
  };
}

// The portal is a static SPA served by the API server in production (npm start), which writes the deployment
// settings and the region into each page; in development Vite proxies the API and image prefixes to that server.
export default defineConfig({
  root: 'engine/app',
  publicDir: false,
  plugins: [react(), devSettings()],
  // Elder mode's text floor and line spacing, for Semi's styles and ours alike (scripts/reading-aids-css.ts).
  css: { postcss: { plugins: [readingAidsCss()] } },
  build: { outDir: '../../dist/client', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/prod-api', '/image-api', '/image1-api', '/image2-api', '/image3-api', PREVIEW_EVENTS_PATH].map((p) => [p, { target: apiTarget, ws: true }]),
    ),
  },
});
