import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../api/errors.js';
import { MESSAGES } from '../api/messages.js';

/**
 * PostgreSQL cannot store U+0000 in text, so a NUL anywhere in a request would reach the database and fail there
 * (a 500). No route has a use for it: one check, ahead of the guards and the schemas, refuses it in every query,
 * path parameter, header and body of every route, including routes added later, naming the field.
 */
const NUL = '\u0000';

type Place = 'query' | 'params' | 'body' | 'headers';
const PLACE_SCHEMA: Record<Place, 'querystring' | 'params' | 'body' | 'headers'> = {
  query: 'querystring',
  params: 'params',
  body: 'body',
  headers: 'headers',
};

/**
 * The first path (field names and indexes) under `value` whose key or string value holds a NUL. Iterative, and each
 * entry points at its parent instead of copying the path, so a body nested 20,000 deep costs linear time, not square.
 */
export function findNul(value: unknown): Array<string | number> | undefined {
  type Entry = { value: unknown; key?: string | number; parent?: Entry };
  const pathOf = (entry: Entry | undefined, last?: string) => {
    const path: Array<string | number> = last === undefined ? [] : [last];
    for (let e = entry; e && e.key !== undefined; e = e.parent) path.unshift(e.key);
    return path;
  };
  const stack: Entry[] = [{ value }];
  while (stack.length) {
    const entry = stack.pop()!;
    const v = entry.value;
    if (typeof v === 'string') {
      if (v.includes(NUL)) return pathOf(entry);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: i, parent: entry });
    } else if (v && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [k, child] of Object.entries(v)) {
        if (k.includes(NUL)) return pathOf(entry, k);
        stack.push({ value: child, key: k, parent: entry });
      }
    }
  }
  return undefined;
}

/** The schema title of the field at `path` in a route's request schema, when the schema names it. */
function titleAt(schema: unknown, path: Array<string | number>): string | undefined {
  let node = schema as { properties?: Record<string, unknown>; items?: unknown; title?: string } | undefined;
  for (const step of path) {
    if (!node || typeof node !== 'object') return undefined;
    node = (typeof step === 'number' ? node.items : node.properties?.[step]) as typeof node;
  }
  return node?.title;
}

const printable = (name: string) => name.replace(/\u0000/g, '\\u0000');

/**
 * Whether a NUL is anywhere under `value`, with no allocation on the way: the check of every request, which
 * {@link findNul} (the path, for the message) follows only when it finds one. Bounded by `budget` nodes, past which
 * it answers true and lets findNul's iterative walk decide (a body nested 20,000 deep must not overflow the stack).
 */
function holdsNul(value: unknown, budget = { nodes: 2000 }, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (!value || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (--budget.nodes < 0 || depth > 64) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (holdsNul(value[i], budget, depth + 1)) return true;
    return false;
  }
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    if (key.includes(NUL) || holdsNul((value as Record<string, unknown>)[key], budget, depth + 1)) return true;
  }
  return false;
}

/** Throws 400 `参数 关键词（keyword） 不能包含空字符` when any part of the request holds a NUL. */
export function refuseNul(request: FastifyRequest, places: Place[] = ['params', 'query', 'headers', 'body']): void {
  for (const place of places) {
    if (!holdsNul(request[place])) continue;
    const path = findNul(request[place]);
    if (!path) continue;
    const name = printable(path.join('.'));
    if (place === 'headers') throw badRequest(MESSAGES.requests.nulInHeader(name));
    if (!name) throw badRequest(MESSAGES.requests.nulInBody);
    const title = titleAt(request.routeOptions.schema?.[PLACE_SCHEMA[place]], path);
    throw badRequest(MESSAGES.requests.nulInParam(name, title));
  }
}

/** Registers the NUL check on every route of `app`; register before the guards, which read headers and form fields. */
export function registerInputChecks(app: FastifyInstance): void {
  // A callback hook: it never waits, and an async one costs a promise on every request.
  app.addHook('preValidation', (request, _reply, done) => {
    refuseNul(request);
    done();
  });
}
