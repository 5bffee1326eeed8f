import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppContext } from '../api/context.js';
import type { ClientSettings } from '../../engine/runtime/client-settings.js';
import { renderIndexHtml } from './index-html.js';
import { clientFileCacheControl, precompressDir } from './compression.js';
import { createFirstView, homeSource } from './first-view.js';
import { indexPolicy } from '../plugins/security-headers.js';
import { ownPublicApi } from '../api/own-api.js';
import { MESSAGES } from '../api/messages.js';
import { documentTitle } from '../../engine/runtime/title.js';
import { escapeHtml } from '../../engine/runtime/html-text.js';
import { DEFAULT_CAMERA_SERVICE_URL } from '../../machines/camera-protocol.js';
import { IMAGE_PROXY_PREFIXES, parseImageRewrites, rewriteImageUrls } from '../../engine/http/image-rewrite.js';
import { defaultBlocks } from '../../blocks/index.js';

type SendIndex = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/** Every page is index.html with the host's region written in: the first paint needs no config round trip. */
function indexSender(app: FastifyInstance, { config, regions }: AppContext, clientDir: string, clientSettings: ClientSettings): SendIndex {
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
  return async (request, reply) => {
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
}

/** The built client's files: precompressed twins, long-lived hashed assets, nothing under a dot folder. */
async function registerClientFiles(app: FastifyInstance, clientDir: string): Promise<void> {
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
}

/**
 * The portal's pages and files from the built client in `clientDir`, when the server serves it (config.serveClient)
 * and it has been built; otherwise nothing.
 */
export async function registerClientPages(app: FastifyInstance, ctx: AppContext, clientDir: string, clientSettings: ClientSettings): Promise<void> {
  const { config } = ctx;
  if (!config.serveClient || !fs.existsSync(path.join(clientDir, 'index.html'))) return;
  const sendIndex = indexSender(app, ctx, clientDir, clientSettings);
  app.get('/', sendIndex);
  app.get('/index.html', sendIndex);
  await registerClientFiles(app, clientDir);
  app.setNotFoundHandler((request, reply) => {
    // Hash routing means every page is index.html; unknown asset, API and image paths still 404 (JSON).
    const urlPath = request.url.split('?')[0];
    const notPage = [config.apiPrefix, ...IMAGE_PROXY_PREFIXES, '/websocket'].some((p) => urlPath === p || urlPath.startsWith(`${p}/`));
    if (request.method === 'GET' && !notPage && !path.extname(urlPath)) return sendIndex(request, reply);
    reply.status(404).send({ code: 404, msg: MESSAGES.common.notFound });
  });
}
