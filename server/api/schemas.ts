import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, HTTPMethods } from 'fastify';
import type { Ajv, AnySchemaObject, ErrorObject } from 'ajv';
import type { ApiRouteName, ApiRoutes } from '../../schemas/types/api.js';
import type { Envelope } from './errors.js';
import { paramsOf } from './request-params.js';
import { refuseNul } from '../plugins/input-checks.js';
import type { SessionUser } from '../services/sessions.js';
import { API_CONTRACT_DIR, readApiContractFiles } from '../../engine/region-files/api-calls.js';

/**
 * The API contract lives in `schemas/api/*.json`: one file per domain, each route with its method, path,
 * request schemas (querystring, body) and the schema of the envelope's `data`. The server registers routes
 * from these files (so a path cannot drift from its schema) and the client's types are generated from them.
 */
export interface RouteSpec {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  summary: string;
  /**
   * 'sign': under /api/, needs deptId + timeStamp + sign headers. 'bearer': needs a login token. 'optional-user': no
   * login needed, but the client sends the token when it has one and the route keeps who called (request.user).
   */
  auth?: Array<'sign' | 'bearer' | 'staff' | 'admin' | 'form-signature' | 'optional-user'>;
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

/** The contract's directory (read by engine/region-files/api-calls.ts, shared with the studio). */
export const apiSchemaDir = API_CONTRACT_DIR;

export function loadApiSchemaFiles(dir = apiSchemaDir): ApiSchemaFile[] {
  return readApiContractFiles(dir) as ApiSchemaFile[];
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

/**
 * Keyword the loader adds to every integer and number field of a request schema (new routes get it too). ajv with
 * `coerceTypes` turns the text "1e400" or "Infinity" into Infinity and then skips minimum/maximum, which only look
 * at finite numbers; and in `["integer", "string"]` / `["number", "string"]` unions a string stays a string (string
 * is an allowed type), which minimum/maximum do not bound either. This checks both against the field's bounds, so
 * "1e400" and "99999999999" are refused like 99999999999. Text that is no number is the handler's to refuse.
 */
export const NUMBER_BOUNDS = 'x-number-bounds';

const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function failBounds(error: Pick<ErrorObject, 'keyword' | 'params'>, parentSchema: AnySchemaObject | undefined): false {
  (checkNumberBounds as unknown as { errors: Array<Partial<ErrorObject>> }).errors = [{ ...error, parentSchema }];
  return false;
}

// Runs for every number field of every request: no closure made per call.
function checkNumberBounds(this: unknown, _enabled: boolean, data: unknown, parentSchema?: AnySchemaObject): boolean {
  let value: number;
  if (typeof data === 'string') {
    const text = data.trim();
    if (!NUMBER_TEXT.test(text)) return true;
    value = Number(text);
  } else if (typeof data === 'number') value = data;
  else return true;
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = (parentSchema ?? {}) as Record<string, number | undefined>;
  if (maximum !== undefined && !(value <= maximum)) return failBounds({ keyword: 'maximum', params: { comparison: '<=', limit: maximum } }, parentSchema);
  if (exclusiveMaximum !== undefined && !(value < exclusiveMaximum))
    return failBounds({ keyword: 'exclusiveMaximum', params: { comparison: '<', limit: exclusiveMaximum } }, parentSchema);
  if (minimum !== undefined && !(value >= minimum)) return failBounds({ keyword: 'minimum', params: { comparison: '>=', limit: minimum } }, parentSchema);
  if (exclusiveMinimum !== undefined && !(value > exclusiveMinimum))
    return failBounds({ keyword: 'exclusiveMinimum', params: { comparison: '>', limit: exclusiveMinimum } }, parentSchema);
  if (!Number.isFinite(value)) {
    const types = ([] as string[]).concat(parentSchema?.type ?? []);
    return failBounds({ keyword: 'type', params: { type: types.includes('integer') ? 'integer' : 'number' } }, parentSchema);
  }
  return true;
}

/** ajv plugin for buildApp (Fastify's `ajv.plugins`): the keywords the loader adds to request schemas. */
export function apiSchemaKeywords(ajv: Ajv): Ajv {
  // No `type`: ajv guards its number keywords with isFinite, which would skip the very values this is for.
  ajv.addKeyword({ keyword: NUMBER_BOUNDS, schemaType: 'boolean', errors: true, validate: checkNumberBounds });
  // Annotation only: the form gen:types writes from this input schema (scripts/gen-form-validators.ts).
  ajv.addKeyword({ keyword: 'x-form', schemaType: 'string' });
  return ajv;
}

/**
 * A copy of a request schema with NUMBER_BOUNDS on every integer and number field. Shared definitions it `$ref`s
 * are copied in first, so a field defined once in common.json (PageNum) gets the check where it is used.
 */
export function withRequestChecks<T>(schema: T): T {
  const defs = new Map<string, unknown>();
  for (const file of loadApiSchemaFiles()) for (const [k, v] of Object.entries(file.$defs ?? {})) defs.set(`${file.$id}#/$defs/${k}`, v);
  const visit = (node: unknown, depth: number): unknown => {
    if (Array.isArray(node)) return node.map((n) => visit(n, depth));
    if (!node || typeof node !== 'object') return node;
    let s = { ...(node as Record<string, unknown>) };
    if (typeof s.$ref === 'string' && defs.has(s.$ref) && depth < 20) {
      const { $ref, ...rest } = s;
      s = { ...(defs.get($ref as string) as Record<string, unknown>), ...rest };
    }
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(s)) {
      out[k] =
        k === 'properties' && v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([name, child]) => [name, visit(child, depth + 1)]))
          : ['items', 'anyOf', 'oneOf', 'allOf', 'additionalProperties'].includes(k)
            ? visit(v, depth + 1)
            : v;
    }
    const types = ([] as unknown[]).concat(out.type ?? []);
    if (types.includes('integer') || types.includes('number')) out[NUMBER_BOUNDS] = true;
    return out;
  };
  return visit(schema, 0) as T;
}

export function fastifySchemaFor(spec: RouteSpec): FastifySchema {
  const schema: FastifySchema & { summary?: string } = { summary: spec.summary, response: { 200: envelopeOf(spec.data) } };
  if (spec.querystring) schema.querystring = withRequestChecks(spec.querystring);
  if (spec.body) schema.body = withRequestChecks(spec.body);
  if (spec.params) schema.params = withRequestChecks(spec.params);
  return schema;
}

type Present<T, Else> = [T] extends [never] ? Else : T;

/**
 * A route's input as its schemas type it: the query and the body merged (the spec sends params in either or both;
 * the body wins, and a field sent as null or left out never hides the other source's value — `paramsOf`).
 */
export type RouteInput<N extends ApiRouteName> = NonNullable<Present<ApiRoutes[N]['query'], unknown>> & NonNullable<Present<ApiRoutes[N]['body'], unknown>>;

/** The auth a route's schema declares that only a signed-in account passes. */
type SignedInAuth = 'bearer' | 'staff' | 'admin';

/**
 * The signed-in account, for a route whose schema requires one: the guards refuse the request (401/403) before the
 * handler runs when there is none, so the handler's `request.user` is never undefined.
 */
export type SignedIn<N extends ApiRouteName> = [Extract<ApiRoutes[N]['auth'][number], SignedInAuth>] extends [never] ? unknown : { user: SessionUser };

/** A request the guards let through only with a signed-in account (a helper's parameter, where no route name is at hand). */
export type SignedInRequest = FastifyRequest & { user: SessionUser };

/** Whether a route open to visitors was called with a signed-in account. */
export const isSignedIn = (request: FastifyRequest): request is SignedInRequest => request.user !== undefined;

/** A request to route `N` as its schemas type it (Fastify has validated it against them before the handler runs). */
export type RouteRequest<N extends ApiRouteName> = FastifyRequest<{
  Querystring: Present<ApiRoutes[N]['query'], Record<string, never>>;
  Body: Present<ApiRoutes[N]['body'], unknown>;
  Params: Present<ApiRoutes[N]['params'], Record<string, never>>;
}> & {
  /** The query and the body merged and typed (see {@link RouteInput}); set by `defineRoute` before the handler runs. */
  input: RouteInput<N>;
} & SignedIn<N>;

/**
 * A route's handler: its typed request in, its route's envelope out — or the reply itself when the handler has
 * already sent something other than JSON (a file, a redirect).
 */
export type RouteHandler<N extends ApiRouteName = ApiRouteName> = (
  request: RouteRequest<N>,
  reply: FastifyReply,
) => Promise<Envelope<Present<ApiRoutes[N]['data'], null>> | FastifyReply>;

export interface DefineRouteOptions {
  /** Hooks that run before validation (e.g. reading a multipart body into fields); undefined when nothing to wait for. */
  preValidation?: (request: FastifyRequest, reply: FastifyReply) => Promise<void> | undefined;
  /** Extra route config read by the plugins (auth requirements come from the spec). */
  bodyLimit?: number;
}

/** The route names each app (by its HTTP server, shared by its plugin scopes) has defined, in order. */
const routesDefined = new WeakMap<object, string[]>();

/** The handler each app (by its HTTP server) registered under each route name: the console's export and batch re-run them. */
const handlersDefined = new WeakMap<object, Map<string, RouteHandler>>();

/** The handler `defineRoute` registered on `app` for `name`, if any. */
export function routeHandler<N extends ApiRouteName>(app: FastifyInstance, name: N): RouteHandler<N> | undefined {
  return handlersDefined.get(app.server)?.get(name) as RouteHandler<N> | undefined;
}

/** Every route name `defineRoute` registered on `app`, once per call: a test holds it to schemas/api. */
export function definedRoutes(app: FastifyInstance): readonly string[] {
  return routesDefined.get(app.server) ?? [];
}

/**
 * Registers the route named `name` in the schema files, with its method, path and schemas.
 *
 * @example
 * defineRoute(app, 'newsList', async (req) => ok(await listNews(req)));
 */
export function defineRoute<N extends ApiRouteName>(app: FastifyInstance, name: N, handler: RouteHandler<N>, options: DefineRouteOptions = {}): void {
  const spec = allRoutes().get(name);
  if (!spec) throw new Error(`No API route named ${name} in schemas/api`);
  const defined = routesDefined.get(app.server) ?? [];
  defined.push(name);
  routesDefined.set(app.server, defined);
  const handlers = handlersDefined.get(app.server) ?? new Map<string, RouteHandler>();
  handlers.set(name, handler as unknown as RouteHandler);
  handlersDefined.set(app.server, handlers);
  app.route({
    method: spec.method as HTTPMethods,
    url: spec.url,
    schema: fastifySchemaFor(spec),
    config: { routeName: name, auth: spec.auth ?? [] },
    // A route's own preValidation may build the body (a multipart form read into fields): the app-wide NUL check
    // ran before it, so a built body is checked again. A callback hook: most requests have nothing to build.
    preValidation: options.preValidation
      ? (request, reply, done) => {
          const built = options.preValidation!(request, reply);
          if (!built) return done();
          built.then(() => refuseNul(request, ['body'])).then(() => done(), done);
        }
      : undefined,
    bodyLimit: options.bodyLimit,
    handler: (request, reply) => {
      (request as { input?: unknown }).input = paramsOf(request);
      return (handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>)(request, reply);
    },
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    routeName?: string;
    auth?: RouteSpec['auth'];
  }
}
