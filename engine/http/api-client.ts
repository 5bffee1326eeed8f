import type { AxiosError, AxiosInstance, AxiosResponse, Method } from 'axios';
import type { RouteCallOptions } from '../../machines/ports.js';
import { API_ROUTES, type ApiRouteName, type ApiRoutes, type Envelope } from '../../schemas/types/api.js';
import { ApiError } from './api-error.js';
import { applyEnvelopeRules, isEnvelope } from './envelope-rules.js';
import { codeText, ERROR_TEXTS, TRANSPORT_MESSAGE_MS } from './error-catalogue.js';
import { formCall, type FormCallFields, type FormCallName } from './form-call.js';
import { rewriteImageUrls, type ImageRewrite } from './image-rewrite.js';
import { lazyTransport } from './lazy-transport.js';
import type { Notifier } from './notifier.js';
import { deptIdFor, headersFor } from './request-headers.js';
import type { SessionStore } from './session-store.js';
import { transportFailure } from './transport-failure.js';

/** Settings of one portal's client; the getters are read at call time so a region loaded later still applies. */
export interface ApiClientOptions {
  /** Base prefix of every call, `/prod-api` by default (or an absolute URL in Node). */
  baseURL?: string;
  /** axios transport; default axios's choice. jsdom tests use `'http'` to reach a real server on another origin. */
  adapter?: 'xhr' | 'http' | 'fetch';
  /** The key of the `sign` header (build config). */
  signKey: string;
  /** The shared secret of the form-encoded call style (build config). */
  formSecret: string;
  /** 15 s by default (spec §9). */
  timeoutMs?: number;
  /** 5 s by default (spec §9). */
  formTimeoutMs?: number;
  session: SessionStore;
  notifier: Notifier;
  /** Goes to a hash route, e.g. `/login`. */
  navigate: (route: string) => void;
  /** The region's `homeShowLogin` flag: where a 401 on a stored login sends the user. */
  homeShowLogin: () => boolean;
  /** The hash route shown now (e.g. `/admin/articles`): a 401 inside the staff console goes to the staff login. */
  currentRoute?: () => string;
  /** Used when neither the call nor the session names a place: the region's own deptId. */
  defaultDeptId?: () => number | string | undefined;
  /** The region's deptCode, the form calls' default `dm`. */
  defaultDeptCode?: () => string | undefined;
  imageRewrites?: readonly ImageRewrite[];
  /** Where the form call style logs its failures (`错误`); console.error by default. */
  log?: (message: string, detail?: unknown) => void;
  /** The clock of `timeStamp`; Date.now by default. */
  now?: () => number;
}

/** What a call takes: the route-typed part the machines' port declares, and the browser client's own options. */
export type CallOptions<N extends ApiRouteName> = RouteCallOptions<N> & {
  /** Overrides the session's place for this call. */
  deptId?: number | string;
  timeoutMs?: number;
  /** multipart uploads (`/common/upload`): sent as the body instead of JSON. */
  formData?: FormData;
  /** How much of the request body has left, 0…1, as it goes (an upload's progress bar). */
  onUploadProgress?: (fraction: number) => void;
  /**
   * The caller tells the person itself what a lost request means (the bid form asks whether the bid landed): a
   * timeout, no connection or an HTTP error page is not shown (§8's 5 s message); the error says `shown: false`.
   */
  quietTransport?: boolean;
};

/** The response data of a call. */
export type CallData<N extends ApiRouteName> = ApiRoutes[N]['data'];

function urlFor(template: string, params: Record<string, unknown> | undefined): string {
  return template.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new ApiError('code', `缺少路径参数：${name}`, 400, undefined, false);
    return encodeURIComponent(String(value));
  });
}

/**
 * The portal's one HTTP client (spec §7, §8). Framework-free: the browser wires it to Semi and the router, tests
 * to a recording notifier and a real server.
 *
 * - `request(name, options)` resolves the whole envelope: code 200, or a 401/302 passed through untouched;
 * - `call(name, options)` resolves `data`, and rejects with an {@link ApiError} on anything but 200;
 * - `binary(name, options, 'blob' | 'arraybuffer')` resolves the raw body untouched;
 * - `form(name, fields)` is the form-encoded style: it resolves `data` or `undefined`, never rejects.
 *
 * @example
 * const client = createApiClient({ signKey, formSecret, session, notifier, navigate, homeShowLogin: () => false });
 * const { rows, total } = await client.call('newsList', { body: { number: '001017', pageNum: 1, pageSize: 10 } });
 */
export function createApiClient(options: ApiClientOptions) {
  const {
    session,
    notifier,
    signKey,
    formSecret,
    imageRewrites = [],
    now = Date.now,
    log = (message: string, detail?: unknown) => console.error(message, detail),
  } = options;
  const loadTransport = lazyTransport(options);

  async function send(name: ApiRouteName, opts: CallOptions<ApiRouteName>, responseType: 'json' | 'blob' | 'arraybuffer'): Promise<AxiosResponse> {
    const route = API_ROUTES[name];
    // A programmer's error (the type check refuses it); say so instead of failing on `undefined.url`.
    if (!route) throw new Error(`unknown API call "${String(name)}": not in schemas/api`);
    const url = urlFor(route.url, opts.params as unknown as Record<string, unknown> | undefined);
    const { axios, http } = await loadTransport();
    try {
      return await http.request({
        method: route.method as Method,
        url,
        params: opts.query,
        data: opts.formData ?? opts.body,
        headers: headersFor(name, url, deptIdFor(opts.deptId, session, options.defaultDeptId), { session, signKey, now }),
        timeout: opts.timeoutMs,
        signal: opts.signal,
        responseType,
        onUploadProgress: opts.onUploadProgress ? ({ loaded, total }) => opts.onUploadProgress!(total ? Math.min(1, loaded / total) : 0) : undefined,
      });
    } catch (error) {
      // Our server answers refusals with the HTTP status equal to the envelope's code: that is an answer, not a
      // transport failure, so it follows the code rules. A body that is no envelope (a proxy's 502 page) is.
      const response = (error as AxiosError).response;
      if (response && responseType === 'json' && isEnvelope(response.data) && typeof response.data.code === 'number') {
        return response;
      }
      throw transportFailure(axios, error, opts.quietTransport ? null : notifier);
    }
  }

  async function request<N extends ApiRouteName>(name: N, opts: CallOptions<N> = {} as CallOptions<N>): Promise<Envelope<CallData<N>>> {
    const response = await send(name, opts as CallOptions<ApiRouteName>, 'json');
    const body = response.data as unknown;
    if (!isEnvelope(body)) {
      // A 2xx that is not JSON: nothing the portal can read.
      notifier.message('error', ERROR_TEXTS.httpStatus(response.status), TRANSPORT_MESSAGE_MS);
      throw new ApiError('http', ERROR_TEXTS.httpStatus(response.status), undefined, response.status);
    }
    return applyEnvelopeRules(rewriteImageUrls(body as Envelope<CallData<N>>, imageRewrites), response.status, options, opts.quietExpiry);
  }

  async function call<N extends ApiRouteName>(name: N, opts: CallOptions<N> = {} as CallOptions<N>): Promise<CallData<N>> {
    const envelope = await request(name, opts);
    if (envelope.code !== undefined && envelope.code !== 200) {
      // A passed-through 401/302: the caller asked for data, there is none; nobody has been told.
      throw new ApiError('code', codeText(envelope.code, envelope.msg), envelope.code, undefined, false);
    }
    return envelope.data;
  }

  /**
   * The data of a call the server answered ahead (the first view's answers, fetched with the page): the envelope
   * passes the same rules as {@link call}'s, from the image rewrites on.
   */
  async function answered<N extends ApiRouteName>(name: N, envelope: unknown): Promise<CallData<N>> {
    if (!isEnvelope(envelope)) throw new ApiError('http', ERROR_TEXTS.httpStatus(200), undefined, 200);
    const checked = applyEnvelopeRules(rewriteImageUrls(envelope as Envelope<CallData<N>>, imageRewrites), 200, options);
    if (checked.code !== undefined && checked.code !== 200) throw new ApiError('code', codeText(checked.code, checked.msg), checked.code, undefined, false);
    return checked.data;
  }

  async function binary<N extends ApiRouteName>(name: N, opts: CallOptions<N>, responseType: 'blob' | 'arraybuffer'): Promise<Blob | ArrayBuffer> {
    const response = await send(name, opts as CallOptions<ApiRouteName>, responseType);
    return response.data as Blob | ArrayBuffer;
  }

  const formSettings = {
    session,
    formSecret,
    formTimeoutMs: options.formTimeoutMs,
    defaultDeptCode: options.defaultDeptCode,
    imageRewrites,
    now,
    log,
    loadTransport,
  };
  /** The form-encoded style (form-call.ts): resolves the data or undefined, never rejects. */
  const form = <N extends FormCallName>(name: N, fields?: FormCallFields<N>): Promise<CallData<N> | undefined> => formCall(formSettings, name, fields);

  /** Fetches the transport ahead of the first call (idempotent). */
  function warmUp(): void {
    void loadTransport();
  }

  /** The axios instance the calls go through (its defaults: base URL, timeout). */
  async function transportInstance(): Promise<AxiosInstance> {
    return (await loadTransport()).http;
  }

  return { request, call, answered, binary, form, warmUp, transport: transportInstance, session, notifier };
}

/** The portal's client, as {@link createApiClient} builds it. */
export type ApiClient = ReturnType<typeof createApiClient>;
