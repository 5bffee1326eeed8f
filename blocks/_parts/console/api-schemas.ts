import { resolveRefs } from '../../../engine/forms/resolve-refs.js';
import type { ApiRouteName } from '../../../schemas/types/api.js';
import { API_ROUTE_FILES } from '../../../schemas/types/api-route-files.js';

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

/**
 * The route files, each its own chunk: the console loads those its tables read, the portal never. `?console`: as
 * the build gives them to the console, without their prose (scripts/console-schemas-plugin.ts).
 */
const FILES = import.meta.glob<ApiFile>('../../../schemas/api/*.json', { import: 'default', query: '?console' });
const LOADERS = new Map(Object.entries(FILES).map(([file, load]) => [file.replace(/^.*\/|\.json(\?.*)?$/g, ''), load]));
const loaded = new Map<string, Promise<ApiFile>>();

/** One route file by its id (`admin`, `auction`, …), loaded once. */
function apiFile(id: string): Promise<ApiFile> {
  let file = loaded.get(id);
  if (!file) {
    const load = LOADERS.get(id);
    file = load ? load() : Promise.resolve({});
    loaded.set(id, file);
  }
  return file;
}

const REF = /^([\w-]+)#\/\$defs\/([\w-]+)$/;

/**
 * The files `schemas` reach through `file#/$defs/Name` references, followed transitively, loaded: only what a
 * route's schemas name, not every domain's file.
 */
async function filesReached(fileId: string, schemas: unknown[]): Promise<Map<string, ApiFile>> {
  const files = new Map<string, ApiFile>([[fileId, await apiFile(fileId)]]);
  const followed = new Set<string>();
  const queue = [...schemas];
  while (queue.length) {
    const node = queue.pop();
    if (!node || typeof node !== 'object') continue;
    const ref = (node as FieldSchema).$ref;
    const match = typeof ref === 'string' ? REF.exec(ref) : null;
    if (match && !followed.has(ref!)) {
      followed.add(ref!);
      if (!files.has(match[1])) files.set(match[1], await apiFile(match[1]));
      queue.push(files.get(match[1])!.$defs?.[match[2]]);
    }
    queue.push(...Object.values(node));
  }
  return files;
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
  const fileId = API_ROUTE_FILES[name];
  const route = fileId ? (await apiFile(fileId)).routes?.[name] : undefined;
  if (!route) throw new Error(`no API schema declares the route ${name}`);
  const input = route.body ?? route.querystring ?? {};
  const data = route.data ?? {};
  const files = await filesReached(fileId, [input, data]);
  return { input: resolveRefs(input, files), data: resolveRefs(data, files) };
}

/** The row schema of a paged list's answer (`{ rows: [...], total }`), or of a plain array answer. */
export function rowSchemaOf(data: FieldSchema, rowsField = 'rows'): FieldSchema {
  return data.properties?.[rowsField]?.items ?? data.items ?? {};
}
