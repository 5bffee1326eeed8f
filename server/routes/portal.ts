import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../api/schemas.js';
import type { AppContext } from '../api/context.js';
import { notFound, ok } from '../api/errors.js';
import { MESSAGES } from '../api/messages.js';
import { defaultBlocks } from '../../blocks/index.js';
import { answerFirstView } from '../delivery/first-view.js';
import { ownPublicApi } from '../api/own-api.js';

/**
 * GET /portal/region: the region config the browser renders. GET /portal/first-view: the answers of a route's first
 * view in one response, which index.html's inline script fetches as the page starts (server/delivery/first-view.ts).
 */
export async function registerPortalRoutes(app: FastifyInstance, { regions, config }: AppContext): Promise<void> {
  defineRoute(app, 'portalRegion', async (request) => {
    const { region: preview } = request.query;
    const region = regions.forRequest(request.headers.host, preview);
    if (!region) throw notFound(MESSAGES.portal.regionMissing(preview, regions.ids()));
    return ok(region, MESSAGES.common.queried);
  });

  const blocks = new Map(defaultBlocks.map((definition) => [definition.type, definition]));
  const ask = ownPublicApi(app, config);
  defineRoute(app, 'portalFirstView', async (request) => {
    const { region: preview, hash } = request.query;
    const region = regions.forRequest(request.headers.host, preview);
    if (!region) throw notFound(MESSAGES.portal.regionMissing(preview, regions.ids()));
    return ok(await answerFirstView(region, hash, (type) => blocks.get(type), ask), MESSAGES.common.queried);
  });
}
