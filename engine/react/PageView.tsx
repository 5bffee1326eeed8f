import { useEffect } from 'react';
import type { BlockEntry, Page } from '../../schemas/types/region.js';
import { evaluateCondition } from '../region/condition.js';
import type { BlockRegistry } from '../runtime/block-registry.js';
import { documentTitle } from '../runtime/title.js';
import { BlockView } from './BlockView.js';
import { useSession } from './PortalClientProvider.js';
import { useFlags, useRegion, useRouteQuery } from './RegionProvider.js';

const WIDTHS: Record<string, string> = { full: 'tm-w-full', '2/3': 'tm-w-2-3', '1/2': 'tm-w-1-2', '1/3': 'tm-w-1-3' };

/** The blocks of one list whose `when` holds, each with a stable id. */
function useVisibleBlocks(blocks: readonly BlockEntry[] | undefined, prefix: string) {
  const region = useRegion();
  const flags = useFlags();
  const query = useRouteQuery();
  const session = useSession();
  const context = { flags, region, query, session: { loggedIn: session.loggedIn } };
  return (blocks ?? [])
    .map((entry, index) => ({ entry, blockId: `${prefix}-${entry.id ?? `${entry.type}-${index}`}` }))
    .filter(({ entry }) => !entry.when || evaluateCondition(entry.when as never, context as never));
}

function BlockList({ blocks, prefix, registry }: { blocks: readonly BlockEntry[] | undefined; prefix: string; registry: BlockRegistry }) {
  const visible = useVisibleBlocks(blocks, prefix);
  const sources = visible.map(({ entry }) => (entry.source ? JSON.stringify(entry.source) : null));
  return (
    <>
      {visible.map(({ entry, blockId }, index) => {
        const width = entry.width ?? 'full';
        // A detail page's blocks often load the same record: when it is refused, the first of them says why, once.
        const source = sources[index];
        const sharesEarlierSource = source !== null && sources.indexOf(source) < index;
        return (
          <div key={blockId} className={`tm-cell ${WIDTHS[width] ?? WIDTHS.full}`}>
            <BlockView entry={entry} registry={registry} blockId={blockId} quietRefusal={sharesEarlierSource} />
          </div>
        );
      })}
    </>
  );
}

/**
 * One page: the region's header blocks (unless the page turns the header off), the page's blocks on a 12-column
 * grid, the footer blocks; zoom 0.8 unless the page turns it off; the document title from region and platform.
 */
export function PageView({ pageId, page, registry }: { pageId: string; page: Page; registry: BlockRegistry }) {
  const region = useRegion();
  const showHeader = page.layout?.header !== false;
  const zoom = page.layout?.zoom !== false;
  // The region may name the page itself (ZCZSName: 国有资产 where others say 资产招商).
  const named = page.titleField ? (region as Record<string, unknown>)[page.titleField] : undefined;
  const title = typeof named === 'string' && named.trim() ? named.trim() : page.title;

  useEffect(() => {
    document.title = documentTitle(region);
  }, [region]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pageId]);

  return (
    <div className={`tm-page tm-page--${pageId}${zoom ? ' tm-zoom' : ''}`}>
      <a className="tm-skip-link" href="#tm-main" onClick={(e) => { e.preventDefault(); document.getElementById('tm-main')?.focus(); }}>
        跳到主要内容
      </a>
      {showHeader && (
        <header className="tm-site-header">
          <BlockList blocks={region.layout?.header} prefix="header" registry={registry} />
        </header>
      )}
      <main id="tm-main" className="tm-main" tabIndex={-1}>
        {!page.blocks?.some((b) => b.type === 'site-header') && title && <h1 className="tm-visually-hidden">{title}</h1>}
        <div className="tm-grid">
          <BlockList blocks={page.blocks} prefix={pageId} registry={registry} />
        </div>
      </main>
      {showHeader && (
        <footer className="tm-site-footer">
          <BlockList blocks={region.layout?.footer} prefix="footer" registry={registry} />
        </footer>
      )}
    </div>
  );
}
