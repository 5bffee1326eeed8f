import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { buildApp } from '../../server/app.js';
import { takeBackup } from '../../server/backup/create.js';
import { ArchiveError, payloadStream, verifyArchive, writeArchive } from '../../server/backup/archive.js';
import { RestoreRefused, restoreBackup } from '../../server/backup/restore.js';
import { MIGRATION_NAMES, migrateTo } from '../../server/db/database.js';
import type { Database } from '../../server/db/schema.js';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A } from './fixtures.js';
import { approve, insertBiddingProject, userWithToken, type TestUser } from './auction-helpers.js';
import { countsOf, databaseUrlOf, freshTarget, type FreshTarget } from './backup-helpers.js';

// A backup taken while bids commit, restored into a fresh database, is one moment of the auction: every project's
// price is its highest bid and every table has the rows its manifest counted. Archives that cannot be trusted are
// refused before anything changes. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
describe('backup and restore', () => {
  let server: TestServer;
  let databaseUrl: string | undefined;
  let dir: string;
  let archive: string;
  let restored: FreshTarget;
  let bidders: TestUser[];
  const projects: number[] = [];

  beforeAll(async () => {
    server = await startTestServerWithPlaces();
    databaseUrl = server.kind === 'postgres' ? await databaseUrlOf(server.db) : undefined;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-backups-'));
    bidders = [];
    for (let i = 0; i < 4; i++) bidders.push(await userWithToken(server, `1371000000${i}`, `备份竞买人${i}`));
    for (let p = 0; p < 3; p++) {
      const id = await insertBiddingProject(server.db);
      await approve(
        server.db,
        id,
        bidders.map((b) => b.userId),
      );
      projects.push(id);
    }
    restored = await freshTarget(server.kind);
  });
  afterAll(async () => {
    await restored?.drop();
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Bids on every project, one after another per project and the projects at once, until `until` resolves. */
  async function bidUntil(until: Promise<unknown>, accepted: { n: number }): Promise<void> {
    let done = false;
    void until.finally(() => (done = true));
    await Promise.all(
      projects.map(async (projectId) => {
        for (let i = 0; !done || i < 3; i++) {
          const res = await server.app.inject({
            method: 'POST',
            url: '/prod-api/api/auction/bid',
            headers: { ...server.signed(TENANT_A), ...bidders[i % bidders.length].headers },
            payload: { projectId, amount: 1100 + i * 100 },
          });
          expect(res.json().code, res.body).toBe(200);
          accepted.n++;
        }
      }),
    );
  }

  it('a backup taken while bids commit restores to a consistent auction whose counts match the manifest', async () => {
    const accepted = { n: 0 };
    let release!: () => void;
    const started = new Promise<void>((resolve) => (release = resolve));
    const backup = started.then(() => takeBackup({ db: server.db, kind: server.kind, databaseUrl, dir, trigger: 'cli' }));
    const bidding = bidUntil(backup, accepted);
    // The backup starts once bids are flowing, and bids keep coming until it has finished.
    while (accepted.n < 9) await new Promise((resolve) => setTimeout(resolve, 5));
    const before = accepted.n;
    release();
    const outcome = await backup;
    await bidding;
    if (!outcome.taken) throw new Error(outcome.reason);
    archive = outcome.file;
    expect(path.basename(archive)).toMatch(new RegExp(`^tianmu-backup-.*-${server.kind}\\.tar$`));
    const { manifest } = outcome;
    expect(manifest.kind).toBe(server.kind);
    expect(manifest.migrations.at(-1)).toBe(MIGRATION_NAMES.at(-1));
    expect(manifest.counts.bid).toBeGreaterThanOrEqual(before);
    expect(manifest.counts.bid).toBeLessThan(accepted.n);

    const result = await restoreBackup({ file: archive, target: restored.target });
    expect(result.migrated).toEqual([]);
    const db = await restored.open();
    expect(await countsOf(db)).toEqual(manifest.counts);
    const rows = await db
      .selectFrom('project')
      .leftJoin('bid', 'bid.projectId', 'project.id')
      .select(['project.id', 'project.currentPrice', 'project.bidCount'])
      .select((eb) => [eb.fn.max('bid.amount').as('top'), eb.fn.count<number>('bid.id').as('bids')])
      .where('project.id', 'in', projects)
      .groupBy(['project.id', 'project.currentPrice', 'project.bidCount'])
      .execute();
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(Number(row.bids), `project ${row.id}`).toBeGreaterThan(0);
      expect(Number(row.currentPrice), `project ${row.id}: price = highest bid`).toBe(Number(row.top));
      expect(Number(row.bidCount), `project ${row.id}: bid_count`).toBe(Number(row.bids));
    }
    // The restored portal serves the auction as the snapshot had it.
    const portal = await buildApp({ config: server.config, db, dbKind: server.kind, logger: false });
    try {
      for (const row of rows) {
        const res = await portal.inject({
          method: 'POST',
          url: '/prod-api/api/auction/state',
          headers: server.signed(TENANT_A),
          payload: { projectId: row.id },
        });
        const body = res.json() as { code: number; data: { currentPrice: number; bidCount: number; records: unknown[] } };
        expect(body.code, res.body).toBe(200);
        expect(body.data).toMatchObject({ currentPrice: Number(row.top), bidCount: Number(row.bids) });
        expect(body.data.records.length).toBe(Math.min(Number(row.bids), 50));
      }
    } finally {
      await portal.close();
    }
    await restored.close();
  });

  it('refuses a database that is not empty, naming what it holds, unless forced', async () => {
    const error = await restoreBackup({ file: archive, target: restored.target }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestoreRefused);
    expect((error as Error).message).toMatch(/目标数据库不是空的.*bid \d+ 行.*--force/);
    const forced = await restoreBackup({ file: archive, target: restored.target, force: true });
    if (forced.keptAside) fs.rmSync(forced.keptAside, { recursive: true, force: true });
    const db = await restored.open();
    expect(await countsOf(db)).toEqual(forced.manifest.counts);
    await restored.close();
  });

  /** The restored database's rows, to show a refused restore left them as they were. */
  async function restoredCounts(): Promise<Record<string, number>> {
    const db = await restored.open();
    try {
      return await countsOf(db);
    } finally {
      await restored.close();
    }
  }

  it('refuses a corrupt and a truncated archive with a clear message and changes nothing, even forced', async () => {
    const before = await restoredCounts();
    const bytes = fs.readFileSync(archive);
    const corrupt = path.join(dir, 'corrupt.tar');
    const flipped = Buffer.from(bytes);
    flipped[flipped.length - 2048] ^= 0xff; // inside the payload, near its end
    fs.writeFileSync(corrupt, flipped);
    const truncated = path.join(dir, 'truncated.tar');
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const garbage = path.join(dir, 'garbage.tar');
    fs.writeFileSync(garbage, Buffer.from('这不是备份'.repeat(200)));
    const expected: Array<[string, RegExp]> = [
      [corrupt, /备份文件已损坏：数据库内容的校验和（SHA-256）与清单不符/],
      [truncated, /备份文件不完整.*截断/],
      [garbage, /备份文件已损坏|不是田亩的备份文件/],
    ];
    for (const [file, message] of expected) {
      const error = await restoreBackup({ file, target: restored.target, force: true }).catch((e: unknown) => e);
      expect(error, file).toBeInstanceOf(ArchiveError);
      expect((error as Error).message).toMatch(message);
    }
    expect(await restoredCounts()).toEqual(before);
    if (restored.target.kind === 'pglite') {
      const aside = fs.readdirSync(path.dirname(restored.target.dataDir)).filter((n) => n.includes('before-restore'));
      expect(aside).toEqual([]);
    }
  });

  it('refuses an archive of the other database kind, saying which', async () => {
    const { manifest } = await verifyArchive(archive);
    const other = manifest.kind === 'pglite' ? 'postgres' : 'pglite';
    const payload = path.join(dir, 'payload.bin');
    const source = await verifyArchive(archive);
    await new Promise<void>((resolve, reject) =>
      payloadStream(archive, source)
        .pipe(fs.createWriteStream(payload))
        .on('finish', () => resolve())
        .on('error', reject),
    );
    const foreign = path.join(dir, 'foreign.tar');
    await writeArchive(foreign, { ...manifest, kind: other }, payload);
    const error = await restoreBackup({ file: foreign, target: restored.target, force: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestoreRefused);
    expect((error as Error).message).toMatch(/两种数据库的备份不能互相恢复/);
  });
});

describe('an archive of an older schema', () => {
  it('is restored and migrated forward', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-old-backup-'));
    const target = await freshTarget(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    const source = await freshTarget(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    try {
      // The source: a database at an older migration (before backup_run existed).
      let db: Kysely<Database>;
      if (source.target.kind === 'postgres') db = await source.open();
      else {
        const pglite = new PGlite();
        db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins: [new CamelCasePlugin()] });
      }
      await migrateTo(db, '019_production_accounts');
      const databaseUrl = source.target.kind === 'postgres' ? source.target.databaseUrl : undefined;
      const outcome = await takeBackup({ db, kind: source.target.kind, databaseUrl, dir, trigger: 'cli' });
      if (source.target.kind === 'pglite') await db.destroy();
      if (!outcome.taken) throw new Error(outcome.reason);
      expect(outcome.manifest.migrations.at(-1)).toBe('019_production_accounts');
      const result = await restoreBackup({ file: outcome.file, target: target.target });
      // Every migration after the archive's is applied, in order (021 made backup_run).
      expect(result.migrated).toEqual(MIGRATION_NAMES.slice(MIGRATION_NAMES.indexOf('019_production_accounts') + 1));
      expect(result.migrated).toContain('021_backup_runs');
      const restored = await target.open();
      expect(await restored.selectFrom('backupRun').selectAll().execute()).toEqual([]);
    } finally {
      await target.drop();
      await source.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
