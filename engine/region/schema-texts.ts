/**
 * The Chinese texts a schema carries for the clerks who fill its forms, beside the English `description` kept for
 * engineers and the type generator: `x-title` (a field's or flag's label) and `x-description` (what it does on the
 * portal, in plain words). A block's own name stays `x-name` (block-meta.ts); its `x-description` says what a visitor
 * sees.
 */
export const TEXT_KEYWORDS = ['x-title', 'x-description'] as const;

/** The Chinese word for each value of an `enum` (value → word), e.g. `{ "list": "标题列表" }`: a drop-down's options. */
export const ENUM_TITLES_KEYWORD = 'x-enum-titles';

type Json = Record<string, unknown>;

/** An rjsf uiSchema (kept as plain data here: this module knows no UI framework). */
export type UiSchemaTexts = { [key: string]: unknown };

export interface SchemaTexts {
  title?: string;
  description?: string;
  /** An enum value (as text) → its Chinese word. */
  enumTitles?: Record<string, string>;
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema's own Chinese title and description (either may be absent). */
export function schemaTexts(schema: unknown): SchemaTexts {
  if (!isObject(schema)) return {};
  const title = schema['x-title'];
  const description = schema['x-description'];
  const enumTitles = schema[ENUM_TITLES_KEYWORD];
  return {
    ...(typeof title === 'string' && title !== '' ? { title } : {}),
    ...(typeof description === 'string' && description !== '' ? { description } : {}),
    ...(isObject(enumTitles) ? { enumTitles: Object.fromEntries(Object.entries(enumTitles).map(([value, word]) => [value, String(word)])) } : {}),
  };
}

/** Follows a `#/…` reference inside the same schema; a reference to another file is left alone (undefined). */
function resolveLocal(schema: Json, root: Json): Json | undefined {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').filter(Boolean)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isObject(node) ? node[key] : undefined;
  }
  return isObject(node) ? node : undefined;
}

const isEmpty = (ui: UiSchemaTexts) => Object.keys(ui).length === 0;

/** How deep a schema that contains itself (a tree) is labelled: the places tree has five levels, province to village. */
const TREE_DEPTH = 6;

type Seen = ReadonlyMap<Json, number>;

function childTexts(schema: Json, root: Json, seen: Seen): UiSchemaTexts {
  const ui: UiSchemaTexts = {};
  if (isObject(schema.properties)) {
    for (const [key, child] of Object.entries(schema.properties)) {
      const sub = walk(child, root, seen);
      if (!isEmpty(sub)) ui[key] = sub;
    }
  }
  for (const key of ['items', 'additionalProperties'] as const) {
    if (!isObject(schema[key])) continue;
    const sub = walk(schema[key], root, seen);
    if (!isEmpty(sub)) ui[key] = sub;
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (!Array.isArray(options)) continue;
    const subs = options.map((option) => walk(option, root, seen));
    if (subs.some((sub) => !isEmpty(sub))) ui[key] = subs;
  }
  return ui;
}

function walk(node: unknown, root: Json, seen: Seen): UiSchemaTexts {
  if (!isObject(node)) return {};
  // The texts written beside a $ref (a property's own label) win over those of the schema it points to.
  const own = schemaTexts(node);
  const target = resolveLocal(node, root);
  if (!target) return textsToUi(own);
  const texts = textsToUi({ ...(target === node ? {} : schemaTexts(target)), ...own });
  // A uiSchema cannot point back at itself, so a tree is labelled to a fixed depth.
  const depth = seen.get(target) ?? 0;
  if (depth >= TREE_DEPTH) return texts;
  return { ...texts, ...childTexts(target, root, new Map(seen).set(target, depth + 1)) };
}

function textsToUi(texts: SchemaTexts): UiSchemaTexts {
  return {
    ...(texts.title ? { 'ui:title': texts.title } : {}),
    ...(texts.description ? { 'ui:description': texts.description } : {}),
    // rjsf reads ui:enumNames as value → label too, so an option keeps its word whatever the enum's order.
    ...(texts.enumTitles ? { 'ui:enumNames': texts.enumTitles } : {}),
  };
}

/**
 * The rjsf uiSchema that labels a form drawn from `schema` with its Chinese texts: `ui:title` from `x-title`,
 * `ui:description` from `x-description`, `ui:enumNames` from `x-enum-titles`, for the schema itself and, recursively, its properties, array items,
 * map values and anyOf/oneOf options; local `#/…` references are followed (a tree to six levels). A schema without
 * Chinese texts gives `{}`.
 *
 * @example
 * uiSchemaFromTexts({ type: 'object', properties: { count: { type: 'integer', 'x-title': '显示条数' } } })
 * // { count: { 'ui:title': '显示条数' } }
 */
export function uiSchemaFromTexts(schema: unknown): UiSchemaTexts {
  return isObject(schema) ? walk(schema, schema, new Map()) : {};
}

const SUBSCHEMA_KEYS = ['items', 'additionalProperties', 'if', 'then', 'else', 'not'] as const;
const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf'] as const;
const SUBSCHEMA_MAPS = ['properties', '$defs', 'definitions'] as const;

/**
 * A copy of `schema` without its English `description`s, for a form clerks fill: rjsf shows a field's schema
 * description where the uiSchema gives none, and a field whose Chinese title says enough needs no English beside it.
 * Only the keyword is dropped: a property that is itself named `description` stays.
 */
export function withoutEnglishDescriptions<T>(schema: T): T {
  if (!isObject(schema)) return schema;
  const copy: Json = { ...schema };
  delete copy.description;
  for (const key of SUBSCHEMA_KEYS) if (isObject(copy[key])) copy[key] = withoutEnglishDescriptions(copy[key]);
  for (const key of SUBSCHEMA_LISTS) {
    const list = copy[key];
    if (Array.isArray(list)) copy[key] = list.map((item) => withoutEnglishDescriptions(item));
  }
  for (const key of SUBSCHEMA_MAPS) {
    const map = copy[key];
    if (isObject(map)) copy[key] = Object.fromEntries(Object.entries(map).map(([name, sub]) => [name, withoutEnglishDescriptions(sub)]));
  }
  return copy as T;
}
