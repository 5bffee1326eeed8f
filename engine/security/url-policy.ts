/**
 * The portal's one policy for addresses that come from data or configuration (attachments, links, banners, friendly
 * links, pictures, a back button, the app's download address). Framework-free: the server checks it when a URL is
 * stored (the `portal-url` format of schemas/api and the region schema), the client when it renders one, and the
 * rich-text sanitiser for every `href`/`src` inside content.
 *
 * Allowed: an absolute http(s) address with a host, or a reference relative to this site — a path (`/x`, not the
 * protocol-relative `//host` nor `/\host`, which browsers read as `//host`), `./x`, `../x`, a hash route `#/x` or a
 * query `?x`. Refused: every other scheme (`javascript:`, `data:`, `vbscript:`, `file:`…) however it is spelled,
 * whitespace or control characters anywhere (browsers strip a leading space and drop tabs and newlines inside a
 * scheme, so ` javascript:` and `java\tscript:` would run), backslashes (read as `/` in http(s) addresses), and
 * anything longer than URL_MAX_LENGTH. The address is checked as it is, never trimmed: what is checked is what the
 * browser gets.
 *
 * @example
 * isAllowedUrl('/image-api/a.png') // true
 * isAllowedUrl(' JavaScript:alert(1)') // false
 * isHttpUrl('/app') // false: a QR code needs an address a phone can open
 */
export const URL_MAX_LENGTH = 2048;

/** Any character a browser strips or ignores when it parses a URL, or that turns into `/` (backslash). */
const UNSAFE_CHARACTER = /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff\\]/u;
/** http(s)://host… — the host must start with something other than a slash. */
const HTTP_URL = /^https?:\/\/[^/?#]/iu;
/** A reference relative to this site: a path that is not protocol-relative, ./ ../, a hash route or a query. */
const RELATIVE_URL = /^(?:\/(?!\/)|\.\.?\/|#|\?)/u;

const shapeIsSafe = (address: unknown): address is string =>
  typeof address === 'string' && address.length > 0 && address.length <= URL_MAX_LENGTH && !UNSAFE_CHARACTER.test(address);

/** True when `address` may become an `href` or `src` (see the module comment). */
export function isAllowedUrl(address: unknown): address is string {
  return shapeIsSafe(address) && (HTTP_URL.test(address) || RELATIVE_URL.test(address));
}

/** An absolute http(s) address, for what is used off this site (a QR code to scan with a phone). */
export function isHttpUrl(address: unknown): address is string {
  return shapeIsSafe(address) && HTTP_URL.test(address);
}

/** The address when the policy allows it, else undefined: `href={safeUrl(x)}` renders no link for a refused one. */
export function safeUrl(address: unknown): string | undefined {
  return isAllowedUrl(address) ? address : undefined;
}

/** The ajv format name the schemas use for a stored URL (schemas/api, region.schema.json). */
export const URL_FORMAT = 'portal-url';
