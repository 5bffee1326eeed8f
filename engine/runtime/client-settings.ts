/**
 * The deployment's settings as the browser needs them, written into index.html by the server when it starts (from
 * its environment: API_BASE, API_SIGN_KEY, API_FORM_SECRET, IMAGE_REWRITES), so one build serves every deployment.
 * `npm run dev` writes them into Vite's index.html the same way (vite.config.ts).
 */
export interface ClientSettings {
  /** The prefix the browser calls the API under. */
  apiBase: string;
  /** Key of the `sign` header: shipped to the client on purpose, it is not a secret. */
  signKey: string;
  /** Secret of the form-encoded `api/index/{name}` call style. */
  formSecret: string;
  /** Image server base URLs the backend writes, each to its proxy prefix: "http://10.0.0.5:9000=/image-api,…". */
  imageRewrites: string;
  /** Live preview only (npm run preview): the address of the server's region events. */
  previewEvents?: string;
}

/** The id of the page's region data block: the server writes it (server/delivery/index-html.ts), the entry parses it. */
export const REGION_DATA_ID = 'tm-region';

declare global {
  interface Window {
    /** The deployment's settings, written into index.html by the server. */
    __TIANMU_SETTINGS__?: ClientSettings;
  }
}

/** The settings the server wrote into the page; a page without them (not served by the portal) cannot call the API. */
export function clientSettings(): ClientSettings {
  const settings = window.__TIANMU_SETTINGS__;
  if (!settings) throw new Error('页面缺少部署设置（window.__TIANMU_SETTINGS__）：请通过门户服务器（npm start）打开');
  return settings;
}
