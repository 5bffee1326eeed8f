import { describe, expect, it } from 'vitest';
import type { Page, Region } from '../../../schemas/types/region.js';
import { hasRegionChrome, pageBlockLists } from '../../../engine/runtime/page-sources.js';

// What a page draws (and so prefetches, and the server's first view answers): a console page has no portal header.
const header = [{ type: 'site-header' }];
const footer = [{ type: 'site-footer' }];
const consoleSidebar = [{ type: 'section-nav', props: { preset: 'console', variant: 'sidebar' } }];
const region = { layout: { header, footer, consoleSidebar } } as unknown as Region;
const blocks = [{ type: 'admin-table' }];

describe('pageBlockLists', () => {
  it('draws a portal page inside the region header and footer', () => {
    const page = { route: '/x', blocks } as unknown as Page;
    expect(hasRegionChrome(page)).toBe(true);
    expect(pageBlockLists(region, page)).toEqual([header, blocks, footer]);
  });

  it('draws a page without header alone, and a console page beside its frame’s sidebar, never the portal header', () => {
    const bare = { route: '/x', blocks, layout: { header: false } } as unknown as Page;
    expect(hasRegionChrome(bare)).toBe(false);
    expect(pageBlockLists(region, bare)).toEqual([undefined, blocks, undefined]);
    const consolePage = { route: '/admin', blocks, layout: { frame: 'console', permission: 'articles' } } as unknown as Page;
    expect(hasRegionChrome(consolePage)).toBe(false);
    expect(pageBlockLists(region, consolePage)).toEqual([consoleSidebar, blocks]);
  });
});
