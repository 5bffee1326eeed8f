import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type AnySchema, type ValidateFunction } from 'ajv';
import { ENUM_TITLES_KEYWORD, TEXT_KEYWORDS } from '../region/schema-texts.js';
import { isAllowedUrl, URL_FORMAT } from '../security/url-policy.js';

/** The schemas folder of this repository (a path, not `new URL`: under jsdom the global URL is not Node's). */
export const SCHEMA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schemas') + path.sep;

/** The blocks folder of this repository: one folder per block type, its props schema in `<type>/props.schema.json`. */
export const BLOCKS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../blocks') + path.sep;

/** The file that makes a folder of blocks/ a block type (shared parts have none). */
export const BLOCK_PROPS_FILE = 'props.schema.json';

/**
 * The id ajv knows a schema file by: its path from the repository root. The files carry no `$id`, and every `$ref`
 * in them is a path relative to the file itself, so an editor (which follows the file) and ajv (which resolves
 * against these ids) reach the same schema: `../../schemas/region.schema.json` from `blocks/intent-tabs/props.schema.json`.
 */
export const schemaId = {
  region: (name: string) => `schemas/${name}`,
  block: (type: string) => `blocks/${type}/${BLOCK_PROPS_FILE}`,
};

/** A JSON Schema object as read from disk. */
export type JsonSchema = Record<string, unknown>;

/** Compiled validators and the names the semantic checks need, read from `schemas/`. */
export interface RegionSchemas {
  region: ValidateFunction;
  deployment: ValidateFunction;
  /** One validator per block type (the file name without `.schema.json`). */
  blocks: Map<string, ValidateFunction>;
  /** The raw block schemas, for docs and suggestions. */
  blockSchemas: Map<string, JsonSchema>;
  regionSchema: JsonSchema;
  /** Flag names (region schema $defs.flags). */
  flagNames: string[];
  /** Top-level region keys. */
  regionKeys: string[];
  /** Site-data keys. */
  siteDataKeys: string[];
}

/** The block types, sorted: every folder `blocks/<type>/` that holds a `props.schema.json`. */
export function blockTypeNames(blocksDir: string = BLOCKS_DIR): string[] {
  return fs
    .readdirSync(blocksDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(blocksDir, entry.name, BLOCK_PROPS_FILE)))
    .map((entry) => entry.name)
    .sort();
}

/** The props schema of every block type, by type name (see blockTypeNames). */
export function readBlockSchemas(blocksDir: string = BLOCKS_DIR): Map<string, JsonSchema> {
  const out = new Map<string, JsonSchema>();
  for (const type of blockTypeNames(blocksDir)) {
    out.set(type, JSON.parse(fs.readFileSync(path.join(blocksDir, type, BLOCK_PROPS_FILE), 'utf8')) as JsonSchema);
  }
  return out;
}

export function readSchema(name: string, schemaDir: string = SCHEMA_DIR): JsonSchema {
  return JSON.parse(fs.readFileSync(path.join(schemaDir, name), 'utf8')) as JsonSchema;
}

/**
 * Stands in for the generated catalog when the engine validates: block types, props and call names are checked by
 * the semantic pass instead, which names the nearest type or call and checks props once, not once per `if`.
 */
const RELAXED_CATALOG = {
  $id: schemaId.region('block-catalog.schema.json'),
  $defs: {
    blockType: { type: 'string', minLength: 1 },
    blockProps: {},
    callName: { type: 'string', minLength: 1 },
  },
};

const cache = new Map<string, RegionSchemas>();

/**
 * Compiles the region, deployment and block schemas once per process per folder (compilation dominates a cold
 * load; validation itself is cheap) and returns the cached set afterwards.
 */
export function getRegionSchemas(schemaDir: string = SCHEMA_DIR, blocksDir: string = BLOCKS_DIR): RegionSchemas {
  const key = `${schemaDir}\0${blocksDir}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: true, strictTypes: false, strictRequired: false, allowUnionTypes: true });
  // json-schema-to-typescript's hint for types a schema cannot express; no meaning for validation.
  ajv.addKeyword({ keyword: 'tsType', schemaType: 'string' });
  // A block's name for config authors and the data it reads (block-meta.ts); no meaning for validation.
  ajv.addKeyword({ keyword: 'x-name', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'x-source', schemaType: 'object' });
  // The Chinese labels and explanations the studio's forms show clerks (schema-texts.ts); no meaning for validation.
  for (const keyword of TEXT_KEYWORDS) ajv.addKeyword({ keyword, schemaType: 'string' });
  ajv.addKeyword({ keyword: ENUM_TITLES_KEYWORD, schemaType: 'object' });
  // Every address a region writes (links, pictures, appUrl…) passes the portal's one URL policy.
  ajv.addFormat(URL_FORMAT, isAllowedUrl);
  const regionSchema = readSchema('region.schema.json', schemaDir);
  const blockSchemas = readBlockSchemas(blocksDir);
  ajv.addSchema(RELAXED_CATALOG as AnySchema);
  ajv.addSchema({ ...regionSchema, $id: schemaId.region('region.schema.json') } as AnySchema);
  for (const [type, schema] of blockSchemas) ajv.addSchema({ ...schema, $id: schemaId.block(type) } as AnySchema);
  const blocks = new Map<string, ValidateFunction>();
  for (const type of blockSchemas.keys()) blocks.set(type, ajv.getSchema(schemaId.block(type))!);
  const defs = regionSchema.$defs as Record<string, JsonSchema>;
  const properties = regionSchema.properties as Record<string, JsonSchema>;
  const result: RegionSchemas = {
    region: ajv.getSchema(schemaId.region('region.schema.json'))!,
    deployment: ajv.compile(readSchema('deployment.schema.json', schemaDir)),
    blocks,
    blockSchemas,
    regionSchema,
    flagNames: Object.keys(defs.flags.properties as object),
    regionKeys: Object.keys(properties),
    siteDataKeys: Object.keys((properties.siteData as JsonSchema).properties as object),
  };
  cache.set(key, result);
  return result;
}
