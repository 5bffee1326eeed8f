import path from 'node:path';
import { stringify } from 'yaml';
import { blockMeta } from '../region/block-meta.js';
import type { JsonSchema } from './schemas.js';
import { applyListEdit, ListEditError, type ListContext, type ListEdit } from './studio-lists.js';
import { pageStarterBlocks, type PageStarter } from './page-starters.js';
import { countItems, insertItem, moveItem, removeItem, setIn, type YamlPath } from './yaml-splice.js';

/** One change a studio user makes; each becomes a splice of the region's YAML files (see yaml-splice.ts). */
export type StudioEdit =
  | { op: 'addBlock'; page: string; type: string; index?: number }
  | { op: 'removeBlock'; page: string; index: number }
  | { op: 'duplicateBlock'; page: string; index: number }
  | { op: 'moveBlock'; page: string; from: number; to: number }
  | { op: 'setBlock'; page: string; index: number; field: 'props' | 'source' | 'when' | 'width'; value: unknown }
  | { op: 'setRegion'; path: string[]; value: unknown }
  | { op: 'customizePage'; page: string }
  | { op: 'addPage'; page: string; route: string; title: string; starter?: PageStarter }
  | ListEdit;

/** What an edit needs to know of the region's files. */
export interface EditContext extends ListContext {
  /** The region's folder (absolute). */
  regionDir: string;
  /** The current text of a file (undefined when there is none). */
  read(abs: string): string | undefined;
  /** The merged page (for a page taken from the base and made the region's own). */
  mergedPage(page: string): Record<string, unknown> | undefined;
  /** The file the page's blocks are written in, absolute; undefined when the page is not the region's own. */
  pageFile(page: string): string | undefined;
  blockSchema(type: string): JsonSchema | undefined;
  /** The region's site-data keys (a fitting default source for a block that reads site data). */
  siteDataKeys: string[];
}

/** An edit refused before validation (a page or block that is not there); `message` is Chinese. */
export class StudioEditError extends Error {}

const PAGE_ID = /^[A-Za-z][A-Za-z0-9_-]*$/;

/** The block a new entry starts as: its required props from their defaults or a placeholder, and a fitting source. */
export function starterBlock(type: string, schema: JsonSchema, siteDataKeys: string[]): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const key of (schema.required ?? []) as string[]) {
    const def = properties[key] ?? {};
    if (def.default !== undefined) props[key] = def.default;
    else if (def.type === 'string') props[key] = key === 'alt' || key === 'text' || key === 'title' ? '请填写' : '/';
    else if (def.type === 'number' || def.type === 'integer') props[key] = typeof def.minimum === 'number' ? def.minimum : 1;
    else if (def.type === 'boolean') props[key] = false;
    else if (def.type === 'array') props[key] = [];
  }
  const entry: Record<string, unknown> = { type };
  if (Object.keys(props).length) entry.props = props;
  const needs = blockMeta(schema).source;
  if (needs?.required) {
    if (needs.calls[0]) entry.source = { call: needs.calls[0] };
    else if (needs.siteData && siteDataKeys[0]) entry.source = { siteData: siteDataKeys[0] };
  }
  return entry;
}

function pageTarget(ctx: EditContext, page: string): { abs: string; blocks: YamlPath; text: string } {
  const abs = ctx.pageFile(page);
  if (!abs) throw new StudioEditError(`页面 ${page} 不是本地区自己的页面：请先“在本地区定制”`);
  const text = ctx.read(abs);
  if (text === undefined) throw new StudioEditError(`找不到页面文件 ${abs}`);
  const inRegionFile = path.basename(abs) === 'region.yaml';
  return { abs, blocks: inRegionFile ? ['pages', page, 'blocks'] : ['blocks'], text };
}

function blockCount(text: string, blocks: YamlPath): number {
  return countItems(text, blocks);
}

function checkIndex(index: number, count: number, allowEnd = false): void {
  if (!Number.isInteger(index) || index < 0 || index > count || (!allowEnd && index === count)) {
    throw new StudioEditError(`没有第 ${index + 1} 个区块`);
  }
}

/** The files an edit changes: absolute path → new text. */
export function applyEdit(ctx: EditContext, edit: StudioEdit): Map<string, string> {
  switch (edit.op) {
    case 'addBlock': {
      const schema = ctx.blockSchema(edit.type);
      if (!schema) throw new StudioEditError(`没有这种区块：${edit.type}`);
      const { abs, blocks, text } = pageTarget(ctx, edit.page);
      const count = blockCount(text, blocks);
      const index = edit.index ?? count;
      checkIndex(index, count, true);
      return new Map([[abs, insertItem(text, blocks, index, { value: starterBlock(edit.type, schema, ctx.siteDataKeys) })]]);
    }
    case 'removeBlock': {
      const { abs, blocks, text } = pageTarget(ctx, edit.page);
      checkIndex(edit.index, blockCount(text, blocks));
      return new Map([[abs, removeItem(text, blocks, edit.index).text]]);
    }
    case 'duplicateBlock': {
      const { abs, blocks, text } = pageTarget(ctx, edit.page);
      checkIndex(edit.index, blockCount(text, blocks));
      // The copy without the comments above the original: they speak of the original.
      const lines = removeItem(text, blocks, edit.index)
        .removed.split('\n')
        .filter((line) => !line.trim().startsWith('#'))
        .join('\n');
      return new Map([[abs, insertItem(text, blocks, edit.index + 1, { lines })]]);
    }
    case 'moveBlock': {
      const { abs, blocks, text } = pageTarget(ctx, edit.page);
      const count = blockCount(text, blocks);
      checkIndex(edit.from, count);
      checkIndex(edit.to, count);
      return new Map([[abs, moveItem(text, blocks, edit.from, edit.to)]]);
    }
    case 'setBlock': {
      const { abs, blocks, text } = pageTarget(ctx, edit.page);
      checkIndex(edit.index, blockCount(text, blocks));
      const value = edit.value === null ? undefined : edit.value;
      return new Map([[abs, setIn(text, [...blocks, edit.index, edit.field], value)]]);
    }
    case 'addListItem':
    case 'removeListItem':
    case 'moveListItem':
    case 'setListItem':
      try {
        return applyListEdit(ctx, edit);
      } catch (error) {
        throw error instanceof ListEditError ? new StudioEditError(error.message) : error;
      }
    default:
      return applyFileEdit(ctx, edit);
  }
}

function applyFileEdit(ctx: EditContext, edit: Extract<StudioEdit, { op: 'setRegion' | 'customizePage' | 'addPage' }>): Map<string, string> {
  switch (edit.op) {
    case 'setRegion': {
      const abs = path.join(ctx.regionDir, 'region.yaml');
      const text = ctx.read(abs);
      if (text === undefined) throw new StudioEditError('找不到本地区的 region.yaml');
      if (!Array.isArray(edit.path) || edit.path.length === 0 || edit.path.some((key) => typeof key !== 'string' || !key)) {
        throw new StudioEditError('要修改的配置项不对');
      }
      if (edit.path[0] === 'pages' || edit.path[0] === 'extends' || edit.path[0] === 'id') throw new StudioEditError(`不能在设置里修改 ${edit.path[0]}`);
      return new Map([[abs, setIn(text, edit.path, edit.value === null ? undefined : edit.value)]]);
    }
    case 'customizePage': {
      if (ctx.pageFile(edit.page)) throw new StudioEditError(`页面 ${edit.page} 已经是本地区自己的页面`);
      const page = ctx.mergedPage(edit.page);
      if (!page) throw new StudioEditError(`没有页面 ${edit.page}`);
      return new Map([[path.join(ctx.regionDir, 'pages', `${edit.page}.yaml`), pageFileText(page, '本地区定制的页面，由共用页面复制而来。')]]);
    }
    case 'addPage': {
      if (!PAGE_ID.test(edit.page)) throw new StudioEditError('页面标识只能用英文字母开头，由字母、数字、- 和 _ 组成');
      if (ctx.mergedPage(edit.page)) throw new StudioEditError(`已有页面 ${edit.page}`);
      if (!/^\/[A-Za-z0-9_/-]*$/.test(edit.route)) throw new StudioEditError('页面地址应以 / 开头，只用英文字母、数字、_、- 和 /，例如 /tongzhi');
      const page = { route: edit.route, title: edit.title, blocks: pageStarterBlocks(edit.starter ?? 'blank', edit.title) };
      return new Map([[path.join(ctx.regionDir, 'pages', `${edit.page}.yaml`), pageFileText(page, `${edit.title}。`)]]);
    }
  }
}

/** A page file as a hand-written one starts: the schema line, a comment, then the page. */
export function pageFileText(page: Record<string, unknown>, comment: string): string {
  const blocks = Array.isArray(page.blocks) ? page.blocks : [];
  const { blocks: _blocks, ...head } = page;
  let text = `# yaml-language-server: $schema=../../../schemas/page.schema.json\n# ${comment}\n${stringify(head, { lineWidth: 0 })}blocks: []\n`;
  blocks.forEach((block, index) => {
    text = insertItem(text, ['blocks'], index, { value: block });
  });
  return text;
}
