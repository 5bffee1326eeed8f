import fs from 'node:fs';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_A, TENANT_A_COUNTY, TENANT_A_OTHER_COUNTY, TENANT_A_TOWN } from './fixtures.js';
import { insertProject } from './auction-helpers.js';
import { adminCall, consoleWorld, type ConsoleWorld } from './admin-helpers.js';
import type { API_ROUTES } from '../../schemas/types/api.js';

// Over EVERY route of schemas/api/admin.json (read from the file, so a new route is covered without a
// change here), a staff member of 丙县 calling with any record id of 甲县's data gets 403/404 — or, for a list or a
// create in its own place, an answer without any of 甲县's records — and 甲县's data never changes.
type Schema = {
  $ref?: string;
  type?: string | string[];
  oneOf?: Array<{ const: unknown }>;
  properties?: Record<string, Schema>;
  required?: string[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  pattern?: string;
  minLength?: number;
  const?: unknown;
};
type Route = { url: string; auth: string[]; body?: Schema; querystring?: Schema };
const files = Object.fromEntries(['admin', 'common'].map((id) => [id, JSON.parse(fs.readFileSync(`schemas/api/${id}.json`, 'utf8'))]));
const ROUTES = files.admin.routes as Record<string, Route>;
const resolve = (s: Schema): Schema => {
  if (!s.$ref) return s;
  const [file, pointer] = s.$ref.split('#/$defs/');
  return resolve(files[file].$defs[pointer]);
};

const VICTIM_PLACES = [TENANT_A_COUNTY, TENANT_A_TOWN, 1112];
const OWN_PLACE = 1121;
let w: ConsoleWorld;
let victimIds: number[] = [];

/** A valid value of a body field, so the call reaches its scope check rather than the schema's. */
const DAY = 86_400_000;
const cst = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
const TIMES: Record<string, string> = {
  publicityStopTime: cst(Date.now() + 2 * DAY),
  applyStartTime: cst(Date.now() + 2 * DAY),
  applyStopTime: cst(Date.now() + 5 * DAY),
  biddingStartTime: cst(Date.now() + 6 * DAY),
  biddingStopTime: cst(Date.now() + 7 * DAY),
};
function fieldArb(name: string, raw: Schema): fc.Arbitrary<unknown> {
  const s = resolve(raw);
  if (['id', 'userId', 'entityId', 'projectId'].includes(name)) return fc.oneof(fc.constantFrom(...victimIds), fc.integer({ min: 1, max: 2147483647 }));
  if (name === 'deptId') return fc.constantFrom(...VICTIM_PLACES, OWN_PLACE);
  if (name in TIMES) return fc.constant(TIMES[name]);
  if (name === 'number') return fc.constantFrom('001017', '001');
  if (name === 'type' && !s.oneOf) return fc.constant(2);
  if (s.oneOf) return fc.constantFrom(...s.oneOf.map((o) => o.const));
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'integer' || type === 'number') return fc.constant(s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1));
  if (type === 'boolean') return fc.boolean();
  if (type === 'array') return fc.constant([]);
  if (type === 'string') return fc.constant(s.pattern === '^1\\d{10}$' ? '13719009999' : name === 'password' ? 'Tianmu@2024' : '测试');
  return fc.constant(undefined);
}
function bodyArb(route: Route): fc.Arbitrary<Record<string, unknown>> {
  const schema = route.body ? resolve(route.body) : undefined;
  if (!schema?.properties) return fc.constant({});
  const required = new Set(schema.required ?? []);
  const parts = Object.fromEntries(
    Object.entries(schema.properties)
      .filter(([name]) => required.has(name) || ['id', 'userId', 'entityId', 'deptId'].includes(name) || name in TIMES)
      .map(([name, prop]) => [name, fieldArb(name, prop)]),
  );
  return fc.record(parts) as fc.Arbitrary<Record<string, unknown>>;
}

/** Every deptId anywhere in an answer's data. */
function deptIdsIn(value: unknown, out: number[] = []): number[] {
  if (Array.isArray(value)) value.forEach((v) => deptIdsIn(v, out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (k === 'deptId' && typeof v === 'number') out.push(v);
      else deptIdsIn(v, out);
    }
  return out;
}

const victimState = async () => {
  const db = w.server.db;
  return JSON.stringify(
    await Promise.all([
      db.selectFrom('article').selectAll().where('deptId', 'in', VICTIM_PLACES).orderBy('id').execute(),
      db.selectFrom('project').selectAll().where('deptId', 'in', VICTIM_PLACES).orderBy('id').execute(),
      db.selectFrom('complaint').selectAll().where('deptId', 'in', VICTIM_PLACES).orderBy('id').execute(),
      db.selectFrom('feedback').selectAll().where('deptId', 'in', VICTIM_PLACES).orderBy('id').execute(),
      db.selectFrom('registration').selectAll().orderBy('id').execute(),
      db.selectFrom('intent').selectAll().where('deptId', 'in', VICTIM_PLACES).orderBy('id').execute(),
      db.selectFrom('appUser').selectAll().where('deptId', 'in', VICTIM_PLACES).orderBy('userId').execute(),
    ]),
  );
};

beforeAll(async () => {
  w = await consoleWorld('1371900600');
  const db = w.server.db;
  const article = await db
    .insertInto('article')
    .values({ deptId: TENANT_A_TOWN, number: '001017', title: '甲镇草稿', status: 'draft' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const published = await db
    .insertInto('article')
    .values({ deptId: TENANT_A_COUNTY, number: '001017', title: '甲县新闻' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const project = await insertProject(db, { deptId: TENANT_A_TOWN, status: 4, name: '甲镇项目' });
  const reg = await db.insertInto('registration').values({ projectId: project, userId: w.ids.user, state: 2 }).returning('id').executeTakeFirstOrThrow();
  const complaint = await db
    .insertInto('complaint')
    .values({ refNo: 'ISO1', kind: 'complaint', deptId: TENANT_A_TOWN, name: '甲', phone: '13900000000', content: '投诉' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const consult = await db
    .insertInto('complaint')
    .values({ refNo: 'ISO2', kind: 'consult', deptId: TENANT_A_COUNTY, name: '乙', phone: '13900000001', content: '咨询' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const feedback = await db
    .insertInto('feedback')
    .values({ userId: w.ids.user, deptId: TENANT_A_TOWN, content: '反馈', reply: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  // One audited write by 甲县's staff, so the audit log holds a record 丙县 must not see.
  await adminCall(w.server, 'adminArticlePublish', w.staff, { id: article.id });
  await db.updateTable('article').set({ status: 'draft' }).where('id', '=', article.id).execute();
  victimIds = [article.id, published.id, project, reg.id, complaint.id, consult.id, feedback.id, w.ids.staff, w.ids.user];
}, 120_000);
afterAll(() => w.server.close());

describe('staff console isolation between counties', () => {
  it('covers every route of admin.json', () => {
    expect(Object.keys(ROUTES).length).toBeGreaterThanOrEqual(17);
    for (const route of Object.values(ROUTES)) expect(route.auth).toContain('staff');
  });

  it('answers 丙县 staff 403/404 (or data without 甲县 records) for any route and id, and 甲县 data never changes', async () => {
    const before = await victimState();
    const names = Object.keys(ROUTES) as Array<keyof typeof API_ROUTES>;
    const call = fc
      .constantFrom(...names)
      .chain((name) => fc.record({ name: fc.constant(name), body: bodyArb(ROUTES[name]), signedAs: fc.constantFrom(TENANT_A, TENANT_A_OTHER_COUNTY) }));
    const seen = new Map<string, Set<number>>();
    await fc.assert(
      fc.asyncProperty(call, async ({ name, body, signedAs }) => {
        const res = await adminCall(w.server, name, w.otherStaff, body, signedAs);
        const statuses = seen.get(name) ?? new Set<number>();
        statuses.add(res.statusCode);
        seen.set(name, statuses);
        if (res.statusCode === 200 && !String(res.headers['content-type']).includes('json')) {
          // A file (the import template): its example row names the caller's own place only.
          const book = new ExcelJS.Workbook();
          await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
          expect(JSON.stringify(book.worksheets[0].getSheetValues()), name).toContain('丙县');
        } else if (res.statusCode === 200) {
          const leaked = deptIdsIn(res.json().data).filter((id) => VICTIM_PLACES.includes(id));
          expect(leaked, `${name} ${JSON.stringify(body)}`).toEqual([]);
        } else {
          // 400 only for a body the route refuses for what it says (e.g. a password rule), never a 5xx.
          expect([400, 403, 404, 409], `${name} ${JSON.stringify(body)} → ${res.body}`).toContain(res.statusCode);
        }
      }),
      { numRuns: 300 },
    );
    expect(await victimState()).toBe(before);
    // Every route was exercised, and each that takes a record id refused 丙县 at least once.
    expect([...seen.keys()].sort()).toEqual(Object.keys(ROUTES).sort());
    for (const [name, route] of Object.entries(ROUTES)) {
      const body = route.body ? resolve(route.body) : undefined;
      if (body?.properties && ('id' in body.properties || 'userId' in body.properties))
        expect(
          [...seen.get(name)!].some((s) => s === 403 || s === 404),
          name,
        ).toBe(true);
    }
  }, 120_000);
});
