import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as migration010 } from '../../server/db/migrations/010_caodi_finance_category.js';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A, TENANT_B } from './fixtures.js';
import { callAs } from './listings-helpers.js';

// 草地金融 (015002): the financial services of a grassland region (flags.changeJRFWtoCaodi), read with newsList.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServerWithPlaces();
  await server.db
    .insertInto('article')
    .values([
      { deptId: TENANT_A, number: '015002', title: '草原承包经营权抵押贷款业务办理指南', content: '<p>草原</p>', logintime: new Date('2026-01-02T00:00:00Z') },
      { deptId: TENANT_A, number: '015001', title: '惠农e贷产品介绍', content: '<p>贷款</p>', logintime: new Date('2026-01-03T00:00:00Z') },
      { deptId: TENANT_B, number: '015002', title: '另一地区的草地金融', content: '<p>草原</p>', logintime: new Date('2026-01-04T00:00:00Z') },
    ])
    .execute();
});
afterAll(() => server.close());

describe('草地金融 category 015002', () => {
  it('exists once after the migrations, and migration 010 is idempotent over a database that has it', async () => {
    const rows = await server.db.selectFrom('articleCategory').selectAll().where('number', '=', '015002').execute();
    expect(rows).toMatchObject([{ number: '015002', name: '草地金融', key: 'caodijinrong', parentNumber: null }]);
    await migration010(server.db as never);
    const again = await server.db
      .selectFrom('articleCategory')
      .select(sql<string>`count(*)`.as('n'))
      .where('number', '=', '015002')
      .executeTakeFirstOrThrow();
    expect(Number(again.n)).toBe(1);
  });

  it('newsList with number 015002 lists the region’s grassland finance articles only', async () => {
    const res = await callAs(server, TENANT_A, 'newsList', { body: { number: '015002', pageNum: 1, pageSize: 10 } });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.total).toBe(1);
    expect(data.rows.map((r: { title: string }) => r.title)).toEqual(['草原承包经营权抵押贷款业务办理指南']);
  });
});
