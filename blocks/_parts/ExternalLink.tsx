import type { CSSProperties, ReactNode } from 'react';
import { isAllowedUrl } from './url-policy.js';

/** What a screen reader hears after a link that opens a new window (GB/T 37668: say so before it opens). */
export const NEW_WINDOW_NOTE = '（在新窗口打开）';

interface ExternalLinkProps {
  href: string | undefined;
  children: ReactNode;
  className?: string;
  title?: string;
  style?: CSSProperties;
  /**
   * The link's accessible name, for a link whose content cannot hold the hidden note (a drawing in an SVG): it
   * becomes `aria-label`, the name followed by the note. Without it the note is a visually hidden span after the
   * children.
   */
  label?: string;
  /** What a refused address shows instead of the link; by default the children as text, in a span. */
  refused?: ReactNode;
}

/**
 * A link that opens in a new window: the address passes the URL policy (engine/security/url-policy.ts) first, the
 * new window gets no opener nor referrer, and screen readers are told a new window opens. An address outside the
 * policy (javascript:, data:, //host…) is no link at all: its words stay, as plain text. Every block's outside link
 * goes through here, so none can forget the check.
 */
export function ExternalLink({ href, children, className, title, style, label, refused }: ExternalLinkProps) {
  if (!isAllowedUrl(href)) {
    return (
      refused ?? (
        <span className={className} title={title} style={style}>
          {children}
        </span>
      )
    );
  }
  return (
    <a
      className={className}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      title={title}
      aria-label={label === undefined ? undefined : `${label}${NEW_WINDOW_NOTE}`}
      style={style}
    >
      {children}
      {label === undefined && <span className="tm-visually-hidden">{NEW_WINDOW_NOTE}</span>}
    </a>
  );
}
