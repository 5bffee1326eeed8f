import { pascalCase } from './names.js';
import { SCHEMA_MAPS, SCHEMA_VALUES } from './schema-keywords.js';
import type { Json } from './schema-files.js';

/** How json-schema-to-typescript compiles the region and block schemas. */
export const COMPILE_OPTIONS = {
  bannerComment: '',
  additionalProperties: false,
  unreachableDefinitions: true,
  strictIndexSignatures: false,
  format: true,
  // maxItems would become tuple unions of every length (banks: up to 6 → seven tuple types).
  ignoreMinAndMaxItems: true,
  style: { singleQuote: true, printWidth: 120, trailingComma: 'all', bracketSpacing: true },
} as const;
/**
 * Prepares a hand-written validation schema for json-schema-to-typescript: `$ref`s are mapped by `mapRef` (to
 * local `$defs` or to a `tsType` naming an imported type), `if/then/else` chains become `anyOf` of their branches
 * (the generator ignores `if`, but the branches are exactly the union of accepted shapes), and ids are dropped.
 */
export function toTypeSchema(schema: unknown, mapRef: (ref: string) => Json): unknown {
  if (Array.isArray(schema)) return schema.map((s) => toTypeSchema(s, mapRef));
  if (!schema || typeof schema !== 'object') return schema;
  const source = schema as Json;
  if (typeof source.$ref === 'string') {
    const { $ref, ...rest } = source;
    return { ...(toTypeSchema(rest, mapRef) as Json), ...mapRef($ref) };
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === '$id' || key === '$schema' || key === 'examples' || key === 'if') continue;
    if (key === 'then' || key === 'else') continue;
    if (SCHEMA_MAPS.has(key) && value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value as Json).map(([name, sub]) => [name, toTypeSchema(sub, mapRef)]));
    } else if (SCHEMA_VALUES.has(key)) {
      const mapped = toTypeSchema(value, mapRef);
      // An allOf member that mapped to nothing (the catalog's props check) would only make a numbered copy.
      const kept = key === 'allOf' && Array.isArray(mapped) ? mapped.filter((m) => Object.keys(m as Json).length > 0) : mapped;
      if (!(Array.isArray(kept) && kept.length === 0)) out[key] = kept;
    } else {
      out[key] = value;
    }
  }
  if ('if' in source) {
    const branches = [source.then, source.else].filter((b) => b !== undefined).map((b) => toTypeSchema(b, mapRef));
    out.anyOf = branches;
  }
  return out;
}

/** A $defs key as a type name. */
export const defName = (name: string) => pascalCase(name);
