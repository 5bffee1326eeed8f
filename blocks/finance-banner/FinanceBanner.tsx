import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { FinanceBannerProps } from '../../schemas/types/blocks.js';
import { TextBanner } from '../_parts/TextBanner.js';

/** The financial-services banner (or any promotion): a picture with its title and line over it, optionally a link. */
export default function FinanceBanner({ props }: BlockComponentProps<FinanceBannerProps>) {
  return <TextBanner {...props} height={props.height ?? 120} />;
}
