import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/seed/index.js';
import { defaultBlocks } from '../../blocks/index.js';
import { firstPageSources } from '../../engine/runtime/page-sources.js';
import { API_ROUTES, type ApiRouteName } from '../../schemas/types/api.js';
import type { Region } from '../../schemas/types/region.js';
import { startTestServer, type TestServer } from './harness.js';

// The first view's answers (GET /portal/first-view): what index.html's inline script fetches as a page starts, so
// the app renders a route's blocks from one response instead of a dozen requests made once its code has run.
let server: TestServer;
let chunan: Region;
const blocks = new Map(defaultBlocks.map((d) => [d.type, d]));

beforeAll(async () => {
  server = await startTestServer();
  await seedDemo(server.db, { projects: 40, now: new Date('2026-11-20T02:00:00Z') });
  await server.reloadPlaces();
  chunan = server.app.ctx.regions.forRequest(undefined, 'chunan')!;
});
afterAll(() => server?.close());

interface Answers {
  deptId: string;
  answers: Record<string, { code: number; data: unknown }>;
}

async function firstView(hash: string, region = 'chunan') {
  const res = await server.app.inject({ method: 'GET', url: `/prod-api/portal/first-view?region=${region}&hash=${encodeURIComponent(hash)}` });
  return { status: res.statusCode, json: res.json() as { code: number; msg: string; data: Answers } };
}

/** The envelope a browser gets for a call, asked directly (signed, for a place). */
async function direct(call: ApiRouteName, input: { query?: Record<string, unknown>; body?: Record<string, unknown> }, deptId: number | string) {
  const route = API_ROUTES[call];
  const qs = input.query ? `?${new URLSearchParams(Object.entries(input.query).map(([k, v]) => [k, String(v)]))}` : '';
  const res = await server.app.inject({
    method: route.method as 'GET' | 'POST',
    url: `/prod-api${route.url}${qs}`,
    headers: server.signed(Number(deptId)),
    ...(route.method === 'GET' ? {} : { payload: input.body ?? {} }),
  });
  return res.json() as { code: number; data: unknown };
}

describe('the first view’s answers', () => {
  it('answer every public source the home’s blocks show a visitor, each as its own call answers it', async () => {
    const { status, json } = await firstView('#/');
    expect(status).toBe(200);
    expect(json.data.deptId).toBe(String(chunan.deptId));
    const home = firstPageSources(chunan, '#/', { loggedIn: false }, (type) => blocks.get(type))!;
    const keys = [...new Set(home.sources.map((s) => s.key))];
    // Every one of the home's sources: the nav's places and categories, the carousel, the lists, the site data.
    expect(Object.keys(json.data.answers).sort()).toEqual([...keys].sort());
    expect(keys.length).toBeGreaterThanOrEqual(12);
    for (const { key, resolved } of home.sources) {
      const source =
        resolved.kind === 'siteData'
          ? {
              ...(chunan.siteData as Record<string, { call: string; query?: Record<string, unknown>; body?: Record<string, unknown> }>)[resolved.key]!,
              deptId: undefined,
            }
          : resolved;
      const expected = await direct(
        source.call as ApiRouteName,
        source,
        resolved.kind === 'call' && resolved.deptId !== undefined ? resolved.deptId : chunan.deptId,
      );
      expect(expected.code, key).toBe(200);
      expect(json.data.answers[key], key).toEqual(expected);
    }
  });

  it('are asked for the place the address names (a place window), and with the address’s query', async () => {
    const town = await server.db
      .selectFrom('place')
      .select(['deptId', 'deptName'])
      .where('level', '=', 4)
      .where('parentId', '=', chunan.deptId)
      .executeTakeFirstOrThrow();
    const hash = `#/pressCenter?page=2&deptId=${town.deptId}&deptName=${encodeURIComponent(town.deptName)}`;
    const { json } = await firstView(hash);
    expect(json.data.deptId).toBe(String(town.deptId));
    const page = firstPageSources(chunan, hash, { loggedIn: false }, (type) => blocks.get(type))!;
    const list = page.sources.find(
      (s) => s.resolved.kind === 'call' && s.resolved.call === 'newsList' && (s.resolved.body as { pageNum?: unknown })?.pageNum === '2',
    );
    expect(list, 'the page’s list, on page 2').toBeDefined();
    if (list?.resolved.kind !== 'call') return;
    expect(json.data.answers[list.key]).toEqual(await direct('newsList', list.resolved, town.deptId));
    // The town's answer, not the county's.
    expect(json.data.answers[list.key]).not.toEqual(await direct('newsList', list.resolved, chunan.deptId));
  });

  it('hold nothing for a page no route has, and refuse an unknown region or an address too long, saying why', async () => {
    expect((await firstView('#/no-such-page')).json.data).toEqual({ deptId: String(chunan.deptId), answers: {} });
    const unknown = await firstView('#/', 'no-such-region');
    expect(unknown.status).toBe(404);
    expect(unknown.json.msg).toContain('no-such-region');
    const long = await firstView(`#/pressCenter?q=${'x'.repeat(2100)}`);
    expect(long.status).toBe(400);
    expect(long.json.msg).toBeTruthy();
  });

  it('a hostile address (a NUL, a broken place, a header in the place) gets a 4xx or no answers, never a 5xx', async () => {
    expect((await firstView('#/\u0000')).status).toBe(400);
    for (const hash of ['#/?deptId=%0d%0aX-Evil:%201', '#/?deptId=99999999999999999999999', '#/?deptId=abc', '#/pressCenter/pressCenterDetail?id=-1']) {
      const { status, json } = await firstView(hash);
      expect(status, hash).toBeLessThan(500);
      if (status === 200) for (const answer of Object.values(json.data.answers)) expect(answer.code).toBe(200);
    }
  });
});
