import { API_ROUTES, type ApiRouteName, type ApiRoutes, type Envelope } from '../../schemas/types/api.js';
import type { ApiClientOptions, CallData } from './api-client.js';
import { isEnvelope } from './envelope-rules.js';
import { ERROR_TEXTS } from './error-catalogue.js';
import { rewriteImageUrls, type ImageRewrite } from './image-rewrite.js';
import type { Transport } from './lazy-transport.js';
import { formSignatureFor, randomToken } from './sign.js';

/** The calls of the form-encoded `api/index/{name}` style. */
export type FormCallName = {
  [N in ApiRouteName]: 'form-signature' extends ApiRoutes[N]['auth'][number] ? N : never;
}[ApiRouteName];

/** A form call's own fields; timestamp, random and signature are added by the client, dm defaults to the region. */
export type FormCallFields<N extends FormCallName> = Omit<Partial<Extract<ApiRoutes[N]['body'], object>>, 'timestamp' | 'random' | 'signature'>;

/** What a form call needs of the client. */
export interface FormCallSettings extends Pick<ApiClientOptions, 'session' | 'formSecret' | 'formTimeoutMs' | 'defaultDeptCode'> {
  imageRewrites: readonly ImageRewrite[];
  now: () => number;
  log: (message: string, detail?: unknown) => void;
  loadTransport: () => Promise<Transport>;
}

/**
 * The form-encoded style (spec §7): POST api/index/{name} with timestamp, random, signature and dm, 5 s timeout.
 * Its contract is "a value or nothing": any failure only logs `错误` and resolves undefined.
 */
export async function formCall<N extends FormCallName>(
  settings: FormCallSettings,
  name: N,
  fields: FormCallFields<N> = {} as FormCallFields<N>,
): Promise<CallData<N> | undefined> {
  const { session, now } = settings;
  try {
    const timestamp = String(now());
    const random = randomToken();
    const payload = new URLSearchParams();
    const dm = settings.defaultDeptCode?.() ?? session.deptCode ?? undefined;
    const all: Record<string, unknown> = {
      ...(dm ? { dm } : {}),
      ...fields,
      timestamp,
      random,
      signature: formSignatureFor(settings.formSecret, random, timestamp),
    };
    for (const [key, value] of Object.entries(all)) {
      if (value !== undefined && value !== null) payload.append(key, String(value));
    }
    const { http } = await settings.loadTransport();
    const response = await http.request({
      method: 'POST',
      url: API_ROUTES[name].url,
      data: payload.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      timeout: settings.formTimeoutMs ?? 5_000,
    });
    const body = response.data as Envelope<CallData<N>>;
    if (!isEnvelope(body) || (body.code !== undefined && body.code !== 200)) throw new Error(`code ${String(body?.code)}`);
    return rewriteImageUrls(body.data, settings.imageRewrites);
  } catch (error) {
    settings.log(ERROR_TEXTS.formCallFailed, error instanceof Error ? error.message : error);
    return undefined;
  }
}
