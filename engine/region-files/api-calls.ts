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

type RouteFile = { routes?: Record<string, Record<string, unknown>> };

let cache: Map<string, CallTexts> | undefined;

/**
 * The Chinese texts (`x-title`, `x-description`) of every API call in schemas/api/*.json, by call name; a call
 * without them maps to `{}`. Read once: the contract does not change while the studio runs.
 */
export function apiCallTexts(apiDir: string = path.join(SCHEMA_DIR, 'api')): Map<string, CallTexts> {
  if (cache && apiDir === path.join(SCHEMA_DIR, 'api')) return cache;
  const texts = new Map<string, CallTexts>();
  for (const file of fs
    .readdirSync(apiDir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const { routes } = JSON.parse(fs.readFileSync(path.join(apiDir, file), 'utf8')) as RouteFile;
    for (const [name, route] of Object.entries(routes ?? {})) {
      const { title, description } = schemaTexts(route);
      texts.set(name, { ...(title ? { title } : {}), ...(description ? { description } : {}) });
    }
  }
  if (apiDir === path.join(SCHEMA_DIR, 'api')) cache = texts;
  return texts;
}
