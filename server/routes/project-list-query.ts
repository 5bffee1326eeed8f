import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { executePrepared, nameOnPostgres, sqlInt, sqlIntArray, sqlText } from '../db/prepared.js';
import { containing } from '../api/request-params.js';

/**
 * The project list's uncached path as fixed SQL text, one text per shape of filter (which filters are present).
 * Building it with Kysely cost ~0.75 ms of Node CPU per request in a profile of the 100 k benchmark (node trees,
 * camel-casing every row, a join and 42 bind parameters); here a request only fills in its values. PGlite PREPAREs
 * each shape once and EXECUTEs it; PostgreSQL gets the text with bind parameters (named prepared statements were
 * tried: PostgreSQL kept choosing custom plans, and the saving was within the benchmark's noise).
 * The page, the tally's total and, for an area or keyword filter, the sample the estimate needs come back in one
 * statement: one round trip in the common case.
 */

export interface ListFilter {
  type?: 1 | 2 | 3;
  number?: string;
  statuses?: number[];
  areaBegin?: number;
  areaEnd?: number;
  keyword?: string;
  deptIds: number[];
}

/** Above this many candidates, a keyword or area filter's total is estimated from the newest ones… */
export const TOTAL_SAMPLE_ROWS = 500;
/** …if that many of them match (an estimate within about ±15 %); fewer, and the matches are counted. */
export const TOTAL_SAMPLE_MIN_HITS = 50;

export const hasResidual = (f: ListFilter): boolean => f.areaBegin !== undefined || f.areaEnd !== undefined || Boolean(f.keyword);

/** A card's row: dates already as the API writes them ('YYYY-MM-DD HH:mm:ss', UTC+8), numerics as text. */
export interface ListRow {
  id: number;
  status: number;
  type: 1 | 2 | 3;
  code: string;
  projectName: string;
  deptId: number;
  imgList: unknown;
  price: string | number | null;
  priceUnit: number;
  dealAmount: string | number | null;
  currentPrice: string | number | null;
  area: string | number | null;
  areaUnit: number;
  scale: string;
  outname: string;
  needname: string;
  company: string;
  signCts: number;
  watchCts: number;
  number: string;
  address: string;
  publicityStopTime: string | null;
  applyStartTime: string | null;
  applyStopTime: string | null;
  biddingStartTime: string | null;
  biddingStopTime: string | null;
  /** The tally's sum for the filter's place/type/category/status (every row carries it). */
  listTotal: number;
  /** Area/keyword filters: matches among the newest TOTAL_SAMPLE_ROWS candidates. */
  listHits?: number;
}

// formatDateTime's format (server/api/format.ts) in SQL: China Standard Time is UTC+8 all year, no time zone database needed.
const cst = (column: string) => `to_char(p.${column} AT TIME ZONE INTERVAL '+08:00', 'YYYY-MM-DD HH24:MI:SS')`;

/** The columns a list card shows: not the description (content, often kilobytes), keys or the auction's terms. */
const CARD_SELECT = [
  'p.id',
  'p.status',
  'p.type',
  'p.code',
  'p.project_name AS "projectName"',
  'p.dept_id AS "deptId"',
  'p.img_list AS "imgList"',
  'p.price',
  'p.price_unit AS "priceUnit"',
  'p.deal_amount AS "dealAmount"',
  'p.current_price AS "currentPrice"',
  'p.area',
  'p.area_unit AS "areaUnit"',
  'p.scale',
  'p.outname',
  'p.needname',
  'p.company',
  'p.sign_cts AS "signCts"',
  'p.watch_cts AS "watchCts"',
  'p.number',
  'p.address',
  `${cst('publicity_stop_time')} AS "publicityStopTime"`,
  `${cst('apply_start_time')} AS "applyStartTime"`,
  `${cst('apply_stop_time')} AS "applyStopTime"`,
  `${cst('bidding_start_time')} AS "biddingStartTime"`,
  `${cst('bidding_stop_time')} AS "biddingStopTime"`,
].join(', ');

type ParamType = 'int' | 'int[]' | 'smallint' | 'text' | 'numeric';

/** One shape's statement: its text, its parameters' types in order, and how to take their values from a filter. */
interface ListStatement {
  name: string;
  text: string;
  types: ParamType[];
  values: (f: ListFilter, page: ListPage) => unknown[];
}

export interface ListPage {
  pageSize: number;
  offset: number;
  /** Keyset paging: ids below this one. */
  afterId?: number;
}

/**
 * A keyword with no letter that has a case (耕地, 2026, most searches here) matches alike with LIKE and ILIKE, and
 * LIKE spares PostgreSQL lower-casing every candidate's four text columns: ILIKE was ~2 ms of the keyword total's
 * 500-row sample under load. Any cased letter (CA2026) keeps ILIKE.
 */
const caseless = (keyword: string) => !/\p{Cased}/u.test(keyword);

/**
 * The statements: `page` (the rows, the tally's total and an area/keyword filter's sample), `rows` (the rows alone,
 * when the filter's estimate is known: {@link TotalEstimates}) and `count` (an exact count).
 */
type StatementKind = 'page' | 'rows' | 'count';

/** Builds the text for one shape; parameters are numbered in the order they are first needed. */
function buildStatement(kind: StatementKind, f: ListFilter, page: ListPage | undefined): ListStatement {
  const types: ParamType[] = [];
  const getters: Array<(f: ListFilter, page: ListPage) => unknown> = [];
  const param = (type: ParamType, get: (f: ListFilter, page: ListPage) => unknown) => {
    types.push(type);
    getters.push(get);
    return `$${types.length}::${type}`;
  };
  const deptIds = param('int[]', (x) => x.deptIds);
  const type = f.type !== undefined ? param('smallint', (x) => x.type) : undefined;
  const number = f.number ? param('text', (x) => x.number) : undefined;
  const statuses = f.statuses?.length ? param('int[]', (x) => x.statuses) : undefined;
  const tallied = (alias: string) =>
    [
      `${alias}.dept_id = ANY(${deptIds})`,
      type && `${alias}.type = ${type}`,
      number && `${alias}.number = ${number}`,
      statuses && `${alias}.status = ANY(${statuses})`,
    ]
      .filter(Boolean)
      .join(' AND ');
  const residual: string[] = [];
  if (f.areaBegin !== undefined) residual.push(`p.area >= ${param('numeric', (x) => x.areaBegin)}`);
  if (f.areaEnd !== undefined) residual.push(`p.area <= ${param('numeric', (x) => x.areaEnd)}`);
  if (f.keyword) {
    const k = param('text', (x) => containing(x.keyword!));
    const like = caseless(f.keyword) ? 'LIKE' : 'ILIKE';
    residual.push(`(p.project_name ${like} ${k} OR p.code ${like} ${k} OR p.keys ${like} ${k} OR p.address ${like} ${k})`);
  }
  const where = [tallied('p'), ...residual].join(' AND ');
  const shape = [
    kind,
    type ? 't' : '',
    number ? 'n' : '',
    statuses ? 's' : '',
    f.areaBegin !== undefined ? 'a' : '',
    f.areaEnd !== undefined ? 'b' : '',
    f.keyword ? (caseless(f.keyword) ? 'l' : 'k') : '',
  ];
  if (kind === 'count') {
    // The exact count of an area/keyword filter whose sample found too few matches to estimate from.
    return { name: `project_list_${shape.join('')}`, text: `SELECT count(*)::int AS n FROM project p WHERE ${where}`, types, values: collect(getters) };
  }
  // Filtered by neither status nor category, the per-place sums answer with a row per place (migration 017).
  const tally = statuses || number ? 'project_tally' : 'project_tally_place';
  const total = `(SELECT coalesce(sum(t.n), 0)::int FROM ${tally} t WHERE ${tallied('t')}) AS "listTotal"`;
  const hits = residual.length
    ? `, (SELECT count(*) FILTER (WHERE s.hit)::int FROM (SELECT (${residual.join(' AND ')}) AS hit FROM project p WHERE ${tallied('p')} ORDER BY p.id DESC LIMIT ${TOTAL_SAMPLE_ROWS}) s) AS "listHits"`
    : '';
  const keyset = page?.afterId !== undefined ? ` AND p.id < ${param('int', (_, pg) => pg.afterId)}` : '';
  const limit = param('int', (_, pg) => pg.pageSize);
  const offset = page?.afterId === undefined ? ` OFFSET ${param('int', (_, pg) => pg.offset)}` : '';
  shape.push(page?.afterId !== undefined ? 'after' : 'offset');
  return {
    name: `project_list_${shape.join('')}`,
    text: `SELECT ${CARD_SELECT}${kind === 'rows' ? '' : `, ${total}${hits}`} FROM project p WHERE ${where}${keyset} ORDER BY p.id DESC LIMIT ${limit}${offset}`,
    types,
    values: collect(getters),
  };
}

const collect = (getters: Array<(f: ListFilter, page: ListPage) => unknown>) => (f: ListFilter, page: ListPage) => getters.map((g) => g(f, page));

const statements = new Map<string, ListStatement>();

function statementFor(kind: StatementKind, f: ListFilter, page?: ListPage): ListStatement {
  const key = `${kind}|${f.type !== undefined ? 1 : 0}|${f.number ? 1 : 0}|${f.statuses?.length ? 1 : 0}|${f.areaBegin !== undefined ? 1 : 0}|${f.areaEnd !== undefined ? 1 : 0}|${f.keyword ? (caseless(f.keyword) ? 2 : 1) : 0}|${page?.afterId !== undefined ? 1 : 0}`;
  let statement = statements.get(key);
  if (!statement) {
    statement = buildStatement(kind, f, page);
    // On PostgreSQL too by name: parsed once per connection, ~25 % of the database's CPU per uncached list (bench:api,
    // 290-330 → 230-260 µs). Still planned for each call's values: with LIMIT and OFFSET unknown PostgreSQL costs the
    // generic plan far above a 7-row page and keeps custom plans (0 generic of 6000 runs on the bench's 100k rows), so
    // a town's page is not walked through a city's rows.
    nameOnPostgres(statement.name, statement.text);
    statements.set(key, statement);
  }
  return statement;
}

/** A value as PGlite's EXECUTE takes it: SQL literal text of the declared type. */
function literal(type: ParamType, value: unknown): string {
  switch (type) {
    case 'int':
    case 'smallint':
      return sqlInt(value as number);
    case 'int[]':
      return sqlIntArray(value as number[]);
    case 'text':
      return sqlText(value as string);
    case 'numeric': {
      // listFilter admits finite numbers ≥ 0 only; String() of one is digits, a point and maybe an exponent.
      const n = value as number;
      if (!Number.isFinite(n)) throw new TypeError('numeric parameter must be finite');
      return `'${String(n)}'`;
    }
  }
}

async function run<Row>(db: Kysely<Database>, singleSession: boolean, statement: ListStatement, raw: unknown[]): Promise<Row[]> {
  // A multipart form's fields arrive as text ('7'): integers are made numbers here, for both backends alike.
  const values = raw.map((v, i) => {
    const type = statement.types[i];
    if (type === 'int' || type === 'smallint') return Number(v);
    if (type === 'int[]') return (v as unknown[]).map(Number);
    return v;
  });
  if (!singleSession) return (await db.executeQuery<Row>(CompiledQuery.raw(statement.text, values))).rows;
  const literals = values.map((v, i) => literal(statement.types[i], v));
  return executePrepared<Row>(db, statement.name, statement.types.join(', '), statement.text, literals);
}

export interface ListResult {
  rows: ListRow[];
  total: number;
  /** total is an estimate (约 N 条), rounded to two significant digits. */
  approx: boolean;
}

export const twoDigits = (n: number): number => {
  const step = 10 ** Math.max(0, Math.floor(Math.log10(n)) - 1);
  return Math.round(n / step) * step;
};

/**
 * One page of the list and its total. `db` must run without the camel-case plugin (the statement names its
 * columns). The total: place/type/category/status filters are a sum over project_tally, or project_tally_place
 * without status and category (both exact, kept by triggers).
 * Area and keyword filters count their matches among the newest TOTAL_SAMPLE_ROWS candidates — exact when there are
 * no more candidates than that; over more, the share of matches scales the tallied total (约 N 条) when at least
 * TOTAL_SAMPLE_MIN_HITS matched, and the matches are counted otherwise.
 */
export async function queryProjectList(
  db: Kysely<Database>,
  singleSession: boolean,
  f: ListFilter,
  page: ListPage,
  estimates?: TotalEstimates,
): Promise<ListResult> {
  const estimateKey = estimates && hasResidual(f) ? TotalEstimates.keyOf(f) : undefined;
  const estimated = estimateKey === undefined ? undefined : estimates!.get(estimateKey);
  if (estimated !== undefined) {
    const rows = statementFor('rows', f, page);
    return { rows: await run<ListRow>(db, singleSession, rows, rows.values(f, page)), total: estimated, approx: true };
  }
  const statement = statementFor('page', f, page);
  let rows = await run<ListRow>(db, singleSession, statement, statement.values(f, page));
  let head = rows[0];
  if (!head) {
    // A page past the end carries no total: ask the first page (the same shape at offset 0) for it.
    const first = statementFor('page', f, { pageSize: 1, offset: 0 });
    head = (await run<ListRow>(db, singleSession, first, first.values(f, { pageSize: 1, offset: 0 })))[0];
    rows = [];
    if (!head) return { rows, total: 0, approx: false };
  }
  const candidates = Number(head.listTotal);
  if (!hasResidual(f)) return { rows, total: candidates, approx: false };
  const hits = Number(head.listHits ?? 0);
  if (candidates <= TOTAL_SAMPLE_ROWS) return { rows, total: hits, approx: false };
  if (hits >= TOTAL_SAMPLE_MIN_HITS) {
    const total = twoDigits((hits / TOTAL_SAMPLE_ROWS) * candidates);
    if (estimateKey !== undefined) estimates!.set(estimateKey, total);
    return { rows, total, approx: true };
  }
  const count = statementFor('count', f);
  const [exact] = await run<{ n: number }>(db, singleSession, count, count.values(f, page));
  return { rows, total: Number(exact.n), approx: false };
}

/**
 * The estimated totals (约 N 条) of area and keyword filters, each reused for a while: its 500-row sample cost
 * PostgreSQL more than the page itself (~0.75 of ~1.75 ms under load), and an estimate rounded to two digits does not
 * need to be taken again for every reader. Exact totals are not kept. Cleared with the list's cache on a write.
 *
 * @example
 * const estimates = new TotalEstimates(config.listEstimateMs);
 * await queryProjectList(db, false, filter, page, estimates);
 */
export class TotalEstimates {
  private entries = new Map<string, { total: number; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2000,
  ) {}

  /** One filter's key: everything that picks its rows (the places in full, since a place's subtree may change). */
  static keyOf(f: ListFilter): string {
    return JSON.stringify([f.type ?? null, f.number ?? null, f.statuses ?? null, f.areaBegin ?? null, f.areaEnd ?? null, f.keyword ?? null, f.deptIds]);
  }

  get(key: string): number | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires > Date.now()) return entry.total;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, total: number): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { total, expires: Date.now() + this.ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }
}
