import fs from 'node:fs';
import type { Plugin } from 'vite';

/** Prose for the API's readers (docs, the editor's hover), which the console's tables never show. */
const PROSE = new Set(['description', 'summary', 'notes', 'examples', '$comment']);
/** Keywords whose value maps names to schemas: a property may well be called `description`. */
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'routes']);

/** `schema` without its prose, recursively; names in a map of schemas are kept whatever they are. */
export function withoutProse(schema: unknown, isNameMap = false): unknown {
  if (Array.isArray(schema)) return schema.map((s) => withoutProse(s));
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (!isNameMap && PROSE.has(key)) continue;
    out[key] = withoutProse(value, !isNameMap && NAME_MAPS.has(key));
  }
  return out;
}

/**
 * `schemas/api/<file>.json?console`: the route file as the console reads it (titles, types, choices, bounds),
 * without the prose, about half the bytes gzip on every console page that draws a table. The files themselves
 * stay whole for the server, the types and the docs.
 */
export function consoleSchemas(): Plugin {
  return {
    name: 'tianmu-console-schemas',
    enforce: 'pre',
    load(id) {
      const [file, query] = id.split('?');
      if (query !== 'console' || !/[\\/]schemas[\\/]api[\\/][\w-]+\.json$/.test(file!)) return null;
      return `export default ${JSON.stringify(withoutProse(JSON.parse(fs.readFileSync(file!, 'utf8'))))};`;
    },
  };
}
