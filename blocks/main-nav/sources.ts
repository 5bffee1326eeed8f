import type { BlockSourcesContext } from '../../engine/runtime/block-registry.js';
import type { BlockSource } from '../../engine/runtime/source.js';
import { categoriesSource } from '../_parts/shared-sources.js';

/** Project type of each category drop-down tab (spec: supply 2, demand 3, tender 1). */
export const PROJECT_TYPE_OF_TAB: Record<string, number> = { supply: 2, demand: 3, tender: 1 };

/** The region's own places, also inside a place window (whose other calls are scoped to that place). */
export const AREA_SOURCE = { call: 'townList', query: { maxLevel: 4, includeSelf: true }, deptId: { $from: 'region.deptId' } } as const;

/**
 * What the nav's drop-downs ask for as it draws (their panels are in the page, hidden until opened): the places of
 * the area tab and the categories of each type tab shown — started with the page's own sources.
 */
export function mainNavSources({ props, region, holds }: BlockSourcesContext): BlockSource[] {
  const tabs = ((region.tabList ?? []) as Array<{ type?: string; when?: unknown }>).filter((tab) => holds(tab.when));
  return tabs.flatMap((tab): BlockSource[] => {
    if (tab.type === 'area') return props.areaDropdown !== false ? [AREA_SOURCE as unknown as BlockSource] : [];
    const type = tab.type ? PROJECT_TYPE_OF_TAB[tab.type] : undefined;
    return type !== undefined ? [categoriesSource(type)] : [];
  });
}
