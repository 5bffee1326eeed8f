import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definedRoutes } from '../../server/api/schemas.js';
import { API_ROUTES } from '../../schemas/types/api.js';
import { startTestServer, type TestServer } from './harness.js';

// Schema-first: the routes the server answers are the routes of schemas/api — each with exactly one
// handler, none without a schema, none in the schemas left without a handler. (Each handler is typed by its route:
// `defineRoute` takes the route's query and body and must return its envelope, so tsc checks the rest.)
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(() => server?.close());

describe('API routes', () => {
  it('every route of schemas/api has exactly one handler, and every handler a route', () => {
    const defined = [...definedRoutes(server.app)].sort();
    const twice = defined.filter((name, i) => defined[i - 1] === name);
    expect(twice).toEqual([]);
    expect(defined).toEqual(Object.keys(API_ROUTES).sort());
  });
});
