import { SCHEMA_MAPS, SCHEMA_VALUES } from './schema-keywords.js';
import type { Json } from './schema-files.js';

/**
 * Copies a schema with every `$ref` pointed into the synthetic root and with nested titles turned into
 * descriptions: json-schema-to-typescript makes a named type of every titled schema, and the properties' titles
 * are Chinese field labels meant for validation messages, not type names.
 */
export function rewriteSchema(schema: unknown, fileId: string, refName: (fileId: string, def: string) => string): unknown {
  if (Array.isArray(schema)) return schema.map((s) => rewriteSchema(s, fileId, refName));
  if (!schema || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema as Json)) {
    if (key === '$ref' && typeof value === 'string') {
      const match = /^([^#]*)#\/\$defs\/([^/]+)$/.exec(value);
      if (!match) throw new Error(`${fileId}: unsupported $ref ${value} (expected "<fileId>#/$defs/<Name>")`);
      out.$ref = `#/$defs/${refName(match[1] || fileId, match[2])}`;
    } else if (key === 'title' && typeof value === 'string') {
      const description = (schema as Json).description;
      out.description = typeof description === 'string' && description ? `${value}: ${description}` : value;
    } else if (key === 'description' && 'title' in (schema as Json)) {
      // Merged into the title's description above.
    } else if (key === '$id' || key === '$schema') {
      // Ids would make the ref parser resolve against them; the root is the only id that matters.
    } else if (SCHEMA_MAPS.has(key) && value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value as Json).map(([name, sub]) => [name, rewriteSchema(sub, fileId, refName)]));
    } else if (SCHEMA_VALUES.has(key)) {
      out[key] = rewriteSchema(value, fileId, refName);
    } else {
      out[key] = value;
    }
  }
  return out;
}

/**
 * Gives a rewritten schema its type name. A bare `$ref` becomes an alias (`type LandInfoDetailData = LandInfoItem`):
 * given a title beside the `$ref`, json-schema-to-typescript would emit a numbered copy of the target instead.
 */
export function named(schema: Json, typeName: string): Json {
  const { $ref, ...rest } = schema;
  if (typeof $ref === 'string' && Object.keys(rest).every((k) => k === 'description')) {
    return { ...rest, tsType: $ref.slice('#/$defs/'.length), title: typeName };
  }
  return { ...schema, title: typeName };
}
