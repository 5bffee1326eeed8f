import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// The hostile-visitor suites that take longer than `npm test` should: the XSS corpus rendered in Chromium,
// the route-schema fuzz at full size, floods against the limits, replay and the header policy. `npm run test:hostile`
// runs them (CI does, after `npm test`); each prints its figures. Not mergeConfig: it would concatenate the base's
// exclude (which leaves tests/hostile out) instead of replacing it. One project: the base's two split `npm test`'s files.
export default defineConfig({ ...base, test: { ...base.test, projects: undefined, include: ['tests/hostile/**/*.test.ts'], exclude: ['**/node_modules/**'] } });
