import fs from 'node:fs';
import path from 'node:path';
import { schemaTexts } from '../region/schema-texts.js';
import { SCHEMA_DIR } from './schemas.js';

/** An API call as a clerk picks it for a block's data: its Chinese name and what it answers. */
export interface CallTexts {
  /** x-title, e.g. 文章列表. */
  title?: string;
  /** x-description: what the call answers, in plain words. */
  description?: string;
}

/** One file of the API contract, schemas/api/<domain>.json, as far as its readers here need it. */
export interface ApiContractFile {
  $id: string;
  $defs?: Record<string, unknown>;
  routes?: Record<string, Record<string, unknown>>;
}

/** The API contract's directory, schemas/api. */
export const API_CONTRACT_DIR = path.join(SCHEMA_DIR, 'api');

let cache: ApiContractFile[] | undefined;

/**
 * The files of the API contract, in name order, read once (the contract does not change while a process runs); the
 * server registers its routes from them, the studio names its data sources from them.
 */
export function readApiContractFiles(dir: string = API_CONTRACT_DIR): ApiContractFile[] {
  if (cache && dir === API_CONTRACT_DIR) return cache;
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as ApiContractFile);
  if (dir === API_CONTRACT_DIR) cache = files;
  return files;
}

/**
 * The Chinese texts (`x-title`, `x-description`) of every API call in schemas/api/*.json, by call name; a call
 * without them maps to `{}`.
 */
export function apiCallTexts(): Map<string, CallTexts> {
  const texts = new Map<string, CallTexts>();
  for (const { routes } of readApiContractFiles()) {
    for (const [name, route] of Object.entries(routes ?? {})) {
      const { title, description } = schemaTexts(route);
      texts.set(name, { ...(title ? { title } : {}), ...(description ? { description } : {}) });
    }
  }
  return texts;
}
