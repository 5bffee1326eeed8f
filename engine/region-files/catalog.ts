import path from 'node:path';
import type { Deployment, Region } from '../../schemas/types/region.js';
import { ajvProblems } from '../region/ajv-problems.js';
import { checkRegion } from '../region/checks.js';
import { blockMeta } from '../region/block-meta.js';
import { withWhere } from '../region/where.js';
import { locate, type OriginNode } from '../region/origin.js';
import { formatPath, formatProblem, makeProblem, suggest, sortProblems, type Problem } from '../region/problem.js';
import { getRegionSchemas, SCHEMA_DIR, type RegionSchemas } from './schemas.js';
import { layerResolver, type LoadContext } from './region-layers.js';
import { parseYamlText, parseYamlTextFast, type ParsedYaml } from './yaml-file.js';
import { diskFiles, type RegionFileSource } from './file-source.js';
import { checkRegionPlaces, readPlaceTrees, regionFolders, type DeclaredPlace } from './places.js';

/** A region after `extends`, pages/*.yaml and validation: the config the server hands the browser. */
export type ResolvedRegion = Region;

/** Everything under a regions folder. */
export interface RegionCatalog {
  /** Every region that could be assembled, in file order (also those with problems; see `problems`). */
  regions: ResolvedRegion[];
  /** regions/deployment.yaml; when absent, no hosts and the first region as default. */
  deployment: Deployment;
  /** Every problem in every file, sorted by file and position. Empty means the catalog is valid. */
  problems: Problem[];
  /** Region id → repo-relative file it was read from. */
  files: Map<string, string>;
  /** Region id → where each value of the merged config was written (for tools that point into files). */
  origins: Map<string, OriginNode>;
  /** The deployment's place tree from every regions/<folder>/places.yaml, parents before children (see places.ts). */
  places: DeclaredPlace[];
}

export interface LoadOptions {
  /** Problems name files relative to this folder (default: the working directory, i.e. the repo root). */
  baseDir?: string;
  /** Folder of region.schema.json and the other region schemas (default: this repository's schemas/); block props schemas are read from blocks/<type>/. */
  schemaDir?: string;
  /**
   * Keep the exact origin of every value even when nothing is wrong (tools that point into files). By default a
   * valid catalog is read with a fast parser and only a catalog with problems is re-read keeping positions.
   */
  precise?: boolean;
  /** Where the files are read (default: the disk); the studio passes the disk overlaid with an edit not yet written. */
  files?: RegionFileSource;
}

/** Region files: `region.yaml` and variants `region.<variant>.yaml`. */
const REGION_FILE = /^region(\.[a-z0-9-]+)?\.yaml$/;

/**
 * Reads every region under `rootDir` (one folder per region, folders starting with `_` are shared bases, not
 * regions), resolves `extends`, adds pages/*.yaml, validates everything and reports all problems at once.
 *
 * @example
 * const catalog = loadRegionCatalog('regions');
 * if (catalog.problems.length) console.error(catalog.problems.map((p) => formatProblem(p)).join('\n'));
 */
export function loadRegionCatalog(rootDir: string, options: LoadOptions = {}): RegionCatalog {
  if (!options.precise) {
    // Most loads (server start, CI) find nothing wrong and need no positions: a parser that keeps none is several
    // times faster. Any problem — or anything the fast parser refuses — means a second read that locates them all.
    const fast = loadWith(rootDir, options, parseYamlTextFast);
    if (fast.problems.length === 0) return fast;
  }
  return loadWith(rootDir, options, parseYamlText);
}

function loadWith(rootDir: string, options: LoadOptions, parseText: (text: string, file: string) => ParsedYaml): RegionCatalog {
  const baseDir = options.baseDir ?? process.cwd();
  const source = options.files ?? diskFiles;
  const schemas = getRegionSchemas(options.schemaDir ?? SCHEMA_DIR);
  const rel = (abs: string) => path.relative(baseDir, abs).split(path.sep).join('/');
  const problems: Problem[] = [];

  const parsed = new Map<string, ParsedYaml>();
  const parse = (abs: string): ParsedYaml => {
    let result = parsed.get(abs);
    if (!result) {
      result = parseText(source.read(abs), rel(abs));
      problems.push(...result.problems);
      parsed.set(abs, result);
    }
    return result;
  };
  const ctx: LoadContext = { rel, parse, problems, source };
  const { regions, files, origins } = readRegions(rootDir, ctx, schemas);

  // ── Places: every folder's places.yaml make one tree; each region's deptId/deptCode must name a place in it. ──
  const placeTrees = readPlaceTrees(rootDir, parse, options.schemaDir, source);
  problems.push(...placeTrees.problems);
  problems.push(
    ...checkRegionPlaces(
      regions.map((r) => ({ id: r.id, deptId: r.deptId, deptCode: r.deptCode, lesseeId: r.lesseeId, cityName: r.cityName, origin: origins.get(r.id)! })),
      placeTrees,
    ),
  );
  // ── end of places ──

  const deployment = loadDeployment(rootDir, regions, ctx, schemas.deployment);
  // A shared base file's problem is found once per region built on it; report it once.
  const unique = new Map(problems.map((p) => [formatProblem(p, 'en'), p]));
  return { regions, deployment, problems: sortProblems([...unique.values()]), files, origins, places: placeTrees.places };
}

/** Every region file of every folder, resolved and validated; a region whose id is taken already is reported, not kept. */
function readRegions(rootDir: string, ctx: LoadContext, schemas: RegionSchemas): Pick<RegionCatalog, 'regions' | 'files' | 'origins'> {
  const { problems } = ctx;
  const resolve = layerResolver(ctx);
  const blockName = (type: string) => blockMeta(schemas.blockSchemas.get(type)).name;
  const regions: ResolvedRegion[] = [];
  const files = new Map<string, string>();
  const origins = new Map<string, OriginNode>();
  for (const folder of regionFolders(rootDir, ctx.source)) {
    const dir = path.join(rootDir, folder);
    // region.yaml before its variants, so a variant that repeats an id is the one reported.
    const names = ctx.source
      .files(dir)
      .filter((f) => REGION_FILE.test(f))
      .sort((a, b) => (a === 'region.yaml' ? -1 : b === 'region.yaml' ? 1 : a.localeCompare(b)));
    for (const name of names) {
      const abs = path.resolve(dir, name);
      const { layer, ok } = resolve(abs);
      if (!ok) continue;
      const value = layer.value as Record<string, unknown>;
      const found = schemas.region(value) ? [] : ajvProblems(schemas.region.errors, value, layer.origin);
      found.push(...checkRegion(value, layer.origin, schemas));
      problems.push(...found.map((p) => withWhere(p, value, blockName)));
      if (typeof value.id !== 'string') continue;
      const owner = files.get(value.id);
      if (owner) {
        problems.push(makeProblem({ ...locate(layer.origin, ['id']), path: 'id', code: 'duplicateRegionId', params: { id: value.id, owner } }));
        continue;
      }
      files.set(value.id, ctx.rel(abs));
      origins.set(value.id, layer.origin);
      regions.push(value as unknown as ResolvedRegion);
    }
  }
  return { regions, files, origins };
}

function loadDeployment(
  rootDir: string,
  regions: ResolvedRegion[],
  { parse, problems, source }: LoadContext,
  validate: ReturnType<typeof getRegionSchemas>['deployment'],
): Deployment {
  const abs = path.resolve(rootDir, 'deployment.yaml');
  const fallback: Deployment = { defaultRegion: regions[0]?.id ?? '', hosts: {} };
  if (!source.exists(abs)) return fallback;
  const file = parse(abs);
  if (file.problems.length > 0) return fallback;
  if (!validate(file.value)) {
    problems.push(...ajvProblems(validate.errors, file.value, file.origin));
    return fallback;
  }
  const deployment = file.value as Deployment;
  const ids = regions.map((r) => r.id);
  const unknown = (id: string, at: string[]) => {
    if (ids.includes(id)) return;
    problems.push(makeProblem({ ...locate(file.origin, at), path: formatPath(at), code: 'unknownRegion', params: { id }, suggestion: suggest(id, ids) }));
  };
  unknown(deployment.defaultRegion, ['defaultRegion']);
  for (const [host, id] of Object.entries(deployment.hosts ?? {})) unknown(id, ['hosts', host]);
  return { hosts: {}, ...deployment };
}
