// The URL policy lives in engine/security so the server checks the same rule when a URL is stored.
export { isAllowedUrl, isHttpUrl, safeUrl } from '../../engine/security/url-policy.js';

/**
 * The largest picture above the fold (a carousel's first slide, the home banner): fetched before the others. React
 * 18 has no `fetchPriority` prop; the lowercase attribute passes through to the DOM as it is.
 */
export const FETCH_FIRST = { fetchpriority: 'high' } as Record<string, string>;
