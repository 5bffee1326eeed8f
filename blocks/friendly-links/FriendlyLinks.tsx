import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { FriendlyLinksProps } from '../../schemas/types/blocks.js';
import './friendly-links.css';
import { isAllowedUrl } from '../_parts/url-policy.js';

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
                {isAllowedUrl(link.url) ? (
                  <a href={link.url} target="_blank" rel="noopener noreferrer">
                    {link.label}
                    <span className="tm-visually-hidden">（在新窗口打开）</span>
                  </a>
                ) : (
                  // An address outside the URL policy is no link: the name stays as text.
                  <span>{link.label}</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
