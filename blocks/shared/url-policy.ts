// The URL policy lives in engine/security so the server checks the same rule when a URL is stored.
export { isAllowedUrl, isHttpUrl, safeUrl } from '../../engine/security/url-policy.js';
