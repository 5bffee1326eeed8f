import { useEffect, useMemo, useRef } from 'react';
import { HashRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Region } from '../../schemas/types/region.js';
import type { ApiClient, SiteData } from '../http/index.js';
import type { ReactBlockRegistry } from './block-types.js';
import { buildPageRoutes } from '../runtime/routes.js';
import type { SourcePrefetch } from '../runtime/source-prefetch.js';
import { NotFoundView, PageView } from './PageView.js';
import { PortalClientProvider, useSession } from './PortalClientProvider.js';
import { SessionProvider } from './SessionProvider.js';
import { MessagesProvider } from './MessagesProvider.js';
import { RealtimeProvider } from './RealtimeProvider.js';
import type { SocketConstructor } from '../../machines/realtime-channel.js';
import { RegionProvider, useFlags } from './RegionProvider.js';
import { ReadingAidsProvider } from './ReadingAidsProvider.js';

function RegionRoutes({ region, registry }: { region: Region; registry: ReactBlockRegistry }) {
  const flags = useFlags();
  const session = useSession();
  const routes = useMemo(
    () => buildPageRoutes(region, { flags: flags as Record<string, boolean | undefined>, region, query: {}, session: { loggedIn: session.loggedIn } }),
    [region, flags, session.loggedIn],
  );
  return (
    <Routes>
      {routes.map(({ pageId, path, page }) => (
        <Route key={pageId} path={path} element={<PageView pageId={pageId} page={page} registry={registry} />} />
      ))}
      <Route path="*" element={<NotFoundView registry={registry} />} />
    </Routes>
  );
}

/**
 * Keeps the keyboard's place across a route change: each page draws its own shell, so the link or button that led
 * there is gone and focus would fall back to the document (a screen reader hears nothing, the next Tab starts over
 * from the top). When that happened, focus goes to the new page's main landmark, as the skip link would put it. A
 * change that keeps the focused control (a filter, a page of a list) leaves it where it is.
 */
function RouteFocus() {
  const { key } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    document.getElementById('tm-main')?.focus({ preventScroll: true });
  }, [key]);
  return null;
}

/** The whole portal of one region: client, region, hash routes built from its pages, blocks from the registry. */
export function PortalApp({
  region,
  registry,
  client,
  siteData,
  reload,
  WebSocketImpl,
  prefetch,
}: {
  region: Region;
  registry: ReactBlockRegistry;
  client: ApiClient;
  siteData: SiteData;
  /** After logout; the browser reloads the page (tests record it). */
  reload?: () => void;
  /** The WebSocket class of the real-time channel; the browser's by default (Node tests pass `ws`). */
  WebSocketImpl?: SocketConstructor;
  /** Requests already started for the first page (the app's entry starts them before rendering). */
  prefetch?: SourcePrefetch;
}) {
  return (
    <PortalClientProvider client={client} siteData={siteData} prefetch={prefetch}>
      <SessionProvider reload={reload}>
        <RegionProvider region={region}>
          <ReadingAidsProvider>
            <RealtimeProvider WebSocketImpl={WebSocketImpl}>
              <MessagesProvider>
                <HashRouter>
                  <RegionRoutes region={region} registry={registry} />
                  <RouteFocus />
                </HashRouter>
              </MessagesProvider>
            </RealtimeProvider>
          </ReadingAidsProvider>
        </RegionProvider>
      </SessionProvider>
    </PortalClientProvider>
  );
}
