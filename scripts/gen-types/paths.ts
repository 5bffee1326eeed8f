import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
export const DEFAULT_SCHEMA_DIR = path.join(repoRoot, 'schemas/api');
export const DEFAULT_OUTPUT = path.join(repoRoot, 'schemas/types/api.ts');
export const SCHEMAS_ROOT = path.join(repoRoot, 'schemas');
export const BLOCKS_ROOT = path.join(repoRoot, 'blocks');
/** The editor's block catalog, beside the other schemas. */
export const CATALOG_FILE = 'block-catalog.schema.json';
