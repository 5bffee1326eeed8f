/**
 * The trading projects screen's filters, kept in the route query so back/forward and reload keep them, and the
 * rules that turn them into a list request (spec §2, §4 "Status filter tiles", §5 area brackets). Pure, so the
 * request rules are tested without a screen.
 */

export type ProjectType = 1 | 2 | 3;

/** One area option in mu; an absent bound is left out of the request. */
export interface AreaBracket {
  label: string;
  begin?: number;
  end?: number;
}

/** Spec §5: all; 0–10; 10–100; 100–200; 200–500; 500 and above (upper bound 10000). */
export const DEFAULT_AREA_BRACKETS: readonly AreaBracket[] = [
  { label: '全部' },
  { label: '0-10亩', begin: 0, end: 10 },
  { label: '10-100亩', begin: 10, end: 100 },
  { label: '100-200亩', begin: 100, end: 200 },
  { label: '200-500亩', begin: 200, end: 500 },
  { label: '500亩以上', begin: 500, end: 10000 },
];

/** The query keys of the screen (the spec's named route uses idx, index, dm and statusIndex). */
export const QUERY_KEYS = {
  type: 'idx',
  category: 'number',
  categoryIndex: 'index',
  place: 'dm',
  area: 'area',
  keyword: 'keyword',
  tile: 'statusIndex',
  page: 'page',
} as const;

/** What the screen shows, read from the route query. */
export interface ListFilter {
  type: ProjectType;
  /** Category number, or undefined for 全部. */
  category?: string;
  /** deptCode of the chosen place (`dm`), or undefined for the region itself. */
  place?: string;
  /** Index into the area brackets; 0 is the first (全部). */
  area: number;
  keyword?: string;
  /** Index of the selected status tile, or null when none is (all statuses). */
  tile: number | null;
  page: number;
}

const nonNegativeInt = (text: string | undefined): number | undefined => {
  if (text === undefined || text === '') return undefined;
  const n = Number(text);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
};

/**
 * Reads the filter from the query. `idx` must be one of the offered types (else the first); `number` names the
 * category, or `index` its position among the category tabs (1 is the first category, 0 全部).
 */
export function filterFromQuery(
  query: Record<string, string | undefined>,
  options: { types: readonly ProjectType[]; categories?: readonly string[] },
): ListFilter {
  const idx = Number(query[QUERY_KEYS.type]);
  const type = (options.types.includes(idx as ProjectType) ? idx : (options.types[0] ?? 2)) as ProjectType;
  let category = query[QUERY_KEYS.category] || undefined;
  const index = nonNegativeInt(query[QUERY_KEYS.categoryIndex]);
  if (!category && index && options.categories) category = options.categories[index - 1];
  return {
    type,
    category,
    place: query[QUERY_KEYS.place] || undefined,
    area: nonNegativeInt(query[QUERY_KEYS.area]) ?? 0,
    keyword: query[QUERY_KEYS.keyword]?.trim() || undefined,
    tile: nonNegativeInt(query[QUERY_KEYS.tile]) ?? null,
    page: Math.max(1, nonNegativeInt(query[QUERY_KEYS.page]) ?? 1),
  };
}

/**
 * The query after a filter change. Any change but the page itself goes back to page 1 (spec §4); a type change also
 * drops what belongs to the old type (category, tile, area). Undefined/null values remove the key.
 */
export function queryWith(search: string, changes: Partial<Record<keyof typeof QUERY_KEYS, string | number | null | undefined>>): string {
  const next = new URLSearchParams(search);
  const set = (key: string, value: string | number | null | undefined) => {
    if (value === undefined || value === null || value === '') next.delete(key);
    else next.set(key, String(value));
  };
  if ('type' in changes) {
    for (const key of [QUERY_KEYS.category, QUERY_KEYS.categoryIndex, QUERY_KEYS.tile, QUERY_KEYS.area]) next.delete(key);
  }
  if ('category' in changes) next.delete(QUERY_KEYS.categoryIndex);
  for (const [name, value] of Object.entries(changes)) set(QUERY_KEYS[name as keyof typeof QUERY_KEYS], value);
  if (!('page' in changes)) next.delete(QUERY_KEYS.page);
  return next.toString();
}

/** The list request's fields (spec §3 "Project list query"). */
export interface ListRequest {
  type: ProjectType;
  pageNum: number;
  pageSize: number;
  number?: string;
  statusStr: string;
  keyword?: string;
  deptId?: number | string;
  params?: { areaBegin?: number; areaEnd?: number };
}

/**
 * The request of a filter: the selected tile's statuses, else all statuses; the area bounds only for types that
 * offer the filter, each bound only when present; the chosen place's deptId.
 *
 * @example
 * listRequest({ type: 1, area: 5, tile: null, page: 1 }, { pageSize: 7, tiles: [], allStatuses: [2, 4, 6] })
 * // → { type: 1, pageNum: 1, pageSize: 7, statusStr: '2,4,6', params: { areaBegin: 500, areaEnd: 10000 } }
 */
export function listRequest(
  filter: ListFilter,
  options: {
    pageSize: number;
    tiles: ReadonlyArray<{ statuses: readonly number[] }>;
    allStatuses: readonly number[];
    brackets?: readonly AreaBracket[];
    areaFilterTypes?: readonly ProjectType[];
    placeDeptId?: number | string;
  },
): ListRequest {
  const tile = filter.tile === null ? undefined : options.tiles[filter.tile];
  const request: ListRequest = {
    type: filter.type,
    pageNum: filter.page,
    pageSize: options.pageSize,
    statusStr: (tile?.statuses ?? options.allStatuses).join(','),
  };
  if (filter.category) request.number = filter.category;
  if (filter.keyword) request.keyword = filter.keyword;
  if (options.placeDeptId !== undefined) request.deptId = options.placeDeptId;
  if (areaApplies(filter.type, options.areaFilterTypes)) {
    const bracket = (options.brackets ?? DEFAULT_AREA_BRACKETS)[filter.area];
    const params: { areaBegin?: number; areaEnd?: number } = {};
    if (bracket?.begin !== undefined) params.areaBegin = bracket.begin;
    if (bracket?.end !== undefined) params.areaEnd = bracket.end;
    if (Object.keys(params).length) request.params = params;
  }
  return request;
}

/** Spec §5: the area filter does not apply to type 2. */
export function areaApplies(type: ProjectType, areaFilterTypes: readonly ProjectType[] = [1, 3]): boolean {
  return areaFilterTypes.includes(type);
}
