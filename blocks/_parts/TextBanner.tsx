import { RouteLink } from './RouteLink.js';
import './text-banner.css';
import { FETCH_FIRST, safeUrl } from './url-policy.js';

export interface TextBannerProps {
  image: string;
  alt: string;
  title?: string;
  text?: string;
  href?: string;
  linkText?: string;
  height?: number;
  /** The banner leads the page (above the fold): its picture is fetched first; otherwise only when scrolled near. */
  lead?: boolean;
}

/**
 * A picture banner that carries its words: the title (else the alt text) and an optional line on a solid band over
 * the picture, and, when it links somewhere, what the link does (了解详情 ›). The picture itself is decoration: its
 * words are on the page, so it has an empty alt rather than saying them twice.
 */
export function TextBanner({ image, alt, title, text, href, linkText, height = 120, lead = false }: TextBannerProps) {
  const src = safeUrl(image);
  const body = (
    <div className="tm-banner" style={{ minHeight: height }}>
      {src && (
        <img
          className="tm-banner__img"
          src={src}
          alt=""
          aria-hidden="true"
          width={1200}
          height={height}
          {...(lead ? FETCH_FIRST : { loading: 'lazy' as const })}
        />
      )}
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
