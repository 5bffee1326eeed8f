export { loadRegionCatalog, type LoadOptions, type RegionCatalog, type ResolvedRegion } from './catalog.js';
export { resolveRegionForHost } from './host.js';
export { CONDITION_ROOTS, SESSION_FIELDS, conditionPaths, evaluateCondition, readPath, type Condition, type ConditionContext } from './condition.js';
export { formatPath, formatProblem, sortProblems, suggest, type PathSegment, type Problem } from './problem.js';
export { mergeLayers, type Layer } from './merge.js';
export { findOrigin, locate, type Origin, type OriginNode } from './origin.js';
export { parseYamlFile, parseYamlText, type ParsedYaml } from './yaml-file.js';
export {
  BLOCK_PROPS_FILE,
  BLOCKS_DIR,
  blockTypeNames,
  getRegionSchemas,
  readBlockSchemas,
  readSchema,
  SCHEMA_DIR,
  type JsonSchema,
  type RegionSchemas,
} from './schemas.js';
export { checkRegionPlaces, loadPlaceTrees, readPlaceTrees, PLACES_FILE, type DeclaredPlace, type PlaceTrees } from './places.js';
