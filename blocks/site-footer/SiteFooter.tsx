import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { SiteFooterProps } from '../../schemas/types/blocks.js';
import { useFlags, useRegion } from '../../engine/react/RegionProvider.js';
import { RouteLink } from '../_parts/RouteLink.js';
import './site-footer.css';
import { ExternalLink } from '../_parts/ExternalLink.js';
import { safeUrl } from '../_parts/url-policy.js';

/**
 * The footer: links (`footList`), back-office systems (`backstageUrlList` when `havaLink`, the portal being the
 * single-sign-on origin), friendly links (`footLinkList` when `haveFootLink`), and the responsible, supervisory and
 * technical units.
 */
export default function SiteFooter({ props }: BlockComponentProps<SiteFooterProps>) {
  const region = useRegion();
  const flags = useFlags();
  const units = region.footerUnits;
  const backstage = region.havaLink ? (region.backstageUrlList ?? []) : [];
  const friendly = flags.haveFootLink ? (region.footLinkList ?? []) : [];
  return (
    <div className="tm-footer">
      {backstage.length > 0 && (
        <nav className="tm-footer__systems" aria-label="业务系统">
          <ul>
            {backstage.map((s) => (
              <li key={s.src}>
                <ExternalLink href={s.src} refused={<span>{s.name}</span>}>
                  {safeUrl(s.image) && <img src={safeUrl(s.image)} alt="" aria-hidden="true" loading="lazy" />}
                  <span>{s.name}</span>
                </ExternalLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {friendly.length > 0 && (
        <nav className="tm-footer__friendly" aria-label="友情链接">
          <span className="tm-footer__label">友情链接：</span>
          <ul>
            {friendly.map((l) => (
              <li key={l.url}>
                <ExternalLink href={l.url}>{l.label}</ExternalLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className="tm-footer__bottom">
        {(region.footList ?? []).length > 0 && (
          <ul className="tm-footer__links">
            {(region.footList ?? []).map((f) => (
              <li key={f.text}>{f.href ? <RouteLink to={f.href}>{f.text}</RouteLink> : <span>{f.text}</span>}</li>
            ))}
          </ul>
        )}
        {units && (
          <p className="tm-footer__units">
            {units.responsible && <span>主办单位：{units.responsible}</span>}
            {units.supervisory && <span>监管单位：{units.supervisory}</span>}
            {units.technical && <span>技术支持：{units.technical}</span>}
          </p>
        )}
        {(props.copyright || props.icp) && (
          <p className="tm-footer__units">
            {props.copyright && <span>{props.copyright}</span>}
            {props.icp && <span>{props.icp}</span>}
          </p>
        )}
      </div>
    </div>
  );
}
