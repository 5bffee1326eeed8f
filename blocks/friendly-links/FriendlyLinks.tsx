import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { FriendlyLinksProps } from '../../schemas/types/blocks.js';
import './friendly-links.css';
import { ExternalLink } from '../_parts/ExternalLink.js';

/** Friendly links, grouped (the two districts' own lists). Every link opens in a new window. */
export default function FriendlyLinks({ props, blockId }: BlockComponentProps<FriendlyLinksProps>) {
  return (
    <div className="tm-links">
      {(props.groups ?? []).map((group, g) => (
        <section key={group.name} className="tm-links__group" aria-labelledby={`${blockId}-g${g}`}>
          <h3 id={`${blockId}-g${g}`}>{group.name}</h3>
          <ul>
            {group.links.map((link) => (
              <li key={link.url}>
                {/* An address outside the URL policy is no link: the name stays as text. */}
                <ExternalLink href={link.url}>{link.label}</ExternalLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
