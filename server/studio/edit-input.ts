import type { StudioEdit } from '../../engine/region-files/studio-edits.js';
import { STUDIO_LISTS, type StudioList } from '../../engine/region-files/studio-lists.js';
import { isPageStarter, PAGE_STARTERS } from '../../engine/region-files/page-starters.js';

/** The largest block index, page id and text the studio takes (a page has tens of blocks). */
const MAX_INDEX = 999;
const MAX_NAME = 64;
const MAX_TEXT = 200;
const MAX_PATH = 8;

const BLOCK_FIELDS = ['props', 'source', 'when', 'width'] as const;

type Body = Record<string, unknown>;

/** The most keys an item of a list (a tab, a link, a town) has, and the longest text it holds. */
const MAX_ITEM_KEYS = 12;

function name(body: Body, key: string, max = MAX_NAME): string {
  const value = body[key];
  if (typeof value !== 'string' || value.length === 0 || value.length > max) throw new Error(`${key} 应是 1 到 ${max} 个字的文字`);
  return value;
}

function index(body: Body, key: string): number {
  const value = body[key];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_INDEX) throw new Error(`${key} 应是 0 到 ${MAX_INDEX} 的整数`);
  return value;
}

/**
 * A studio edit from a request body, its every field checked and bounded; throws with the Chinese reason otherwise.
 * (The values a block or region field takes are not checked here: the region validator checks the whole result.)
 */
export function parseStudioEdit(input: unknown): StudioEdit {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new Error('应是一个对象');
  // NUL is in no region file: refuse it anywhere in the edit.
  if (JSON.stringify(input).includes('\\u0000')) throw new Error('含有不允许的字符（NUL）');
  const body = input as Body;
  switch (body.op) {
    case 'addBlock':
      return { op: 'addBlock', page: name(body, 'page'), type: name(body, 'type'), ...(body.index === undefined ? {} : { index: index(body, 'index') }) };
    case 'removeBlock':
    case 'duplicateBlock':
      return { op: body.op, page: name(body, 'page'), index: index(body, 'index') };
    case 'moveBlock':
      return { op: 'moveBlock', page: name(body, 'page'), from: index(body, 'from'), to: index(body, 'to') };
    case 'setBlock': {
      const field = body.field as (typeof BLOCK_FIELDS)[number];
      if (!BLOCK_FIELDS.includes(field)) throw new Error(`field 应是 ${BLOCK_FIELDS.join('、')} 之一`);
      return { op: 'setBlock', page: name(body, 'page'), index: index(body, 'index'), field, value: body.value ?? null };
    }
    case 'setRegion': {
      const at = body.path;
      if (!Array.isArray(at) || at.length === 0 || at.length > MAX_PATH || at.some((key) => typeof key !== 'string' || !key || key.length > MAX_NAME)) {
        throw new Error(`path 应是 1 到 ${MAX_PATH} 个配置项名`);
      }
      return { op: 'setRegion', path: at as string[], value: body.value ?? null };
    }
    case 'customizePage':
      return { op: 'customizePage', page: name(body, 'page') };
    case 'addPage': {
      if (body.starter !== undefined && !isPageStarter(body.starter)) throw new Error(`starter 应是 ${Object.keys(PAGE_STARTERS).join('、')} 之一`);
      const starter = body.starter === undefined ? {} : { starter: body.starter };
      return { op: 'addPage', page: name(body, 'page'), route: name(body, 'route', MAX_TEXT), title: name(body, 'title', MAX_TEXT), ...starter };
    }
    default:
      return parseListEdit(body);
  }
}

function list(body: Body): StudioList {
  if (!STUDIO_LISTS.includes(body.list as StudioList)) throw new Error(`list 应是 ${STUDIO_LISTS.join('、')} 之一`);
  return body.list as StudioList;
}

/** A list item from a form: a small object (its values are checked by the region validator with the whole file). */
function item(body: Body): Record<string, unknown> {
  const value = body.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value) || Object.keys(value).length > MAX_ITEM_KEYS) {
    throw new Error(`value 应是一个不超过 ${MAX_ITEM_KEYS} 项的对象`);
  }
  if (JSON.stringify(value).length > 20 * MAX_TEXT) throw new Error('value 太长');
  return value as Record<string, unknown>;
}

function parseListEdit(body: Body): StudioEdit {
  // parent: the item whose children (sub-tabs, villages) the edit is on.
  const parent = body.parent === undefined ? {} : { parent: index(body, 'parent') };
  switch (body.op) {
    case 'addListItem':
      return { op: 'addListItem', list: list(body), ...parent, value: item(body), ...(body.index === undefined ? {} : { index: index(body, 'index') }) };
    case 'removeListItem':
      return { op: 'removeListItem', list: list(body), ...parent, index: index(body, 'index') };
    case 'moveListItem':
      return { op: 'moveListItem', list: list(body), ...parent, from: index(body, 'from'), to: index(body, 'to') };
    case 'setListItem':
      return { op: 'setListItem', list: list(body), ...parent, index: index(body, 'index'), value: item(body) };
    default:
      throw new Error('不认识的修改（op）');
  }
}
