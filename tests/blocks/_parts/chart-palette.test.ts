import { describe, expect, it } from 'vitest';
import { PALETTE, themedPalette } from '../../../blocks/_parts/chart-palette.js';

describe('themedPalette: the charts’ series colours in a region’s main colour', () => {
  it('is the portal’s palette without a theme, with a colour that is not #rrggbb, and with the green itself', () => {
    expect(themedPalette(undefined)).toBe(PALETTE);
    expect(themedPalette('red')).toBe(PALETTE);
    expect(themedPalette('#0B5C3A')).toBe(PALETTE);
  });

  it('puts the main colour first instead of the green, keeping the other hues in order', () => {
    const palette = themedPalette('#1E3A8A');
    expect(palette[0]).toBe('#1e3a8a');
    expect(palette.slice(1)).toEqual(PALETTE.slice(1));
  });

  it('drops a hue that would look the same as the main colour, so no two series share a colour', () => {
    expect(themedPalette('#1d4ed8')).toEqual(['#1d4ed8', ...PALETTE.slice(1).filter((c) => c !== '#1d4ed8')]);
    // A purple next to the palette's magenta (ΔE ≈ 18) keeps it; one nearly the same (ΔE < 15) does not.
    expect(themedPalette('#6b21a8')).toContain('#a21caf');
    expect(themedPalette('#a01cae')).not.toContain('#a21caf');
    expect(themedPalette('#8a1c1c')).toHaveLength(PALETTE.length);
  });
});
