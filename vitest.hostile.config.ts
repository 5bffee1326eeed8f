import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// The hostile-visitor suites (issue 14) that take longer than `npm test` should: the XSS corpus rendered in Chromium,
// the route-schema fuzz at full size, floods against the limits, replay and the header policy. `npm run test:hostile`
// runs them (CI does, after `npm test`); each prints its figures. Not mergeConfig: it would append to the base's
// exclude list, which excludes tests/hostile itself.
export default defineConfig({ test: { ...base.test, include: ['tests/hostile/**/*.test.ts'], exclude: ['**/node_modules/**'] } });
