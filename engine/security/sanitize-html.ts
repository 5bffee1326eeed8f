import type { Config, DOMPurify } from 'dompurify';
import { isAllowedUrl } from './url-policy.js';

/**
 * The one rich-text policy, for the client when content is rendered and the server when user content is stored.
 * An allow-list, not DOMPurify's html profile: formatting, lists, tables, links and pictures are kept; `style`
 * attributes and `<style>` elements (a `position:fixed` layer over the page), `class` and `id` (the portal's own
 * classes and DOM clobbering), forms, inputs, frames, objects, svg/math and every event handler are dropped. Every
 * `href`/`src` passes the URL policy; a link that opens a new window gets rel="noopener noreferrer".
 */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'hr',
  'div',
  'span',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'del',
  'ins',
  'sub',
  'sup',
  'small',
  'mark',
  'abbr',
  'cite',
  'q',
  'blockquote',
  'pre',
  'code',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
] as const;

export const RICH_TEXT_ATTRIBUTES = [
  'href',
  'src',
  'alt',
  'title',
  'target',
  'rel',
  'width',
  'height',
  'colspan',
  'rowspan',
  'scope',
  'align',
  'start',
  'type',
] as const;

const CONFIG: Config & { RETURN_DOM?: false; RETURN_DOM_FRAGMENT?: false } = {
  ALLOWED_TAGS: [...RICH_TEXT_TAGS],
  ALLOWED_ATTR: [...RICH_TEXT_ATTRIBUTES],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // Dropped with what they contain (a script's text or a style sheet is no content).
  FORBID_CONTENTS: ['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'textarea', 'select', 'title'],
  KEEP_CONTENT: true,
};

const URL_ATTRIBUTES = new Set(['href', 'src']);

/** Configures a DOMPurify instance (the browser's window or a jsdom one) with the policy and returns its sanitise function. */
export function createHtmlSanitizer(purify: DOMPurify): (html: string) => string {
  purify.removeAllHooks();
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (URL_ATTRIBUTES.has(data.attrName) && !isAllowedUrl(data.attrValue)) data.keepAttr = false;
    if (data.attrName === 'target' && data.attrValue !== '_blank') data.keepAttr = false;
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
    // A <ol type>/<li type> keeps its numbering style; on anything else `type` means nothing we want.
    if (node.hasAttribute('type') && node.nodeName !== 'OL' && node.nodeName !== 'LI') node.removeAttribute('type');
  });
  return (html: string) => (typeof html === 'string' && html ? purify.sanitize(html, CONFIG) : '');
}
