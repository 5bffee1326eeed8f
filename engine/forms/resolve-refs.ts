/** Route files by id (`admin`, `auction`…): where a `file#/$defs/Name` reference looks. */
export type SchemaFiles = ReadonlyMap<string, { $defs?: Record<string, unknown> }>;

/**
 * `schema` with every `file#/$defs/Name` reference (the API schemas' scheme) replaced by what it names, recursively;
 * keywords beside a `$ref` win over the target's. A reference that names nothing, or that would recurse into itself,
 * is left as it is.
 *
 * @example
 * resolveRefs({ $ref: 'admin#/$defs/ArticleInput' }, files) // → the ArticleInput schema, its own refs resolved
 */
export function resolveRefs<S>(schema: S, files: SchemaFiles, seen: readonly string[] = []): S {
  if (Array.isArray(schema)) return schema.map((s: unknown) => resolveRefs(s, files, seen)) as S;
  if (!schema || typeof schema !== 'object') return schema;
  const node = schema as Record<string, unknown>;
  if (typeof node.$ref === 'string') {
    const match = /^([\w-]+)#\/\$defs\/([\w-]+)$/.exec(node.$ref);
    const target = match ? files.get(match[1])?.$defs?.[match[2]] : undefined;
    if (target === undefined || seen.includes(node.$ref)) return { ...node } as S;
    const { $ref: _ref, ...beside } = node;
    return { ...(resolveRefs(target, files, [...seen, node.$ref]) as object), ...resolveRefs(beside, files, seen) } as S;
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = resolveRefs(value, files, seen);
  return out as S;
}
