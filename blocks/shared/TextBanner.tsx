import { RouteLink } from './RouteLink.js';
import './text-banner.css';
import { safeUrl } from './url-policy.js';

export interface TextBannerProps {
  image: string;
  alt: string;
  title?: string;
  text?: string;
  href?: string;
  linkText?: string;
  height?: number;
}

/**
 * A picture banner that carries its words: the title (else the alt text) and an optional line on a solid band over
 * the picture, and, when it links somewhere, what the link does (了解详情 ›). The picture itself is decoration: its
 * words are on the page, so it has an empty alt rather than saying them twice.
 */
export function TextBanner({ image, alt, title, text, href, linkText, height = 120 }: TextBannerProps) {
  const src = safeUrl(image);
  const body = (
    <div className="tm-banner" style={{ minHeight: height }}>
      {src && <img className="tm-banner__img" src={src} alt="" aria-hidden="true" />}
      <div className="tm-banner__band">
        <p className="tm-banner__title">{title ?? alt}</p>
        {text && <p className="tm-banner__text">{text}</p>}
        {href && <span className="tm-banner__cta">{linkText ?? '了解详情'} ›</span>}
      </div>
    </div>
  );
  return href ? (
    <RouteLink to={href} className="tm-banner__link">
      {body}
    </RouteLink>
  ) : (
    body
  );
}
