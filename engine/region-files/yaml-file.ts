import fs from 'node:fs';
import jsYaml from 'js-yaml';
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { OriginNode } from '../region/origin.js';
import type { Problem } from '../region/problem.js';

/** A YAML file read into a plain value plus the origin of every node. */
export interface ParsedYaml {
  /** Repo-relative path, as problems name it. */
  file: string;
  /** The file's content as plain data (undefined when it could not be parsed). */
  value: unknown;
  origin: OriginNode;
  problems: Problem[];
}

/**
 * Reads and parses one YAML file keeping node positions. Syntax errors become problems with line and column;
 * the value is then undefined so later stages do not report follow-on noise from a half-parsed file.
 */
export function parseYamlFile(absolutePath: string, file: string): ParsedYaml {
  const text = fs.readFileSync(absolutePath, 'utf8');
  return parseYamlText(text, file);
}

/**
 * The fast read: plain data only, every origin at the top of the file. Used when a catalog is expected to be valid;
 * a file it refuses comes back with a problem, which makes the caller re-read everything with positions.
 */
export function parseYamlFileFast(absolutePath: string, file: string): ParsedYaml {
  const origin: OriginNode = { file, line: 1, column: 1 };
  try {
    // The core schema, as the `yaml` package reads YAML 1.2: no timestamps, so 2026-01-01 stays a string.
    const value = jsYaml.load(fs.readFileSync(absolutePath, 'utf8'), { schema: jsYaml.CORE_SCHEMA, json: false });
    return { file, value: value === undefined ? null : value, origin, problems: [] };
  } catch (error) {
    return { file, value: undefined, origin, problems: [{ file, line: 1, column: 1, path: '', message: `YAML syntax error: ${String(error)}` }] };
  }
}

/** {@link parseYamlFile} on text already read. */
export function parseYamlText(text: string, file: string): ParsedYaml {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, keepSourceTokens: false, uniqueKeys: true });
  const origin: OriginNode = { file, line: 1, column: 1 };
  if (doc.errors.length > 0) {
    const problems = doc.errors.map((error): Problem => {
      const pos = error.linePos?.[0] ?? lineCounter.linePos(error.pos[0]);
      return { file, line: pos.line, column: pos.col, path: '', message: `YAML syntax error: ${firstLine(error.message)}` };
    });
    return { file, value: undefined, origin, problems };
  }
  const position = (offset: number | undefined) => {
    const pos = lineCounter.linePos(offset ?? 0);
    return { file, line: pos.line, column: pos.col };
  };
  const value = toValue(doc, doc.contents as Node | null, origin, position);
  return { file, value, origin, problems: [] };
}

function firstLine(message: string): string {
  return message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
}

/** Converts a YAML node to plain data, filling `origin.children` as it goes. */
function toValue(
  doc: Document,
  node: Node | null | undefined,
  origin: OriginNode,
  position: (offset: number | undefined) => { file: string; line: number; column: number },
): unknown {
  if (!node) return null;
  if (node.range) Object.assign(origin, position(node.range[0]));
  if (isAlias(node)) return toValue(doc, node.resolve(doc) as Node | undefined, origin, position);
  if (isScalar(node)) return node.value;
  if (isMap(node)) {
    const out: Record<string, unknown> = {};
    origin.children = new Map();
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      const keyNode = pair.key as Node | null;
      const key = String(isScalar(keyNode) ? keyNode.value : keyNode);
      const keyOrigin = position(keyNode?.range?.[0]);
      // A key with no value (`flags:`) sits at its key.
      const child: OriginNode = { ...keyOrigin, key: keyOrigin };
      out[key] = toValue(doc, pair.value as Node | null, child, position);
      origin.children.set(key, child);
    }
    return out;
  }
  if (isSeq(node)) {
    origin.children = new Map();
    return node.items.map((item, index) => {
      const child: OriginNode = { file: origin.file, line: origin.line, column: origin.column };
      const value = toValue(doc, item as Node | null, child, position);
      origin.children!.set(String(index), child);
      return value;
    });
  }
  return null;
}
