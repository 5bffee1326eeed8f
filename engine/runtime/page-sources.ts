import type { BlockEntry, Page, Region } from '../../schemas/types/region.js';
import { evaluateCondition, type ConditionContext } from '../region/condition.js';
import { buildPageRoutes, type PageRoute } from './routes.js';
import { resolveSource, sourceKey, type BlockSource, type ResolvedSource } from './source.js';

/** The block lists a page draws: the region's header and footer around its own, unless it turns the header off. */
export function pageBlockLists(region: Region, page: Page): ReadonlyArray<readonly BlockEntry[] | undefined> {
  const header = page.layout?.header !== false;
  return [header ? region.layout?.header : undefined, page.blocks, header ? region.layout?.footer : undefined];
}

/** A shown block's source, resolved with the address's query and the region, and the key requests share. */
export interface PageSource {
  key: string;
  resolved: ResolvedSource;
}

/** The sources of the given block entries, in order. */
export function pageSources(entries: readonly BlockEntry[], query: Record<string, string>, region: Region): PageSource[] {
  return entries.flatMap((entry) => {
    if (!entry.source) return [];
    const resolved = resolveSource(entry.source as BlockSource, { query, region: region as unknown as Record<string, unknown> });
    return [{ key: sourceKey(resolved), resolved }];
  });
}

/**
 * What a hash address (`#/path?query`) opens before the app has rendered: the page, its query, and the sources of
 * the blocks it shows to the visitor as far as known then (logged in or not; a role is known only later). The app's
 * entry starts these requests while React is still to render (engine/app/main.tsx); PageView then finds them
 * running (SourcePrefetch). Undefined for an address no page has.
 *
 * @example
 * firstPageSources(region, '#/pressCenter?page=2', { loggedIn: false })
 */
export function firstPageSources(region: Region, hash: string, session: { loggedIn: boolean }): { route: PageRoute; sources: PageSource[] } | undefined {
  const [path = '', search = ''] = hash.replace(/^#/, '').split('?');
  const query = Object.fromEntries(new URLSearchParams(search));
  const context = { flags: region.flags ?? {}, region, query, session } as unknown as ConditionContext;
  const route = buildPageRoutes(region, context).find((r) => r.path === (path || '/'));
  if (!route) return undefined;
  const shown = pageBlockLists(region, route.page).flatMap((list) => (list ?? []).filter((e) => !e.when || evaluateCondition(e.when as never, context)));
  return { route, sources: pageSources(shown, query, region) };
}
