import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzEveryRoute, fuzzRoutes, startFuzzServer, type FuzzServer } from './route-fuzz.js';

// Every route of schemas/api, fed hostile variants of valid requests (signed and logged in as its auth
// asks): no 5xx, every 4xx with a Chinese msg, and a refused request writes nothing. The fast version for npm test;
// tests/hostile/route-fuzz.test.ts runs many more cases.
const SEED = 142026;
let fuzz: FuzzServer;

beforeAll(async () => {
  fuzz = await startFuzzServer();
}, 120_000);
afterAll(() => fuzz?.close());

describe('request schemas', () => {
  it('bound every integer and number (minimum and maximum) and every string (maxLength or enum)', () => {
    const unbounded: string[] = [];
    const walk = (s: Record<string, any>, where: string) => {
      for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, Record<string, any>>)) walk(v, `${where}.${k}`);
      if (s.items) walk(s.items, `${where}[]`);
      if (s.enum || s.const !== undefined) return;
      const types: string[] = [].concat(s.type ?? []);
      if ((types.includes('integer') || types.includes('number')) && (s.maximum === undefined || (s.minimum === undefined && s.exclusiveMinimum === undefined)))
        unbounded.push(where);
      if (types.includes('string') && s.maxLength === undefined) unbounded.push(where);
    };
    for (const route of fuzzRoutes()) for (const [part, schema] of Object.entries(route.parts)) walk(schema!, `${route.name}.${part}`);
    expect(unbounded).toEqual([]);
  });
});

describe('route-schema fuzz (fast)', () => {
  it('answers hostile requests on every route without a 5xx, with a Chinese msg, writing nothing when refusing', async () => {
    const started = Date.now();
    const figures = await fuzzEveryRoute(fuzz, { runsPerRoute: 8, seed: SEED });
    console.log(
      `route fuzz (fast, seed ${SEED}): ${figures.routes.length} routes, ${figures.requests} requests in ${Date.now() - started} ms, ` +
        `statuses ${JSON.stringify(figures.statuses)}, 5xx ${figures.fiveXX}`,
    );
    expect(new Set(figures.routes)).toEqual(new Set(fuzzRoutes().map((r) => r.name)));
    expect(figures.fiveXX).toBe(0);
  }, 120_000);
});
