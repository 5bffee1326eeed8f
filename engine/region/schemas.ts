import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type AnySchema, type ValidateFunction } from 'ajv';
import { isAllowedUrl, URL_FORMAT } from '../security/url-policy.js';

/** The schemas folder of this repository (a path, not `new URL`: under jsdom the global URL is not Node's). */
export const SCHEMA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schemas') + path.sep;

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

/** The block types: every `schemas/blocks/<type>.schema.json` except the generated catalog. */
export function readBlockSchemas(schemaDir: string = SCHEMA_DIR): Map<string, JsonSchema> {
  const dir = path.join(schemaDir, 'blocks');
  const out = new Map<string, JsonSchema>();
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.schema.json') && f !== 'catalog.schema.json')
    .sort()) {
    out.set(file.slice(0, -'.schema.json'.length), JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as JsonSchema);
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
  $id: 'blocks/catalog.schema.json',
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
export function getRegionSchemas(schemaDir: string = SCHEMA_DIR): RegionSchemas {
  const cached = cache.get(schemaDir);
  if (cached) return cached;
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: true, strictTypes: false, strictRequired: false, allowUnionTypes: true });
  // json-schema-to-typescript's hint for types a schema cannot express; no meaning for validation.
  ajv.addKeyword({ keyword: 'tsType', schemaType: 'string' });
  // Every address a region writes (links, pictures, appUrl…) passes the portal's one URL policy.
  ajv.addFormat(URL_FORMAT, isAllowedUrl);
  const regionSchema = readSchema('region.schema.json', schemaDir);
  const blockSchemas = readBlockSchemas(schemaDir);
  ajv.addSchema(RELAXED_CATALOG as AnySchema);
  ajv.addSchema(regionSchema as AnySchema);
  for (const schema of blockSchemas.values()) ajv.addSchema(schema as AnySchema);
  const blocks = new Map<string, ValidateFunction>();
  for (const [type, schema] of blockSchemas) blocks.set(type, ajv.getSchema(schema.$id as string)!);
  const defs = regionSchema.$defs as Record<string, JsonSchema>;
  const properties = regionSchema.properties as Record<string, JsonSchema>;
  const result: RegionSchemas = {
    region: ajv.getSchema(regionSchema.$id as string)!,
    deployment: ajv.compile(readSchema('deployment.schema.json', schemaDir)),
    blocks,
    blockSchemas,
    regionSchema,
    flagNames: Object.keys(defs.flags.properties as object),
    regionKeys: Object.keys(properties),
    siteDataKeys: Object.keys((properties.siteData as JsonSchema).properties as object),
  };
  cache.set(schemaDir, result);
  return result;
}
