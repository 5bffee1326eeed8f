import type { FastifyInstance } from 'fastify';
import { API_ROUTES, type ApiRouteName } from '../../schemas/types/api.js';
import type { ServerConfig } from '../runtime/config.js';
import { signFor } from '../plugins/guards/index.js';

/** A call of the public API that needs no login: signed only (or not at all). */
export function isPublicCall(call: string): call is ApiRouteName {
  const route = (API_ROUTES as Record<string, { auth: readonly string[] } | undefined>)[call];
  return route !== undefined && route.auth.every((a) => a === 'sign');
}

/** What a call is asked with, as a block source resolves it. */
export interface OwnCallInput {
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  params?: Record<string, unknown>;
}

/** An answer of the API, as a browser receives it. */
export interface OwnAnswer {
  code?: number;
  msg?: string;
  data?: unknown;
  [field: string]: unknown;
}

/**
 * This server's own public API, asked as a browser without a login asks it (signed, for a place): what
 * index.html's first view and the first view's answers are drawn from, so they pass the very routes, checks and
 * caches a browser's call does. Resolves undefined for a call that needs a login (never asked) or an answer that
 * is not JSON.
 *
 * @example
 * const ask = ownPublicApi(app, config);
 * const envelope = await ask('newsList', { body: { number: '010', pageNum: 1, pageSize: 4 } }, '330127');
 */
export function ownPublicApi(app: FastifyInstance, config: Pick<ServerConfig, 'apiPrefix' | 'apiSignKey'>) {
  return async (call: string, input: OwnCallInput, deptId: string): Promise<OwnAnswer | undefined> => {
    if (!isPublicCall(call)) return undefined;
    const route = API_ROUTES[call];
    let url: string = route.url;
    for (const [name, value] of Object.entries(input.params ?? {})) url = url.replace(`:${name}`, encodeURIComponent(String(value)));
    if (/:[A-Za-z_]/.test(url)) return undefined;
    // As axios writes a query: plain values only (a source's query holds nothing else).
    const query: Record<string, string> = {};
    for (const [name, value] of Object.entries(input.query ?? {})) {
      if (value === undefined || value === null) continue;
      if (typeof value === 'object') return undefined;
      query[name] = String(value);
    }
    const timeStamp = String(Date.now());
    const response = await app.inject({
      method: route.method as 'GET' | 'POST',
      url: `${config.apiPrefix}${url}`,
      query,
      ...(route.method === 'GET' ? {} : { payload: input.body ?? {} }),
      headers: { deptId, timeStamp, sign: signFor(deptId, timeStamp, config.apiSignKey), host: 'localhost' },
    });
    try {
      const answer = response.json() as unknown;
      return answer && typeof answer === 'object' && !Array.isArray(answer) ? (answer as OwnAnswer) : undefined;
    } catch {
      return undefined;
    }
  };
}

/** The function {@link ownPublicApi} makes. */
export type OwnPublicApi = ReturnType<typeof ownPublicApi>;
