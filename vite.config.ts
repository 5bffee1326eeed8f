import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

// The portal is a static SPA served by the API server in production (npm start);
// in development Vite proxies the API and image prefixes to that server.
export default defineConfig({
  root: 'engine/app',
  publicDir: false,
  plugins: [react()],
  build: { outDir: '../../dist/client', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  define: {
    __API_SIGN_KEY__: JSON.stringify(process.env.API_SIGN_KEY ?? 'tianmu-demo-sign-key'),
    __API_BASE__: JSON.stringify(process.env.API_BASE ?? '/prod-api'),
    __API_FORM_SECRET__: JSON.stringify(process.env.API_FORM_SECRET ?? 'tianmu-demo-form-secret'),
    // Image server base URLs the backend writes, each to its proxy prefix: "http://10.0.0.5:9000=/image-api,…".
    __IMAGE_REWRITES__: JSON.stringify(process.env.IMAGE_REWRITES ?? ''),
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/prod-api', '/image-api', '/image1-api', '/image2-api', '/image3-api'].map((p) => [p, { target: apiTarget, ws: true }]),
    ),
  },
});
