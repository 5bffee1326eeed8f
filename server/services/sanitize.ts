import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { createHtmlSanitizer } from '../../engine/security/sanitize-html.js';

let sanitize: ((html: string) => string) | undefined;

/** The client's rich-text policy (engine/security/sanitize-html.ts) applied on the server when user rich text is stored. */
export function sanitizeHtml(html: string): string {
  sanitize ??= createHtmlSanitizer(createDOMPurify(new JSDOM('').window));
  return sanitize(html);
}
