import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { ajvProblems } from '../region/ajv-problems.js';
import { locate, type Origin, type OriginNode } from '../region/origin.js';
import { ENUM_TITLES_KEYWORD, TEXT_KEYWORDS } from '../region/schema-texts.js';
import { formatPath, makeProblem, suggest, type PathSegment, type Problem } from '../region/problem.js';
import { readSchema, SCHEMA_DIR } from './schemas.js';
import { withWhere } from '../region/where.js';
import { parseYamlFile, parseYamlFileFast, type ParsedYaml } from './yaml-file.js';
import { diskFiles, type RegionFileSource } from './file-source.js';

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
    // The studio's Chinese labels (schema-texts.ts); no meaning for validation.
    for (const keyword of TEXT_KEYWORDS) ajv.addKeyword({ keyword, schemaType: 'string' });
    ajv.addKeyword({ keyword: ENUM_TITLES_KEYWORD, schemaType: 'object' });
    validate = ajv.compile(readSchema('places.schema.json', schemaDir));
    validators.set(schemaDir, validate);
  }
  return validate;
}

/** The region folders of a regions root (folders starting with `_` or `.` are shared bases, not regions). */
export function regionFolders(rootDir: string, source: RegionFileSource = diskFiles): string[] {
  return source
    .folders(rootDir)
    .filter((name) => !name.startsWith('_') && !name.startsWith('.'))
    .sort();
}

/**
 * Reads the places.yaml of every region folder (through `parse`, so the catalog shares its reads) and builds the one
 * tree of the deployment, reporting schema problems, a place declared differently in two files and a deptCode used
 * by two places.
 */
export function readPlaceTrees(rootDir: string, parse: (abs: string) => ParsedYaml, schemaDir?: string, source: RegionFileSource = diskFiles): PlaceTrees {
  const validate = getPlacesValidator(schemaDir);
  const files: ParsedYaml[] = [];
  const problems: Problem[] = [];
  let complete = true;
  for (const folder of regionFolders(rootDir, source)) {
    const abs = path.resolve(rootDir, folder, PLACES_FILE);
    if (!source.exists(abs)) continue;
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

/** Which declared field a redeclaration differs in, with the key its problem points at. */
const REDECLARED_FIELDS = [
  { field: 'deptCode', zh: '代码 deptCode', en: 'deptCode', key: 'deptCode' },
  { field: 'parentId', zh: '上级', en: 'parent', key: 'deptId' },
  { field: 'level', zh: '层级 level', en: 'level', key: 'level' },
  { field: 'orderNum', zh: '排序 order', en: 'order', key: 'order' },
] as const;

/**
 * A place declared again (a shared county in two folders' places.yaml). Another name means another place that took
 * the same id: the fix is a new id, not writing both alike. The same place written differently is reported at the
 * line that differs, one problem per field.
 */
function redeclarationProblems(
  file: ParsedYaml,
  here: PathSegment[],
  node: PlaceNode,
  place: DeclaredPlace,
  seen: Seen,
  firstAt: string,
  byId: Map<number, Seen>,
): Problem[] {
  const first = seen.place;
  const parentName = (id: number) => (id === 0 ? '（无，树的顶层）' : (byId.get(id)?.place.deptName ?? String(id)));
  if (first.deptName !== place.deptName) {
    return [
      makeProblem({
        ...locate(file.origin, [...here, 'deptId']),
        path: formatPath([...here, 'deptId']),
        code: 'placeIdTaken',
        params: { deptId: node.deptId, name: place.deptName, other: first.deptName, at: firstAt },
      }),
    ];
  }
  const problems: Problem[] = [];
  for (const { field, zh, en, key } of REDECLARED_FIELDS) {
    if (first[field] === place[field]) continue;
    // An order left unwritten on either side gives way to the written one.
    if (field === 'orderNum' && (!seen.orderGiven || node.order === undefined)) continue;
    // An unwritten level follows the parent: under another parent, the parent is the difference to report.
    if (field === 'level' && node.level === undefined && first.parentId !== place.parentId) continue;
    const show = (value: string | number) => (field === 'parentId' ? parentName(Number(value)) : String(value));
    const at = key === 'level' && node.level === undefined ? 'deptId' : key;
    problems.push(
      makeProblem({
        ...locate(file.origin, [...here, at]),
        path: formatPath([...here, at]),
        code: 'placeDeclaredDifferently',
        params: { name: place.deptName, deptId: node.deptId, at: firstAt, field: zh, fieldEn: en, here: show(place[field]), there: show(first[field]) },
      }),
    );
  }
  return problems;
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
        problems.push(
          makeProblem({
            ...locate(file.origin, [...here, node.level === undefined ? 'name' : 'level']),
            path: formatPath([...here, 'level']),
            code: 'levelNotBelowParent',
            params: { level, parent: parent.deptName, parentLevel: parent.level },
          }),
        );
      }
      if (level > 5) {
        problems.push(
          makeProblem({
            ...locate(file.origin, [...here, 'name']),
            path: formatPath([...here, 'level']),
            code: 'placeTooDeep',
            params: { name: node.name, level },
          }),
        );
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
        const found = redeclarationProblems(file, here, node, place, seen, at(first.origin), byId);
        problems.push(...found);
        if (found.length === 0 && !seen.orderGiven && node.order !== undefined) {
          first.orderNum = node.order;
          seen.orderGiven = true;
        }
        // Another place under the same id: its children belong to it, not to the first one.
        if (found.some((p) => p.code === 'placeIdTaken')) return;
        // Children are still read under the first declaration, so a county's towns may sit in either file.
        if (node.children) visit(file, node.children, [...here, 'children'], first);
        return;
      }
      const sameCode = byCode.get(place.deptCode);
      if (sameCode) {
        problems.push(
          makeProblem({
            ...locate(file.origin, [...here, 'deptCode']),
            path: formatPath([...here, 'deptCode']),
            code: 'placeCodeTaken',
            params: { code: place.deptCode, other: sameCode.deptName, otherId: sameCode.deptId, at: at(sameCode.origin) },
          }),
        );
      } else {
        byCode.set(place.deptCode, place);
      }
      byId.set(place.deptId, { place, orderGiven: node.order !== undefined });
      if (node.children) visit(file, node.children, [...here, 'children'], place);
    });
  };

  for (const file of files) {
    const before = problems.length;
    visit(file, (file.value as { places: PlaceNode[] }).places, ['places'], undefined);
    // Name the place each problem is about (古市镇的 deptCode), read off this file's tree.
    problems.splice(before, Infinity, ...problems.slice(before).map((p) => withWhere(p, file.value, () => '')));
  }
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
      problems.push(
        makeProblem({
          ...locate(region.origin, ['deptId']),
          path: 'deptId',
          code: 'regionPlaceUndeclared',
          params: { deptId: region.deptId, file: PLACES_FILE },
          suggestion: near && label(near),
        }),
      );
      continue;
    }
    if (typeof region.deptCode === 'string' && region.deptCode !== place.deptCode) {
      const other = byCode.get(region.deptCode);
      problems.push(
        makeProblem({
          ...locate(region.origin, ['deptCode']),
          path: 'deptCode',
          code: other ? 'regionCodeOfOther' : 'regionCodeUndeclared',
          params: {
            code: region.deptCode,
            other: other ? label(other) : '',
            place: label(place),
            at: `${place.origin.file}:${place.origin.line}`,
            placeCode: place.deptCode,
          },
          suggestion: `"${place.deptCode}"`,
        }),
      );
    }
    if (typeof region.lesseeId !== 'number') continue;
    const tenant = lessees.get(place.deptId);
    if (tenant && tenant.lesseeId !== region.lesseeId) {
      problems.push(
        makeProblem({
          ...locate(region.origin, ['lesseeId']),
          path: 'lesseeId',
          code: 'lesseeDiffers',
          params: { lesseeId: region.lesseeId, region: tenant.region, other: tenant.lesseeId, place: label(place) },
        }),
      );
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
