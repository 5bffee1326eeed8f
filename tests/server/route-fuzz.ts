import crypto from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { allRoutes, loadApiSchemaFiles, type RouteSpec } from '../../server/api/schemas.js';
import { formSignatureFor, signFor } from '../../server/plugins/guards/index.js';
import { CONSOLE_ADMIN_PHONE, DEMO_PHONES, DEMO_REGIONS, seedDemo } from '../../server/seed/index.js';
import { createSession } from '../../server/services/sessions.js';
import { startTestServer, type TestServer } from './harness.js';
import { multipart } from './users-helpers.js';

/**
 * Route-schema fuzzing: for every route of schemas/api, valid requests generated from its request schema,
 * then made hostile one way at a time (a field out of range, NaN-ish text, NUL and control characters, huge or deep
 * values, wrong types, arrays for scalars, missing and extra fields, broken bodies and headers). Requests are signed
 * and logged in as the route's `auth` asks, so they reach the handlers rather than stop at the guards.
 * Shared by the fast suite (tests/server/route-fuzz.test.ts) and the full one (tests/hostile/route-fuzz.test.ts).
 */

type Schema = Record<string, any>;
type Part = 'params' | 'querystring' | 'body';

export interface FuzzRoute {
  name: string;
  method: RouteSpec['method'];
  url: string;
  auth: NonNullable<RouteSpec['auth']>;
  parts: Partial<Record<Part, Schema>>;
}

/** Every route of schemas/api with its request schemas, `$ref`s inlined. */
export function fuzzRoutes(): FuzzRoute[] {
  const defs = new Map<string, Schema>();
  for (const file of loadApiSchemaFiles()) for (const [k, v] of Object.entries(file.$defs ?? {})) defs.set(`${file.$id}#/$defs/${k}`, v as Schema);
  const inline = (s: unknown, depth = 0): any => {
    if (Array.isArray(s)) return s.map((x) => inline(x, depth));
    if (!s || typeof s !== 'object') return s;
    const o = s as Schema;
    if (typeof o.$ref === 'string') {
      const target = defs.get(o.$ref);
      if (!target || depth > 10) throw new Error(`unresolved ${o.$ref}`);
      const { $ref: _ref, ...rest } = o;
      return { ...inline(target, depth + 1), ...inline(rest, depth) };
    }
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, inline(v, depth)]));
  };
  return [...allRoutes()].map(([name, spec]) => ({
    name,
    method: spec.method,
    url: spec.url,
    auth: spec.auth ?? [],
    parts: Object.fromEntries((['params', 'querystring', 'body'] as const).filter((p) => spec[p]).map((p) => [p, inline(spec[p])])),
  }));
}

const typesOf = (s: Schema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : s.properties ? ['object'] : []);

/** Values a field of this name should take to reach deeper than "not found" (the seeded demo data's). */
export type KnownValues = Record<string, unknown[]>;

/** A valid value for `schema` (as far as a schema can say; handlers may still refuse it). */
export function validArb(schema: Schema, name: string, known: KnownValues): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const types = typesOf(schema).filter((t) => t !== 'null');
  const type = types.includes('object') ? 'object' : types.includes('integer') ? 'integer' : (types[0] ?? 'string');
  const hint = known[name];
  const withHint = (arb: fc.Arbitrary<unknown>) =>
    hint?.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...hint) }, { weight: 1, arbitrary: arb }) : arb;
  switch (type) {
    case 'integer': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
      const max = schema.maximum ?? 1000;
      return withHint(fc.oneof({ weight: 3, arbitrary: fc.integer({ min, max: Math.min(max, min + 50) }) }, fc.integer({ min, max })));
    }
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 0.01 : 0);
      const max = schema.maximum ?? 1e6;
      return withHint(
        fc.oneof(
          fc.integer({ min: Math.ceil(min), max: Math.min(Math.floor(max), Math.ceil(min) + 1000) }),
          fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
        ),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const item = validArb(schema.items ?? {}, name, known);
      const maxLength = Math.min(schema.maxItems ?? 3, 3);
      return schema.uniqueItems ? fc.uniqueArray(item, { maxLength, selector: (v) => JSON.stringify(v) }) : fc.array(item, { maxLength });
    }
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Schema>;
      const model = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, validArb(v, k, known)]));
      return fc.record(model, { requiredKeys: ((schema.required ?? []) as string[]).filter((k) => k in props) });
    }
    default: {
      const minLength = schema.minLength ?? 0;
      const maxLength = schema.maxLength ?? 50;
      const fits = (s: string) => s.length >= minLength && s.length <= maxLength;
      const text = schema.pattern
        ? fc.stringMatching(new RegExp(schema.pattern)).filter(fits)
        : fc.oneof(fc.constantFrom('田亩', '测试', '茶园经营权', 'a').filter(fits), fc.string({ minLength, maxLength: Math.min(maxLength, 30) }));
      return withHint(text);
    }
  }
}

// Hostile values. Each class is a finding of the probe or a classic: numbers beyond every column, numeric text,
// NUL and control characters, broken surrogates, huge and deep values, wrong types, prototype keys.
const deep = (depth: number, leaf: unknown = 1): unknown => {
  let v: unknown = leaf;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
};
export const hostileNumber = fc.constantFrom<unknown>(
  0,
  -1,
  -0,
  1.5,
  2147483647,
  2147483648,
  -2147483648,
  -2147483649,
  99999999999,
  9007199254740993,
  1e308,
  -1e308,
  5e-324,
  1e15,
  100000,
  100001,
);
export const hostileText = fc.constantFrom<unknown>(
  '99999999999',
  '2147483648',
  '-1',
  '0',
  '1e308',
  '1e400',
  '-1e400',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x7fffffff',
  '1.5',
  ' 1 ',
  '',
  ' ',
  '+1',
  '١٢٣',
  '１２３',
  '\u0000',
  'a\u0000b',
  '%00',
  '\\u0000',
  '\u0001\u0002\u001f\u007f',
  '\ud800',
  '\udfff\ud800',
  '\u202e田亩',
  '🀄田亩👨‍👩‍👧',
  'e\u0301',
  '\uFEFF',
  '\r\n',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%s%n',
  '${jndi:ldap://x}',
  '2026-13-45 25:61:61',
  'x'.repeat(5000),
  '田'.repeat(3000),
  'a'.repeat(200_000),
);
export const hostileShape = fc.constantFrom<unknown>(
  true,
  false,
  null,
  {},
  [],
  [1],
  [[]],
  { a: 1 },
  ['a', 'b'],
  deep(60),
  { toString: 'x', valueOf: 1 },
  { length: 1e9 },
);
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileNumber,
  hostileText,
  hostileShape,
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.double(),
  fc.integer(),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Whole bodies that are not what any route expects. */
export const hostileBodies = fc.constantFrom<{ raw: string; contentType: string }>(
  { raw: '', contentType: 'application/json' },
  { raw: '{', contentType: 'application/json' },
  { raw: 'null', contentType: 'application/json' },
  { raw: '[]', contentType: 'application/json' },
  { raw: '"text"', contentType: 'application/json' },
  { raw: '1e308', contentType: 'application/json' },
  { raw: '{"id":1e999}', contentType: 'application/json' },
  { raw: '{"__proto__":{"role":"admin"}}', contentType: 'application/json' },
  { raw: '{"constructor":{"prototype":{"role":"admin"}}}', contentType: 'application/json' },
  { raw: '{"a":1,"a":2}', contentType: 'application/json' },
  { raw: `${'['.repeat(20000)}${']'.repeat(20000)}`, contentType: 'application/json' },
  { raw: `{"k":"${'x'.repeat(1_100_000)}"}`, contentType: 'application/json' },
  { raw: 'a=1&a=2&b[c]=3', contentType: 'application/x-www-form-urlencoded' },
  { raw: '%zz=%00', contentType: 'application/x-www-form-urlencoded' },
  { raw: '<xml/>', contentType: 'application/xml' },
  { raw: '\u0000\u0001', contentType: 'text/plain' },
  { raw: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n', contentType: 'multipart/form-data; boundary=x' },
  { raw: '{"pageNum":1}', contentType: 'application/json; charset=utf-16' },
);

export const hostileHeaders = fc.oneof(
  fc.record({
    name: fc.constantFrom('deptid', 'timestamp', 'sign', 'authorization'),
    value: fc.constantFrom(
      '99999999999',
      '-1',
      '0',
      '1e308',
      'NaN',
      'abc',
      '',
      '\u0000',
      ' 1',
      '1.5',
      'Bearer ',
      'Bearer \u0000',
      'Bearer x'.padEnd(5000, 'x'),
    ),
  }),
  fc.record({
    name: fc.constant('content-type'),
    value: fc.constantFrom('application/json; charset=latin1', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data'),
  }),
);

/** One request of a route, as data (so fast-check can print and shrink it). */
export interface FuzzCase {
  values: Partial<Record<Part, Record<string, unknown>>>;
  mutation:
    | { kind: 'none' }
    | { kind: 'field'; part: Part; path: string[]; value: unknown }
    | { kind: 'wrap'; part: Part; path: string[] }
    | { kind: 'drop'; part: Part; path: string[] }
    | { kind: 'extra'; part: Part; key: string; value: unknown }
    | { kind: 'body'; raw: string; contentType: string }
    | { kind: 'header'; name: string; value: string };
  /** Body sent as a form (the form-encoded style) rather than JSON, where a route takes both. */
  asForm: boolean;
}

/** The field paths of a request schema (nested objects included), for picking the field to spoil. */
function fieldPaths(schema: Schema | undefined, prefix: string[] = []): string[][] {
  const out: string[][] = [];
  for (const [k, v] of Object.entries((schema?.properties ?? {}) as Record<string, Schema>)) {
    out.push([...prefix, k]);
    if (v.properties) out.push(...fieldPaths(v, [...prefix, k]));
  }
  return out;
}

export function caseArb(route: FuzzRoute, known: KnownValues): fc.Arbitrary<FuzzCase> {
  const parts = Object.keys(route.parts) as Part[];
  const values = fc.record(Object.fromEntries(parts.map((p) => [p, validArb({ type: 'object', ...route.parts[p] }, p, known)]))) as fc.Arbitrary<
    FuzzCase['values']
  >;
  const paths = parts.flatMap((part) => fieldPaths(route.parts[part]).map((path) => ({ part, path })));
  const bodyParts: Part[] = parts.filter((p) => p !== 'params');
  const mutations: Array<fc.WeightedArbitrary<FuzzCase['mutation']>> = [
    { weight: 2, arbitrary: fc.constant({ kind: 'none' as const }) },
    { weight: 1, arbitrary: hostileBodies.map((b) => ({ kind: 'body' as const, ...b })) },
    { weight: 1, arbitrary: hostileHeaders.map((h) => ({ kind: 'header' as const, ...h })) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('extra' as const),
        part: fc.constantFrom<Part>(...(bodyParts.length ? bodyParts : (['body'] as Part[]))),
        key: fc.oneof(fc.constantFrom('__proto__', 'constructor', 'x\u0000', '', 'a.b', 'pageNum ', '田亩'), fc.string({ maxLength: 10 })),
        value: hostileValue,
      }),
    },
  ];
  if (paths.length) {
    const target = fc.constantFrom(...paths);
    mutations.push(
      { weight: 8, arbitrary: fc.tuple(target, hostileValue).map(([t, value]) => ({ kind: 'field' as const, ...t, value })) },
      { weight: 1, arbitrary: target.map((t) => ({ kind: 'wrap' as const, ...t })) },
      { weight: 1, arbitrary: target.map((t) => ({ kind: 'drop' as const, ...t })) },
    );
  }
  return fc.record({ values, mutation: fc.oneof(...mutations), asForm: route.auth.includes('form-signature') ? fc.boolean() : fc.constant(false) });
}

const DROP = Symbol('drop');
const setPath = (root: Record<string, unknown>, path: string[], update: (old: unknown) => unknown | typeof DROP) => {
  let node = root;
  for (const step of path.slice(0, -1)) {
    if (!node[step] || typeof node[step] !== 'object' || Array.isArray(node[step])) node[step] = {};
    node = node[step] as Record<string, unknown>;
  }
  const last = path[path.length - 1];
  const next = update(node[last]);
  if (next === DROP) delete node[last];
  else Object.defineProperty(node, last, { value: next, enumerable: true, writable: true, configurable: true });
};

/** Percent-encoding of the UTF-8 bytes (encodeURIComponent throws on a lone surrogate). */
const encode = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((b) => (/[A-Za-z0-9_.~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0')}`))
    .join('');
const scalarText = (v: unknown) => (typeof v === 'string' ? v : v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v));
function formEncode(fields: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) pairs.push(`${encode(k)}=${encode(scalarText(item))}`);
  }
  return pairs.join('&');
}

export interface FuzzResult {
  status: number;
  body: string;
  /** Tables written during a refused request that a refusal may not write. */
  strayWrites: string[];
}

/** Tables a refused request may write, by design: session bookkeeping, used nonces, rate-limit and attempt counters. */
function bookkeeping(route: string, table: string): boolean {
  if (['user_session', 'used_nonce'].includes(table)) return true;
  if (/rate|limit|throttle|attempt|counter/.test(table)) return true;
  // A wrong password counts towards the lockout; a wrong SMS code towards the code's guesses.
  if (table === 'app_user' && route === 'login') return true;
  if (table === 'sms_code' && ['register', 'updatePwdForMobile', 'login'].includes(route)) return true;
  return false;
}

/** A row trigger on every table logging its writes into fuzz_write_log, so a refused request can be shown to have written nothing. */
async function installWriteLog(db: TestServer['db']): Promise<void> {
  const tables = (
    await sql<{ t: string }>`SELECT tablename AS t FROM pg_tables WHERE schemaname = current_schema() AND tablename NOT LIKE 'kysely%'`.execute(db)
  ).rows.map((r) => r.t);
  await sql`CREATE TABLE fuzz_write_log (tbl text NOT NULL, op text NOT NULL)`.execute(db);
  await sql`CREATE FUNCTION fuzz_log_write() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO fuzz_write_log VALUES (TG_TABLE_NAME, TG_OP); RETURN NULL; END $$`.execute(
    db,
  );
  for (const t of tables)
    await sql.raw(`CREATE TRIGGER fuzz_log AFTER INSERT OR UPDATE OR DELETE ON ${t} FOR EACH ROW EXECUTE FUNCTION fuzz_log_write()`).execute(db);
}

/** The seeded demo data's values for the fields that name a record (see KnownValues). */
async function knownValuesOf(db: TestServer['db'], userIds: number[]): Promise<KnownValues> {
  const region = DEMO_REGIONS[0];
  const ids = async (table: 'project' | 'article' | 'intent' | 'financing' | 'message' | 'shopProduct' | 'helpItem') =>
    (await db.selectFrom(table).select('id').orderBy('id').limit(20).execute()).map((r) => r.id);
  return {
    id: [...(await ids('article')), ...(await ids('project')), ...(await ids('intent'))],
    projectId: await ids('project'),
    userId: userIds,
    deptId: [region.deptId],
    dm: [region.deptCode],
    number: ['001017', '002001', '010', '030001'],
    phone: [DEMO_PHONES[0], '13912345678'],
    username: [DEMO_PHONES[0]],
    dictType: ['area_unit', 'price_unit', 'sys_user_sex'],
    region: DEMO_REGIONS.map((r) => r.key),
  };
}

export interface FuzzServer {
  server: TestServer;
  known: KnownValues;
  send(route: FuzzRoute, c: FuzzCase): Promise<FuzzResult>;
  close(): Promise<void>;
}

/**
 * The real server over the seeded demo data, with a row trigger on every table logging writes so a refused
 * request can be shown to have written nothing, and demo sessions for the bearer and staff routes.
 */
export async function startFuzzServer(): Promise<FuzzServer> {
  const server = await startTestServer();
  // A day ahead: no auction of the demo data closes (and writes) in the background while the fuzz runs.
  await seedDemo(server.db, { projects: 30, now: new Date(Date.now() + 24 * 3600_000) });
  await server.reloadPlaces();
  const db = server.db;
  await installWriteLog(db);

  const policy = { idleMinutes: server.config.sessionIdleMinutes, absoluteHours: server.config.sessionAbsoluteHours };
  const userOf = async (phone: string) => db.selectFrom('appUser').select(['userId', 'deptId', 'role']).where('phone', '=', phone).executeTakeFirstOrThrow();
  const user = await userOf(DEMO_PHONES[0]);
  const staff = await userOf(DEMO_PHONES[2]);
  if (staff.role === 'user') throw new Error('the third demo account should be staff');
  // The console's administrator-only routes answer a staff member with 403: they get the demo administrator.
  const admin = await userOf(CONSOLE_ADMIN_PHONE);
  const tokens = {
    user: await createSession(db, user.userId, policy),
    staff: await createSession(db, staff.userId, policy),
    admin: await createSession(db, admin.userId, policy),
  };

  const known = await knownValuesOf(db, [user.userId, staff.userId]);

  async function send(route: FuzzRoute, c: FuzzCase): Promise<FuzzResult> {
    const values = structuredClone(c.values) as Record<Part, Record<string, unknown>>;
    for (const p of Object.keys(route.parts) as Part[]) values[p] ??= {};
    const m = c.mutation;
    if (m.kind === 'field') setPath(values[m.part] ?? (values[m.part] = {}), m.path, () => m.value);
    if (m.kind === 'wrap') setPath(values[m.part] ?? (values[m.part] = {}), m.path, (old) => [old ?? 1, old ?? 1]);
    if (m.kind === 'drop') setPath(values[m.part] ?? (values[m.part] = {}), m.path, () => DROP);
    if (m.kind === 'extra') setPath(values[m.part] ?? (values[m.part] = {}), [m.key], () => m.value);

    const staffRoute = route.auth.includes('staff');
    const adminRoute = route.auth.includes('admin');
    const deptId = adminRoute ? (admin.deptId ?? staff.deptId!) : staffRoute ? staff.deptId! : user.deptId!;
    const headers: Record<string, string> = {};
    const overridden: { name: string; value: string } | undefined = m.kind === 'header' ? { name: m.name, value: m.value } : undefined;
    if (route.auth.includes('bearer') || route.auth.includes('staff'))
      headers.authorization = `Bearer ${adminRoute ? tokens.admin : staffRoute ? tokens.staff : tokens.user}`;
    // Routes without a login take a throwaway session (logout may end it).
    else if (crypto.randomInt(2)) headers.authorization = `Bearer ${await createSession(db, user.userId, policy)}`;
    if (route.auth.includes('sign')) {
      const dept = overridden?.name === 'deptid' ? overridden.value : String(deptId);
      const timeStamp = overridden?.name === 'timestamp' ? overridden.value : String(Date.now());
      Object.assign(headers, { deptId: dept, timeStamp, sign: signFor(dept, timeStamp, server.config.apiSignKey) });
    } else if (crypto.randomInt(2)) headers.deptId = String(deptId);
    if (overridden) headers[overridden.name === 'deptid' ? 'deptId' : overridden.name === 'timestamp' ? 'timeStamp' : overridden.name] = overridden.value;

    let url = `${server.config.apiPrefix}${route.url}`.replace(/:([A-Za-z0-9_]+)/g, (_, k: string) => encode(scalarText(values.params?.[k] ?? '')));
    const query = values.querystring && Object.keys(values.querystring).length ? formEncode(values.querystring) : '';
    if (query) url += `?${query}`;

    let payload: string | Buffer | undefined;
    const body = values.body;
    if (route.auth.includes('form-signature') && body) {
      // A fresh nonce and the current time, then the signature over them, unless the case spoils one of them.
      const spoiled = (k: string) => (m.kind === 'field' || m.kind === 'drop') && m.path[0] === k;
      if (!spoiled('random')) body.random = crypto.randomBytes(8).toString('hex');
      if (!spoiled('timestamp')) body.timestamp = String(Date.now());
      if (!spoiled('signature')) body.signature = formSignatureFor(server.config.formSecret, scalarText(body.random ?? ''), scalarText(body.timestamp ?? ''));
    }
    if (route.name === 'upload') {
      const parts = [
        ...Object.entries(body ?? {}).map(([name, v]) => ({ name, value: scalarText(v) })),
        { name: 'file', filename: scalarText(values.querystring?.path ?? 'a.png'), contentType: 'image/png', data: TINY_PNG },
      ];
      const form = multipart(parts);
      payload = form.payload;
      Object.assign(headers, form.headers);
    } else if (m.kind === 'body') {
      payload = m.raw;
      headers['content-type'] = m.contentType;
    } else if (body && route.method !== 'GET') {
      if (c.asForm) {
        payload = formEncode(body);
        headers['content-type'] = 'application/x-www-form-urlencoded';
      } else {
        payload = JSON.stringify(body);
        headers['content-type'] = 'application/json';
      }
    }
    if (overridden?.name === 'content-type') headers['content-type'] = overridden.value;

    await sql`DELETE FROM fuzz_write_log`.execute(db);
    const res = await server.app.inject({ method: route.method, url, headers, payload });
    const writes = (await sql<{ tbl: string }>`DELETE FROM fuzz_write_log RETURNING tbl`.execute(db)).rows.map((r) => r.tbl);
    const refused = res.statusCode >= 400;
    return { status: res.statusCode, body: res.body, strayWrites: refused ? [...new Set(writes.filter((t) => !bookkeeping(route.name, t)))] : [] };
  }

  return { server, known, send, close: () => server.close() };
}

/** A 1×1 PNG, so the upload route gets past "no file" to its fields. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const CHINESE = /[\u4e00-\u9fff]/;

export interface FuzzFigures {
  seed: number;
  routes: string[];
  requests: number;
  statuses: Record<number, number>;
  /** Per route: how many answers were neither a guard's 401/403 nor a 429, i.e. reached validation or the handler. */
  reached: Record<string, number>;
  fiveXX: number;
}

/** What must hold for every answer: no 5xx, a Chinese msg on every 4xx, nothing written by a refused request. */
export function checkAnswer(route: FuzzRoute, c: FuzzCase, r: FuzzResult): void {
  const where = () => `${route.name} (${route.method} ${route.url}) → ${r.status} ${r.body.slice(0, 300)}\ncase: ${fc.stringify(c).slice(0, 600)}`;
  if (r.status >= 500) throw new Error(`5xx: ${where()}`);
  if (r.status >= 400) {
    let msg: unknown;
    try {
      msg = (JSON.parse(r.body) as { msg?: unknown }).msg;
    } catch {
      throw new Error(`4xx without a JSON body: ${where()}`);
    }
    if (typeof msg !== 'string' || !CHINESE.test(msg)) throw new Error(`4xx without a Chinese msg: ${where()}`);
  }
  if (r.strayWrites.length) throw new Error(`refused but wrote ${r.strayWrites.join(', ')}: ${where()}`);
}

/** Runs `runsPerRoute` cases on every route (fast-check, fixed seed), checking each answer; returns the figures. */
export async function fuzzEveryRoute(fuzz: FuzzServer, options: { runsPerRoute: number; seed: number }): Promise<FuzzFigures> {
  const figures: FuzzFigures = { seed: options.seed, routes: [], requests: 0, statuses: {}, reached: {}, fiveXX: 0 };
  for (const route of fuzzRoutes()) {
    figures.routes.push(route.name);
    figures.reached[route.name] = 0;
    await fc.assert(
      fc.asyncProperty(caseArb(route, fuzz.known), async (c) => {
        const r = await fuzz.send(route, c);
        figures.requests++;
        figures.statuses[r.status] = (figures.statuses[r.status] ?? 0) + 1;
        if (r.status >= 500) figures.fiveXX++;
        if (![401, 403, 429].includes(r.status)) figures.reached[route.name]++;
        checkAnswer(route, c, r);
      }),
      { numRuns: options.runsPerRoute, seed: options.seed, endOnFailure: true },
    );
  }
  return figures;
}
