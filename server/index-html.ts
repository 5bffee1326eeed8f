import crypto from 'node:crypto';

/** JSON that is safe inside a <script> element: no `</script>`, no HTML comment openers, no line separators. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const escapeText = (text: string) => text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

/**
 * index.html with the region written in (window.__TIANMU_REGION__) and its document title, and the SHA-256 (base64)
 * of that inline script, which the page's Content-Security-Policy allows by hash (it differs per region).
 */
export function renderIndexHtml(template: string, region: unknown, title: string): { html: string; scriptHash: string } {
  const code = `window.__TIANMU_REGION__=${scriptSafeJson(region)}`;
  const html = template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(title)}</title>`)
    .replace('</head>', () => `<script>${code}</script>\n  </head>`);
  return { html, scriptHash: crypto.createHash('sha256').update(code, 'utf8').digest('base64') };
}
