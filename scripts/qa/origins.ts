import { locate, type Origin, type OriginNode } from '../../engine/region/index.js';
import type { Region } from '../../schemas/types/region.js';

/** Where in the region files a failing screen was declared: the file, line and column an author edits. */
export type Where = Origin;

/** Every place a text value equal to one of `wanted` is written in the region, with its origin, in file order. */
function originsOfText(value: unknown, origin: OriginNode | undefined, wanted: ReadonlySet<string>, out: Where[]): void {
  if (!origin) return;
  if (typeof value === 'string') {
    if (wanted.has(value)) out.push({ file: origin.file, line: origin.line, column: origin.column });
    return;
  }
  if (Array.isArray(value)) value.forEach((item, i) => originsOfText(item, origin.children?.get(String(i)), wanted, out));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) originsOfText(item, origin.children?.get(key), wanted, out);
  }
}

/**
 * Where the region writes a link to `route` (a nav entry's router, a footer's href, a block's moreRoute…): the
 * first place, so a link to a page no file declares points at the line that made it.
 */
export function linkOrigin(region: Region, origin: OriginNode, route: string): Where | undefined {
  const wanted = new Set([route, `#${route}`, route.split('?')[0]]);
  const found: Where[] = [];
  originsOfText(region, origin, wanted, found);
  return found[0];
}

/** The block entry behind a block id (`<page>-<type>-<index>` or `<page>-<id>`), in the page that shows it. */
export function blockOrigin(region: Region, origin: OriginNode, blockId: string | undefined, type: string): Where | undefined {
  if (!blockId) return undefined;
  const lists: Array<[string[], Array<{ type: string; id?: string }> | undefined]> = [
    ...Object.entries(region.pages ?? {}).map(([id, page]): [string[], Array<{ type: string; id?: string }> | undefined] => [
      ['pages', id, 'blocks'],
      page.blocks,
    ]),
    [['layout', 'header'], region.layout?.header],
    [['layout', 'footer'], region.layout?.footer],
  ];
  for (const [at, blocks] of lists) {
    const prefix = at[1];
    if (!blockId.startsWith(`${prefix}-`)) continue;
    const rest = blockId.slice(prefix.length + 1);
    const index = (blocks ?? []).findIndex((entry, i) => (entry.id ? entry.id === rest : `${entry.type}-${i}` === rest) && entry.type === type);
    if (index >= 0) return locate(origin, [...at, index]);
  }
  return undefined;
}

/** The page a route shows, where its file declares it (`pages.<id>`), else the region's file. */
export function pageOrigin(region: Region, origin: OriginNode, route: string): Where {
  const pageId = Object.entries(region.pages ?? {}).find(([, p]) => p.route === route.split('?')[0])?.[0];
  return locate(origin, pageId ? ['pages', pageId] : []);
}
