import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import type { ChunkingContext } from 'rolldown';
import react from '@vitejs/plugin-react';
import { loadConfig } from './server/runtime/config.js';
import { readingAidsCss } from './scripts/reading-aids-css.js';
import { clientSettingsFor, PREVIEW_EVENTS_PATH, settingsScript } from './server/delivery/index-html.js';
import { precompressDir } from './server/delivery/compression.js';
import { rjsfRegistry } from './scripts/rjsf-registry-plugin.js';
import { consoleSchemas } from './scripts/console-schemas-plugin.js';

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
 * sends to browsers that accept them (server/delivery/compression.ts), so no request pays for compressing a static file.
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

/**
 * The entry and everything it imports statically (React, the router, XState, the engine's shell) in one chunk: the
 * browser opens at most 6 connections to a host over HTTP/1.1, and the ~16 small chunks the splitter made of the
 * shell queued behind each other and behind the route's block chunks. Block chunks stay apart (a page fetches its
 * own); what is reached only through `import()` keeps its own chunk — except the blocks that frame every page
 * (FRAME_BLOCKS), whose code every first view fetches anyway: with them, 8 small chunks (5 KB gzip) fewer per page.
 */
function shellChunk(moduleId: string, ctx: ChunkingContext): string | null {
  shell ??= shellModules(moduleId, ctx);
  return shell.has(moduleId) ? 'index' : null;
}
let shell: Set<string> | undefined;

/** The entry's static import graph: found by walking up from any module to the entry, then down its static imports. */
function shellModules(anyModule: string, ctx: ChunkingContext): Set<string> {
  const seen = new Set<string>([anyModule]);
  const queue = [anyModule];
  let entry: string | undefined;
  while (queue.length && !entry) {
    const info = ctx.getModuleInfo(queue.shift()!);
    if (!info) continue;
    if (info.isEntry) entry = info.id;
    for (const next of [...info.importers, ...info.dynamicImporters]) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  const members = new Set<string>();
  const staticClosure = (from: string[]) => {
    const down = [...from];
    while (down.length) {
      const id = down.pop()!;
      if (members.has(id)) continue;
      members.add(id);
      down.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
  };
  if (!entry) return members;
  staticClosure([entry]);
  // The frame blocks are reached through the block registry's import(): look for them among everything the entry
  // reaches, then take each with its own static imports.
  const reached = new Set<string>([entry]);
  const walk = [entry];
  while (walk.length) {
    const info = ctx.getModuleInfo(walk.pop()!);
    for (const next of [...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? [])]) {
      if (reached.has(next) || next.includes('node_modules')) continue;
      reached.add(next);
      walk.push(next);
    }
  }
  staticClosure([...reached].filter((id) => FRAME_BLOCKS.test(id)));
  return members;
}

/** The header, the main navigation and the footer: drawn on every page of every region's default layout. */
const FRAME_BLOCKS = /[\\/]blocks[\\/](?:site-header|main-nav|site-footer)[\\/]/;

// The portal is a static SPA served by the API server in production (npm start), which writes the deployment
// settings and the region into each page; in development Vite proxies the API and image prefixes to that server.
export default defineConfig({
  root: 'engine/app',
  publicDir: false,
  plugins: [react(), devSettings(), precompress(), rjsfRegistry(), consoleSchemas()],
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
  // stylesheets a page's blocks need, to announce them in index.html before the app asks (server/delivery/first-view.ts).
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // One stylesheet (26 KB gzip, all blocks'), not one per chunk: a home of 20 blocks asked for ~22 stylesheets, each
    // a <link> the inline script inserts (~0.2 ms each at 1×) and a request on HTTP/1.1's 6 connections ahead of the
    // block chunks. chunan's last card at 4×: 850 → 715 ms (bench:bundle, medians of 11).
    cssCodeSplit: false,
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: shellChunk, debugName: 'shell' }] } } },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/prod-api', '/image-api', '/image1-api', '/image2-api', '/image3-api', PREVIEW_EVENTS_PATH].map((p) => [p, { target: apiTarget, ws: true }]),
    ),
  },
});
