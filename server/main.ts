import fs from 'node:fs';
import { buildApp } from './app.js';
import { loadConfig, type ServerConfig } from './runtime/config.js';
import { migrateToLatest, openDatabase, pgliteDir } from './db/database.js';
import { isDatabaseEmpty, seedDemo } from './seed/index.js';
import { imagesDir } from './runtime/config.js';
import { importFolder, importReport } from './pictures/import-folder.js';
import { PortalRegions, RegionConfigError } from './delivery/portal-regions.js';
import { StatusScheduler } from './auction/scheduler.js';
import { syncPlaces } from './services/places-sync.js';
import { storeStockPictures } from './seed/demo-files.js';
import { ProductionConfigError, demoAccountProblems, productionSettingProblems } from './runtime/production.js';
import { gracefulStop } from './runtime/shutdown.js';
import { BackupScheduler } from './backup/schedule.js';
import { pruneRecords } from './db/retention.js';
import { checkedTrustProxy } from './runtime/trust-proxy.js';
import { allowList } from './metrics/access.js';
import { dbNow } from './auction/transaction.js';
import { registerOperatorBackup } from './backup/operator.js';

export interface StartOptions {
  config?: ServerConfig;
  /** Seed the demo data when the database has no places yet (npm start does; never in production). */
  seedWhenEmpty?: boolean;
  /** Live preview (config.previewRegion) only: where each save's outcome is printed. */
  previewReport?: (line: string) => void;
}

/** Opens the database, migrates, seeds an empty one, and listens. Returns a stop function. */
export async function startServer(options: StartOptions = {}) {
  const config = options.config ?? loadConfig();
  // Region files first: a config author's mistake stops the start with every problem listed, before any work.
  const regions = new PortalRegions(config.regionsDir, { fixedRegion: config.previewRegion, noPreview: config.production });
  const catalog = regions.load();
  if (config.previewRegion && !catalog.regions.some((r) => r.id === config.previewRegion)) {
    throw new RegionConfigError([`地区不存在：${config.previewRegion}（可选：${catalog.regions.map((r) => r.id).join('、')}）`]);
  }
  // The settings naming addresses stop a start before any work too, each bad entry named (TRUST_PROXY, METRICS_ALLOW).
  checkedTrustProxy(config.trustProxy);
  allowList(config.metricsAllow);
  // Production refuses the demo's secrets before touching the database, and its accounts right after migrating.
  if (config.production) {
    const problems = productionSettingProblems(config);
    if (problems.length) throw new ProductionConfigError(problems);
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
  // Pictures an older version kept on this instance's disk move into the database, where every instance reads them.
  const report = importReport(await importFolder(handle.db, imagesDir(config)), imagesDir(config));
  if (report) console.log(report);
  if (config.production) {
    if (handle.kind === 'pglite')
      console.warn(
        `生产模式使用内置 PGlite：只能运行一个实例，且数据只在本机磁盘上。${config.backupEveryMs ? '' : '请设置 BACKUP_EVERY 定时备份（或定期运行 npm run backup）；'}多实例时请设置 DATABASE_URL 使用 PostgreSQL。`,
      );
    const problems = await demoAccountProblems(handle.db);
    if (problems.length) {
      await handle.close();
      throw new ProductionConfigError(problems);
    }
    const stock = await storeStockPictures(handle.db);
    if (stock) console.log(`地区配置所用的图库图片：新存入数据库 ${stock} 张`);
  } else if (options.seedWhenEmpty && (await isDatabaseEmpty(handle.db))) {
    const t0 = Date.now();
    console.log('数据库为空，正在写入演示数据…');
    await seedDemo(handle.unbounded, { pictures: true, log: (line) => console.log(`  ${line}`) });
    console.log(`演示数据写入完成（${((Date.now() - t0) / 1000).toFixed(1)} s）`);
  }
  // The place table follows the regions' places.yaml (after the seed, which fills only an empty database).
  await syncPlaces(handle.db, catalog.places, { info: (line) => console.log(line), warn: (line) => console.warn(line) });
  const app = await buildApp({ config, db: handle.db, dbKind: handle.kind, regions, listen: handle.listen, previewReport: options.previewReport });
  for (const deadEnd of regions.deadEnds) app.log.warn(`地区配置有待修正之处（门户照常启动）：${deadEnd}`);
  // PGlite's folder is this process's alone: npm run backup asks this server for the backup (backup/operator.ts).
  const operator =
    handle.kind === 'pglite'
      ? registerOperatorBackup(app, { db: handle.unbounded, dataDir: pgliteDir(config.dataDir), backupDir: config.backupDir })
      : undefined;
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  if (operator && address && typeof address === 'object') operator.announce(address.port);
  // Statuses follow the clock and ended auctions are decided here; every instance may run one (changes are conditional).
  const scheduler = new StatusScheduler(handle.db, {
    log: { info: (m) => app.log.info(m), error: (e) => app.log.error(e) },
    onPass: (pass) => app.metrics.observeSchedulerPass(pass),
    // Records that serve a while only (bid keys, backup history) go once past their retention; hourly is plenty.
    housekeeping: {
      everyMs: 3_600_000,
      run: async () => {
        const pruned = await pruneRecords(handle.db, { bidKeyDays: config.bidKeyKeepDays, backupRunDays: config.backupRunKeepDays }, await dbNow(handle.db));
        if (pruned.bidKeys || pruned.backupRuns) app.log.info(`按保留期限清理：竞价防重键 ${pruned.bidKeys} 条，备份记录 ${pruned.backupRuns} 条`);
      },
    },
  });
  scheduler.start();
  // Scheduled backups (BACKUP_EVERY): on connections without a statement timeout, since a dump outlasts any request.
  const backups = config.backupEveryMs
    ? new BackupScheduler({
        db: handle.unbounded,
        kind: handle.kind,
        databaseUrl: config.databaseUrl,
        dir: config.backupDir,
        everyMs: config.backupEveryMs,
        keep: config.backupKeep,
        log: { info: (m) => app.log.info(m), error: (m) => app.log.error(m) },
      })
    : undefined;
  backups?.start();
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}/`;
  console.log(
    `\n田亩门户已启动：${url}\n地区：${catalog.regions.map((r) => r.id).join('、')}${config.production ? '' : `（预览其他地区：${url}?region=<地区标识>）`}\n接口前缀：${url.replace(/\/$/, '')}${config.apiPrefix}   数据库：${handle.kind === 'pglite' ? `PGlite（${pgliteDir(config.dataDir)}）` : 'PostgreSQL'}${config.production ? '   生产模式' : ''}\n`,
  );
  const both = {
    stop: () => {
      operator?.withdraw();
      return Promise.all([scheduler.stop(), backups?.stop()]).then(() => undefined);
    },
  };
  const stop = () => gracefulStop({ app, scheduler: both, database: handle, graceMs: config.shutdownGraceMs });
  return { app, url, stop };
}
