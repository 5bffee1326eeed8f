import path from 'node:path';
import type { Region } from '../../schemas/types/region.js';
import { formatProblem, stopsServing, type Problem } from '../../engine/region/index.js';
import { loadRegionCatalog, resolveRegionForHost, type RegionCatalog } from '../../engine/region-files/index.js';

/** The server refuses to start on a broken region file: the message lists every problem with file:line:column. */
export class RegionConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`区域配置有 ${problems.length} 处错误，门户未启动：\n${problems.join('\n')}`);
  }
}

/**
 * The regions this deployment serves, loaded and validated once (lazily, on the first page or config request, so
 * API-only uses and tests that never ask pay nothing).
 */
export class PortalRegions {
  private catalog: RegionCatalog | undefined;

  /**
   * @param dir the regions folder
   * @param options.fixedRegion the region every page without `?region=` shows, whatever its host (live preview)
   * @param options.noPreview `?region=` is ignored whatever deployment.yaml's allowPreview says (production)
   */
  constructor(
    private readonly dir: string,
    private readonly options: { fixedRegion?: string; noPreview?: boolean } = {},
  ) {}

  /** The problems found at load that leave every page served (a link to no page): logged at start, not refused. */
  deadEnds: string[] = [];

  /** Loads now; throws {@link RegionConfigError} when a region file has a problem that stops it being served. */
  load(): RegionCatalog {
    if (this.catalog) return this.catalog;
    const catalog = loadRegionCatalog(path.resolve(this.dir));
    const stopping = catalog.problems.filter(stopsServing);
    if (stopping.length > 0) throw new RegionConfigError(stopping.map((p) => formatProblem(p)));
    this.deadEnds = catalog.problems.map((p) => formatProblem(p));
    this.catalog = catalog;
    return catalog;
  }

  /**
   * Reads the folder again (live preview): a catalog without problems replaces the one served; with problems the
   * last valid one stays served, and the problems are returned.
   */
  reload(): Problem[] {
    const catalog = loadRegionCatalog(path.resolve(this.dir));
    if (!catalog.problems.some(stopsServing)) this.catalog = catalog;
    return catalog.problems;
  }

  /**
   * The region for a request: `?region=` when given (undefined if unknown), else the fixed region of a live preview,
   * else by host, else the default.
   */
  forRequest(host: string | undefined, requestedPreview: string | undefined): Region | undefined {
    const catalog = this.load();
    const preview = this.options.noPreview ? undefined : requestedPreview;
    if (!preview && this.options.fixedRegion) return catalog.regions.find((r) => r.id === this.options.fixedRegion) as Region | undefined;
    return resolveRegionForHost(catalog, (host ?? '').split(':')[0], preview) as Region | undefined;
  }

  /** The ids of every region, for messages. */
  ids(): string[] {
    return this.load().regions.map((r) => r.id);
  }
}
