import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../api-schemas.js';
import type { AppContext } from '../context.js';
import { notFound, ok } from '../errors.js';
import { MESSAGES } from '../messages.js';

/** GET /portal/region: the region config the browser renders. */
export async function registerPortalRoutes(app: FastifyInstance, { regions }: AppContext): Promise<void> {
  defineRoute(app, 'portalRegion', async (request) => {
    const { region: preview } = request.query;
    const region = regions.forRequest(request.headers.host, preview);
    if (!region) throw notFound(MESSAGES.portal.regionMissing(preview, regions.ids()));
    return ok(region, MESSAGES.common.queried);
  });
}
