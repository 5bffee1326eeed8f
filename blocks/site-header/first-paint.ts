import type { FirstPaintContext } from '../../engine/runtime/block-registry.js';
import { escapeHtml } from '../../engine/runtime/html-text.js';
import { documentTitle } from '../../engine/runtime/title.js';
import { headerVeil, type RegionTheme } from '../../engine/runtime/theme.js';
import { isAllowedUrl } from '../_parts/url-policy.js';
import { headerSubtitle, type SubtitleInput } from './subtitle.js';

/**
 * The header's background: a veil over the region's picture when the URL policy allows it (SiteHeader draws the
 * same), in the theme's header colour or the portal's green, so the header's text stays readable on any image.
 */
export function headerBackground(image: unknown, theme?: RegionTheme): string | undefined {
  return isAllowedUrl(image) ? `${headerVeil(theme?.headerBackground)}, url("${encodeURI(image as string)}")` : undefined;
}

/**
 * The site header as the server writes it into index.html (BlockDefinition.firstPaint): the picture, the emblem,
 * the title and the region's own second heading — what SiteHeader draws for a visitor before the login links and
 * the search box, in the same box (the inner row's min-height). It is the page's largest paint, so it no longer
 * waits for the app's code.
 */
export function siteHeaderFirstPaint({ props, region }: FirstPaintContext): string {
  const title = documentTitle(region as { cityName?: string; homeTitle?: string });
  const subtitle = headerSubtitle(region as SubtitleInput, { deptId: null, deptName: null }, props.placeSubtitle as string | undefined);
  const background = headerBackground(region.homeBackImg, (region as { theme?: RegionTheme }).theme);
  const titles = subtitle
    ? `<span class="tm-header__titles"><span class="tm-header__title">${escapeHtml(title)}</span><span class="tm-header__subtitle">${escapeHtml(subtitle)}</span></span>`
    : `<span class="tm-header__title">${escapeHtml(title)}</span>`;
  return (
    `<div class="tm-header"${background ? ` style="background-image: ${escapeHtml(background)}"` : ''}>` +
    `<div class="tm-header__inner"><a href="#/" class="tm-header__brand"><span class="tm-header__emblem" aria-hidden="true">田</span>${titles}</a></div></div>`
  );
}
