import { parseHexColour } from '../../engine/runtime/theme.js';

/** What the charts share (statistics, console dashboard), apart from their models: a dashboard need not load those. */

/** Colours of the series: the portal's green, orange and blue, and further hues, each readable on white. */
export const PALETTE = ['#0b5c3a', '#c2410c', '#1d4ed8', '#7c3aed', '#b45309', '#0f766e', '#be123c', '#4d7c0f', '#475569', '#a21caf'];

/** CIE L*a*b* of an sRGB colour (D65): distances in it follow how different two colours look. */
function lab([r, g, b]: [number, number, number]): [number, number, number] {
  const [lr, lg, lb] = [r, g, b].map((v) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const [x, y, z] = [
    f((0.4124 * lr + 0.3576 * lg + 0.1805 * lb) / 0.95047),
    f(0.2126 * lr + 0.7152 * lg + 0.0722 * lb),
    f((0.0193 * lr + 0.1192 * lg + 0.9505 * lb) / 1.08883),
  ];
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

/** Closer than this (ΔE*ab) to the main colour, a series colour would read as the same: the palette's own closest pair is 13.8 apart. */
const TOO_CLOSE = 15;

/**
 * The series colours in a region's main colour (region.yaml theme.primary) instead of the green, less any further
 * hue that would look like it; without a theme, PALETTE.
 *
 * @example
 * themedPalette('#8a1c1c')[0] // '#8a1c1c'
 * themedPalette('#1d4ed8').includes('#1d4ed8') // once, first
 */
export function themedPalette(primary: string | undefined): string[] {
  const own = parseHexColour(primary);
  if (!own || primary!.toLowerCase() === PALETTE[0]) return PALETTE;
  const ownLab = lab(own);
  const distinct = PALETTE.slice(1).filter((colour) => Math.hypot(...lab(parseHexColour(colour)!).map((c, i) => c - ownLab[i])) >= TOO_CLOSE);
  return [primary!.toLowerCase(), ...distinct];
}

/** 2500000 → 250; the charts speak 万元, to the cent of a 万. */
export const wan = (yuan: number): number => Math.round(yuan / 100) / 100;
