import { createApiClient, createRecordingNotifier, MemoryStorage, SessionStore, type ApiClientOptions } from '../../../engine/http/index.js';

export const SIGN_KEY = 'tianmu-demo-sign-key';
export const FORM_SECRET = 'tianmu-demo-form-secret';

/**
 * A client wired as the browser wires it, except that messages, navigation and logs are recorded and the storages
 * live in memory.
 */
export function clientFor(baseURL: string, overrides: Partial<ApiClientOptions> & { homeShowLogin?: () => boolean } = {}) {
  const notifier = createRecordingNotifier();
  const session = new SessionStore(new MemoryStorage(), new MemoryStorage());
  const navigations: string[] = [];
  const logs: Array<[string, unknown]> = [];
  const client = createApiClient({
    baseURL,
    signKey: SIGN_KEY,
    formSecret: FORM_SECRET,
    session,
    notifier,
    navigate: (route) => navigations.push(route),
    homeShowLogin: () => false,
    log: (message, detail) => logs.push([message, detail]),
    ...overrides,
  });
  return { client, notifier, session, navigations, logs };
}
