import type { RegionCatalog, ResolvedRegion } from './catalog.js';

/**
 * The region a request is for: the `?region=<id>` preview when given (undefined when no region has that id, or
 * when the deployment sets allowPreview: false), else the region mapped to the host, else the default region.
 * Host names match without port and case.
 *
 * @example
 * resolveRegionForHost(catalog, 'xinyang.nccq.example.cn')      // → the xinyang region
 * resolveRegionForHost(catalog, 'localhost', 'lantian')          // → the lantian region (preview)
 */
export function resolveRegionForHost(
  catalog: Pick<RegionCatalog, 'regions' | 'deployment'>,
  host: string | undefined,
  previewId?: string | null,
): ResolvedRegion | undefined {
  const byId = (id: string | undefined) => (id ? catalog.regions.find((r) => r.id === id) : undefined);
  if (previewId) return catalog.deployment.allowPreview === false ? undefined : byId(previewId);
  const name = (host ?? '').trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return byId(catalog.deployment.hosts?.[name]) ?? byId(catalog.deployment.defaultRegion) ?? catalog.regions[0];
}
