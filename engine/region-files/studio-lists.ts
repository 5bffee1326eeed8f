import path from 'node:path';
import { parse } from 'yaml';
import { PLACES_FILE } from './places.js';
import { addFirstChild, countItems, insertItem, moveItem, removeItem, setIn, type YamlPath } from './yaml-splice.js';

/**
 * The region's lists the studio edits item by item (so each item's comments and style stay): the nav tabs, the
 * footer's links, the friendly links (all in region.yaml), and the county's towns (in places.yaml).
 */
export const STUDIO_LISTS = ['tabList', 'footList', 'footLinkList', 'towns'] as const;
export type StudioList = (typeof STUDIO_LISTS)[number];

/** The lists whose items hold a list of their own under `children`: a tab's sub-tabs, a town's villages. */
export const NESTED_LISTS: readonly StudioList[] = ['tabList', 'towns'];

/**
 * `parent`, when given, is the index of the item whose `children` the edit is on (a tab's sub-tabs, a town's
 * villages) instead of the list itself.
 */
export type ListEdit =
  | { op: 'addListItem'; list: StudioList; parent?: number; index?: number; value: Record<string, unknown> }
  | { op: 'removeListItem'; list: StudioList; parent?: number; index: number }
  | { op: 'moveListItem'; list: StudioList; parent?: number; from: number; to: number }
  /** `value`'s keys replace the item's; a null one removes it. */
  | { op: 'setListItem'; list: StudioList; parent?: number; index: number; value: Record<string, unknown> };

/** What a list edit needs of the region: its folder, a file's text, its deptId, and a list as merged from its layers. */
export interface ListContext {
  regionDir: string;
  read(abs: string): string | undefined;
  deptId: number;
  mergedList(list: string): unknown[] | undefined;
}

/** A town (or a village under it) as the studio shows it (the rest of its node, e.g. level, is kept as written). */
export interface StudioTown {
  name: string;
  deptId: number;
  deptCode: string;
  /** Its place among its siblings, when written. */
  order?: number;
  /** A town's villages (a village's own children are not shown). */
  children?: StudioTown[];
}

/** An edit refused before validation; `message` is Chinese. */
export class ListEditError extends Error {}

interface PlaceNode {
  deptId?: unknown;
  children?: PlaceNode[];
}

/** The path of the place with `deptId` in a places.yaml text (depth first), or undefined. */
export function placePath(text: string, deptId: number): YamlPath | undefined {
  const walk = (nodes: PlaceNode[] | undefined, at: YamlPath): YamlPath | undefined => {
    for (const [i, node] of (nodes ?? []).entries()) {
      if (node?.deptId === deptId) return [...at, i];
      const found = walk(node?.children, [...at, i, 'children']);
      if (found) return found;
    }
    return undefined;
  };
  const doc = parse(text) as { places?: PlaceNode[] } | null;
  return walk(doc?.places, ['places']);
}

/** The county's towns as written in its places.yaml (none when the county is not declared there). */
export function countyTowns(text: string | undefined, deptId: number): StudioTown[] {
  if (text === undefined) return [];
  const at = placePath(text, deptId);
  if (!at) return [];
  const town = (t: StudioTown, depth: number): StudioTown => ({
    name: t.name,
    deptId: t.deptId,
    deptCode: t.deptCode,
    ...(t.order !== undefined ? { order: t.order } : {}),
    ...(depth === 0 && Array.isArray(t.children) ? { children: t.children.map((v) => town(v, 1)) } : {}),
  });
  return ((itemAt(text, at).children ?? []) as StudioTown[]).map((t) => town(t, 0));
}

/**
 * The file and the list's path in it (an item's `children` when `parent` is given); a nav or footer list the region
 * takes from its base is first written as its own.
 */
function target(ctx: ListContext, list: StudioList, parent?: number): { abs: string; seq: YamlPath; text: string } {
  const found = listTarget(ctx, list);
  if (parent === undefined) return found;
  if (!NESTED_LISTS.includes(list)) throw new ListEditError('这个列表的项没有下级项');
  checkIndex(parent, countItems(found.text, found.seq));
  return { ...found, seq: [...found.seq, parent, 'children'] };
}

function listTarget(ctx: ListContext, list: StudioList): { abs: string; seq: YamlPath; text: string } {
  if (list === 'towns') {
    const abs = path.join(ctx.regionDir, PLACES_FILE);
    const text = ctx.read(abs);
    if (text === undefined) throw new ListEditError('本地区没有 places.yaml：镇（街道）写在那里');
    const county = placePath(text, ctx.deptId);
    if (!county) throw new ListEditError(`本地区的 places.yaml 中没有 deptId 为 ${ctx.deptId} 的地区`);
    return { abs, seq: [...county, 'children'], text };
  }
  const abs = path.join(ctx.regionDir, 'region.yaml');
  let text = ctx.read(abs);
  if (text === undefined) throw new ListEditError('找不到本地区的 region.yaml');
  const merged = ctx.mergedList(list);
  if (countItems(text, [list]) === 0 && merged && merged.length > 0) text = setIn(text, [list], merged);
  return { abs, seq: [list], text };
}

function itemAt(text: string, at: YamlPath): Record<string, unknown> {
  let node = parse(text) as unknown;
  for (const key of at) node = (node as Record<string | number, unknown> | null)?.[key];
  return typeof node === 'object' && node !== null && !Array.isArray(node) ? (node as Record<string, unknown>) : {};
}

function checkIndex(index: number, count: number, allowEnd = false): void {
  if (!Number.isInteger(index) || index < 0 || index > count || (!allowEnd && index === count)) throw new ListEditError(`没有第 ${index + 1} 项`);
}

/** The file a list edit changes: absolute path → new text. */
export function applyListEdit(ctx: ListContext, edit: ListEdit): Map<string, string> {
  const { abs, seq, text } = target(ctx, edit.list, edit.parent);
  const count = countItems(text, seq);
  switch (edit.op) {
    case 'addListItem': {
      const index = edit.index ?? count;
      checkIndex(index, count, true);
      // A first sub-tab or village: its parent item gets a `children:` key with the item as a `- { … }` line.
      if (edit.parent !== undefined && count === 0) return new Map([[abs, addFirstChild(text, seq.slice(0, -2), edit.parent, 'children', edit.value)]]);
      return new Map([[abs, insertItem(text, seq, index, { value: edit.value })]]);
    }
    case 'removeListItem':
      checkIndex(edit.index, count);
      // The last item goes with its key: an empty `children:` would read as null, which no schema takes.
      return new Map([[abs, count === 1 ? setIn(text, seq, undefined) : removeItem(text, seq, edit.index).text]]);
    case 'moveListItem':
      checkIndex(edit.from, count);
      checkIndex(edit.to, count);
      return new Map([[abs, moveItem(text, seq, edit.from, edit.to)]]);
    case 'setListItem': {
      checkIndex(edit.index, count);
      // The form's keys over the item's (null takes one away): what the form does not show (an item's children,
      // edited as a list of their own; a place's level) stays as written.
      const old = itemAt(text, [...seq, edit.index]);
      const next = Object.fromEntries(Object.entries({ ...old, ...edit.value }).filter(([, v]) => v !== null && v !== undefined));
      return new Map([[abs, setIn(text, [...seq, edit.index], next)]]);
    }
  }
}
