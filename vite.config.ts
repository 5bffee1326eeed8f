import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { loadConfig } from './server/config.js';
import { readingAidsCss } from './scripts/reading-aids-css.js';
import { clientSettingsFor, PREVIEW_EVENTS_PATH, settingsScript } from './server/index-html.js';
import { precompressDir } from './server/compression.js';

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
      {
        tag: 'script',
        children: settingsScript(clientSettingsFor(loadConfig(process.env, { previewRegion: process.env.TIANMU_PREVIEW_REGION || undefined }))),
        injectTo: 'head-prepend',
      },
    ],
  };
}

/**
 * Build only: each built text file gets its brotli and gzip twin (.br/.gz) at the best quality, which the server
 * sends to browsers that accept them (server/compression.ts), so no request pays for compressing a static file.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'tianmu-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: () => {
      precompressDir(outDir);
    },
  };
}

// The portal is a static SPA served by the API server in production (npm start), which writes the deployment
// settings and the region into each page; in development Vite proxies the API and image prefixes to that server.
export default defineConfig({
  root: 'engine/app',
  publicDir: false,
  plugins: [react(), devSettings(), precompress()],
  // Lean stand-ins for two libraries rjsf pulls into every form page and the portal never needs in full (each file
  // says why): ~38 KB gzip of a form's first view.
  resolve: {
    alias: [
      { find: /^markdown-to-jsx\/react$/, replacement: fileURLToPath(new URL('engine/react/lean-markdown.ts', import.meta.url)) },
      { find: /^fast-uri$/, replacement: fileURLToPath(new URL('engine/forms/lean/uri.ts', import.meta.url)) },
    ],
  },
  // Elder mode's text floor and line spacing, for Semi's styles and ours alike (scripts/reading-aids-css.ts).
  css: { postcss: { plugins: [readingAidsCss()] } },
  // The manifest (dist/client/.vite/manifest.json, never served: a dotfile) tells the server which chunks and
  // stylesheets a page's blocks need, to announce them in index.html before the app asks (server/first-view.ts).
  build: { outDir: '../../dist/client', emptyOutDir: true, chunkSizeWarningLimit: 1500, manifest: true },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/prod-api', '/image-api', '/image1-api', '/image2-api', '/image3-api', PREVIEW_EVENTS_PATH].map((p) => [p, { target: apiTarget, ws: true }]),
    ),
  },
});
