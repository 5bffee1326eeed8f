import path from 'node:path';
import { mergeLayers, type Layer } from '../region/merge.js';
import { locate } from '../region/origin.js';
import { formatPath, makeProblem, suggest, type PathSegment, type Problem } from '../region/problem.js';
import type { ParsedYaml } from './yaml-file.js';
import type { RegionFileSource } from './file-source.js';

/** What reading a regions folder shares between its steps. */
export interface LoadContext {
  /** An absolute path as problems name it: relative to the base folder, with `/`. */
  rel: (abs: string) => string;
  /** Reads a file once per load; its problems go to `problems` on the first read. */
  parse: (abs: string) => ParsedYaml;
  problems: Problem[];
  /** Where files are listed and read (the disk, or the disk with an edit not yet written). */
  source: RegionFileSource;
}

/** A file with its `extends` chain and pages applied; `ok` false when a file in the chain could not be used. */
export interface ResolvedLayer {
  layer: Layer;
  ok: boolean;
}

type Resolve = (abs: string, stack: string[]) => ResolvedLayer;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Resolves region files to layers: each file's `extends` chain (cycles and missing files reported at the `extends`
 * entry), then its own keys, then pages/*.yaml beside a region.yaml. A file is resolved once per load.
 */
export function layerResolver(ctx: LoadContext): (abs: string) => ResolvedLayer {
  const resolved = new Map<string, ResolvedLayer>();
  const resolve: Resolve = (abs, stack) => {
    const cached = resolved.get(abs);
    if (cached) return cached;
    const file = ctx.parse(abs);
    const empty: Layer = { value: {}, origin: { file: file.file, line: 1, column: 1, children: new Map() } };
    if (file.problems.length > 0) return { layer: empty, ok: false };
    if (!isObject(file.value)) {
      const blank = file.value === null;
      ctx.problems.push(
        makeProblem({
          file: file.file,
          line: 1,
          column: 1,
          path: '',
          code: 'notAMapping',
          params: { got: blank ? '一个空文件' : '一个列表或单个值', gotEn: blank ? 'an empty file' : 'a list or a single value' },
        }),
      );
      return { layer: empty, ok: false };
    }
    const bases = extendedLayers(ctx, file, file.value, abs, stack, resolve);
    const { extends: _extends, ...own } = file.value;
    const pages = pageLayers(ctx, abs);
    const merged = [...bases.layers, { value: own, origin: file.origin }, ...pages.layers].reduce((acc, next) => mergeLayers(acc, next));
    // The merged root stands for this file (a key missing from region.yaml is reported there, not at the last page).
    const layer: Layer = { value: merged.value, origin: { ...merged.origin, file: file.origin.file, line: file.origin.line, column: file.origin.column } };
    const result = { layer, ok: bases.ok && pages.ok };
    resolved.set(abs, result);
    return result;
  };
  return (abs) => resolve(abs, []);
}

/** The resolved layers of the files `extends` names, in order; a cycle or a missing file is reported there. */
function extendedLayers(
  ctx: LoadContext,
  file: ParsedYaml,
  value: Record<string, unknown>,
  abs: string,
  stack: string[],
  resolve: Resolve,
): { layers: Layer[]; ok: boolean } {
  const { rel, problems } = ctx;
  const layers: Layer[] = [];
  let ok = true;
  const extendsValue = value.extends;
  const targets = typeof extendsValue === 'string' ? [extendsValue] : Array.isArray(extendsValue) ? extendsValue : [];
  targets.forEach((target, index) => {
    if (typeof target !== 'string') return;
    const at: PathSegment[] = typeof extendsValue === 'string' ? ['extends'] : ['extends', index];
    const atPath = formatPath(at);
    const where = locate(file.origin, at);
    const targetAbs = path.resolve(path.dirname(abs), target);
    if ([...stack, abs].includes(targetAbs)) {
      const cycle = [...stack.slice(stack.indexOf(targetAbs)), abs, targetAbs].map(rel).join(' → ');
      problems.push(makeProblem({ ...where, path: atPath, code: 'extendsCycle', params: { cycle } }));
      ok = false;
      return;
    }
    if (!ctx.source.exists(targetAbs)) {
      const dir = path.dirname(targetAbs);
      const nearby = ctx.source.files(dir).filter((f) => f.endsWith('.yaml'));
      const near = suggest(path.basename(targetAbs), nearby);
      problems.push(
        makeProblem({
          ...where,
          path: atPath,
          code: 'extendsMissing',
          params: { target, looked: rel(targetAbs) },
          suggestion: near && path.join(path.dirname(target), near).split(path.sep).join('/'),
        }),
      );
      ok = false;
      return;
    }
    const base = resolve(targetAbs, [...stack, abs]);
    ok &&= base.ok;
    layers.push(base.layer);
  });
  return { layers, ok };
}

/** pages/<id>.yaml beside a region.yaml add or override page <id>; variants get them through extends. */
function pageLayers(ctx: LoadContext, abs: string): { layers: Layer[]; ok: boolean } {
  const layers: Layer[] = [];
  let ok = true;
  const pagesDir = path.join(path.dirname(abs), 'pages');
  if (path.basename(abs) !== 'region.yaml' || !ctx.source.exists(pagesDir)) return { layers, ok };
  for (const name of ctx.source
    .files(pagesDir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()) {
    const page = ctx.parse(path.join(pagesDir, name));
    if (page.problems.length > 0) {
      ok = false;
      continue;
    }
    const pageId = name.slice(0, -'.yaml'.length);
    const top = { file: page.file, line: 1, column: 1 };
    layers.push({
      value: { pages: { [pageId]: page.value } },
      origin: { ...top, children: new Map([['pages', { ...top, children: new Map([[pageId, page.origin]]) }]]) },
    });
  }
  return { layers, ok };
}
