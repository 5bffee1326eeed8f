import type { Page as PageConfig } from '../../schemas/types/region.js';

/** Query keys whose value picks another record or filter of the same screen, not another screen: one visit stands for all. */
const SAME_SCREEN_KEYS = new Set([
  'id',
  'page',
  'pageNum',
  'keyword',
  'keys',
  'dm',
  'deptName',
  'deptCode',
  'deptId',
  'parentId',
  'number',
  'statusIndex',
  'index',
  'area',
  'area1',
  'area2',
  'pid',
  'classname',
  'item',
  'backUrl',
  'remark',
  'address',
  'cid',
]);

/**
 * A route and the query values that choose a screen: `/announcement?type=3`, `/tradingProject?idx=1`.
 *
 * @example
 * screenKey('/pressCenter/pressCenterDetail?id=7') // '/pressCenter/pressCenterDetail'
 */
export function screenKey(hashRoute: string): string {
  const [pathPart, search = ''] = hashRoute.split('?');
  const query = new URLSearchParams(search);
  const params = [...query.entries()].filter(([k]) => !SAME_SCREEN_KEYS.has(k)).sort();
  // A place window (dm/deptId in the address) shows another place: a screen of its own, once for all places.
  const place = query.has('dm') || query.has('deptId') ? '@place' : '';
  return (params.length ? `${pathPart}?${new URLSearchParams(params).toString()}` : pathPart) + place;
}

/** A detail page: it reads the record id from the address, so it is reached from its list, not opened bare. */
export function needsRecord(page: PageConfig): boolean {
  return /detail/i.test(page.route) && JSON.stringify(page.blocks ?? []).includes('"query.id"');
}
