import type { StudioEdit } from '../../engine/region-files/studio-edits.js';

/** The largest block index, page id and text the studio takes (a page has tens of blocks). */
const MAX_INDEX = 999;
const MAX_NAME = 64;
const MAX_TEXT = 200;
const MAX_PATH = 8;

const BLOCK_FIELDS = ['props', 'source', 'when', 'width'] as const;

type Body = Record<string, unknown>;

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
    case 'addPage':
      return { op: 'addPage', page: name(body, 'page'), route: name(body, 'route', MAX_TEXT), title: name(body, 'title', MAX_TEXT) };
    default:
      throw new Error('不认识的修改（op）');
  }
}
