import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './tests/slow-first-sequencer.js';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx', 'machines/**/*.test.ts', 'engine/**/*.test.ts', 'blocks/**/*.test.ts', 'blocks/**/*.test.tsx'],
    // tests/hostile: the slow hostile-visitor suites, run by `npm run test:hostile` (vitest.hostile.config.ts).
    exclude: ['**/node_modules/**', 'tests/hostile/**'],
    environment: 'node',
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 30000,
    hookTimeout: 60000,
    // Two cores: PGlite cold starts are CPU-bound, so keep workers to the core count.
    maxWorkers: 2,
    fileParallelism: true,
    sequence: { sequencer: SlowFirstSequencer },
  },
});
