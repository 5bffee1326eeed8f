// Values fixed at build time by vite.config.ts (`define`), from the environment of `npm run build`.
declare const __API_BASE__: string;
declare const __API_SIGN_KEY__: string;
declare const __API_FORM_SECRET__: string;
declare const __IMAGE_REWRITES__: string;

/** The client's build configuration: API prefix, the two shared keys and the image server rewrites. */
export const BUILD_CONFIG = {
  apiBase: __API_BASE__,
  signKey: __API_SIGN_KEY__,
  formSecret: __API_FORM_SECRET__,
  imageRewrites: __IMAGE_REWRITES__,
} as const;
