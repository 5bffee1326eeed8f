import { useRegion } from '../../engine/react/RegionProvider.js';

/** The heading of a section whose name the region chooses (ZCZSName: 国有资产, 产业招商…), else the prop's own. */
export function useRegionHeading(field: string | undefined, fallback: string | undefined): string | undefined {
  const region = useRegion() as Record<string, unknown>;
  const own = field ? region[field] : undefined;
  return typeof own === 'string' && own.trim() ? own.trim() : fallback;
}
