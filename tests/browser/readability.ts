import type { Page } from 'playwright-core';

export interface Readability {
  /** The smallest rendered text on the page in px (computed font size × the zoom in force), and where. */
  smallest: { px: number; text: string; where: string };
  /** Every text under `floorPx` (when given): `px «text» <element>`, so a failure names them all, not only the least. */
  underFloor: string[];
  /** Text nodes under 4.5:1 against what is behind them: `ratio «text» <element>`. */
  lowContrast: string[];
  /** Text drawn over a picture (no solid colour behind it), where a ratio cannot be computed: `«text» <element>`. */
  onPicture: string[];
  /** How many text nodes were measured. */
  measured: number;
  /** The page is wider than the window (sideways scrolling). */
  scrollsSideways: boolean;
}

/**
 * Measures every visible text node of the page as a reader sees it: its rendered size (CSS zoom included, as elder
 * mode's text scale zooms the document) and its contrast with the first solid background behind it (WCAG 2.1
 * relative luminance; semi-transparent colours composited; disabled controls exempt, as WCAG exempts them).
 */
export async function readability(page: Page, { floorPx = 0 }: { floorPx?: number } = {}): Promise<Readability> {
  // Measure a painted page: two frames let a class or custom property set just now reach every element's style.
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
  return page.evaluate((floorPx) => {
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba => {
      // A color-mix() (the region's shades) computes to color(srgb r g b / a), its channels 0–1.
      const srgb = /color\(srgb ([^)]+)\)/.exec(css);
      if (srgb) {
        const [r, g, b, a = 1] = srgb[1]
          .split(/[\s/]+/)
          .filter(Boolean)
          .map(Number);
        return [r * 255, g * 255, b * 255, a];
      }
      const m = /rgba?\(([^)]+)\)/.exec(css);
      if (!m) return [0, 0, 0, 0];
      const parts = m[1]
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      return [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1];
    };
    const over = (top: Rgba, under: Rgba): Rgba => {
      const a = top[3] + under[3] * (1 - top[3]);
      if (a === 0) return [0, 0, 0, 0];
      const mix = (i: number) => (top[i] * top[3] + under[i] * under[3] * (1 - top[3])) / a;
      return [mix(0), mix(1), mix(2), a];
    };
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const ratio = (a: Rgba, b: Rgba) => {
      const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (l1 + 0.05) / (l2 + 0.05);
    };
    const describe = (el: Element) =>
      `<${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}>`;

    /** The colour behind an element: its own and its ancestors' backgrounds composited, or null over a picture. */
    const backdrop = (el: Element | null): Rgba | null => {
      const layers: Rgba[] = [];
      for (let node = el; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        const colour = parse(style.backgroundColor);
        if (colour[3] > 0) layers.push(colour);
        if (colour[3] >= 1) break;
        if (style.backgroundImage !== 'none' && !/^linear-gradient\(rgba?\([^)]*\), rgba?\([^)]*\)\)$/.test(style.backgroundImage)) return null;
      }
      let result: Rgba = [255, 255, 255, 1]; // the canvas
      for (const layer of layers.reverse()) result = over(layer, result);
      return result;
    };

    let smallest = { px: Infinity, text: '', where: '' };
    const underFloor: string[] = [];
    const lowContrast: string[] = [];
    const onPicture: string[] = [];
    let measured = 0;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const el = node.parentElement;
      if (!text || !el) continue;
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      // Only what is drawn: not in a closed <details> (content-visibility: hidden, whose styles may be stale), not
      // hidden, not empty.
      if (rect.width === 0 || rect.height === 0 || !el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true })) continue;
      // Screen-reader-only text (clipped to 1 px) is not seen.
      if (el.closest('.tm-visually-hidden, [hidden]') || (rect.width <= 1 && rect.height <= 1)) continue;
      // The skip link sits off screen until focused.
      if (rect.bottom < 0 && el.closest('.tm-skip-link')) continue;
      measured++;
      const px = parseFloat(style.fontSize) * ((el as HTMLElement & { currentCSSZoom?: number }).currentCSSZoom ?? 1);
      if (px < smallest.px) smallest = { px, text: text.slice(0, 30), where: describe(el) };
      if (px < floorPx) underFloor.push(`${px} px «${text.slice(0, 20)}» ${describe(el)}`);
      // WCAG exempts inactive controls (disabled, or aria-disabled where the control keeps its focus).
      if ((el.closest('button, input, select, textarea') as HTMLButtonElement | null)?.disabled || el.closest('[aria-disabled="true"]')) continue;
      const back = backdrop(el);
      if (!back) {
        onPicture.push(`«${text.slice(0, 20)}» ${describe(el)}`);
        continue;
      }
      let opacity = 1;
      for (let n: Element | null = el; n; n = n.parentElement) opacity *= Number(getComputedStyle(n).opacity);
      const fg = parse(style.color);
      const seen = over([fg[0], fg[1], fg[2], fg[3] * opacity], back);
      const r = ratio(seen, back);
      if (r < 4.5) lowContrast.push(`${r.toFixed(2)} «${text.slice(0, 20)}» ${describe(el)}`);
    }
    return {
      smallest,
      underFloor,
      lowContrast,
      onPicture,
      measured,
      scrollsSideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    };
  }, floorPx);
}
