import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzEveryRoute, fuzzRoutes, startFuzzServer, type FuzzServer } from '../server/route-fuzz.js';

// The full route-schema fuzz: every route of schemas/api, many hostile variants of valid requests each
// (out-of-range and NaN-ish numbers, NUL and control characters, huge and deep values, wrong types, missing and extra
// fields, broken bodies and headers), signed and logged in as the route asks. No 5xx, a Chinese msg on every 4xx,
// nothing written by a refused request. The seed is fixed and printed: FUZZ_SEED=<n> replays another.
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 45);
let fuzz: FuzzServer;

beforeAll(async () => {
  fuzz = await startFuzzServer();
}, 120_000);
afterAll(() => fuzz?.close());

describe('route-schema fuzz (full)', () => {
  it('answers every hostile request without a 5xx, with a Chinese msg, writing nothing when refusing', async () => {
    console.log(`route fuzz (full): seed ${SEED}, ${RUNS} cases per route (replay with FUZZ_SEED=${SEED})`);
    const started = Date.now();
    const figures = await fuzzEveryRoute(fuzz, { runsPerRoute: RUNS, seed: SEED });
    const unreached = Object.entries(figures.reached)
      .filter(([, n]) => n === 0)
      .map(([name]) => name);
    console.log(
      [
        `route fuzz (full, seed ${SEED}): ${figures.routes.length} routes covered, ${figures.requests} requests in ${Date.now() - started} ms`,
        `  statuses: ${Object.entries(figures.statuses)
          .map(([s, n]) => `${s}×${n}`)
          .join(' ')}`,
        `  past the guards (not 401/403/429): ${Object.values(figures.reached).reduce((a, b) => a + b, 0)}; routes never past them: ${unreached.join(', ') || 'none'}`,
        `  5xx: ${figures.fiveXX}`,
      ].join('\n'),
    );
    expect(new Set(figures.routes)).toEqual(new Set(fuzzRoutes().map((r) => r.name)));
    expect(figures.fiveXX).toBe(0);
    expect(unreached).toEqual([]);
  }, 300_000);
});
