import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { AppQrProps } from '../../schemas/types/blocks.js';
import { useRegion } from '../../engine/react/RegionProvider.js';


/** The mobile app's QR code (`showAppImage`); the image defaults to the region's `appImage`. */
export default function AppQr({ props }: BlockComponentProps<AppQrProps>) {
  const region = useRegion();
  const image = props.image ?? region.appImage;
  if (!image) return null;
  return (
    <figure style={{ margin: 0, textAlign: 'center' }}>
      <img src={image} alt={props.alt ?? '手机客户端下载二维码'} style={{ width: 160, height: 160, objectFit: 'contain' }} />
      <figcaption style={{ color: 'var(--tm-text-muted)', fontSize: 15 }}>{props.caption ?? '扫码下载手机客户端'}</figcaption>
    </figure>
  );
}
