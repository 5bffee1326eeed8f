import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { definedRoutes, type RouteRequest } from '../../server/api/schemas.js';
import type { SessionUser } from '../../server/services/sessions.js';
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

describe('route request types', () => {
  // Compile-time: `npm test` type-checks this file, so a route whose schema requires an account and whose handler
  // still sees `user` as optional (or a visitor route that claims one) fails before any test runs.
  it('give a signed-in route a present user and a visitor route an optional one', () => {
    expectTypeOf<RouteRequest<'updatePwd'>['user']>().toEqualTypeOf<SessionUser>();
    expectTypeOf<RouteRequest<'adminArticleSave'>['user']>().toEqualTypeOf<SessionUser>();
    expectTypeOf<RouteRequest<'newsList'>['user']>().toEqualTypeOf<SessionUser | undefined>();
    expect(Object.keys(API_ROUTES)).toContain('updatePwd');
  });
});
