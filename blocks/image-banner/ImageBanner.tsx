import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { ImageBannerProps } from '../../schemas/types/blocks.js';
import { TextBanner } from '../_parts/TextBanner.js';

/** A full-width picture with its title over it, optionally a link (the home banner, a campaign). */
export default function ImageBanner({ props }: BlockComponentProps<ImageBannerProps>) {
  // The home banner opens its page.
  return <TextBanner {...props} height={props.height ?? 160} lead />;
}
