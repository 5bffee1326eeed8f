import type { BlockEntry, Page, Region } from '../../schemas/types/region.js';
import { evaluateCondition, type ConditionContext } from '../region/condition.js';
import { buildPageRoutes, type PageRoute } from './routes.js';
import { resolveSource, sourceKey, type BlockSource, type ResolvedSource } from './source.js';
import type { BlockDefinition } from './block-registry.js';

/** Whether a page is drawn inside the region's header and footer: not when it turns the header off or is a console page. */
export const hasRegionChrome = (page: Pick<Page, 'layout'>): boolean => page.layout?.header !== false && page.layout?.frame !== 'console';

/**
 * The block lists a page draws: the region's header and footer around its own, unless it turns the header off; a
 * console page (layout.frame console) its frame's sidebar beside its own instead.
 */
export function pageBlockLists(region: Region, page: Page): ReadonlyArray<readonly BlockEntry[] | undefined> {
  if (page.layout?.frame === 'console') return [region.layout?.consoleSidebar, page.blocks];
  const header = hasRegionChrome(page);
  return [header ? region.layout?.header : undefined, page.blocks, header ? region.layout?.footer : undefined];
}

/** A shown block's source, resolved with the address's query and the region, and the key requests share. */
export interface PageSource {
  key: string;
  resolved: ResolvedSource;
}

/** How a page finds the sources its blocks ask for beyond their entries' own (`BlockDefinition.sources`). */
export interface BlockSourceLookup {
  definition: (type: string) => Pick<BlockDefinition, 'sources'> | undefined;
  /** Whether a `when` holds for this visit (a menu tab's). */
  holds: (when: unknown) => boolean;
}

/** The sources of the given block entries, in order: each entry's own, then those its block type names. */
export function pageSources(entries: readonly BlockEntry[], query: Record<string, string>, region: Region, blocks?: BlockSourceLookup): PageSource[] {
  const regionRecord = region as unknown as Record<string, unknown>;
  return entries.flatMap((entry) => {
    const own = entry.source ? [entry.source as BlockSource] : [];
    const more =
      blocks?.definition(entry.type)?.sources?.({ props: (entry.props ?? {}) as Record<string, unknown>, region: regionRecord, holds: blocks.holds }) ?? [];
    return [...own, ...more].map((source) => {
      const resolved = resolveSource(source, { query, region: regionRecord });
      return { key: sourceKey(resolved), resolved };
    });
  });
}

/**
 * What a hash address (`#/path?query`) opens before the app has rendered: the page, the block types it shows and
 * the sources of those blocks, for the visitor as far as known then (logged in or not; a role is known only later). The app's
 * entry starts these requests while React is still to render (engine/app/main.tsx); PageView then finds them
 * running (SourcePrefetch). Undefined for an address no page has.
 *
 * @example
 * firstPageSources(region, '#/pressCenter?page=2', { loggedIn: false }, (type) => registry.get(type))
 */
export function firstPageSources(
  region: Region,
  hash: string,
  session: { loggedIn: boolean },
  definition?: BlockSourceLookup['definition'],
): { route: PageRoute; sources: PageSource[]; types: string[] } | undefined {
  const [path = '', search = ''] = hash.replace(/^#/, '').split('?');
  const query = Object.fromEntries(new URLSearchParams(search));
  const context = { flags: region.flags ?? {}, region, query, session } as unknown as ConditionContext;
  const route = buildPageRoutes(region, context).find((r) => r.path === (path || '/'));
  if (!route) return undefined;
  const holds = (when: unknown) => !when || evaluateCondition(when as never, context);
  const shown = pageBlockLists(region, route.page).flatMap((list) => (list ?? []).filter((e) => holds(e.when)));
  return {
    route,
    sources: pageSources(shown, query, region, definition ? { definition, holds } : undefined),
    types: [...new Set(shown.map((entry) => entry.type))],
  };
}
