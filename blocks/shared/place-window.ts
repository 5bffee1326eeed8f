/** A place the area menu or the town map can open. */
export interface PlaceLink {
  deptId: number | string;
  deptName: string;
  deptCode?: string;
  parentId?: number | string;
}

/**
 * The address of a place's own portal view: the same page in a new window with dm, deptName, deptCode and
 * parentId (spec §2), plus deptId so every call of that window is scoped to the place.
 */
export function placeWindowHref(place: PlaceLink, route = '/'): string {
  const query = new URLSearchParams();
  query.set('dm', String(place.deptCode ?? ''));
  query.set('deptName', place.deptName);
  query.set('deptCode', String(place.deptCode ?? ''));
  query.set('parentId', String(place.parentId ?? ''));
  query.set('deptId', String(place.deptId));
  const base = typeof window === 'undefined' ? '' : `${window.location.pathname}${window.location.search}`;
  return `${base}#${route}?${query.toString()}`;
}
