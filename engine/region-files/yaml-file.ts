import fs from 'node:fs';
import jsYaml from 'js-yaml';
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { OriginNode } from '../region/origin.js';
import { makeProblem, type Problem } from '../region/problem.js';

/** The `yaml` package's error codes in plain Chinese: the mistakes people make when typing YAML by hand. */
const YAML_ERROR_WORDS: Record<string, string> = {
  BAD_INDENT: '缩进不对：同一层的项要对齐，下一层要多缩进',
  TAB_AS_INDENT: '用了 Tab 缩进：YAML 只能用空格缩进',
  DUPLICATE_KEY: '同一层里有两个同名的项',
  MISSING_CHAR: '缺少一个字符（常见的是冒号后的空格、成对的引号或括号）',
  MULTILINE_IMPLICIT_KEY: '一个键跨了多行：键和冒号要写在同一行',
  BLOCK_AS_IMPLICIT_KEY: '一个键跨了多行：键和冒号要写在同一行',
  UNEXPECTED_TOKEN: '这里出现了不该有的字符',
  BAD_SCALAR_START: '值的开头不对：以 @、` 等符号开头的文字要加引号',
  MISSING_ANCHOR: '引用了不存在的锚点（*名称 之前要先有 &名称）',
  ALIAS_PROPS: '别名不能再带锚点或标签',
  BAD_ALIAS: '锚点引用写法不对',
  IMPOSSIBLE: '无法识别的写法',
};

/** A YAML syntax problem: the parser's words in English, ours in Chinese where its code is known. */
function yamlProblem(file: string, line: number, column: number, detail: string, code?: string): Problem {
  const words = code ? YAML_ERROR_WORDS[code] : undefined;
  return makeProblem({ file, line, column, path: '', code: 'yamlSyntax', params: { detail: words ?? detail, detailEn: detail } });
}

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
  return parseYamlTextFast(fs.readFileSync(absolutePath, 'utf8'), file);
}

/** {@link parseYamlFileFast} on text already read. */
export function parseYamlTextFast(text: string, file: string): ParsedYaml {
  const origin: OriginNode = { file, line: 1, column: 1 };
  try {
    // The core schema, as the `yaml` package reads YAML 1.2: no timestamps, so 2026-01-01 stays a string.
    const value = jsYaml.load(text, { schema: jsYaml.CORE_SCHEMA, json: false });
    return { file, value: value === undefined ? null : value, origin, problems: [] };
  } catch (error) {
    return { file, value: undefined, origin, problems: [yamlProblem(file, 1, 1, String(error))] };
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
      return yamlProblem(file, pos.line, pos.col, firstLine(error.message), error.code);
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
