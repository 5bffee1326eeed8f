import { useEffect, useMemo, useRef, useState } from 'react';
import type { ApiRouteName } from '../../schemas/types/api.js';
import type { ApiClient, CallOptions, SiteData } from '../http/index.js';
import { resolveSource, sourceKey, type BlockSource, type ResolvedSource } from '../runtime/source.js';
import { useApiClient, useSourcePrefetch } from './PortalClientProvider.js';
import { useRegion, useRouteQuery } from './RegionProvider.js';
import type { LoadState } from './PortalClientProvider.js';
import { usePortalSiteData } from './PortalClientProvider.js';

/** Starts the request of a resolved source: a site-data key (shared by every block that asks) or a named call. */
export function loadSource(resolved: ResolvedSource, client: ApiClient, siteData: SiteData, signal?: AbortSignal): Promise<unknown> {
  return resolved.kind === 'siteData'
    ? siteData.load(resolved.key)
    : client.call(resolved.call, {
        query: resolved.query,
        body: resolved.body,
        params: resolved.params,
        deptId: resolved.deptId,
        signal,
      } as unknown as CallOptions<ApiRouteName>);
}

/** A load state that can be retried (the error state's 重新加载 button). */
export type SourceState<T> = LoadState<T> & { retry: () => void };

/**
 * Loads a block source (a named call or a site-data key) with values from the route query and the region, and
 * reloads when those change. A `null` source loads nothing and reports ready with undefined data.
 *
 * @example
 * const detail = useSource<NewsDetailData>({ call: 'newsDetail', body: { id: { $from: 'query.id' } } });
 */
export function useSource<T = unknown>(source: BlockSource | null | undefined): SourceState<T> {
  const client = useApiClient();
  const siteData = usePortalSiteData();
  const prefetch = useSourcePrefetch();
  const region = useRegion();
  const query = useRouteQuery();
  const resolved: ResolvedSource | null = useMemo(
    () => (source ? resolveSource(source, { query, region: region as unknown as Record<string, unknown> }) : null),
    [source, query, region],
  );
  const key = resolved ? sourceKey(resolved) : '';
  const [attempt, setAttempt] = useState(0);
  // A block that mounts after the page's request for its source has settled renders the data in its first frame.
  const [state, setState] = useState<{ key: string; state: LoadState<T> }>(() => {
    const settled = resolved ? prefetch.peek(key) : undefined;
    if (!settled) return { key: '', state: { status: 'loading' } };
    return { key, state: settled.ok ? { status: 'ready', data: settled.value as T } : { status: 'error', error: settled.error } };
  });
  /** The key the first state was read for from a settled request: its effect only counts the block as a reader. */
  const seeded = useRef(state.key || null);

  useEffect(() => {
    if (!resolved) return;
    if (attempt === 0 && seeded.current === key) {
      seeded.current = null;
      prefetch.take(key);
      return;
    }
    seeded.current = null;
    let live = true;
    const controller = new AbortController();
    setState({ key, state: { status: 'loading' } });
    // The page started this source's request as its route resolved (PageView): render from it. A retry asks anew.
    const started = attempt === 0 ? prefetch.take(key) : undefined;
    const load = started ?? loadSource(resolved, client, siteData, controller.signal);
    load.then(
      (data) => live && setState({ key, state: { status: 'ready', data: data as T } }),
      (error: unknown) => live && setState({ key, state: { status: 'error', error } }),
    );
    return () => {
      live = false;
      // Site-data requests and those the page started are shared with other blocks: only a block's own call is aborted.
      if (resolved.kind === 'call') controller.abort();
    };
    // `key` captures everything in `resolved`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt, client, siteData, prefetch]);

  const retry = () => {
    prefetch.forget(key);
    if (resolved?.kind === 'siteData') siteData.forget(resolved.key);
    setAttempt((n) => n + 1);
  };
  if (!resolved) return { status: 'ready', data: undefined as T, retry };
  // Until the effect runs for a new key, show loading rather than the previous key's data.
  return { ...(state.key === key ? state.state : { status: 'loading' }), retry };
}
