import fs from 'node:fs';
import path from 'node:path';
import { BLOCK_PROPS_FILE, blockTypeNames } from '../../engine/region-files/schemas.js';

export type Json = Record<string, unknown>;

export interface RouteSpec {
  method: string;
  url: string;
  summary?: string;
  auth?: string[];
  querystring?: Json;
  body?: Json;
  params?: Json;
  data?: Json;
  notes?: string;
}

export interface SchemaFile {
  $id: string;
  title?: string;
  $defs?: Record<string, Json>;
  routes?: Record<string, RouteSpec>;
}

/** The API schema files of `dir` (schemas/api/*.json), by file name. */
export function readSchemaFiles(dir: string): SchemaFile[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const parsed = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as SchemaFile;
      if (typeof parsed.$id !== 'string' || !parsed.$id) throw new Error(`${f}: missing $id`);
      return parsed;
    });
}
export function readJson(file: string): Json {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Json;
}

/** The block types: one per folder blocks/<type>/ with a props.schema.json (shared parts have none). */
export function readBlockSchemaFiles(blocksRoot: string): Array<{ type: string; schema: Json }> {
  return blockTypeNames(blocksRoot).map((type) => ({ type, schema: readJson(path.join(blocksRoot, type, BLOCK_PROPS_FILE)) }));
}
