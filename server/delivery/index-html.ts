import crypto from 'node:crypto';
import type { ServerConfig } from '../runtime/config.js';
import type { ClientSettings } from '../../engine/runtime/client-settings.js';
import { parseImageRewrites } from '../../engine/http/image-rewrite.js';
import { escapeHtml } from '../../engine/runtime/html-text.js';
import { REGION_DATA_ID } from '../../engine/runtime/client-settings.js';
import { earlyAidsScript } from '../../engine/accessibility/early-aids.js';
import { themeScript, type RegionTheme } from '../../engine/runtime/theme.js';
import type { ElderModeOption } from '../../engine/accessibility/preferences.js';

/** Where a preview page listens for region changes (server/delivery/region-preview.ts). */
export const PREVIEW_EVENTS_PATH = '/__tianmu/preview-events';

/**
 * The deployment settings the browser needs, from the server's own config as it started: one build serves every
 * deployment. A malformed IMAGE_REWRITES stops the start with its message rather than breaking every page.
 */
export function clientSettingsFor(config: ServerConfig): ClientSettings {
  parseImageRewrites(config.imageRewrites);
  return {
    apiBase: config.apiBase ?? config.apiPrefix,
    signKey: config.apiSignKey,
    formSecret: config.formSecret,
    imageRewrites: config.imageRewrites,
    ...(config.previewRegion ? { previewEvents: PREVIEW_EVENTS_PATH } : {}),
  };
}

/** The inline script that hands the page its deployment settings. */
export function settingsScript(settings: ClientSettings): string {
  return `window.__TIANMU_SETTINGS__=${scriptSafeJson(settings)}`;
}

/**
 * The region as a data block (`<script type="application/json">`), not a script: the browser does not run it, so
 * the parser is not held while ~50 KB of object literal is evaluated (15–50 ms measured in Chromium, against ~1 ms
 * for JSON.parse of the same text), and the CSP has nothing to allow.
 */
export function regionDataBlock(region: unknown): string {
  return `<script type="application/json" id="${REGION_DATA_ID}">${scriptSafeJson(region)}</script>`;
}

/** JSON that is safe inside a <script> element: no `</script>`, no HTML comment openers, no line separators. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * index.html with the deployment settings (window.__TIANMU_SETTINGS__) and the region (a JSON data block) written in,
 * its document title, the reader's stored reading aids (earlyAidsScript) and the code that announces the opened route's first view (server/delivery/first-view.ts), and the SHA-256 (base64) of that inline script, which the page's
 * Content-Security-Policy allows by hash (it differs per region).
 */
export function renderIndexHtml(
  template: string,
  settings: ClientSettings,
  region: unknown,
  title: string,
  firstView: { code?: string; firstPaint?: string; stylesheets?: readonly string[]; images?: readonly string[] } = {},
): { html: string; scriptHash: string } {
  const preloadCode = firstView.code ?? '';
  // The reader's stored aids (elder mode, text size) before the body: the first paint is drawn at their size.
  const aidsCode = earlyAidsScript((region as { elderMode?: ElderModeOption } | null)?.elderMode ?? 'offered');
  // The region's colours before the body too: the first paint is drawn in them.
  const themeCode = themeScript((region as { theme?: RegionTheme } | null)?.theme);
  const code = [settingsScript(settings), aidsCode, themeCode, preloadCode].filter(Boolean).join(';');
  // Right after the title, before the stylesheet: an inline script after a stylesheet waits until it has loaded, and
  // this one starts the route's chunks and lead pictures (a trace showed them ~300 ms behind the shell's).
  const titled = `<title>${escapeHtml(title)}</title>`;
  const stylesheets = (firstView.stylesheets ?? []).map((href) => `\n    <link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`).join('');
  // The first paint's picture (the header's background) is the page's largest paint: fetched before anything else.
  const pictures = (firstView.images ?? []).map((href) => `\n    <link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(href)}">`).join('');
  const head = `${titled}${pictures}\n    <script>${code}</script>\n    ${regionDataBlock(region)}`;
  let html = /<title>[^<]*<\/title>/.test(template)
    ? template.replace(/<title>[^<]*<\/title>/, () => head)
    : template.replace('</head>', () => `${head}\n  </head>`);
  // After the app's own stylesheet, as the block's chunk would have added them: the same cascade order.
  if (stylesheets) html = html.replace('</head>', () => `${stylesheets}\n  </head>`);
  // The header drawn before any script runs; the app's first render replaces it (engine/runtime/first-paint.ts).
  if (firstView.firstPaint) html = html.replace('<div id="root">', () => `<div id="root">${firstView.firstPaint}`);
  return { html, scriptHash: crypto.createHash('sha256').update(code, 'utf8').digest('base64') };
}
