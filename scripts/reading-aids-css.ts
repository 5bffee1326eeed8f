/**
 * The reading aids' theme for every stylesheet the client bundles — Semi's and ours — applied at build time as one
 * rule each, instead of overrides per component:
 *
 * - a font size under 18 px becomes `max(<size>, var(--tm-font-min, 0px))`: elder mode sets --tm-font-min to 18 px,
 *   so no text is smaller, and otherwise nothing changes;
 * - a line height becomes `max(<height>, <--tm-line> × font size)`: the spacing aid sets --tm-line to 1.5.
 *
 * The text scale itself is a zoom of the document (engine/accessibility/preferences.ts), which scales these too.
 */

interface Declaration {
  prop: string;
  value: string;
}

const SMALLER_THAN = 18;

/** The rewritten value of one declaration, or null when it stays as written. */
export function readingAidsValue(prop: string, value: string): string | null {
  const v = value.trim();
  if (v.includes('var(--tm-')) return null;
  if (prop === 'font-size') {
    const px = /^(\d+(?:\.\d+)?)px$/.exec(v);
    if (px && Number(px[1]) < SMALLER_THAN) return `max(${v}, var(--tm-font-min, 0px))`;
    return null;
  }
  if (prop === 'line-height') {
    const px = /^(\d+(?:\.\d+)?)px$/.exec(v);
    if (px && Number(px[1]) > 0) return `max(${v}, calc(var(--tm-line, 0) * 1em))`;
    const ratio = /^(\d+(?:\.\d+)?)$/.exec(v);
    if (ratio && Number(ratio[1]) > 0 && Number(ratio[1]) < 1.5) return `max(${v}, var(--tm-line, 0))`;
    return null;
  }
  return null;
}

/** The PostCSS plugin (Vite's `css.postcss.plugins`). */
export function readingAidsCss() {
  return {
    postcssPlugin: 'tianmu-reading-aids',
    Declaration(decl: Declaration) {
      const next = readingAidsValue(decl.prop, decl.value);
      if (next !== null) decl.value = next;
    },
  };
}
readingAidsCss.postcss = true;
