import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// nginx (deploy/nginx.conf) in front of two instances on a throwaway PostgreSQL, driven through Chromium:
// `npm run test:deploy` (CI runs it; it needs Debian's nginx, postgresql, openssl and chromium). One file, one stack:
// the ports are fixed (18080, 18443, 18081-18082), so files must not run side by side.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    projects: undefined,
    globalSetup: [],
    include: ['tests/deploy/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    fileParallelism: false,
    testTimeout: 60_000,
  },
});
