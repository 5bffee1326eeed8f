import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './tests/slow-first-sequencer.js';
import { consoleSchemas } from './scripts/console-schemas-plugin.js';

// Every test lives under tests/, in a folder named after what it tests (tests/machines, tests/blocks, tests/server…).
const ALL_TESTS = ['tests/**/*.test.ts', 'tests/**/*.test.tsx'];
const SERVER_TESTS = ['tests/server/**/*.test.ts'];
const BROWSER_TESTS = ['tests/browser/**/*.test.ts'];
// tests/hostile: the slow hostile-visitor suites, run by `npm run test:hostile` (vitest.hostile.config.ts); tests/deploy:
// nginx in front of two instances on PostgreSQL, run by `npm run test:deploy` (vitest.deploy.config.ts).
const EXCLUDE = ['**/node_modules/**', 'tests/hostile/**', 'tests/deploy/**'];

export default defineConfig({
  // The console's API schemas as the build gives them (blocks/_parts/console/api-schemas.ts).
  plugins: [consoleSchemas()],
  test: {
    // include and exclude are the projects' own: `extends: true` would add the root's arrays to theirs.
    environment: 'node',
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 30000,
    hookTimeout: 60000,
    // Two cores: PGlite cold starts are CPU-bound, so keep workers to the core count.
    maxWorkers: 2,
    fileParallelism: true,
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      // The server suite shares one module graph per worker: each file builds its own server and database, and
      // importing the server afresh for each of its ~56 files was about half of its time (120 s → 67 s here alone).
      { extends: true, test: { name: 'server', include: SERVER_TESTS, exclude: EXCLUDE, isolate: false } },
      // The browser files too: each starts its own server and Chromium, and sharing the server's modules cut the
      // browser suite's CPU by a quarter (292 → 218 s here; wall 320 → 288 s).
      { extends: true, test: { name: 'browser', include: BROWSER_TESTS, exclude: EXCLUDE, isolate: false } },
      { extends: true, test: { name: 'portal', include: ALL_TESTS, exclude: [...EXCLUDE, ...SERVER_TESTS, ...BROWSER_TESTS] } },
    ],
  },
});
