import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { Kysely } from 'kysely';
import { addSharedSchemas, apiSchemaKeywords } from './api/schemas.js';
import { pictureVariantsDir, type ServerConfig } from './runtime/config.js';
import type { AppContext } from './api/context.js';
import type { Database } from './db/schema.js';
import { frameworkErrors, registerErrorHandling } from './plugins/errors.js';
import { registerGuards } from './plugins/guards.js';
import { registerHealth } from './plugins/health.js';
import { registerRateLimits } from './plugins/rate-limits.js';
import { loggerOptions } from './plugins/log-redaction.js';
import { indexPolicy, registerSecurityHeaders } from './plugins/security-headers.js';
import { registerInputChecks } from './plugins/input-checks.js';
import { PlaceTree } from './plugins/places.js';
import { PortalRegions } from './delivery/portal-regions.js';
import { clientSettingsFor, renderIndexHtml } from './delivery/index-html.js';
import { registerRegionPreview } from './delivery/region-preview.js';
import { syncPlaces } from './services/places-sync.js';
import { documentTitle } from '../engine/runtime/title.js';
import { DEFAULT_CAMERA_SERVICE_URL } from '../machines/camera-protocol.js';
import { routeModules } from './routes/index.js';
import { createSmsSender } from './services/sms-sender.js';
import { AuctionHub } from './auction/hub.js';
import { listenFor, type ListenFn } from './db/database.js';
import { registerWebSocketRoutes } from './routes/websocket.js';
import { isAllowedUrl, URL_FORMAT } from '../engine/security/url-policy.js';
import { clientFileCacheControl, precompressDir, registerResponseCompression } from './delivery/compression.js';
import { createFirstView, homeSource } from './delivery/first-view.js';
import { registerPictureRoutes } from './pictures/picture-routes.js';
import { defaultBlocks } from '../blocks/index.js';
import { IMAGE_PROXY_PREFIXES, parseImageRewrites, rewriteImageUrls } from '../engine/http/image-rewrite.js';
import { ownPublicApi } from './api/own-api.js';
import { MESSAGES } from './api/messages.js';
import { escapeHtml } from '../engine/runtime/html-text.js';

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

/**
 * Request ids for the log (and the 500 msg that quotes one): a random prefix per process and a counter. Unique, which
 * is all an id is for; crypto.randomBytes per request cost ~25 µs (a system call each), a tenth of a cached list call.
 */
function requestIds(): () => string {
  const prefix = crypto.randomBytes(3).toString('hex');
  let n = 0;
  return () => prefix + (++n).toString(36).padStart(6, '0');
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance & { ctx: AppContext }> {
  const { config, db, dbKind } = options;
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    genReqId: requestIds(),
    ajv: {
      customOptions: {
        allowUnionTypes: true,
        coerceTypes: 'array',
        useDefaults: true,
        removeAdditional: false,
        allErrors: false,
        verbose: true,
        formats: { [URL_FORMAT]: isAllowedUrl },
      },
      plugins: [apiSchemaKeywords],
    },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    frameworkErrors,
    // While the instance stops, requests on connections already open are served (plugins/health.ts closes them after).
    return503OnClosing: false,
  });

  // The browser's settings come from this server's environment, read now: one client build serves every deployment.
  const clientSettings = clientSettingsFor(config);
  const places = new PlaceTree(db);
  await places.load();
  const regions = options.regions ?? new PortalRegions(config.regionsDir, { fixedRegion: config.previewRegion, noPreview: config.production });
  const auction = new AuctionHub(db, app.log);
  const ctx: AppContext = { config, db, dbKind, places, regions, sms: createSmsSender(config.smsProvider, db, app.log), auction };
  app.decorate('ctx', ctx);
  // Tests build their own database and config; DATABASE_URL still names the server their database lives on.
  const listen = options.listen ?? (await listenFor(db, dbKind, config.databaseUrl ?? process.env.DATABASE_URL));
  if (listen) await auction.start(listen);
  else app.log.warn('未知 PostgreSQL 连接地址（DATABASE_URL），无法监听 NOTIFY：实时推送不可用');
  app.addHook('onClose', () => auction.stop());

  registerErrorHandling(app);
  await registerHealth(app, { db, dbKind, hub: auction, config });
  await registerSecurityHeaders(app, { hsts: config.production });
  registerResponseCompression(app);
  registerInputChecks(app);
  addSharedSchemas(app);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 50 } });
  await registerRateLimits(app, db, config.rateLimits);

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

  if (config.previewRegion) {
    registerRegionPreview(app, regions, {
      dir: config.regionsDir,
      report: options.previewReport,
      // A town added to places.yaml shows in the area menu on save, as the rest of the region does.
      onValid: async (catalog) => {
        const log = options.previewReport ?? ((line: string) => app.log.info(line));
        await syncPlaces(db, catalog.places, { info: log, warn: log });
        await places.load();
      },
    });
  }

  // The real-time channel sits at the root: clients build its address from the region's base, not the API prefix.
  await registerWebSocketRoutes(app, ctx, auction);

  // Uploaded and demo files, under every proxy prefix the client may use: from the database, so every instance serves
  // every one; their AVIF/WebP and `?w=` variants are this instance's own disk cache (server/pictures/picture-routes.ts).
  registerPictureRoutes(app, {
    db,
    prefixes: IMAGE_PREFIXES,
    variantsDir: pictureVariantsDir(config),
    log: (message, error) => app.log.warn({ err: error }, message),
  });

  const clientDir = path.resolve(options.clientDir ?? 'dist/client');
  if (config.serveClient && fs.existsSync(path.join(clientDir, 'index.html'))) {
    const template = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
    const imageRewrites = parseImageRewrites(config.imageRewrites);
    const askOwnApi = ownPublicApi(app, config);
    // Each route's block chunks and lead pictures, fetched ahead by the page (server/delivery/first-view.ts). A lead picture that
    // comes from data (the carousel's first slide) is asked of this server's own API, as the browser would ask it.
    const firstView = createFirstView({
      clientDir,
      root: path.resolve('engine/app'),
      definitions: defaultBlocks,
      blocksDir: path.resolve('blocks'),
      loginModules: { always: [path.resolve('engine/react/session-machine')], liveChannel: [path.resolve('engine/react/channel-machine')] },
      loadSource: async (source, region) => {
        const resolved = homeSource(source, region);
        if (resolved.kind !== 'call') return undefined;
        const envelope = await askOwnApi(resolved.call, resolved, String(resolved.deptId ?? region.deptId));
        return envelope?.code === 200 ? rewriteImageUrls(envelope.data, imageRewrites) : undefined;
      },
      firstViewAnswersUrl: `${clientSettings.apiBase}/portal/first-view`,
    });
    // Every page is index.html with the host's region written in: the first paint needs no config round trip.
    const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
      const preview = (request.query as { region?: string } | undefined)?.region;
      const region = regions.forRequest(request.headers.host, typeof preview === 'string' ? preview : undefined);
      if (!region) {
        return reply
          .status(404)
          .type('text/html; charset=utf-8')
          .send(
            `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>${MESSAGES.portal.regionMissingTitle}</title><p>${escapeHtml(MESSAGES.portal.regionMissingPage(String(preview)))}</p></html>`,
          );
      }
      const { html, scriptHash } = renderIndexHtml(template, clientSettings, region, documentTitle(region), await firstView(region));
      const policy = indexPolicy({
        scriptHash,
        host: request.headers.host,
        sockets: [region.webSocketUrl, region.documentCameraUrl ?? DEFAULT_CAMERA_SERVICE_URL],
      });
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('content-security-policy', policy).send(html);
    };
    app.get('/', sendIndex);
    app.get('/index.html', sendIndex);
    // The build writes each file's .br/.gz twin; a client built otherwise gets them now, once.
    precompressDir(clientDir);
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      decorateReply: true,
      index: false,
      preCompressed: true,
      cacheControl: false,
      // Nothing under a dot folder: the build manifest (.vite/) is the server's, not the visitor's.
      allowedPath: (pathName) => !pathName.split('/').some((segment) => segment.startsWith('.')),
      // Hashed assets for a year; anything else in the build is revalidated. The same address answers br, gzip or
      // plain by Accept-Encoding, so shared caches must keep them apart.
      setHeaders: (res, sentPath) => {
        res.setHeader('cache-control', clientFileCacheControl(clientDir, sentPath));
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
    app.setNotFoundHandler((request, reply) => {
      // Hash routing means every page is index.html; unknown asset, API and image paths still 404 (JSON).
      const urlPath = request.url.split('?')[0];
      const notPage = [config.apiPrefix, ...IMAGE_PREFIXES, '/websocket'].some((p) => urlPath === p || urlPath.startsWith(`${p}/`));
      if (request.method === 'GET' && !notPage && !path.extname(urlPath)) return sendIndex(request, reply);
      reply.status(404).send({ code: 404, msg: MESSAGES.common.notFound });
    });
  }

  return app as FastifyInstance & { ctx: AppContext };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
