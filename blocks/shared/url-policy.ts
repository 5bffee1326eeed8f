const HTTP_URL = /^https?:\/\/[^\s]+$/i;

/**
 * The portal's one policy for addresses that come from data or configuration (pictures, links, a back button, the
 * app's download address): http(s), or a path of this site. Nothing else becomes an `href` or `src` — not
 * `javascript:`, `data:`, `vbscript:`, nor a protocol-relative `//host` that would leave the site unannounced.
 *
 * @example
 * isAllowedUrl('/image-api/a.png') // true
 * isAllowedUrl(' JavaScript:alert(1)') // false
 * isHttpUrl('/app') // false: a QR code needs an address a phone can open
 */
export function isAllowedUrl(address: unknown): address is string {
  if (typeof address !== 'string') return false;
  const a = address.trim();
  return HTTP_URL.test(a) || (a.startsWith('/') && !a.startsWith('//'));
}

/** An absolute http(s) address, for what is used off this site (a QR code to scan with a phone). */
export function isHttpUrl(address: unknown): address is string {
  return typeof address === 'string' && HTTP_URL.test(address.trim());
}
