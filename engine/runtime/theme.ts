import type { Region } from '../../schemas/types/region.js';

/** A region's colours (region.yaml `theme`): the main colour, the header's background and text. */
export type RegionTheme = NonNullable<Region['theme']>;

type Rgb = [number, number, number];

const HEX = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;

/** `#rrggbb` → its channels, or undefined for anything else (the schema admits only that form). */
export function parseHexColour(text: unknown): Rgb | undefined {
  const m = typeof text === 'string' ? HEX.exec(text) : null;
  return m ? [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16)] : undefined;
}

const hex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** The colour moved `amount` (0–1) of the way towards `to` (black darkens, white lightens). */
const mix = (rgb: Rgb, to: Rgb, amount: number): Rgb => rgb.map((c, i) => c + (to[i] - c) * amount) as Rgb;

const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];

/** WCAG 2.1 relative luminance. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The WCAG contrast ratio of two `#rrggbb` colours (1–21), or undefined when one is not such a colour.
 *
 * @example
 * contrastRatio('#ffffff', '#0b5c3a') // ≈ 7.6
 */
export function contrastRatio(a: string, b: string): number | undefined {
  const [x, y] = [parseHexColour(a), parseHexColour(b)];
  if (!x || !y) return undefined;
  const [light, dark] = [luminance(x), luminance(y)].sort((p, q) => q - p);
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The CSS variables a theme sets on the document's root: the main colour with the shades drawn from it — hover and
 * the navigation bar darker, tinted panels lighter — which engine/app/portal.css takes as `--tm-primary…` (so the
 * high-contrast reading aid, a rule on the root, still puts its own over them), and the header's colours, which the
 * header's stylesheet reads. A colour not given (or not `#rrggbb`) sets nothing: the stylesheet's own value stays.
 */
export function themeVariables(theme: RegionTheme | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  const primary = parseHexColour(theme?.primary);
  if (primary) {
    out['--tm-theme-primary'] = hex(primary);
    out['--tm-theme-primary-dark'] = hex(mix(primary, BLACK, 0.2));
    out['--tm-theme-primary-active'] = hex(mix(primary, BLACK, 0.34));
    out['--tm-theme-primary-light'] = hex(mix(primary, WHITE, 0.9));
    out['--tm-theme-primary-light-hover'] = hex(mix(primary, WHITE, 0.82));
  }
  const headerBackground = parseHexColour(theme?.headerBackground);
  if (headerBackground) out['--tm-header-bg'] = hex(headerBackground);
  const headerText = parseHexColour(theme?.headerText);
  if (headerText) out['--tm-header-text'] = hex(headerText);
  return out;
}

/** Every variable a theme may set: a new region's page (live preview) clears the last one's. */
const THEME_VARIABLES = Object.keys(themeVariables({ primary: '#000000', headerBackground: '#000000', headerText: '#000000' }));

/** Puts the region's colours on the document (the server's inline script has done so for the first paint already). */
export function applyTheme(root: HTMLElement, theme: RegionTheme | undefined): void {
  const variables = themeVariables(theme);
  for (const name of THEME_VARIABLES) {
    if (variables[name]) root.style.setProperty(name, variables[name]);
    else root.style.removeProperty(name);
  }
}

/**
 * The inline code that sets the theme's variables before the body is parsed (server/delivery/index-html.ts puts it
 * in the page's one inline script, allowed by its hash), so the first paint is drawn in the region's colours; empty
 * without a theme. Only `#rrggbb` values reach it.
 */
export function themeScript(theme: RegionTheme | undefined): string {
  const variables = themeVariables(theme);
  if (Object.keys(variables).length === 0) return '';
  return `(function(s,v){for(var k in v)s.setProperty(k,v[k])})(document.documentElement.style,${JSON.stringify(variables)})`;
}

/** The header's veil over its picture, in the theme's header colour (white text stays readable on any image). */
export function headerVeil(headerBackground: string | undefined): string {
  const [r, g, b] = parseHexColour(headerBackground) ?? [8, 74, 46];
  return `linear-gradient(rgba(${r}, ${g}, ${b}, 0.82), rgba(${r}, ${g}, ${b}, 0.7))`;
}

/**
 * The theme's pairs that fail 4.5:1 (WCAG AA for text): the header's text on its background, and white (buttons,
 * the navigation bar's text) on the main colour. `key` is the setting an author changes.
 */
export function themeContrastFailures(theme: RegionTheme | undefined): Array<{ key: keyof RegionTheme; ratio: number; against: string }> {
  const failures: Array<{ key: keyof RegionTheme; ratio: number; against: string }> = [];
  if (theme?.headerText || theme?.headerBackground) {
    const text = theme.headerText ?? '#ffffff';
    const back = theme.headerBackground ?? '#0b5c3a';
    const ratio = contrastRatio(text, back);
    if (ratio !== undefined && ratio < 4.5) failures.push({ key: theme.headerText ? 'headerText' : 'headerBackground', ratio, against: back });
  }
  const onPrimary = theme?.primary ? contrastRatio('#ffffff', theme.primary) : undefined;
  if (onPrimary !== undefined && onPrimary < 4.5) failures.push({ key: 'primary', ratio: onPrimary, against: '#ffffff' });
  return failures;
}
