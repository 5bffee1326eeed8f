/** The rows of a list response, whether it is a page (`{ rows, total }`) or a plain list. */
export function rowsOf<T>(data: unknown): T[] {
  if (Array.isArray(data)) return data as T[];
  if (data && typeof data === 'object' && Array.isArray((data as { rows?: unknown }).rows)) return (data as { rows: T[] }).rows;
  return [];
}

/** Dates are cut to their first 10 characters (spec §9): `2026-11-20 10:00:00` → `2026-11-20`. */
export function dateOf(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, 10) : '';
}

/** The visible text of rich-text HTML, for previews. DOMParser documents run no scripts and load no images. */
export function textOf(html: unknown): string {
  if (typeof html !== 'string' || !html) return '';
  if (typeof DOMParser === 'undefined') return html.replace(/<[^>]*>/g, '');
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}

/** A hash route with a query: `withQuery('/pressCenter/pressCenterDetail', { id: 7 })`. Empty values are left out. */
export function withQuery(route: string, query: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `${route}${route.includes('?') ? '&' : '?'}${text}` : route;
}

/** True for an address outside the portal (opened in a new window). */
export function isExternal(href: string | undefined): boolean {
  return typeof href === 'string' && /^(https?:)?\/\//.test(href);
}
