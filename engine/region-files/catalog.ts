import fs from 'node:fs';
import path from 'node:path';
import type { Deployment, Region } from '../../schemas/types/region.js';
import { ajvProblems } from '../region/ajv-problems.js';
import { checkRegion } from '../region/checks.js';
import { mergeLayers, type Layer } from '../region/merge.js';
import { locate, type OriginNode } from '../region/origin.js';
import { formatPath, formatProblem, suggest, sortProblems, type Problem } from '../region/problem.js';
import { getRegionSchemas, SCHEMA_DIR } from './schemas.js';
import { parseYamlFile, parseYamlFileFast, type ParsedYaml } from './yaml-file.js';
import { checkRegionPlaces, readPlaceTrees, type DeclaredPlace } from './places.js';

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
}

/** Region files: `region.yaml` and variants `region.<variant>.yaml`. */
const REGION_FILE = /^region(\.[a-z0-9-]+)?\.yaml$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads every region under `rootDir` (one folder per region, folders starting with `_` are shared bases, not
 * regions), resolves `extends`, adds pages/*.yaml, validates everything and reports all problems at once.
 *
 * @example
 * const catalog = loadRegionCatalog('regions');
 * if (catalog.problems.length) console.error(catalog.problems.map(formatProblem).join('\n'));
 */
export function loadRegionCatalog(rootDir: string, options: LoadOptions = {}): RegionCatalog {
  if (!options.precise) {
    // Most loads (server start, CI) find nothing wrong and need no positions: a parser that keeps none is several
    // times faster. Any problem — or anything the fast parser refuses — means a second read that locates them all.
    const fast = loadWith(rootDir, options, parseYamlFileFast);
    if (fast.problems.length === 0) return fast;
  }
  return loadWith(rootDir, options, parseYamlFile);
}

function loadWith(rootDir: string, options: LoadOptions, parseFile: (abs: string, file: string) => ParsedYaml): RegionCatalog {
  const baseDir = options.baseDir ?? process.cwd();
  const schemas = getRegionSchemas(options.schemaDir ?? SCHEMA_DIR);
  const rel = (abs: string) => path.relative(baseDir, abs).split(path.sep).join('/');
  const problems: Problem[] = [];

  const parsed = new Map<string, ParsedYaml>();
  const parse = (abs: string): ParsedYaml => {
    let result = parsed.get(abs);
    if (!result) {
      result = parseFile(abs, rel(abs));
      problems.push(...result.problems);
      parsed.set(abs, result);
    }
    return result;
  };

  /** A file with its `extends` chain and pages applied; `ok` false when a file in the chain could not be used. */
  const resolved = new Map<string, { layer: Layer; ok: boolean }>();
  const resolve = (abs: string, stack: string[]): { layer: Layer; ok: boolean } => {
    const cached = resolved.get(abs);
    if (cached) return cached;
    const file = parse(abs);
    let ok = file.problems.length === 0;
    const empty: Layer = { value: {}, origin: { file: file.file, line: 1, column: 1, children: new Map() } };
    if (!ok) return { layer: empty, ok };
    if (!isObject(file.value)) {
      problems.push({
        file: file.file,
        line: 1,
        column: 1,
        path: '',
        message: `expected a mapping of region keys, got ${file.value === null ? 'an empty file' : 'a list or a single value'}`,
      });
      return { layer: empty, ok: false };
    }
    const layers: Layer[] = [];
    const extendsValue = file.value.extends;
    const targets = typeof extendsValue === 'string' ? [extendsValue] : Array.isArray(extendsValue) ? extendsValue : [];
    targets.forEach((target, index) => {
      if (typeof target !== 'string') return;
      const at = typeof extendsValue === 'string' ? ['extends'] : ['extends', index];
      const atPath = formatPath(at);
      const where = locate(file.origin, at);
      const targetAbs = path.resolve(path.dirname(abs), target);
      if ([...stack, abs].includes(targetAbs)) {
        const cycle = [...stack.slice(stack.indexOf(targetAbs)), abs, targetAbs].map(rel).join(' → ');
        problems.push({ ...where, path: atPath, message: `extends cycle: ${cycle}` });
        ok = false;
        return;
      }
      if (!fs.existsSync(targetAbs)) {
        const dir = path.dirname(targetAbs);
        const nearby = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.yaml')) : [];
        const near = suggest(path.basename(targetAbs), nearby);
        problems.push({
          ...where,
          path: atPath,
          message: `extended file "${target}" does not exist (looked for ${rel(targetAbs)})`,
          ...(near ? { suggestion: path.join(path.dirname(target), near).split(path.sep).join('/') } : {}),
        });
        ok = false;
        return;
      }
      const base = resolve(targetAbs, [...stack, abs]);
      ok &&= base.ok;
      layers.push(base.layer);
    });
    const { extends: _extends, ...own } = file.value;
    layers.push({ value: own, origin: file.origin });
    // pages/<id>.yaml beside a region.yaml add or override page <id>; variants get them through extends.
    const pagesDir = path.join(path.dirname(abs), 'pages');
    if (path.basename(abs) === 'region.yaml' && fs.existsSync(pagesDir)) {
      for (const name of fs
        .readdirSync(pagesDir)
        .filter((f) => f.endsWith('.yaml'))
        .sort()) {
        const page = parse(path.join(pagesDir, name));
        if (page.problems.length > 0) {
          ok = false;
          continue;
        }
        const pageId = name.slice(0, -'.yaml'.length);
        const top = { file: page.file, line: 1, column: 1 };
        layers.push({
          value: { pages: { [pageId]: page.value } },
          origin: { ...top, children: new Map([['pages', { ...top, children: new Map([[pageId, page.origin]]) }]]) },
        });
      }
    }
    const merged = layers.reduce((acc, next) => mergeLayers(acc, next));
    // The merged root stands for this file (a key missing from region.yaml is reported there, not at the last page).
    const layer: Layer = { value: merged.value, origin: { ...merged.origin, file: file.origin.file, line: file.origin.line, column: file.origin.column } };
    const result = { layer, ok };
    resolved.set(abs, result);
    return result;
  };

  const regions: ResolvedRegion[] = [];
  const files = new Map<string, string>();
  const origins = new Map<string, OriginNode>();
  const folders = fs.existsSync(rootDir)
    ? fs
        .readdirSync(rootDir, { withFileTypes: true })
        .filter((d) => d.isDirectory() && !d.name.startsWith('_') && !d.name.startsWith('.'))
        .map((d) => d.name)
        .sort()
    : [];
  for (const folder of folders) {
    const dir = path.join(rootDir, folder);
    // region.yaml before its variants, so a variant that repeats an id is the one reported.
    const names = fs
      .readdirSync(dir)
      .filter((f) => REGION_FILE.test(f))
      .sort((a, b) => (a === 'region.yaml' ? -1 : b === 'region.yaml' ? 1 : a.localeCompare(b)));
    for (const name of names) {
      const abs = path.resolve(dir, name);
      const { layer, ok } = resolve(abs, []);
      if (!ok) continue;
      const value = layer.value as Record<string, unknown>;
      if (!schemas.region(value)) problems.push(...ajvProblems(schemas.region.errors, value, layer.origin));
      problems.push(...checkRegion(value, layer.origin, schemas));
      if (typeof value.id !== 'string') continue;
      const owner = files.get(value.id);
      if (owner) {
        problems.push({ ...locate(layer.origin, ['id']), path: 'id', message: `region id "${value.id}" is also used by ${owner}; ids must be unique` });
        continue;
      }
      files.set(value.id, rel(abs));
      origins.set(value.id, layer.origin);
      regions.push(value as unknown as ResolvedRegion);
    }
  }

  // ── Places: every folder's places.yaml make one tree; each region's deptId/deptCode must name a place in it. ──
  const placeTrees = readPlaceTrees(rootDir, parse, options.schemaDir);
  problems.push(...placeTrees.problems);
  problems.push(
    ...checkRegionPlaces(
      regions.map((r) => ({ id: r.id, deptId: r.deptId, deptCode: r.deptCode, lesseeId: r.lesseeId, cityName: r.cityName, origin: origins.get(r.id)! })),
      placeTrees,
    ),
  );
  // ── end of places ──

  const deployment = loadDeployment(rootDir, regions, parse, problems, schemas.deployment);
  // A shared base file's problem is found once per region built on it; report it once.
  const unique = new Map(problems.map((p) => [formatProblem(p), p]));
  return { regions, deployment, problems: sortProblems([...unique.values()]), files, origins, places: placeTrees.places };
}

function loadDeployment(
  rootDir: string,
  regions: ResolvedRegion[],
  parse: (abs: string) => ParsedYaml,
  problems: Problem[],
  validate: ReturnType<typeof getRegionSchemas>['deployment'],
): Deployment {
  const abs = path.resolve(rootDir, 'deployment.yaml');
  const fallback: Deployment = { defaultRegion: regions[0]?.id ?? '', hosts: {} };
  if (!fs.existsSync(abs)) return fallback;
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
    problems.push({
      ...locate(file.origin, at),
      path: formatPath(at),
      message: `names unknown region "${id}"`,
      ...(suggest(id, ids) ? { suggestion: suggest(id, ids) } : {}),
    });
  };
  unknown(deployment.defaultRegion, ['defaultRegion']);
  for (const [host, id] of Object.entries(deployment.hosts ?? {})) unknown(id, ['hosts', host]);
  return { hosts: {}, ...deployment };
}
