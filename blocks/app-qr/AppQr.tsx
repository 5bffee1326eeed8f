import { useEffect, useState } from 'react';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { AppQrProps } from '../../schemas/types/blocks.js';
import { useRegion } from '../../engine/react/RegionProvider.js';
import { isHttpUrl } from '../_parts/url-policy.js';
import { ExternalLink } from '../_parts/ExternalLink.js';
import { qrSvg, svgDataUrl } from './qr.js';
import './app-qr.css';

/**
 * The mobile app's download QR code (`showAppImage`): drawn from the region's `appUrl` (http or https only), with
 * the address as a link under it for those who cannot scan. Without an appUrl, a QR picture made elsewhere
 * (`image`, else the region's `appImage`).
 */
export default function AppQr({ props }: BlockComponentProps<AppQrProps>) {
  const region = useRegion();
  const url = isHttpUrl(region.appUrl) ? region.appUrl.trim() : undefined;
  const [qr, setQr] = useState<{ url: string; src: string } | null>(null);

  useEffect(() => {
    if (!url) return;
    let live = true;
    qrSvg(url).then(
      (svg) => live && setQr({ url, src: svgDataUrl(svg) }),
      () => live && setQr(null),
    );
    return () => {
      live = false;
    };
  }, [url]);

  const alt = props.alt ?? '手机APP下载二维码';
  const src = url ? (qr?.url === url ? qr.src : undefined) : (props.image ?? region.appImage);
  if (!url && !src) return <p className="tm-appqr__none">{props.emptyText ?? '手机APP暂未开放下载'}</p>;
  return (
    <figure className="tm-appqr">
      {src ? (
        <img className="tm-appqr__code" src={src} alt={alt} width={160} height={160} data-qr-url={url} />
      ) : (
        <span className="tm-appqr__code" role="img" aria-label={alt} aria-busy="true" />
      )}
      <figcaption className="tm-appqr__caption">
        {props.caption ?? '扫码下载手机APP'}
        {url && (
          <ExternalLink className="tm-appqr__link" href={url}>
            {props.linkText ?? '下载地址'}：{url}
          </ExternalLink>
        )}
      </figcaption>
    </figure>
  );
}
