// The URL policy lives in engine/security so the server checks the same rule when a URL is stored.
import { isAllowedUrl } from '../../engine/security/url-policy.js';

export { isAllowedUrl, isHttpUrl, safeUrl } from '../../engine/security/url-policy.js';

/**
 * The largest picture above the fold (a carousel's first slide, the home banner): fetched before the others. React
 * 18 has no `fetchPriority` prop; the lowercase attribute passes through to the DOM as it is.
 */
export const FETCH_FIRST = { fetchpriority: 'high' } as Record<string, string>;

/** The image prefixes this portal's server answers (server/pictures/variants.ts) with `?w=` widths. */
const SIZED_PICTURE = /^\/image[123]?-api\/[^?#]+\.(?:png|jpe?g)$/i;
/** The widths offered: a card's at 1× and 2× screens. The server keeps the same list (PICTURE_WIDTHS). */
const SRCSET_WIDTHS = [320, 640] as const;

/**
 * `srcSet`/`sizes` for a picture shown at about `shownWidth` CSS pixels, so a 1× screen fetches the 320 px variant
 * rather than the full file (the format, AVIF or WebP, is chosen by the server from Accept). Only a same-site PNG or
 * JPEG under an image prefix that passes the URL policy gets one; anything else keeps its plain `src`.
 *
 * @example
 * <img src={src} {...sizedPicture(src, 320)} />
 */
export function sizedPicture(src: string | undefined, shownWidth: number): { srcSet?: string; sizes?: string } {
  if (!isAllowedUrl(src) || !SIZED_PICTURE.test(src)) return {};
  return { srcSet: SRCSET_WIDTHS.map((w) => `${src}?w=${w} ${w}w`).join(', '), sizes: `(max-width: 600px) 100vw, ${shownWidth}px` };
}
