import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { FinanceBannerProps } from '../../schemas/types/blocks.js';
import { RouteLink } from '../shared/RouteLink.js';


/** A banner image (financial services, or any promotion), optionally a link. */
export default function FinanceBanner({ props }: BlockComponentProps<FinanceBannerProps>) {
  const img = <img src={props.image} alt={props.alt} style={{ width: '100%', height: props.height ?? 120, objectFit: 'cover', display: 'block', borderRadius: 2 }} />;
  return props.href ? <RouteLink to={props.href}>{img}</RouteLink> : img;
}
