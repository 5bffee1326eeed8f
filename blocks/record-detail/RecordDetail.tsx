import { sanitizeHtml } from '../_parts/sanitize.js';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { RecordDetailProps } from '../../schemas/types/blocks.js';
import { factText, firstText, imagesOf, type Row } from '../record-cards/fields.js';
import { useRegionHeading } from '../record-cards/heading.js';
import { RouteLink } from '../_parts/RouteLink.js';
import noImage from '../_parts/project-card/no-image.svg';
import './record-detail.css';

/**
 * One record that is not a trading project (an asset attraction project, a shop product): section name, title and
 * badge, its pictures (one large, the others as thumbnails to choose), a facts table, the sanitised description, a
 * note (how to buy or ask) and a way back.
 */
export default function RecordDetail({ props, data, blockId }: BlockComponentProps<RecordDetailProps, Row>) {
  const navigate = useNavigate();
  const section = useRegionHeading(props.headingField, props.heading);
  const title = firstText(data, props.titleKeys ?? ['title', 'name']);
  const badge = props.badgeKey ? firstText(data, [props.badgeKey]) : '';
  const images = imagesOf(data);
  const [shown, setShown] = useState(0);
  const facts = (props.facts ?? []).map((fact) => ({ fact, text: factText(data, fact) })).filter((f) => f.text);
  const raw = data[props.contentKey ?? 'content'];
  // Descriptions are written in the back office; they are still sanitised so a pasted script never runs here.
  const html = typeof raw === 'string' ? sanitizeHtml(raw) : '';
  const titleId = `${blockId}-title`;
  return (
    <article className="tm-rdetail" aria-labelledby={titleId}>
      {section && <p className="tm-rdetail__section">{section}</p>}
      <h2 id={titleId} className="tm-rdetail__title">
        {badge && <span className="tm-rcards__badge tm-rdetail__badge">{badge}</span>}
        {title}
      </h2>
      <div className="tm-rdetail__top">
        <div className="tm-rdetail__gallery">
          <img className="tm-rdetail__image" src={images[shown] ?? noImage} alt={images.length ? `${title}（图${shown + 1}）` : `${title}（暂无图片）`} />
          {images.length > 1 && (
            <ul className="tm-rdetail__thumbs" aria-label="更多图片">
              {images.map((src, i) => (
                <li key={`${src}-${i}`}>
                  <button type="button" className={i === shown ? 'is-current' : undefined} aria-pressed={i === shown} onClick={() => setShown(i)}>
                    <img src={src} alt={`查看图${i + 1}`} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="tm-rdetail__side">
          <dl className="tm-rdetail__facts">
            {facts.map(({ fact, text }) => (
              <div key={fact.key} className={fact.emphasis ? 'tm-rdetail__fact tm-rdetail__fact--em' : 'tm-rdetail__fact'}>
                <dt>{fact.label}</dt>
                <dd>{text}</dd>
              </div>
            ))}
          </dl>
          {props.note && <p className="tm-rdetail__note">{props.note}</p>}
        </div>
      </div>
      {html && (
        <section className="tm-rdetail__content" aria-labelledby={`${blockId}-content`}>
          <h3 id={`${blockId}-content`}>{props.contentTitle ?? '详细介绍'}</h3>
          <div dangerouslySetInnerHTML={{ __html: html }} />
        </section>
      )}
      <p className="tm-rdetail__back">
        {props.backRoute ? (
          <RouteLink to={props.backRoute} className="tm-button">
            {props.backText ?? '返回'}
          </RouteLink>
        ) : (
          <button type="button" className="tm-button" onClick={() => navigate(-1)}>
            {props.backText ?? '返回'}
          </button>
        )}
      </p>
    </article>
  );
}
