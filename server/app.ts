import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { pictureVariantsDir, type ServerConfig } from './runtime/config.js';
import { createFastify } from './runtime/fastify-instance.js';
import type { AppContext } from './api/context.js';
import type { Database } from './db/schema.js';
import { registerPlugins } from './plugins/index.js';
import { registerGuards } from './plugins/guards/index.js';
import { PlaceTree } from './plugins/places.js';
import { PortalRegions } from './delivery/portal-regions.js';
import { clientSettingsFor } from './delivery/index-html.js';
import { registerRegionPreview } from './delivery/region-preview.js';
import { registerStudio } from './studio/studio-routes.js';
import { registerClientPages } from './delivery/client-pages.js';
import { syncPlaces } from './services/places-sync.js';
import { routeModules } from './routes/index.js';
import { createSmsSender } from './services/sms-sender.js';
import { AuctionHub } from './auction/hub.js';
import { listenFor, type ListenFn } from './db/database.js';
import { registerWebSocketRoutes } from './routes/websocket.js';
import { registerPictureRoutes } from './pictures/picture-routes.js';
import { IMAGE_PROXY_PREFIXES } from '../engine/http/image-rewrite.js';
import { MESSAGES } from './api/messages.js';
import { AppMetrics } from './metrics/metrics.js';
import { allowList } from './metrics/access.js';
import { lastBackup } from './backup/status.js';

export interface BuildAppOptions {
  config: ServerConfig;
  db: Kysely<Database>;
  dbKind: 'pglite' | 'postgres';
  /** false silences request logs (tests). */
  logger?: boolean;
  /** Where log lines go instead of stdout (a test reading the real log). */
  logStream?: NodeJS.WritableStream;
  /** The region configs; loaded from config.regionsDir when absent. */
  regions?: PortalRegions;
  /** Live preview only: where the preview's messages go (each save's problems or success); the log when absent. */
  previewReport?: (line: string) => void;
  /** LISTEN/NOTIFY of the database (DatabaseHandle.listen); found behind `db` when absent. */
  listen?: ListenFn;
  /** The built client to serve (config.serveClient); dist/client when absent. */
  clientDir?: string;
}

/** The image proxy prefixes: the browser engine's list, one definition (spec §7). */
export const IMAGE_PREFIXES = IMAGE_PROXY_PREFIXES;

/** The shared services every route receives: the place tree loaded, the auction hub listening when it can. */
async function createContext(app: FastifyInstance, options: BuildAppOptions): Promise<AppContext> {
  const { config, db, dbKind } = options;
  const places = new PlaceTree(db);
  await places.load();
  const regions = options.regions ?? new PortalRegions(config.regionsDir, { fixedRegion: config.previewRegion, noPreview: config.production });
  const auction = new AuctionHub(db, app.log);
  app.decorate('metrics', new AppMetrics({ hub: auction, db }));
  // The age of the last good backup, from the database: every instance reports the same.
  app.metrics.setBackupStatusSource(async () => (await lastBackup(db)).lastOkAt);
  const ctx: AppContext = { config, db, dbKind, places, regions, sms: createSmsSender(config.smsProvider, db, app.log), auction };
  app.decorate('ctx', ctx);
  // Tests build their own database and config; DATABASE_URL still names the server their database lives on.
  const listen = options.listen ?? (await listenFor(db, dbKind, config.databaseUrl ?? process.env.DATABASE_URL));
  if (listen) await auction.start(app.metrics.countingListen(listen));
  else app.log.warn('未知 PostgreSQL 连接地址（DATABASE_URL），无法监听 NOTIFY：实时推送不可用');
  app.addHook('onClose', () => auction.stop());
  return ctx;
}

/** The API under its prefix: the guards, every route module, and a 404 that names the missing route. */
async function registerApi(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { config, db, places, dbKind } = ctx;
  await app.register(
    async (api) => {
      registerGuards(api, { config, db, places, dbKind });
      for (const register of routeModules) await register(api, ctx);
      api.setNotFoundHandler((request, reply) => {
        reply.status(404).send({ code: 404, msg: MESSAGES.common.noRoute(request.method, request.url.split('?')[0]) });
      });
    },
    { prefix: config.apiPrefix },
  );
}

/** Live preview of one region (config.previewRegion): its files are watched and each save is applied. */
function registerLivePreview(app: FastifyInstance, { config, db, places, regions }: AppContext, previewReport: BuildAppOptions['previewReport']): void {
  registerRegionPreview(app, regions, {
    dir: config.regionsDir,
    report: previewReport,
    // A town added to places.yaml shows in the area menu on save, as the rest of the region does.
    onValid: async (catalog) => {
      const log = previewReport ?? ((line: string) => app.log.info(line));
      await syncPlaces(db, catalog.places, { info: log, warn: log });
      await places.load();
    },
  });
}

/** The portal server: plugins, the API, the real-time channel, pictures and the built client, in that order. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance & { ctx: AppContext }> {
  const { config, db } = options;
  // A bad METRICS_ALLOW stops the start before anything is opened (the LISTEN connection, timers).
  allowList(config.metricsAllow);
  const app = createFastify(config, options);

  // The browser's settings come from this server's environment, read now: one client build serves every deployment.
  const clientSettings = clientSettingsFor(config);
  const ctx = await createContext(app, options);

  await registerPlugins(app, ctx);
  await registerApi(app, ctx);
  if (config.previewRegion) registerLivePreview(app, ctx, options.previewReport);
  if (config.previewRegion && config.studio) {
    await registerStudio(app, {
      dir: config.regionsDir,
      region: config.previewRegion,
      token: config.studioToken,
      clientDir: path.resolve('dist/studio'),
      afterCounty: () => void ctx.regions.reload(),
    });
  }

  // The real-time channel sits at the root: clients build its address from the region's base, not the API prefix.
  await registerWebSocketRoutes(app, ctx, ctx.auction);

  // Uploaded and demo files, under every proxy prefix the client may use: from the database, so every instance serves
  // every one; their AVIF/WebP and `?w=` variants are this instance's own disk cache (server/pictures/picture-routes.ts).
  registerPictureRoutes(app, {
    db,
    prefixes: IMAGE_PREFIXES,
    variantsDir: pictureVariantsDir(config),
    log: (message, error) => app.log.warn({ err: error }, message),
  });

  await registerClientPages(app, ctx, path.resolve(options.clientDir ?? 'dist/client'), clientSettings);

  return app as FastifyInstance & { ctx: AppContext };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** This app's Prometheus figures (server/metrics): GET /metrics serves them. */
    metrics: AppMetrics;
  }
}
