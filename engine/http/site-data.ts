import { API_ROUTES, type ApiRouteName } from '../../schemas/types/api.js';
import type { ApiClient, CallOptions } from './api-client.js';
import type { FormCallName } from './form-call.js';

/** The keys of the site-wide data helper that home blocks read (spec §7). */
export const SITE_DATA_KEYS = [
  'zhengcefagui',
  'jiaoyizhinan',
  'tudizixun',
  'zhaoshangxiangmu',
  'tudixinxi',
  'yixiangzhuanchu',
  'yixiangshorang',
  'gongshigonggao',
  'ziliaoxiazai',
  'ditudaohang',
  'xiangmuleixing',
] as const;
export type SiteDataKey = (typeof SITE_DATA_KEYS)[number];

/** Where one key's data comes from: a named API call and its fixed parts (configuration, not code). */
export interface SiteDataSource {
  call: ApiRouteName;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  params?: Record<string, unknown>;
}

/**
 * The site-wide data helper: each configured key is fetched at most once per page load, however many blocks ask
 * (they share the one promise). A key's source is configuration (the region's `siteData`), so a region can point
 * `tudizixun` at another category without code.
 *
 * @example
 * const siteData = createSiteData(client, region.siteData);
 * const policies = await siteData.load('zhengcefagui');
 */
export function createSiteData(client: ApiClient, sources: Partial<Record<string, SiteDataSource>>) {
  const pending = new Map<string, Promise<unknown>>();
  const settled = new Map<string, { ok: true; value: unknown } | { ok: false; error: unknown }>();

  function fetchSource(key: string, source: SiteDataSource): Promise<unknown> {
    const route = API_ROUTES[source.call];
    if (!route) return Promise.reject(new Error(`site data key "${key}" names an unknown call "${String(source.call)}"`));
    const auth = route.auth as readonly string[];
    if (auth.includes('form-signature')) {
      return client.form(source.call as FormCallName, { ...source.query, ...source.body } as never);
    }
    return client.call(source.call, { query: source.query, body: source.body, params: source.params } as unknown as CallOptions<ApiRouteName>);
  }

  function track(key: string, promise: Promise<unknown>): Promise<unknown> {
    promise.then(
      (value) => settled.set(key, { ok: true, value }),
      (error: unknown) => settled.set(key, { ok: false, error }),
    );
    pending.set(key, promise);
    return promise;
  }

  /** The key's data; the first ask starts the one request, later asks share it. */
  function load(key: string): Promise<unknown> {
    const existing = pending.get(key);
    if (existing) return existing;
    const source = sources[key];
    return track(key, source ? fetchSource(key, source) : Promise.reject(new Error(`site data key "${key}" has no source in the region's siteData`)));
  }

  /**
   * The key's data from an answer the server gave ahead (the first view's answers), when it comes with one; else
   * from the key's own request, started then. Every block that asks meanwhile shares it, as with {@link load}.
   */
  function loadAnswered(key: string, answer: Promise<unknown>): Promise<unknown> {
    const existing = pending.get(key);
    if (existing) return existing;
    const source = sources[key];
    if (!source) return load(key);
    return track(
      key,
      answer.then((envelope) => (envelope === undefined ? fetchSource(key, source) : client.answered(source.call, envelope))),
    );
  }

  /** What a settled key holds, for rendering without waiting; undefined while it loads or before it is asked. */
  function peek(key: string) {
    return settled.get(key);
  }

  /** Forgets one key, so the next ask fetches it again (a retry after a failure). */
  function forget(key: string): void {
    pending.delete(key);
    settled.delete(key);
  }

  /** Forgets everything (a new page load: another region or a logout). */
  function reset(): void {
    pending.clear();
    settled.clear();
  }

  return { load, loadAnswered, peek, forget, reset, sources };
}

/** The site-wide data helper, as {@link createSiteData} builds it. */
export type SiteData = ReturnType<typeof createSiteData>;
