import { Link } from 'react-router-dom';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { NoticeTextProps } from '../../schemas/types/blocks.js';
import './notice-text.css';

/** A short notice in the region's words, with links onward (never a dead end). */
export default function NoticeText({ props }: BlockComponentProps<NoticeTextProps>) {
  return (
    <div className="tm-notice-text" role="note">
      <p>{props.text}</p>
      {props.links?.length ? (
        <p className="tm-notice-text__links">
          {props.links.map((l) => (
            <Link key={l.route} className="tm-button" to={l.route}>
              {l.text}
            </Link>
          ))}
        </p>
      ) : null}
    </div>
  );
}
