import { useEffect, useMemo, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { BlockEntry, Page } from '../../schemas/types/region.js';
import { evaluateCondition } from '../region/condition.js';
import type { ReactBlockRegistry } from './block-types.js';
import { documentTitle } from '../runtime/title.js';
import { BlockView, loadBlock } from './BlockView.js';
import { ReadingAidsBar } from './ReadingAidsBar.js';
import { ConsoleFrame } from './ConsoleFrame.js';
import { ConsoleRefusal, useConsoleRefusal } from './ConsoleRefusal.js';
import { useApiClient, usePortalSiteData, useSession, useSourcePrefetch } from './PortalClientProvider.js';
import { useSessionState } from './SessionProvider.js';
import { useFlags, useRegion, useRouteQuery } from './RegionProvider.js';
import { loadSource } from './useSource.js';
import { isAllowedUrl } from '../security/url-policy.js';
import { CELL_WIDTHS } from '../runtime/first-paint.js';
import { pageBlockLists, pageSources } from '../runtime/page-sources.js';

/** Whether a `when` holds here: for the region, flags, route query and session. */
function useHolds(): (when: unknown) => boolean {
  const region = useRegion();
  const flags = useFlags();
  const query = useRouteQuery();
  const session = useSession();
  const { user } = useSessionState();
  const context = {
    flags,
    region,
    query,
    session: {
      loggedIn: session.loggedIn,
      role: session.loggedIn ? user?.role : undefined,
      mustChangePassword: session.loggedIn && user?.mustChangePassword === true,
      can: Object.fromEntries((session.loggedIn ? (user?.permissions ?? []) : []).map((p) => [p, true])),
    },
  };
  return (when) => !when || evaluateCondition(when as never, context as never);
}

/** Whether a block entry shows here: its `when` holds. */
function useShows(): (entry: BlockEntry) => boolean {
  const holds = useHolds();
  return (entry) => holds(entry.when);
}

/** The blocks of one list whose `when` holds, each with a stable id. */
function useVisibleBlocks(blocks: readonly BlockEntry[] | undefined, prefix: string) {
  const shows = useShows();
  return (blocks ?? []).map((entry, index) => ({ entry, blockId: `${prefix}-${entry.id ?? `${entry.type}-${index}`}` })).filter(({ entry }) => shows(entry));
}

function BlockList({ blocks, prefix, registry }: { blocks: readonly BlockEntry[] | undefined; prefix: string; registry: ReactBlockRegistry }) {
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
          <div key={blockId} className={`tm-cell ${CELL_WIDTHS[width] ?? CELL_WIDTHS.full}`}>
            <BlockView entry={entry} registry={registry} blockId={blockId} quietRefusal={sharesEarlierSource} />
          </div>
        );
      })}
    </>
  );
}

/**
 * Render-as-you-fetch: as a page's route resolves, starts at once the data of every block it shows (header, page,
 * footer) and the code of every block type among them. Without it each block asked for its data as it mounted and
 * for its code only once its data had come, one round trip after the other. The blocks then render from these
 * requests (useSource takes them); started again only when the page's sources or blocks change.
 */
function usePagePrefetch(lists: ReadonlyArray<readonly BlockEntry[] | undefined>, registry: ReactBlockRegistry): void {
  const region = useRegion();
  const query = useRouteQuery();
  const holds = useHolds();
  const client = useApiClient();
  const siteData = usePortalSiteData();
  const prefetch = useSourcePrefetch();
  const entries = lists.flatMap((list) => (list ?? []).filter((entry) => holds(entry.when)));
  const sources = pageSources(entries, query, region, { definition: (type) => registry.get(type), holds });
  const keys = sources.map((s) => s.key);
  const types = [...new Set(entries.map((entry) => entry.type))];
  const signature = JSON.stringify([keys, types]);
  // Started while rendering, before any block mounts; starting is idempotent (a repeated render starts nothing new).
  useMemo(() => {
    for (const type of types) {
      const definition = registry.get(type);
      // A chunk that fails shows on its block (BlockErrorBoundary), not here.
      if (definition) loadBlock(definition).catch(() => undefined);
    }
    prefetch.startPage(sources.map(({ key, resolved }) => ({ key, start: () => loadSource(resolved, client, siteData) })));
    // `signature` captures the keys and types.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature, registry, prefetch, client, siteData]);
}

/**
 * The shell of a page: the skip link, the reading aids' bar (长辈版 / 无障碍), the region's header blocks (unless `header` is false), the main landmark with
 * `children`, the footer blocks; zoom 0.8 unless turned off; the document title from region and platform; the
 * region's background picture (backGroundUrl) behind it all. With `frame` console the staff console's frame
 * (ConsoleFrame: its top bar and sidebar) stands in for the region's header and footer.
 */
function PageShell({
  pageClass,
  header,
  zoom,
  frame = 'portal',
  registry,
  resetKey,
  children,
}: {
  pageClass: string;
  header: boolean;
  zoom: boolean;
  frame?: 'portal' | 'console';
  registry: ReactBlockRegistry;
  resetKey: string;
  children: ReactNode;
}) {
  const region = useRegion();
  const session = useSession();
  // A place window shows the place it is scoped to in the window title.
  const place = session.deptId && session.deptId !== String(region.deptId) ? session.deptName : null;

  useEffect(() => {
    document.title = documentTitle(region, place);
  }, [region, place]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [resetKey]);

  // The region's page background picture (backGroundUrl), under a light veil so text on it keeps its contrast.
  const background = isAllowedUrl(region.backGroundUrl)
    ? { backgroundImage: `linear-gradient(rgba(244, 246, 248, 0.88), rgba(244, 246, 248, 0.88)), url("${encodeURI(region.backGroundUrl)}")` }
    : undefined;

  const main = (
    <main id="tm-main" className="tm-main" tabIndex={-1}>
      {children}
    </main>
  );
  return (
    <div className={`tm-page ${pageClass}${zoom ? ' tm-zoom' : ''}${background ? ' tm-page--background' : ''}`} style={background}>
      <a
        className="tm-skip-link"
        href="#tm-main"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('tm-main')?.focus();
        }}
      >
        跳到主要内容
      </a>
      <ReadingAidsBar />
      {frame === 'console' ? (
        <ConsoleFrame sidebar={(blocks) => <BlockList blocks={blocks} prefix="console" registry={registry} />} main={main} />
      ) : (
        <>
          {header && (
            <header className="tm-site-header">
              <BlockList blocks={region.layout?.header} prefix="header" registry={registry} />
            </header>
          )}
          {main}
          {header && (
            <footer className="tm-site-footer">
              <BlockList blocks={region.layout?.footer} prefix="footer" registry={registry} />
            </footer>
          )}
        </>
      )}
    </div>
  );
}

/**
 * One page: the region's header blocks (unless the page turns the header off), the page's blocks on a 12-column
 * grid, the footer blocks; zoom 0.8 unless the page turns it off; the document title from region and platform.
 */
export function PageView({ pageId, page, registry }: { pageId: string; page: Page; registry: ReactBlockRegistry }) {
  // A block that gives the page its own heading (the site header, a place's page) replaces the hidden page title.
  const blockHeading = page.blocks?.some((b) => b.type === 'site-header' || registry.get(b.type)?.pageHeading);
  const region = useRegion();
  // The region may name the page itself (ZCZSName: 国有资产 where others say 资产招商).
  const named = page.titleField ? (region as Record<string, unknown>)[page.titleField] : undefined;
  const title = typeof named === 'string' && named.trim() ? named.trim() : page.title;
  const frame = page.layout?.frame ?? 'portal';
  const header = page.layout?.header !== false;
  // A console page the account's role does not open shows 无权限 in place of its blocks (the server refuses them too).
  const refusal = useConsoleRefusal(page.layout?.permission);
  usePagePrefetch(pageBlockLists(region, page), registry);
  return (
    <PageShell pageClass={`tm-page--${pageId}`} header={header} zoom={page.layout?.zoom !== false} frame={frame} registry={registry} resetKey={pageId}>
      {refusal ? (
        <ConsoleRefusal title={title} refusal={refusal} />
      ) : (
        <>
          {!blockHeading && title && <h1 className="tm-visually-hidden">{title}</h1>}
          <div className="tm-grid">
            <BlockList blocks={page.blocks} prefix={pageId} registry={registry} />
          </div>
        </>
      )}
    </PageShell>
  );
}

/**
 * What an unknown address shows, inside the region's shell (header, nav, footer): 页面不存在 with the address asked
 * for, the region's `layout.notFound` blocks (a search box), and 返回首页. The link changes only the hash, so a
 * `?region=` preview stays on its region.
 */
export function NotFoundView({ registry }: { registry: ReactBlockRegistry }) {
  const region = useRegion();
  const { pathname, search } = useLocation();
  const address = `${pathname}${search}`;
  usePagePrefetch([region.layout?.header, region.layout?.notFound, region.layout?.footer], registry);
  return (
    <PageShell pageClass="tm-page--not-found" header zoom registry={registry} resetKey={address}>
      <section className="tm-not-found" aria-labelledby="tm-not-found-title">
        <h1 id="tm-not-found-title">页面不存在</h1>
        <p className="tm-not-found__address">
          您访问的页面 <code>{address}</code> 不存在或已下线。
        </p>
        <div className="tm-not-found__blocks">
          <BlockList blocks={region.layout?.notFound} prefix="not-found" registry={registry} />
        </div>
        <p className="tm-not-found__home">
          <Link to="/" className="tm-button">
            返回首页
          </Link>
        </p>
      </section>
    </PageShell>
  );
}
