import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { ImageBannerProps } from '../../schemas/types/blocks.js';
import { RouteLink } from '../shared/RouteLink.js';


/** A full-width image, optionally a link (the home banner, a campaign). */
export default function ImageBanner({ props }: BlockComponentProps<ImageBannerProps>) {
  const img = <img src={props.image} alt={props.alt} style={{ width: '100%', height: props.height ?? 120, objectFit: 'cover', display: 'block', borderRadius: 2 }} />;
  return props.href ? <RouteLink to={props.href}>{img}</RouteLink> : img;
}
