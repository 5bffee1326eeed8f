import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_REGIONS, seedDemo } from '../../server/seed/index.js';
import { TOWN_ARTICLE_MINIMUM } from '../../server/seed/content.js';
import { startTestServer, type TestServer } from './harness.js';

// A place window (a town opened from the area menu or the town map) asks with the town's deptId: every town of the
// demo regions has its own news, picture news and notices, and the server answers with that town's rows only.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await seedDemo(server.db, { projects: 120, now: new Date('2026-03-15T02:30:00.000Z') });
  await server.reloadPlaces();
});
afterAll(() => server?.close());

async function call(url: string, deptId: number, body: object = {}) {
  const res = await server.app.inject({ method: 'POST', url, headers: server.signed(deptId), payload: body });
  return { status: res.statusCode, json: res.json() as { code: number; data: { rows: Array<{ id: number; title: string }>; total: number } & unknown[] } };
}

describe('place windows over the demo data', () => {
  it('gives every town of every demo region its own articles in the categories a place page shows', async () => {
    const towns = await server.db.selectFrom('place').select(['deptId', 'deptName']).where('level', '=', 4).execute();
    expect(towns.length).toBeGreaterThanOrEqual(33);
    const counts = await server.db
      .selectFrom('article')
      .select(['deptId', 'number', (eb) => eb.fn.countAll<number>().as('n')])
      .where('number', 'in', Object.keys(TOWN_ARTICLE_MINIMUM))
      .groupBy(['deptId', 'number'])
      .execute();
    for (const town of towns) {
      for (const [number, minimum] of Object.entries(TOWN_ARTICLE_MINIMUM)) {
        const n = Number(counts.find((c) => c.deptId === town.deptId && c.number === number)?.n ?? 0);
        expect(n, `${town.deptName} ${number}`).toBeGreaterThanOrEqual(minimum);
      }
    }
    // A town's own titles name the town.
    const own = await server.db
      .selectFrom('article')
      .innerJoin('place', 'place.deptId', 'article.deptId')
      .select(['title', 'deptName'])
      .where('place.level', '=', 4)
      .execute();
    for (const a of own) expect(a.title).toContain(a.deptName);
  });

  it('answers a town’s newsList with that town’s articles only, and its townList with the town first', async () => {
    const chunan = DEMO_REGIONS.find((r) => r.key === 'chunan')!;
    const town = await server.db.selectFrom('place').selectAll().where('parentId', '=', chunan.deptId).orderBy('orderNum').executeTakeFirstOrThrow();
    const news = await call('/prod-api/api/newsList', town.deptId, { number: '001017', pageNum: 1, pageSize: 50 });
    expect(news.status).toBe(200);
    const ids = news.json.data.rows.map((r) => r.id);
    expect(ids.length).toBeGreaterThanOrEqual(TOWN_ARTICLE_MINIMUM['001017']);
    const rows = await server.db.selectFrom('article').select(['id', 'deptId']).where('id', 'in', ids).execute();
    expect(new Set(rows.map((r) => r.deptId))).toEqual(new Set([town.deptId]));
    const places = await call('/prod-api/api/townList?maxLevel=4&includeSelf=true', town.deptId);
    expect((places.json.data as unknown as Array<{ deptName: string }>)[0].deptName).toBe(town.deptName);
  });
});
