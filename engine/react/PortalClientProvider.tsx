import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { ApiClient, SessionSnapshot, SiteData } from '../http/index.js';
import { SourcePrefetch } from '../runtime/source-prefetch.js';

interface PortalClientContextValue {
  client: ApiClient;
  siteData: SiteData;
  /** The requests a page started for its blocks before they mount (render-as-you-fetch). */
  prefetch: SourcePrefetch;
}

const PortalClientContext = createContext<PortalClientContextValue | null>(null);

/** Hands the portal's one client and site-data helper to every block below it. */
export function PortalClientProvider({
  client,
  siteData,
  prefetch: started,
  children,
}: Omit<PortalClientContextValue, 'prefetch'> & { prefetch?: SourcePrefetch; children: ReactNode }) {
  // One set of started requests per client: another client (another deployment in a test) starts its own. The app's
  // entry may hand in the one it started the first page's requests on, before rendering.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `client` is the key, not an input
  const prefetch = useMemo(() => started ?? new SourcePrefetch(), [client]);
  const value = useMemo(() => ({ client, siteData, prefetch }), [client, siteData, prefetch]);
  return <PortalClientContext.Provider value={value}>{children}</PortalClientContext.Provider>;
}

function usePortalClientContext(): PortalClientContextValue {
  const value = useContext(PortalClientContext);
  if (!value) throw new Error('useApiClient/useSiteData/useSession need a <PortalClientProvider> above them');
  return value;
}

/** The portal's HTTP client (spec §7/§8 rules included). */
export function useApiClient(): ApiClient {
  return usePortalClientContext().client;
}

/** The requests started for the current page's blocks (PageView starts them, useSource takes them). */
export function useSourcePrefetch(): SourcePrefetch {
  return usePortalClientContext().prefetch;
}

/** The site-wide data helper (one request per key per page load). */
export function usePortalSiteData(): SiteData {
  return usePortalClientContext().siteData;
}

/** The session (login, phone, place); re-renders when it changes. */
export function useSession(): SessionSnapshot {
  const { session } = usePortalClientContext().client;
  return useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
}

/** The state of an asynchronous load, as blocks render it. */
export type LoadState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown };

/**
 * One key of the site-wide data helper. Every block that asks for the same key shares one request per page load;
 * a key already loaded renders at once, without a loading flash.
 *
 * @example
 * const policies = useSiteData<NewsListData>('zhengcefagui');
 * if (policies.status === 'ready') return <List rows={policies.data.rows} />;
 */
export function useSiteData<T = unknown>(key: string): LoadState<T> {
  const { siteData } = usePortalClientContext();
  const initial = (): LoadState<T> => {
    const settled = siteData.peek(key);
    if (!settled) return { status: 'loading' };
    return settled.ok ? { status: 'ready', data: settled.value as T } : { status: 'error', error: settled.error };
  };
  const [state, setState] = useState<LoadState<T>>(initial);
  useEffect(() => {
    let live = true;
    siteData.load(key).then(
      (data) => live && setState({ status: 'ready', data: data as T }),
      (error: unknown) => live && setState({ status: 'error', error }),
    );
    return () => {
      live = false;
    };
  }, [siteData, key]);
  return state;
}
