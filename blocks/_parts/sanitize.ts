import createDOMPurify from 'dompurify';
import { createHtmlSanitizer } from '../../engine/security/sanitize-html.js';

let sanitize: ((html: string) => string) | undefined;

/** The rich-text policy of engine/security/sanitize-html.ts on the page's own window (a DOMPurify instance of its own). */
export function sanitizeHtml(html: string | null | undefined): string {
  sanitize ??= createHtmlSanitizer(createDOMPurify(window));
  return sanitize(html ?? '');
}
