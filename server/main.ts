import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig, type ServerConfig } from './config.js';
import { migrateToLatest, openDatabase, pgliteDir } from './db/database.js';
import { isDatabaseEmpty, seedDemo } from './seed/index.js';
import { imagesDir } from './config.js';
import { PortalRegions, RegionConfigError } from './portal-regions.js';
import { StatusScheduler } from './auction/scheduler.js';
import { syncPlaces } from './places-sync.js';
import { gracefulStop } from './shutdown.js';

export interface StartOptions {
  config?: ServerConfig;
  /** Seed the demo data when the database has no places yet (npm start does). */
  seedWhenEmpty?: boolean;
  /** Live preview (config.previewRegion) only: where each save's outcome is printed. */
  previewReport?: (line: string) => void;
}

/** Opens the database, migrates, seeds an empty one, and listens. Returns a stop function. */
export async function startServer(options: StartOptions = {}) {
  const config = options.config ?? loadConfig();
  // Region files first: a config author's mistake stops the start with every problem listed, before any work.
  const regions = new PortalRegions(config.regionsDir, { fixedRegion: config.previewRegion });
  const catalog = regions.load();
  if (config.previewRegion && !catalog.regions.some((r) => r.id === config.previewRegion)) {
    throw new RegionConfigError([`地区不存在：${config.previewRegion}（可选：${catalog.regions.map((r) => r.id).join('、')}）`]);
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const handle = await openDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl, statementTimeoutMs: config.dbStatementTimeoutMs, connectTimeoutMs: config.dbConnectTimeoutMs }
      : { dataDir: pgliteDir(config.dataDir) },
  );
  // Migrations and the seed may run longer than any request may: on the connection no statement timeout cuts.
  const applied = await migrateToLatest(handle.unbounded);
  if (applied.length) console.log(`数据库迁移完成：${applied.join(', ')}`);
  if (options.seedWhenEmpty && (await isDatabaseEmpty(handle.db))) {
    const t0 = Date.now();
    console.log('数据库为空，正在写入演示数据…');
    await seedDemo(handle.unbounded, { imagesDir: path.join(imagesDir(config), 'demo'), log: (line) => console.log(`  ${line}`) });
    console.log(`演示数据写入完成（${((Date.now() - t0) / 1000).toFixed(1)} s）`);
  }
  // The place table follows the regions' places.yaml (after the seed, which fills only an empty database).
  await syncPlaces(handle.db, catalog.places, { info: (line) => console.log(line), warn: (line) => console.warn(line) });
  const app = await buildApp({ config, db: handle.db, dbKind: handle.kind, regions, listen: handle.listen, previewReport: options.previewReport });
  await app.listen({ host: config.host, port: config.port });
  // Statuses follow the clock and ended auctions are decided here; every instance may run one (changes are conditional).
  const scheduler = new StatusScheduler(handle.db, { log: { info: (m) => app.log.info(m), error: (e) => app.log.error(e) } });
  scheduler.start();
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}/`;
  console.log(
    `\n田亩门户已启动：${url}\n地区：${catalog.regions.map((r) => r.id).join('、')}（预览其他地区：${url}?region=<地区标识>）\n接口前缀：${url.replace(/\/$/, '')}${config.apiPrefix}   数据库：${handle.kind === 'pglite' ? `PGlite（${pgliteDir(config.dataDir)}）` : 'PostgreSQL'}\n`,
  );
  const stop = () => gracefulStop({ app, scheduler, database: handle, graceMs: config.shutdownGraceMs });
  return { app, url, stop };
}
