import type { FastifyInstance, FastifyReply } from 'fastify';
import { defineRoute, type RouteRequest } from '../../api/schemas.js';
import type { AppContext } from '../../api/context.js';
import type { ProjectTable } from '../../db/schema.js';
import { ok } from '../../api/errors.js';
import { paging } from '../../api/request-params.js';
import { ResponseCache } from '../../services/response-cache.js';
import { reusedBody } from '../../delivery/compression.js';
import { MESSAGES } from '../../api/messages.js';
import { queryProjectList, TotalEstimates } from '../project-list-query.js';
import { afterIdParam, listFilter, multipartFields, type ListRoute } from './list-params.js';
import { pageTotal } from './list-totals.js';
import { card, CategoryNames } from './cards.js';

const PROJECT_PAGE_SIZE = 7;

/** The public project lists (all, demands, tenders): cards, cached per tenant and filter. */
export async function registerProjectListRoutes(app: FastifyInstance, { db, dbKind, places, config }: AppContext): Promise<void> {
  // Public lists are read far more than projects change; a short-lived cache per tenant and filter keeps the
  // list fast under load (see scripts/bench/api). Writes to projects call projectListCache.clear().
  // Area and keyword filters' estimated totals are kept apart, longer (project-list-query.ts).
  const estimates = new TotalEstimates(config.listEstimateMs);
  const cache = new ResponseCache(config.listCacheMs, 5000, [estimates]);
  app.decorate('projectListCache', cache);
  // The list's statements name their columns as the API does: no camel-casing of every row (project-list-query.ts).
  const listDb = db.withoutPlugins();
  const categories = new CategoryNames(db);
  await categories.load();

  const listHandler = (forcedType?: ProjectTable['type']) => async (request: RouteRequest<ListRoute>, reply: FastifyReply) => {
    const filter = listFilter(request, places, forcedType);
    const { pageNum, pageSize, offset } = paging(request.input, PROJECT_PAGE_SIZE);
    const afterId = afterIdParam(request);
    const key = JSON.stringify([forcedType ?? 0, filter, pageNum, pageSize, afterId]);
    // The cache holds the serialised body (made by the route's own response serialiser), so a hit costs no
    // database round trip and no serialisation.
    const body = await cache.get(key, async () => {
      const page = { pageSize, offset, afterId };
      const { rows, total, approx } = await queryProjectList(listDb, dbKind === 'pglite', filter, page, estimates);
      const classname = await categories.forRows(rows);
      return reply.serialize(
        ok(
          {
            rows: rows.map((r) => card(r, classname(r.number), places)),
            ...pageTotal({ total, approx }, afterId === undefined ? offset : undefined, rows.length, pageSize),
          },
          MESSAGES.common.queried,
        ),
      ) as string;
    });
    // The same string for every hit: its brotli and gzip forms are made once (server/delivery/compression.ts).
    return reusedBody(reply).type('application/json; charset=utf-8').send(body);
  };

  defineRoute(app, 'projectList', listHandler(), { preValidation: multipartFields });
  defineRoute(app, 'needProjectList', listHandler(3), { preValidation: multipartFields });
  defineRoute(app, 'invitationList', listHandler(1), { preValidation: multipartFields });
}

declare module 'fastify' {
  interface FastifyInstance {
    projectListCache?: ResponseCache;
  }
}
