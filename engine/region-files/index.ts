// Reading a regions folder from disk: Node only (node:fs, the working directory). The browser-safe rules these
// loaders apply (conditions, problems, merging, origins) are in engine/region.
export { loadRegionCatalog, type LoadOptions, type RegionCatalog, type ResolvedRegion } from './catalog.js';
export { resolveRegionForHost } from './host.js';
export { diskFiles, overlayFiles, type RegionFileSource } from './file-source.js';
export { parseYamlFile, parseYamlText, parseYamlTextFast, type ParsedYaml } from './yaml-file.js';
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
