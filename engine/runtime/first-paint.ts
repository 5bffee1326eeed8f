import type { BlockEntry, Region } from '../../schemas/types/region.js';
import type { BlockDefinition } from './block-registry.js';
import { evaluateCondition, type ConditionContext } from '../region/condition.js';

/** The grid's cell widths (a block entry's `width`), as classes: PageView draws them, the first paint too. */
export const CELL_WIDTHS: Record<string, string> = { full: 'tm-w-full', '2/3': 'tm-w-2-3', '1/2': 'tm-w-1-2', '1/3': 'tm-w-1-3' };

/**
 * The page's first paint, written by the server into index.html: the top of the page frame (the reading aids'
 * row, kept as empty space, and the region's header blocks that can draw themselves without code — see
 * `BlockDefinition.firstPaint`) with the classes PageView gives them, so the header stands in its place before
 * any script has run, and the app's first render replaces it where it stands. A header block that cannot (a title
 * frame, no `firstPaint`) ends it: what comes after would move. Empty when the first header block cannot.
 * Routes whose page turns the header or the zoom off are told apart in the browser (server/delivery/first-view.ts).
 * Returns the markup and the header entries it draws.
 */
export function firstPaintHtml(
  region: Region,
  definition: (type: string) => Pick<BlockDefinition, 'firstPaint'> | undefined,
): { html: string; painted: BlockEntry[] } {
  const context = { flags: region.flags ?? {}, region, query: {}, session: { loggedIn: false } } as unknown as ConditionContext;
  const cells: string[] = [];
  const painted: BlockEntry[] = [];
  for (const entry of (region.layout?.header ?? []) as BlockEntry[]) {
    if (entry.when && !evaluateCondition(entry.when as never, context)) continue;
    const props = (entry.props ?? {}) as Record<string, unknown>;
    const html = typeof props.title === 'string' && props.title ? undefined : definition(entry.type)?.firstPaint?.({ props, region: region as never });
    if (!html) break;
    const width = CELL_WIDTHS[entry.width ?? 'full'] ?? CELL_WIDTHS.full;
    painted.push(entry);
    cells.push(`<div class="tm-cell ${width}"><div class="tm-block tm-block--${entry.type}" data-block="${entry.type}">${html}</div></div>`);
  }
  if (!cells.length) return { html: '', painted };
  return {
    html:
      '<div class="tm-page tm-zoom tm-first-paint">' +
      // The bar's row holds an unseen, disabled button of the bar's own style: the row is as tall as the app's, at any
      // text size and in elder mode.
      '<div class="tm-aids" aria-hidden="true"><div class="tm-aids__row"><button type="button" class="tm-first-paint__aids" disabled tabindex="-1">长辈版</button></div></div>' +
      `<header class="tm-site-header">${cells.join('')}</header></div>`,
    painted,
  };
}
