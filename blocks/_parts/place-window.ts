/** A place the area menu or the town map can open. */
export interface PlaceLink {
  deptId: number | string;
  deptName: string;
  deptCode?: string;
  parentId?: number | string;
}

/**
 * The places that open their own window: level 3 or deeper, and not in the region's notGoCityList (a name or a
 * deptId; spec §2).
 */
export function opensAsPlace<T extends PlaceLink & { level?: number }>(places: readonly T[], notGoCityList: ReadonlyArray<string | number> = []): T[] {
  const notGo = new Set(notGoCityList.map(String));
  return places.filter((p) => (p.level ?? 3) >= 3 && !notGo.has(p.deptName) && !notGo.has(String(p.deptId)));
}

/** The route of a place's own page (regions/_base/pages/szqyDetail.yaml: its heading, news and projects). */
export const PLACE_ROUTE = '/szqy/detail';

/**
 * The address of a place's own portal view: the portal in a new window with dm, deptName, deptCode and parentId
 * (spec §2), plus deptId so every call of that window is scoped to the place; by default the place's own page.
 */
export function placeWindowHref(place: PlaceLink, route = PLACE_ROUTE): string {
  const query = new URLSearchParams();
  query.set('dm', String(place.deptCode ?? ''));
  query.set('deptName', place.deptName);
  query.set('deptCode', String(place.deptCode ?? ''));
  query.set('parentId', String(place.parentId ?? ''));
  query.set('deptId', String(place.deptId));
  const base = typeof window === 'undefined' ? '' : `${window.location.pathname}${window.location.search}`;
  return `${base}#${route}?${query.toString()}`;
}
