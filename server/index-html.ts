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

/** index.html with the region written in (window.__TIANMU_REGION__) and its document title. */
export function renderIndexHtml(template: string, region: unknown, title: string): string {
  const script = `<script>window.__TIANMU_REGION__=${scriptSafeJson(region)}</script>`;
  return template.replace(/<title>[^<]*<\/title>/, `<title>${escapeText(title)}</title>`).replace('</head>', `${script}\n  </head>`);
}
