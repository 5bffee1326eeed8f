import fs from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { ajvProblems } from '../region/ajv-problems.js';
import { locate, type Origin, type OriginNode } from '../region/origin.js';
import { formatPath, suggest, type PathSegment, type Problem } from '../region/problem.js';
import { readSchema, SCHEMA_DIR } from './schemas.js';
import { parseYamlFile, parseYamlFileFast, type ParsedYaml } from './yaml-file.js';

/** The file beside region.yaml that declares a region folder's places. */
export const PLACES_FILE = 'places.yaml';

/**
 * One place of the deployment's tree as the place table stores it, computed from places.yaml: parentId, level,
 * ancestors and order from the nesting, lesseeId from the region whose deptId it is (null otherwise).
 */
export interface DeclaredPlace {
  deptId: number;
  deptName: string;
  deptCode: string;
  parentId: number;
  level: number;
  /** Ids of the parents from the top, `0,33,3301` (as the place table keeps them). */
  ancestors: string;
  orderNum: number;
  lesseeId: number | null;
  /** Where the place was (first) declared. */
  origin: Origin;
}

/** One place node as written in places.yaml (see schemas/places.schema.json). */
interface PlaceNode {
  name: string;
  deptId: number;
  deptCode: string;
  level?: number;
  order?: number;
  children?: PlaceNode[];
}

/** Every place declared under a regions folder, parents before children, and what is wrong with the files. */
export interface PlaceTrees {
  places: DeclaredPlace[];
  problems: Problem[];
  /** False when a places.yaml could not be read or is not valid: checks against the tree would then mislead. */
  complete: boolean;
}

const validators = new Map<string, ValidateFunction>();

/** The places.yaml validator, compiled once per schemas folder (a small schema: cheap next to the region one). */
export function getPlacesValidator(schemaDir: string = SCHEMA_DIR): ValidateFunction {
  let validate = validators.get(schemaDir);
  if (!validate) {
    const ajv = new Ajv({ allErrors: true, verbose: true, strict: true, strictRequired: false });
    validate = ajv.compile(readSchema('places.schema.json', schemaDir));
    validators.set(schemaDir, validate);
  }
  return validate;
}

/** The region folders of a regions root (folders starting with `_` or `.` are shared bases, not regions). */
export function regionFolders(rootDir: string): string[] {
  if (!fs.existsSync(rootDir)) return [];
  return fs
    .readdirSync(rootDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('_') && !d.name.startsWith('.'))
    .map((d) => d.name)
    .sort();
}

/**
 * Reads the places.yaml of every region folder (through `parse`, so the catalog shares its reads) and builds the one
 * tree of the deployment, reporting schema problems, a place declared differently in two files and a deptCode used
 * by two places.
 */
export function readPlaceTrees(rootDir: string, parse: (abs: string) => ParsedYaml, schemaDir?: string): PlaceTrees {
  const validate = getPlacesValidator(schemaDir);
  const files: ParsedYaml[] = [];
  const problems: Problem[] = [];
  let complete = true;
  for (const folder of regionFolders(rootDir)) {
    const abs = path.resolve(rootDir, folder, PLACES_FILE);
    if (!fs.existsSync(abs)) continue;
    const file = parse(abs);
    if (file.problems.length > 0) {
      complete = false; // the parse already reported them
      continue;
    }
    if (!validate(file.value)) {
      problems.push(...ajvProblems(validate.errors, file.value, file.origin));
      complete = false;
      continue;
    }
    files.push(file);
  }
  const tree = buildTree(files);
  return { places: tree.places, problems: [...problems, ...tree.problems], complete };
}

interface Seen {
  place: DeclaredPlace;
  /** Whether `order` was written (an unwritten order gives way to a written one elsewhere). */
  orderGiven: boolean;
}

function buildTree(files: ParsedYaml[]): { places: DeclaredPlace[]; problems: Problem[] } {
  const byId = new Map<number, Seen>();
  const byCode = new Map<string, DeclaredPlace>();
  const problems: Problem[] = [];
  const at = (origin: Origin) => `${origin.file}:${origin.line}:${origin.column}`;

  const visit = (file: ParsedYaml, nodes: PlaceNode[], segments: PathSegment[], parent: DeclaredPlace | undefined) => {
    nodes.forEach((node, index) => {
      const here = [...segments, index];
      const origin = locate(file.origin, [...here, 'deptId']);
      const level = node.level ?? (parent ? parent.level + 1 : 1);
      if (parent && level <= parent.level) {
        problems.push({
          ...locate(file.origin, [...here, node.level === undefined ? 'name' : 'level']),
          path: formatPath([...here, 'level']),
          message: `level ${level} is not below its parent ${parent.deptName}'s level ${parent.level}; a place sits deeper than the place it is under`,
        });
      }
      if (level > 5) {
        problems.push({
          ...locate(file.origin, [...here, 'name']),
          path: formatPath([...here, 'level']),
          message: `${node.name} would be level ${level}, below villages (5): the tree is nested too deep, or a parent's level is wrong`,
        });
      }
      const place: DeclaredPlace = {
        deptId: node.deptId,
        deptName: node.name,
        deptCode: node.deptCode,
        parentId: parent?.deptId ?? 0,
        level,
        ancestors: parent ? `${parent.ancestors},${parent.deptId}` : '0',
        orderNum: node.order ?? index + 1,
        lesseeId: null,
        origin,
      };
      const seen = byId.get(node.deptId);
      if (seen) {
        const first = seen.place;
        const differences = [
          first.deptName !== place.deptName && `name ${place.deptName} here, ${first.deptName} there`,
          first.deptCode !== place.deptCode && `deptCode "${place.deptCode}" here, "${first.deptCode}" there`,
          first.parentId !== place.parentId &&
            `parent ${place.parentId || '(none: top of the tree)'} here, ${first.parentId || '(none: top of the tree)'} there`,
          first.level !== place.level && `level ${place.level} here, ${first.level} there`,
          seen.orderGiven && node.order !== undefined && first.orderNum !== place.orderNum && `order ${place.orderNum} here, ${first.orderNum} there`,
        ].filter((d): d is string => typeof d === 'string');
        if (differences.length > 0) {
          problems.push({
            ...origin,
            path: formatPath([...here, 'deptId']),
            message: `place ${node.deptId} is also declared at ${at(first.origin)}, differently: ${differences.join('; ')}. One place tree serves the deployment: declare it alike in both files`,
          });
        } else if (!seen.orderGiven && node.order !== undefined) {
          first.orderNum = node.order;
          seen.orderGiven = true;
        }
        // Children are still read under the first declaration, so a county's towns may sit in either file.
        if (node.children) visit(file, node.children, [...here, 'children'], first);
        return;
      }
      const sameCode = byCode.get(place.deptCode);
      if (sameCode) {
        problems.push({
          ...locate(file.origin, [...here, 'deptCode']),
          path: formatPath([...here, 'deptCode']),
          message: `deptCode "${place.deptCode}" is already the code of ${sameCode.deptName} (${sameCode.deptId}) at ${at(sameCode.origin)}; each place needs its own code`,
        });
      } else {
        byCode.set(place.deptCode, place);
      }
      byId.set(place.deptId, { place, orderGiven: node.order !== undefined });
      if (node.children) visit(file, node.children, [...here, 'children'], place);
    });
  };

  for (const file of files) visit(file, (file.value as { places: PlaceNode[] }).places, ['places'], undefined);
  return { places: [...byId.values()].map((s) => s.place), problems };
}

/** A region as the place checks need it: its ids and where they were written. */
export interface RegionPlaceRef {
  id: string;
  deptId: unknown;
  deptCode: unknown;
  lesseeId: unknown;
  cityName?: unknown;
  origin: OriginNode;
}

/**
 * Checks each region's deptId and deptCode against the declared places (an id declared nowhere, a code that is not
 * its place's) and gives each region's place its lesseeId: the tenant root.
 */
export function checkRegionPlaces(regions: RegionPlaceRef[], trees: PlaceTrees): Problem[] {
  const problems: Problem[] = [];
  const byId = new Map(trees.places.map((p) => [p.deptId, p]));
  const byCode = new Map(trees.places.map((p) => [p.deptCode, p]));
  const lessees = new Map<number, { lesseeId: number; region: string }>();
  const label = (p: DeclaredPlace) => `${p.deptId} (${p.deptName})`;
  for (const region of regions) {
    if (typeof region.deptId !== 'number') continue; // the schema reported it
    const place = byId.get(region.deptId);
    if (!place) {
      if (!trees.complete) continue; // a broken places.yaml would make every region look undeclared
      const byName = typeof region.cityName === 'string' ? trees.places.find((p) => p.deptName === region.cityName) : undefined;
      const byCodeMatch = typeof region.deptCode === 'string' ? byCode.get(region.deptCode) : undefined;
      // Ids of as many digits first: a county's typo is nearer another county than its city (330182 → 330127, not 3301).
      const ids = [...byId.keys()].map(String);
      const wanted = String(region.deptId);
      const nearId =
        suggest(
          wanted,
          ids.filter((id) => id.length === wanted.length),
        ) ?? suggest(wanted, ids);
      const near = byName ?? byCodeMatch ?? (nearId ? byId.get(Number(nearId)) : undefined);
      problems.push({
        ...locate(region.origin, ['deptId']),
        path: 'deptId',
        message: `deptId ${region.deptId} is declared in no places.yaml: add the place (with its towns) to ${PLACES_FILE} beside this region's region.yaml`,
        ...(near ? { suggestion: label(near) } : {}),
      });
      continue;
    }
    if (typeof region.deptCode === 'string' && region.deptCode !== place.deptCode) {
      const other = byCode.get(region.deptCode);
      problems.push({
        ...locate(region.origin, ['deptCode']),
        path: 'deptCode',
        message: other
          ? `deptCode "${region.deptCode}" is the code of ${label(other)}, not of this region's place ${label(place)} (${place.origin.file}:${place.origin.line}), whose code is "${place.deptCode}"`
          : `deptCode "${region.deptCode}" is declared in no places.yaml; this region's place ${label(place)} (${place.origin.file}:${place.origin.line}) has the code "${place.deptCode}"`,
        suggestion: `"${place.deptCode}"`,
      });
    }
    if (typeof region.lesseeId !== 'number') continue;
    const tenant = lessees.get(place.deptId);
    if (tenant && tenant.lesseeId !== region.lesseeId) {
      problems.push({
        ...locate(region.origin, ['lesseeId']),
        path: 'lesseeId',
        message: `lesseeId ${region.lesseeId} differs from region "${tenant.region}"'s ${tenant.lesseeId}, on the same place ${label(place)}: a place has one tenant`,
      });
      continue;
    }
    lessees.set(place.deptId, { lesseeId: region.lesseeId, region: region.id });
    place.lesseeId = region.lesseeId;
  }
  return problems;
}

/**
 * The place trees alone, without the region catalog (the seed uses it: compiling the region schemas costs far more
 * than reading a few small files). Read fast; re-read with positions when anything is wrong.
 */
export function loadPlaceTrees(rootDir: string, { baseDir = process.cwd(), schemaDir }: { baseDir?: string; schemaDir?: string } = {}): PlaceTrees {
  const rel = (abs: string) => path.relative(baseDir, abs).split(path.sep).join('/');
  const read = (parseFile: (abs: string, file: string) => ParsedYaml) => {
    const problems: Problem[] = [];
    const trees = readPlaceTrees(
      rootDir,
      (abs) => {
        const parsed = parseFile(abs, rel(abs));
        problems.push(...parsed.problems);
        return parsed;
      },
      schemaDir,
    );
    return { ...trees, problems: [...problems, ...trees.problems] };
  };
  const fast = read(parseYamlFileFast);
  return fast.problems.length === 0 ? fast : read(parseYamlFile);
}
