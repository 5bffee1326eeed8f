import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { isExternal } from './data.js';
import { ExternalLink } from './ExternalLink.js';
import { isAllowedUrl } from './url-policy.js';

/**
 * A link to a portal route or an outside address. Outside addresses open in a new window and say so to screen
 * readers (GB/T 37668: tell users before a new window opens). An address outside the URL policy (javascript:,
 * data:, //host…) is no link at all: its words stay, as plain text.
 */
export function RouteLink({ to, className, children, title }: { to: string; className?: string; children: ReactNode; title?: string }) {
  if (!isAllowedUrl(to)) {
    return (
      <span className={className} title={title}>
        {children}
      </span>
    );
  }
  if (isExternal(to)) {
    return (
      <ExternalLink className={className} href={to} title={title}>
        {children}
      </ExternalLink>
    );
  }
  return (
    <Link className={className} to={to} title={title}>
      {children}
    </Link>
  );
}
