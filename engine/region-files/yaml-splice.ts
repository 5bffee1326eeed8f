import { isCollection, isMap, isPair, isScalar, isSeq, parseDocument, stringify, type Node, type Pair } from 'yaml';

/**
 * Edits to a YAML text that change only the text of what they change. The `yaml` Document finds the nodes and their
 * ranges; the edit splices new text in at those ranges, so comments, key order, quoting and the flow or block style
 * of everything else stay byte for byte (re-printing the whole Document would re-space every `{ a }` and `[a]` of the
 * hand-written region files: they mix padded flow maps and unpadded flow lists, which no print option reproduces).
 */

export type YamlPath = (string | number)[];
type Json = unknown;

/** A flow collection longer than this is written in block style instead, as the region files do. */
const FLOW_WIDTH = 100;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The plain value at a path, aliases resolved (the Document hands collections back as nodes). */
function jsAt(doc: ReturnType<typeof parse>, path: YamlPath): Json {
  let value = doc.toJS({ maxAliasCount: -1 }) as Json;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

function parse(text: string) {
  const doc = parseDocument(text, { keepSourceTokens: false });
  if (doc.errors.length > 0) throw new Error(doc.errors[0].message);
  return doc;
}

/** A scalar as YAML writes it (quoted when it must be: "010", "yes", ": x"). */
function scalarText(value: Json): string {
  if (value === null || value === undefined) return 'null';
  return stringify(value, { lineWidth: 0 }).replace(/\n$/, '');
}

/**
 * A scalar outside any flow collection: plain when it reads back as the same string (`2,3,4` stays unquoted, as
 * written by hand), else as YAML quotes it.
 */
function blockScalarText(value: Json): string {
  if (typeof value === 'string' && value !== '' && value.trim() === value && !/[\n#]/.test(value)) {
    try {
      if ((parseDocument(`k: ${value}\n`).toJS() as { k?: unknown } | null)?.k === value) return value;
    } catch {
      // not plain
    }
  }
  return scalarText(value);
}

/** A key as YAML writes it. */
function keyText(key: string): string {
  return scalarText(key);
}

/** Flow style as the region files write it: `{ a: 1, b: [x, y] }`. */
export function flowText(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(flowText).join(', ')}]`;
  if (isPlainObject(value)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return entries.length ? `{ ${entries.map(([k, v]) => `${keyText(k)}: ${flowText(v)}`).join(', ')} }` : '{}';
  }
  const text = scalarText(value);
  // A plain scalar with a flow indicator would end the collection early: quote it.
  return typeof value === 'string' && /[,[\]{}]/.test(text) && !/^["']/.test(text) ? JSON.stringify(value) : text;
}

function fitsFlow(value: Json, indent: number): boolean {
  return !isCollectionValue(value) || indent + flowText(value).length <= FLOW_WIDTH;
}

/** Whether a new value is written in flow style: short, and not a list of mappings (the files list those in block style). */
function flowByDefault(value: Json, indent: number): boolean {
  if (Array.isArray(value) && value.some(isPlainObject)) return false;
  return fitsFlow(value, indent);
}

/** How many items the list at `seqPath` has (0 when there is none). */
export function countItems(text: string, seqPath: YamlPath): number {
  const node = parse(text).getIn(seqPath, true);
  return isSeq(node) ? node.items.length : 0;
}

function isCollectionValue(value: Json): boolean {
  return Array.isArray(value) || isPlainObject(value);
}

/** The lines of a block map at `indent` (no leading indent on the first line: it follows a `- ` or starts a line). */
function blockMapText(value: Record<string, unknown>, indent: number): string {
  const pad = ' '.repeat(indent);
  return Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .map(([k, v], i) => `${i === 0 ? '' : pad}${keyText(k)}:${afterKey(v, indent)}`)
    .join('\n');
}

function blockSeqText(value: unknown[], indent: number): string {
  const pad = ' '.repeat(indent);
  return value.map((item, i) => `${i === 0 ? '' : pad}- ${itemText(item, indent + 2)}`).join('\n');
}

/**
 * What follows `key:` for a key at `indent`: ` value`, or a block on the next lines. A value that was written in flow
 * style stays in flow style; a new one is flow while it fits on a line.
 */
function afterKey(value: Json, indent: number, style: 'flow' | 'block' | 'auto' = 'auto', inFlow = false): string {
  if (!isCollectionValue(value)) return ` ${inFlow ? flowText(value) : blockScalarText(value)}`;
  const flow = style === 'flow' || (style === 'auto' && flowByDefault(value, indent + 2));
  if (flow) return ` ${flowText(value)}`;
  if (Array.isArray(value) && value.length === 0) return ' []';
  if (isPlainObject(value) && Object.keys(value).length === 0) return ' {}';
  const inner = indent + 2;
  const body = Array.isArray(value) ? blockSeqText(value, inner) : blockMapText(value as Record<string, unknown>, inner);
  return `\n${' '.repeat(inner)}${body}`;
}

/** A list item's text after its `- `, its own lines at `indent`. */
function itemText(value: Json, indent: number): string {
  if (isPlainObject(value) && Object.keys(value).length > 0) return blockMapText(value, indent);
  if (Array.isArray(value) && value.length > 0 && !fitsFlow(value, indent)) return blockSeqText(value, indent);
  return flowText(value);
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** The offset just past the end of the line holding `offset - 1` (its newline included). */
function lineEndAfter(text: string, end: number): number {
  const at = text.indexOf('\n', Math.max(end - 1, 0));
  return at < 0 ? text.length : at + 1;
}

/** Where a node's value ends, without the newline a block collection's range takes in. */
function valueEnd(text: string, node: Node): number {
  let end = node.range![1];
  while (end > node.range![0] && /\s/.test(text[end - 1])) end--;
  return end;
}

/** The start of an entry's lines, taking in the comment lines just above it (they speak of it). */
function entryStart(text: string, offset: number): number {
  let start = lineStart(text, offset);
  for (;;) {
    if (start === 0) return start;
    const prev = lineStart(text, start - 1);
    if (!text.slice(prev, start).trim().startsWith('#')) return start;
    start = prev;
  }
}

function column(text: string, offset: number): number {
  return offset - lineStart(text, offset);
}

function pairAt(doc: ReturnType<typeof parse>, mapPath: YamlPath, key: string): { map: Node; pair: Pair<Node, Node | null> } | undefined {
  const map = (mapPath.length ? doc.getIn(mapPath, true) : doc.contents) as Node | undefined;
  if (!isMap(map)) return undefined;
  const pair = map.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === key) as Pair<Node, Node | null> | undefined;
  return pair ? { map, pair } : undefined;
}

function splice(text: string, start: number, end: number, insert: string): string {
  return text.slice(0, start) + insert + text.slice(end);
}

/** `value` with its keys in the order `old` had them (new keys after), at every depth: a form hands its own order. */
function keepOrder(old: Json, value: Json): Json {
  if (Array.isArray(old) && Array.isArray(value)) return value.map((item, i) => keepOrder(old[i], item));
  if (!isPlainObject(old) || !isPlainObject(value)) return value;
  const keys = [...Object.keys(old).filter((k) => k in value), ...Object.keys(value).filter((k) => !(k in old))];
  return Object.fromEntries(keys.map((k) => [k, keepOrder(old[k], value[k])]));
}

/** Sets the value at `path` (undefined removes it), creating missing maps on the way; unchanged parts keep their text. */
export function setIn(text: string, path: YamlPath, newValue: Json): string {
  const doc = parse(text);
  const old = jsAt(doc, path);
  const value = keepOrder(old, newValue);
  if (JSON.stringify(old) === JSON.stringify(value) && (value !== undefined) === doc.hasIn(path)) return text;
  const node = doc.getIn(path, true) as Node | undefined;
  const sameKeys = isPlainObject(old) && isPlainObject(value) && JSON.stringify(Object.keys(old)) === JSON.stringify(Object.keys(value));
  // Within a collection, change what changed, key by key, so the rest keeps its text and its order (a flow map so
  // only while no key comes or goes: that one is written again whole).
  if (isMap(node) && (!node.flow || sameKeys) && isPlainObject(old) && isPlainObject(value)) {
    let out = text;
    for (const key of Object.keys(old)) if (!(key in value)) out = setIn(out, [...path, key], undefined);
    for (const [key, inner] of Object.entries(value)) out = setIn(out, [...path, key], inner);
    return out;
  }
  if (isSeq(node) && Array.isArray(old) && Array.isArray(value) && old.length === value.length) {
    return value.reduce<string>((out, inner, i) => setIn(out, [...path, i], inner), text);
  }
  const parentPath = path.slice(0, -1);
  const last = path[path.length - 1];
  const parent = (parentPath.length ? doc.getIn(parentPath, true) : doc.contents) as Node | undefined;
  if (isSeq(parent) && typeof last === 'number') {
    if (value === undefined) return removeItem(text, parentPath, last).text;
    return replaceItem(text, node!, value, parent.flow === true);
  }
  if (parent === undefined || parent === null || (isScalar(parent) && parent.value === null)) {
    if (value === undefined) return text;
    const nested = path.slice(parentPath.length - 1).reduceRight<Json>((acc, key, i) => (i === 0 ? acc : { [String(key)]: acc }), value);
    return setIn(text, parentPath, nested);
  }
  if (!isMap(parent)) throw new Error(`not a mapping at ${parentPath.join('.')}`);
  return setPair(text, parent, String(last), value, doc, parentPath);
}

function replaceItem(text: string, node: Node, value: Json, seqFlow: boolean): string {
  const start = node.range![0];
  if (!isCollectionValue(value) && !seqFlow) return splice(text, start, valueEnd(text, node), blockScalarText(value));
  const inline = seqFlow || (isCollection(node) && node.flow === true) || (!isCollection(node) && fitsFlow(value, column(text, start)));
  return splice(text, start, valueEnd(text, node), inline ? flowText(value) : itemText(value, column(text, start)));
}

/** A pair of a map: replaced, removed or added at the map's end. */
function setPair(text: string, map: Node, key: string, value: Json, doc: ReturnType<typeof parse>, mapPath: YamlPath): string {
  const found = pairAt(doc, mapPath, key);
  if (isMap(map) && map.flow && !(found && value !== undefined)) {
    const next = { ...(jsAt(doc, mapPath) as Record<string, unknown>), [key]: value };
    if (value === undefined) delete next[key];
    return splice(text, map.range![0], valueEnd(text, map), flowText(next));
  }
  if (found) {
    const keyStart = found.pair.key.range![0];
    const held = found.pair.value;
    const end = held?.range && held.range[1] > held.range[0] ? valueEnd(text, held) : found.pair.key.range![1];
    if (value === undefined) {
      const next = (found.map as { items: Pair[] }).items.find((p) => (p.key as Node).range![0] > keyStart);
      const stop = next ? entryStart(text, (next.key as Node).range![0]) : lineEndAfter(text, end);
      return splice(text, entryStart(text, keyStart), stop, '');
    }
    // An empty `[]` or `{}` is a placeholder, not a style choice.
    const wasFlow = isCollection(held) && held.flow && held.items.length > 0;
    const style = (isMap(map) && map.flow) || wasFlow ? 'flow' : isCollection(held) && !held.flow ? 'block' : 'auto';
    return splice(text, keyStart, end, `${keyText(key)}:${afterKey(value, column(text, keyStart), style, isMap(map) && map.flow === true)}`);
  }
  if (value === undefined) return text;
  const items = (map as { items: Pair[] }).items;
  if (items.length === 0) throw new Error('empty block mapping');
  const firstKey = (items[0].key as Node).range![0];
  const indent = column(text, firstKey);
  const lastPair = items[items.length - 1];
  const lastNode = (lastPair.value ?? lastPair.key) as Node;
  const at = lineEndAfter(text, valueEnd(text, lastNode));
  const line = `${' '.repeat(indent)}${keyText(key)}:${afterKey(value, indent)}\n`;
  return at === text.length && !text.endsWith('\n') ? `${text}\n${line}` : splice(text, at, at, line);
}

/** The text of a block list's item (with the comments above it), and the text without it. */
export function removeItem(text: string, seqPath: YamlPath, index: number): { text: string; removed: string } {
  const doc = parse(text);
  const seq = doc.getIn(seqPath, true) as Node | undefined;
  if (!isSeq(seq) || index < 0 || index >= seq.items.length) throw new Error(`no item ${index} at ${seqPath.join('.')}`);
  if (seq.flow) {
    const next = (jsAt(doc, seqPath) as unknown[]).filter((_, i) => i !== index);
    const removed = jsAt(doc, [...seqPath, index]) ?? null;
    return { text: splice(text, seq.range![0], valueEnd(text, seq), flowText(next)), removed: `- ${flowText(removed)}\n` };
  }
  const { start, end } = itemSpan(text, seq, index);
  return { text: splice(text, start, end, ''), removed: text.slice(start, end) };
}

function itemSpan(text: string, seq: Node & { items: unknown[] }, index: number): { start: number; end: number } {
  const item = seq.items[index] as Node;
  const start = entryStart(text, item.range![0]);
  const next = seq.items[index + 1] as Node | undefined;
  const end = next ? entryStart(text, next.range![0]) : lineEndAfter(text, valueEnd(text, item));
  return { start, end };
}

/**
 * Inserts a list item at `index` (at the end when index is the length): a value, or the lines a removeItem gave
 * (moving an item keeps its text and its comments).
 */
export function insertItem(text: string, seqPath: YamlPath, index: number, item: { value: Json } | { lines: string }): string {
  const doc = parse(text);
  const seq = doc.getIn(seqPath, true) as Node | undefined;
  const list = (jsAt(doc, seqPath) as unknown[] | undefined) ?? [];
  if (!isSeq(seq) || seq.flow || seq.items.length === 0) {
    const value = 'value' in item ? item.value : (parse(item.lines).toJSON() as unknown[])[0];
    const next = [...list.slice(0, index), value, ...list.slice(index)];
    return setIn(text, seqPath, next);
  }
  // The column of the items' `-`.
  const firstLine = lineStart(text, (seq.items[0] as Node).range![0]);
  const indent = text.slice(firstLine).search(/\S/);
  // A new item takes its neighbours' style: a list of `- { … }` lines (the nav, the towns) gets one more such line.
  const flowItems = seq.items.every((node) => isCollection(node) && node.flow === true);
  const newItem = (value: Json) => (flowItems && fitsFlow(value, indent + 2) ? flowText(value) : itemText(value, indent + 2));
  const lines = 'lines' in item ? item.lines : `${' '.repeat(indent)}- ${newItem(item.value)}\n`;
  if (index < seq.items.length) {
    const at = itemSpan(text, seq, index).start;
    return splice(text, at, at, lines);
  }
  const at = itemSpan(text, seq, seq.items.length - 1).end;
  const before = at === text.length && !text.endsWith('\n') ? '\n' : '';
  return splice(text, at, at, before + lines);
}

/** Moves a list item to another place in the same list, its text and comments with it. */
export function moveItem(text: string, seqPath: YamlPath, from: number, to: number): string {
  if (from === to) return text;
  const { text: without, removed } = removeItem(text, seqPath, from);
  return insertItem(without, seqPath, to, { lines: removed.endsWith('\n') ? removed : `${removed}\n` });
}

/**
 * Adds the first item of the list under `key` of the map that is item `index` of the list at `seqPath` (a town's
 * first village, a tab's first sub-tab), written as a `- { … }` line as the files list towns and tabs. A map written
 * as one `{ … }` line is written out in block style first (a list inside it would make a long line); a block map
 * keeps its lines and comments and gets the key after its last one.
 */
export function addFirstChild(text: string, seqPath: YamlPath, index: number, key: string, value: Record<string, unknown>): string {
  const doc = parse(text);
  const seq = doc.getIn(seqPath, true) as Node | undefined;
  const item = isSeq(seq) ? (seq.items[index] as Node | undefined) : undefined;
  if (!isMap(item) || !isSeq(seq) || seq.flow || doc.hasIn([...seqPath, index, key])) return insertItem(text, [...seqPath, index, key], 0, { value });
  const indent = column(text, item.range![0]);
  const pad = ' '.repeat(indent);
  const child = fitsFlow(value, indent + 4) ? flowText(value) : itemText(value, indent + 4);
  const lines = `${pad}${keyText(key)}:\n${pad}  - ${child}`;
  if (item.flow) {
    const old = jsAt(doc, [...seqPath, index]) as Record<string, unknown>;
    return splice(text, item.range![0], valueEnd(text, item), `${blockMapText(old, indent)}\n${lines}`);
  }
  const at = valueEnd(text, item);
  return splice(text, at, at, `\n${lines}`);
}
