/** The proxy prefixes image URLs are rewritten to (spec §7). */
export const IMAGE_PROXY_PREFIXES = ['/image-api', '/image1-api', '/image2-api', '/image3-api'] as const;
export type ImageProxyPrefix = (typeof IMAGE_PROXY_PREFIXES)[number];

/** One image server's base URL as the backend writes it, and the proxy prefix the browser must use instead. */
export interface ImageRewrite {
  from: string;
  to: ImageProxyPrefix;
}

/**
 * Parses the build-time setting `IMAGE_REWRITES`: `http://10.0.0.5:9000=/image-api,http://10.0.0.6:9000=/image1-api`.
 * Unknown prefixes are refused so a typo fails the build, not the pictures.
 */
export function parseImageRewrites(setting: string | undefined): ImageRewrite[] {
  if (!setting?.trim()) return [];
  return setting.split(',').map((pair) => {
    const at = pair.lastIndexOf('=');
    const from = pair.slice(0, at).trim().replace(/\/+$/, '');
    const to = pair.slice(at + 1).trim() as ImageProxyPrefix;
    if (at <= 0 || !from || !IMAGE_PROXY_PREFIXES.includes(to)) {
      throw new Error(`IMAGE_REWRITES: "${pair}" should be <image server base URL>=<one of ${IMAGE_PROXY_PREFIXES.join(', ')}>`);
    }
    return { from, to };
  });
}

function rewriteString(text: string, rewrites: readonly ImageRewrite[]): string {
  let out = text;
  for (const { from, to } of rewrites) {
    // Everywhere in the string, not only at its start: rich-text content embeds <img src="…"> in HTML.
    if (out.includes(from)) out = out.split(from).join(to);
  }
  return out;
}

/**
 * Returns `value` with every image server base URL in any string (at any depth) replaced by its proxy prefix.
 * Objects and arrays are copied only where something changed.
 *
 * @example
 * rewriteImageUrls({ imgList: ['http://10.0.0.5:9000/a.png'] }, [{ from: 'http://10.0.0.5:9000', to: '/image-api' }])
 * // → { imgList: ['/image-api/a.png'] }
 */
export function rewriteImageUrls<T>(value: T, rewrites: readonly ImageRewrite[]): T {
  if (rewrites.length === 0) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return rewriteString(v, rewrites);
    if (Array.isArray(v)) {
      let changed = false;
      const out = v.map((item) => {
        const next = walk(item);
        if (next !== item) changed = true;
        return next;
      });
      return changed ? out : v;
    }
    if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
      let changed = false;
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(v)) {
        const next = walk(item);
        if (next !== item) changed = true;
        out[key] = next;
      }
      return changed ? out : v;
    }
    return v;
  };
  return walk(value) as T;
}
