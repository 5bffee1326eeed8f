import type { PathSegment } from './problem.js';

/** Where a value (and, for a map entry, its key) was written. */
export interface Origin {
  file: string;
  line: number;
  column: number;
}

/**
 * A tree parallel to a config value: the origin of every node, so a problem found in the merged config points at
 * the file and line that set the value. Children are keyed like the value (array indexes as strings).
 */
export interface OriginNode extends Origin {
  /** Position of the key, for map entries (an unknown key is reported at the key, not its value). */
  key?: Origin;
  children?: Map<string, OriginNode>;
}

/** The deepest node on the path and how many segments it matched (a missing key is reported at its parent). */
export function findOrigin(root: OriginNode, segments: readonly PathSegment[]): { node: OriginNode; depth: number } {
  let node = root;
  let depth = 0;
  for (const segment of segments) {
    const child = node.children?.get(String(segment));
    if (!child) break;
    node = child;
    depth++;
  }
  return { node, depth };
}

/** The origin of the value at `segments`, or of its key when `atKey` (falls back to the deepest known ancestor). */
export function locate(root: OriginNode, segments: readonly PathSegment[], atKey = false): Origin {
  const { node, depth } = findOrigin(root, segments);
  const exact = depth === segments.length;
  const at = exact && atKey && node.key ? node.key : node;
  return { file: at.file, line: at.line, column: at.column };
}
