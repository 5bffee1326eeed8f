import { resolveRefs } from '../../../engine/forms/resolve-refs.js';
import type { ApiRouteName } from '../../../schemas/types/api.js';

/** A JSON Schema as the console reads it: titles for labels, enums for choices, formats for display. */
export interface FieldSchema {
  type?: string | string[];
  title?: string;
  description?: string;
  enum?: unknown[];
  oneOf?: FieldSchema[];
  anyOf?: FieldSchema[];
  const?: unknown;
  format?: string;
  properties?: Record<string, FieldSchema>;
  items?: FieldSchema;
  required?: string[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  $ref?: string;
  [keyword: string]: unknown;
}

interface ApiFile {
  $id?: string;
  $defs?: Record<string, FieldSchema>;
  routes?: Record<string, { querystring?: FieldSchema; body?: FieldSchema; data?: FieldSchema }>;
}

/** The route files, each its own chunk: the console loads them when it first draws a table, the portal never. */
const FILES = import.meta.glob<ApiFile>('../../../schemas/api/*.json', { import: 'default' });

let loaded: Promise<Map<string, ApiFile>> | null = null;

/** Every route file by its id (`admin`, `auction`, …), loaded once. */
function apiFiles(): Promise<Map<string, ApiFile>> {
  loaded ??= Promise.all(Object.entries(FILES).map(async ([file, load]) => [file.replace(/^.*\/|\.json$/g, ''), await load()] as const)).then(
    (entries) => new Map(entries.map(([name, content]) => [content.$id ?? name, content])),
  );
  return loaded;
}

/** A route's input (body, else query) and answer (`data`) schemas, references resolved. */
export interface RouteSchemas {
  input: FieldSchema;
  data: FieldSchema;
}

/**
 * Finds a route in the API files and resolves its schemas.
 *
 * @example
 * const { input, data } = await routeSchemas('adminArticleList');
 * data.properties.rows.items.properties.title.title; // '标题'
 */
export async function routeSchemas(name: ApiRouteName): Promise<RouteSchemas> {
  const files = await apiFiles();
  for (const file of files.values()) {
    const route = file.routes?.[name];
    if (route) return { input: resolveRefs(route.body ?? route.querystring ?? {}, files), data: resolveRefs(route.data ?? {}, files) };
  }
  throw new Error(`no API schema declares the route ${name}`);
}

/** The row schema of a paged list's answer (`{ rows: [...], total }`), or of a plain array answer. */
export function rowSchemaOf(data: FieldSchema, rowsField = 'rows'): FieldSchema {
  return data.properties?.[rowsField]?.items ?? data.items ?? {};
}
