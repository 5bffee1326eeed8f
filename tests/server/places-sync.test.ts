import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPlaceTrees, type DeclaredPlace } from '../../engine/region-files/places.js';
import { syncPlaces, type SyncLog } from '../../server/services/places-sync.js';
import { loadConfig } from '../../server/runtime/config.js';
import { startServer } from '../../server/main.js';
import { startTestServer, type TestServer } from './harness.js';

/**
 * The place table follows places.yaml: written into a temp regions folder, read by the real loader, synced into the
 * real database (PGlite, or PostgreSQL under scripts/with-postgres.sh).
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-places-sync-'));

function declare(towns: string): DeclaredPlace[] {
  fs.mkdirSync(path.join(dir, 'jiande'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'jiande', 'places.yaml'),
    [
      'places:',
      '  - { name: 浙江省, deptId: 33, deptCode: "330000000000", order: 2, children: [',
      '      { name: 杭州市, deptId: 3301, deptCode: "330100000000", children: [',
      '        { name: 建德市, deptId: 330182, deptCode: "330182000000", children: [',
      towns,
      '        ] } ] } ] }',
    ].join('\n'),
  );
  const trees = loadPlaceTrees(dir, { baseDir: dir });
  expect(trees.problems).toEqual([]);
  // The tenant root, as the region catalog marks it from region.yaml's lesseeId.
  for (const p of trees.places) if (p.deptId === 330182) p.lesseeId = 105;
  return trees.places;
}

const TOWNS = [
  '          { name: 新安江街道, deptId: 330182001, deptCode: "330182001000" },',
  '          { name: 梅城镇, deptId: 330182101, deptCode: "330182101000" },',
  '          { name: 寿昌镇, deptId: 330182102, deptCode: "330182102000" },',
  '          { name: 乾潭镇, deptId: 330182103, deptCode: "330182103000" }',
];

/** The same towns after a rename, a code swap, a new order and a level change. */
const MOVED = [
  '          { name: 乾潭镇, deptId: 330182103, deptCode: "330182101000" }', // first now, and 梅城镇's code
  '          { name: 新安江街道, deptId: 330182001, deptCode: "330182001000" }',
  '          { name: 梅城古镇, deptId: 330182101, deptCode: "330182103000" }', // renamed, 乾潭镇's code
  '          { name: 寿昌镇, deptId: 330182102, deptCode: "330182102000", level: 5 }',
];
/** MOVED without 梅城古镇 and 寿昌镇. */
const KEPT = MOVED.filter((t) => !/寿昌镇|梅城古镇/.test(t));

function recordingLog(): SyncLog & { infos: string[]; warns: string[] } {
  const infos: string[] = [];
  const warns: string[] = [];
  return { infos, warns, info: (l) => infos.push(l), warn: (l) => warns.push(l) };
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const placeRows = () => server.db.selectFrom('place').selectAll().orderBy('deptId').execute();

describe('syncPlaces: the database follows places.yaml', () => {
  it('inserts every new place with parent, level, ancestors, order and the tenant lessee id', async () => {
    const log = recordingLog();
    const result = await syncPlaces(server.db, declare(TOWNS.join('\n')), log);
    expect(result.inserted).toHaveLength(7);
    const rows = await placeRows();
    expect(rows.find((r) => r.deptId === 33)).toMatchObject({ parentId: 0, level: 1, ancestors: '0', orderNum: 2, lesseeId: null });
    expect(rows.find((r) => r.deptId === 330182)).toMatchObject({ deptName: '建德市', parentId: 3301, level: 3, ancestors: '0,33,3301', lesseeId: 105 });
    expect(rows.find((r) => r.deptId === 330182102)).toMatchObject({
      deptName: '寿昌镇',
      deptCode: '330182102000',
      parentId: 330182,
      level: 4,
      ancestors: '0,33,3301,330182',
      orderNum: 3,
      lesseeId: null,
    });
    expect(log.warns).toEqual([]);
    expect(log.infos.join('\n')).toContain('新增 7 个');
  });

  it('is idempotent: a second sync with nothing changed writes nothing and says nothing', async () => {
    const log = recordingLog();
    const result = await syncPlaces(server.db, declare(TOWNS.join('\n')), log);
    expect(result).toEqual({ inserted: [], updated: [], undeclared: [], referenced: [] });
    expect(log.infos).toEqual([]);
    expect(log.warns).toEqual([]);
  });

  it('renames, re-codes, re-orders and moves places (codes may swap between two places)', async () => {
    const result = await syncPlaces(server.db, declare(MOVED.join(',\n')), recordingLog());
    expect(result.inserted).toEqual([]);
    expect(result.updated.sort()).toEqual([330182001, 330182101, 330182102, 330182103]);
    const rows = await placeRows();
    expect(rows.find((r) => r.deptId === 330182101)).toMatchObject({ deptName: '梅城古镇', deptCode: '330182103000', orderNum: 3 });
    expect(rows.find((r) => r.deptId === 330182103)).toMatchObject({ deptName: '乾潭镇', deptCode: '330182101000', orderNum: 1 });
    expect(rows.find((r) => r.deptId === 330182102)).toMatchObject({ level: 5 });
  });

  it('deletes nothing: a place no YAML declares stays; one warning names those data still refers to', async () => {
    // 寿昌镇 has a user; 梅城古镇 has nothing under it.
    await server.db.insertInto('appUser').values({ phone: '13900000182', passwordHash: 'x', name: '寿昌用户', deptId: 330182102 }).execute();
    const log = recordingLog();
    const result = await syncPlaces(server.db, declare(KEPT.join(',\n')), log);
    expect(result.undeclared.sort()).toEqual([330182101, 330182102]);
    expect(result.referenced).toEqual([330182102]);
    expect((await placeRows()).map((r) => r.deptId)).toEqual(expect.arrayContaining([330182101, 330182102]));
    expect(log.warns).toHaveLength(1);
    expect(log.warns[0]).toContain('寿昌镇（330182102）');
    expect(log.warns[0]).not.toContain('330182101');
    expect(log.infos.join('\n')).toContain('梅城古镇（330182101）');
  });

  it('refuses, with both places named, a declared code the database keeps on an undeclared place', async () => {
    const towns = [...KEPT, '          { name: 大同镇, deptId: 330182104, deptCode: "330182102000" }'];
    await expect(syncPlaces(server.db, declare(towns.join(',\n')), recordingLog())).rejects.toThrow(/大同镇（330182104）.*330182102000.*寿昌镇（330182102）/);
  });
});

describe('startServer (npm start)', () => {
  // On its own embedded database (an initdb and every migration): the PostgreSQL run of the suite skips it, as the
  // main run has checked it already.
  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'syncs the places of every places.yaml into the database before serving',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-start-sync-'));
      // Its own embedded database (not the per-file test database): startServer opens what the config names.
      const config = loadConfig({}, { dataDir, databaseUrl: undefined, port: 0, serveClient: false, logLevel: 'silent' });
      const log = console.log;
      console.log = () => {}; // the start banner
      const started = await startServer({ config, seedWhenEmpty: false }).finally(() => (console.log = log));
      try {
        const rows = await started.app.ctx.db.selectFrom('place').selectAll().execute();
        expect(rows).toHaveLength(47);
        expect(
          rows
            .filter((r) => r.lesseeId !== null)
            .map((r) => [r.deptId, r.lesseeId])
            .sort(),
        ).toEqual([
          [330127, 102],
          [370783, 104],
          [4115, 101],
          [610122, 103],
        ]);
        expect(rows.find((r) => r.deptId === 411521101)).toMatchObject({ deptName: '周党镇', ancestors: '0,41,4115,411521', level: 4 });
      } finally {
        await started.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
