import { createApiClient, createSiteData, parseImageRewrites, SessionStore, withoutRepeats, type SiteDataSource } from '../http/index.js';
import { createSemiNotifier } from '../react/semi-notifier.js';
import type { ClientSettings } from '../runtime/client-settings.js';

/** What the browser client needs to know of the region it serves. */
export interface ClientRegion {
  deptId: number;
  deptCode?: string;
  flags?: { homeShowLogin?: boolean };
  siteData?: Partial<Record<string, SiteDataSource>>;
}

/**
 * The portal's client as the browser uses it: the deployment's settings (written into the page by the server), the
 * browser's storages, Semi messages, hash navigation.
 * The region is read at call time (`getRegion`), so the client can exist before the region is loaded.
 */
export function createBrowserClient(settings: ClientSettings, getRegion: () => ClientRegion | undefined) {
  const session = new SessionStore();
  const client = createApiClient({
    baseURL: settings.apiBase,
    signKey: settings.signKey,
    formSecret: settings.formSecret,
    imageRewrites: parseImageRewrites(settings.imageRewrites),
    session,
    notifier: withoutRepeats(createSemiNotifier()),
    navigate: (route) => {
      window.location.hash = `#${route}`;
    },
    homeShowLogin: () => Boolean(getRegion()?.flags?.homeShowLogin),
    currentRoute: () => window.location.hash.replace(/^#/, ''),
    defaultDeptId: () => getRegion()?.deptId,
    defaultDeptCode: () => getRegion()?.deptCode,
  });
  const siteData = createSiteData(client, getRegion()?.siteData ?? {});
  return { client, session, siteData };
}
