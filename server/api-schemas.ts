import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, HTTPMethods } from 'fastify';

/**
 * The API contract lives in `schemas/api/*.json`: one file per domain, each route with its method, path,
 * request schemas (querystring, body) and the schema of the envelope's `data`. The server registers routes
 * from these files (so a path cannot drift from its schema) and the client's types are generated from them.
 */
export interface RouteSpec {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  summary: string;
  /** 'sign': under /api/, needs deptId + timeStamp + sign headers. 'bearer': needs a login token. */
  auth?: Array<'sign' | 'bearer' | 'staff' | 'form-signature'>;
  querystring?: Record<string, unknown>;
  body?: Record<string, unknown>;
  /** Path parameters (`/x/:name`), validated like the querystring. */
  params?: Record<string, unknown>;
  /** Schema of the envelope's `data`. */
  data?: Record<string, unknown>;
  /** Free text: why a path was chosen where the specification does not show it, variants, notes. */
  notes?: string;
}

export interface ApiSchemaFile {
  $id: string;
  title: string;
  description?: string;
  $defs?: Record<string, unknown>;
  routes?: Record<string, RouteSpec>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const apiSchemaDir = path.resolve(here, '../schemas/api');

let cache: ApiSchemaFile[] | undefined;

export function loadApiSchemaFiles(dir = apiSchemaDir): ApiSchemaFile[] {
  if (cache && dir === apiSchemaDir) return cache;
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as ApiSchemaFile);
  if (dir === apiSchemaDir) cache = files;
  return files;
}

export function allRoutes(): Map<string, RouteSpec> {
  const routes = new Map<string, RouteSpec>();
  for (const file of loadApiSchemaFiles()) {
    for (const [name, spec] of Object.entries(file.routes ?? {})) {
      if (routes.has(name)) throw new Error(`API route name ${name} is declared twice (${file.$id})`);
      routes.set(name, spec);
    }
  }
  return routes;
}

/** Registers every schema file with Fastify so routes can `$ref` shared definitions as `common#/$defs/X`. */
export function addSharedSchemas(app: FastifyInstance): void {
  for (const file of loadApiSchemaFiles()) {
    app.addSchema({ $id: file.$id, $defs: file.$defs ?? {} });
  }
}

const envelopeOf = (data: Record<string, unknown> | undefined) => ({
  type: 'object',
  properties: {
    code: { type: 'integer' },
    msg: { type: 'string' },
    ...(data ? { data } : {}),
  },
});

export function fastifySchemaFor(spec: RouteSpec): FastifySchema {
  const schema: FastifySchema & { summary?: string } = { summary: spec.summary, response: { 200: envelopeOf(spec.data) } };
  if (spec.querystring) schema.querystring = spec.querystring;
  if (spec.body) schema.body = spec.body;
  if (spec.params) schema.params = spec.params;
  return schema;
}

export type RouteHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export interface DefineRouteOptions {
  /** Hooks that run before validation (e.g. reading a multipart body into fields). */
  preValidation?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Extra route config read by the plugins (auth requirements come from the spec). */
  bodyLimit?: number;
}

/**
 * Registers the route named `name` in the schema files, with its method, path and schemas.
 *
 * @example
 * defineRoute(app, 'newsList', async (req) => ok(await listNews(req)));
 */
export function defineRoute(app: FastifyInstance, name: string, handler: RouteHandler, options: DefineRouteOptions = {}): void {
  const spec = allRoutes().get(name);
  if (!spec) throw new Error(`No API route named ${name} in schemas/api`);
  app.route({
    method: spec.method as HTTPMethods,
    url: spec.url,
    schema: fastifySchemaFor(spec),
    config: { routeName: name, auth: spec.auth ?? [] },
    preValidation: options.preValidation,
    bodyLimit: options.bodyLimit,
    handler,
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    routeName?: string;
    auth?: RouteSpec['auth'];
  }
}
