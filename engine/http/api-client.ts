import type { AxiosError, AxiosInstance, AxiosResponse, AxiosStatic, Method } from 'axios';
import type { RouteCallOptions } from '../../machines/ports.js';
import { API_ROUTES, type ApiRouteName, type ApiRoutes, type Envelope } from '../../schemas/types/api.js';
import { ApiError } from './api-error.js';
import { codeText, ERROR_TEXTS, TRANSPORT_MESSAGE_MS } from './error-catalogue.js';
import { rewriteImageUrls, type ImageRewrite } from './image-rewrite.js';
import type { Notifier } from './notifier.js';
import type { SessionStore } from './session-store.js';
import { formSignatureFor, randomToken, signFor } from './sign.js';

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
};

/** The calls of the form-encoded `api/index/{name}` style. */
export type FormCallName = {
  [N in ApiRouteName]: 'form-signature' extends ApiRoutes[N]['auth'][number] ? N : never;
}[ApiRouteName];

/** A form call's own fields; timestamp, random and signature are added by the client, dm defaults to the region. */
export type FormCallFields<N extends FormCallName> = Omit<Partial<Extract<ApiRoutes[N]['body'], object>>, 'timestamp' | 'random' | 'signature'>;

/** The response data of a call. */
export type CallData<N extends ApiRouteName> = ApiRoutes[N]['data'];

function isEnvelope(value: unknown): value is { code?: unknown; msg?: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof ArrayBuffer);
}

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
  // axios (~20 KB gzip) is fetched with the first call, not with the shell: a visitor's first view is drawn from
  // the answers index.html fetched (first-view-answers.ts) and asks nothing itself. `warmUp` fetches it ahead (the
  // app calls it at the first pointer or key, or 3 s after its first render), so a click does not wait for it.
  let transport: Promise<{ axios: AxiosStatic; http: AxiosInstance }> | undefined;
  function loadTransport() {
    transport ??= import('axios').then(({ default: axios }) => ({
      axios,
      http: axios.create({
        baseURL: options.baseURL ?? '/prod-api',
        timeout: options.timeoutMs ?? 15_000,
        ...(options.adapter ? { adapter: options.adapter } : {}),
      }),
    }));
    return transport;
  }

  function deptIdFor(explicit: number | string | undefined): string | undefined {
    const value = explicit ?? session.deptId ?? options.defaultDeptId?.();
    return value === undefined || value === null || value === '' ? undefined : String(value);
  }

  function headersFor(name: ApiRouteName, url: string, deptId: string | undefined): Record<string, string> {
    const headers: Record<string, string> = {};
    if (deptId !== undefined) headers.deptId = deptId;
    if (url.startsWith('/api/')) {
      const timeStamp = String(now());
      headers.timeStamp = timeStamp;
      headers.sign = signFor(deptId ?? '', timeStamp, signKey);
    }
    // User calls carry the token: those that require it (a user's or a staff member's), and every call outside the
    // signed /api/ namespace (token check, logout, upload…), which the server reads when present.
    const token = session.token;
    const auth = API_ROUTES[name].auth as readonly string[];
    const userCall = auth.includes('bearer') || auth.includes('staff') || auth.includes('admin') || !url.startsWith('/api/');
    if (token && userCall) headers.Authorization = `Bearer ${token}`;
    return headers;
  }

  /** Applies §8 to an envelope; returns it when the caller gets it, throws when the user has been told. */
  function handleEnvelope<T>(envelope: Envelope<T>, status: number, quietExpiry = false): Envelope<T> {
    const code = typeof envelope.code === 'number' ? envelope.code : 200;
    const msg = typeof envelope.msg === 'string' ? envelope.msg : '';
    if (code === 200) return envelope;
    if (code === 401) {
      if (!session.loggedIn) return envelope;
      // Cleared before anything else: concurrent 401s then see no login and pass through silently, one message.
      session.clearLogin();
      if (!quietExpiry) {
        notifier.message('warning', ERROR_TEXTS.sessionExpired);
        options.navigate(options.homeShowLogin() ? '/' : '/login');
      }
      throw new ApiError('session-expired', ERROR_TEXTS.sessionExpired, code, status);
    }
    if (code === 302) return envelope;
    if (code === 500) {
      const text = msg.trim() || ERROR_TEXTS.unknown;
      notifier.message('error', text);
      throw new ApiError('code', text, code, status);
    }
    if (code === 601) {
      notifier.message('warning', msg);
      throw new ApiError('code', msg, code, status);
    }
    const title = codeText(code, msg);
    notifier.notification('error', title);
    throw new ApiError('code', title, code, status);
  }

  function transportFailure(axios: AxiosStatic, error: unknown): ApiError {
    if (axios.isCancel(error)) return new ApiError('canceled', '请求已取消');
    const e = error as AxiosError;
    let failure: ApiError;
    if (e.response) {
      failure = new ApiError('http', ERROR_TEXTS.httpStatus(e.response.status), undefined, e.response.status);
    } else if (e.code === 'ECONNABORTED' || e.code === 'ETIMEDOUT' || /timeout/i.test(e.message ?? '')) {
      failure = new ApiError('timeout', ERROR_TEXTS.timeout);
    } else {
      // "Network Error" in the browser; ECONNREFUSED, ECONNRESET, ENOTFOUND… in Node: all mean no answer.
      failure = new ApiError('network', ERROR_TEXTS.networkError);
    }
    notifier.message('error', failure.message, TRANSPORT_MESSAGE_MS);
    return failure;
  }

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
        headers: headersFor(name, url, deptIdFor(opts.deptId)),
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
      throw transportFailure(axios, error);
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
    return handleEnvelope(rewriteImageUrls(body as Envelope<CallData<N>>, imageRewrites), response.status, opts.quietExpiry);
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
    const checked = handleEnvelope(rewriteImageUrls(envelope as Envelope<CallData<N>>, imageRewrites), 200);
    if (checked.code !== undefined && checked.code !== 200) throw new ApiError('code', codeText(checked.code, checked.msg), checked.code, undefined, false);
    return checked.data;
  }

  async function binary<N extends ApiRouteName>(name: N, opts: CallOptions<N>, responseType: 'blob' | 'arraybuffer'): Promise<Blob | ArrayBuffer> {
    const response = await send(name, opts as CallOptions<ApiRouteName>, responseType);
    return response.data as Blob | ArrayBuffer;
  }

  /**
   * The form-encoded style (spec §7): POST api/index/{name} with timestamp, random, signature and dm, 5 s timeout.
   * Its contract is "a value or nothing": any failure only logs `错误` and resolves undefined.
   */
  async function form<N extends FormCallName>(name: N, fields: FormCallFields<N> = {} as FormCallFields<N>): Promise<CallData<N> | undefined> {
    try {
      const timestamp = String(now());
      const random = randomToken();
      const payload = new URLSearchParams();
      const dm = options.defaultDeptCode?.() ?? session.deptCode ?? undefined;
      const all: Record<string, unknown> = { ...(dm ? { dm } : {}), ...fields, timestamp, random, signature: formSignatureFor(formSecret, random, timestamp) };
      for (const [key, value] of Object.entries(all)) {
        if (value !== undefined && value !== null) payload.append(key, String(value));
      }
      const { http } = await loadTransport();
      const response = await http.request({
        method: 'POST',
        url: API_ROUTES[name].url,
        data: payload.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        timeout: options.formTimeoutMs ?? 5_000,
      });
      const body = response.data as Envelope<CallData<N>>;
      if (!isEnvelope(body) || (body.code !== undefined && body.code !== 200)) throw new Error(`code ${String(body?.code)}`);
      return rewriteImageUrls(body.data, imageRewrites);
    } catch (error) {
      log(ERROR_TEXTS.formCallFailed, error instanceof Error ? error.message : error);
      return undefined;
    }
  }

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
