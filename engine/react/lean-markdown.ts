import { createElement, type ReactNode } from 'react';

/**
 * Stands in for `markdown-to-jsx/react` in the client build (vite.config.ts alias): rjsf only renders Markdown where
 * a form asks for it (`ui:enableMarkdownInDescription`, which no form of ours sets) and in its English developer
 * messages, yet the parser is 30 KB gzip of every form page's first view. Text is shown as text.
 */
export function Markdown({ children }: { children?: ReactNode }) {
  return createElement('span', null, children);
}
export default Markdown;
