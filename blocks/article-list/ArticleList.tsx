import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { ArticleListProps } from '../../schemas/types/blocks.js';
import { RouteLink } from '../_parts/RouteLink.js';
import { withQuery } from '../_parts/data.js';
import { listItems } from './items.js';
import './article-list.css';
import { safeUrl, sizedPicture } from '../_parts/url-policy.js';

/** A titled list of articles (or land information, intents…): 7 rows by default, or image cards. */
export default function ArticleList({ props, data }: BlockComponentProps<ArticleListProps>) {
  const variant = props.variant ?? 'list';
  const items = listItems(data, props.rows ?? (variant === 'image-cards' ? 2 : 7));
  // A one-line summary (remark) under each title: deal announcements show their 成交价 there.
  const summary = props.showSummary === true;
  // A cover only where the list has room for it and the row has one; every other row is drawn as before.
  const thumb = (item: { cover?: string }) => (props.thumbnails === true ? safeUrl(item.cover) : undefined);
  const href = (id: number | string) => (props.detailRoute ? withQuery(props.detailRoute, { id }) : undefined);

  if (variant === 'image-cards') {
    return (
      <ul className="tm-cards">
        {items.map((item) => {
          const to = href(item.id);
          const body = (
            <>
              {safeUrl(item.image) ? (
                <img src={safeUrl(item.image)} {...sizedPicture(item.image, 320)} alt={item.title} loading="lazy" width={320} height={150} />
              ) : (
                <div className="tm-cards__noimg" aria-hidden="true" />
              )}
              <span className="tm-cards__title">{item.title}</span>
              {item.summary && <span className="tm-cards__summary">{item.summary}</span>}
            </>
          );
          return (
            <li key={item.id}>
              {to ? (
                <RouteLink to={to} className="tm-cards__link">
                  {body}
                </RouteLink>
              ) : (
                body
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <ul className="tm-list">
      {items.map((item) => {
        const to = href(item.id);
        return (
          <li key={item.id} className={`tm-list__row${summary ? ' tm-list__row--summary' : ''}${thumb(item) ? ' tm-list__row--thumb' : ''}`}>
            {thumb(item) ? (
              <img className="tm-list__thumb" src={thumb(item)} {...sizedPicture(thumb(item), 96)} alt={item.title} loading="lazy" width={96} height={64} />
            ) : null}
            {to ? (
              <RouteLink to={to} className="tm-list__title" title={item.title}>
                {item.title}
              </RouteLink>
            ) : (
              <span className="tm-list__title">{item.title}</span>
            )}
            {summary && item.summary && <span className="tm-list__summary">{item.summary}</span>}
            {props.showPlace && item.place && <span className="tm-list__place">{item.place}</span>}
            {props.showDate !== false && item.date && (
              <time className="tm-list__date" dateTime={item.date}>
                {item.date}
              </time>
            )}
          </li>
        );
      })}
    </ul>
  );
}
