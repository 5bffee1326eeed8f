import type { AxiosInstance, AxiosStatic } from 'axios';
import type { ApiClientOptions } from './api-client.js';

/** axios and the instance every call goes through (base URL, timeout, adapter). */
export interface Transport {
  axios: AxiosStatic;
  http: AxiosInstance;
}

/**
 * The transport, loaded on first use. axios (~20 KB gzip) is fetched with the first call, not with the shell: a
 * visitor's first view is drawn from the answers index.html fetched (first-view-answers.ts) and asks nothing itself.
 * `warmUp` fetches it ahead (the app calls it at the first pointer or key, or 3 s after its first render), so a click
 * does not wait for it.
 */
export function lazyTransport(options: Pick<ApiClientOptions, 'baseURL' | 'timeoutMs' | 'adapter'>): () => Promise<Transport> {
  let transport: Promise<Transport> | undefined;
  return () => {
    transport ??= import('axios').then(({ default: axios }) => ({
      axios,
      http: axios.create({
        baseURL: options.baseURL ?? '/prod-api',
        timeout: options.timeoutMs ?? 15_000,
        ...(options.adapter ? { adapter: options.adapter } : {}),
      }),
    }));
    return transport;
  };
}
