import type { Page, Region } from '../../schemas/types/region.js';
import { evaluateCondition, type ConditionContext } from '../region/condition.js';

/** One hash route of a region: the page it renders. */
export interface PageRoute {
  pageId: string;
  path: string;
  page: Page;
}

/**
 * The hash routes of a region: one per page whose `when` holds, most specific path first (so `/a/b` is tried
 * before `/a`, although react-router ranks them too).
 */
export function buildPageRoutes(region: Region, context: ConditionContext): PageRoute[] {
  return (
    Object.entries(region.pages ?? {})
      .filter(([, page]) => !page.when || evaluateCondition(page.when as never, context))
      .map(([pageId, page]) => ({ pageId, path: page.route, page }))
      // Ties by plain code-unit order: localeCompare builds an ICU collation per call (~10 ms of a first render).
      .sort((a, b) => b.path.split('/').length - a.path.split('/').length || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  );
}
