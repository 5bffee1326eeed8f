import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { rjsfRegistry } from './scripts/rjsf-registry-plugin.js';

/**
 * The page studio's own build (npm run studio builds it when stale): a separate entry and output folder, so nothing
 * of it is ever in the portal's bundle. The server serves it under /studio (server/studio/studio-routes.ts).
 */
export default defineConfig({
  root: 'engine/app/studio',
  base: '/studio/',
  publicDir: false,
  plugins: [react(), rjsfRegistry()],
  resolve: {
    alias: [
      { find: /^markdown-to-jsx\/react$/, replacement: fileURLToPath(new URL('engine/react/lean-markdown.ts', import.meta.url)) },
      { find: /^fast-uri$/, replacement: fileURLToPath(new URL('engine/forms/lean/uri.ts', import.meta.url)) },
    ],
  },
  build: {
    outDir: '../../../dist/studio',
    emptyOutDir: true,
    chunkSizeWarningLimit: 3000,
    rolldownOptions: { input: { studio: fileURLToPath(new URL('engine/app/studio/studio.html', import.meta.url)) } },
  },
});
