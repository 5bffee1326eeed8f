import { useLocation, useNavigate } from 'react-router-dom';
import { BlockStatus } from '../../engine/react/BlockStatus.js';
import { useRegion, useRouteQuery } from '../../engine/react/RegionProvider.js';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { RecordCardsProps } from '../../schemas/types/blocks.js';
import { rowsOf, withQuery } from '../_parts/data.js';
import { Pager } from '../_parts/Pager.js';
import { PlaceOptions } from '../_parts/PlaceOptions.js';
import { useRegionTowns } from '../_parts/region-towns.js';
import { RouteLink } from '../_parts/RouteLink.js';
import { sizedPicture } from '../_parts/url-policy.js';
import { factText, firstText, imagesOf, type Row } from './fields.js';
import { useRegionHeading } from './heading.js';
import noImage from '../_parts/project-card/no-image.svg';
import './record-cards.css';

/** The region and the places one level under it, for the 所在地区 filter (query `dm`, a place's deptCode). */
function PlaceFilter({ id }: { id: string }) {
  const region = useRegion();
  const query = useRouteQuery();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { places } = useRegionTowns();
  const current = query.dm && places.some((p) => p.deptCode === query.dm) ? query.dm : (places[0]?.deptCode ?? '');
  return (
    <div className="tm-rcards__filter">
      <label htmlFor={id}>所在地区</label>
      <select
        id={id}
        value={current}
        onChange={(event) => {
          const next = new URLSearchParams(search);
          next.delete('page');
          if (event.target.value && event.target.value !== places[0]?.deptCode) next.set('dm', event.target.value);
          else next.delete('dm');
          const text = next.toString();
          navigate(text ? `${pathname}?${text}` : pathname);
        }}
      >
        <PlaceOptions places={places} regionName={region.cityName} />
      </select>
    </div>
  );
}

/**
 * Picture cards of records (asset attraction projects, shop products…): picture, a badge (a dictionary label), the
 * title, the chosen facts, each card one link to its detail; a pager when the list pages; the heading may be a
 * region field (ZCZSName); an optional 所在地区 filter writes the place's code into the query (`dm`).
 */
export default function RecordCards({ props, data, blockId }: BlockComponentProps<RecordCardsProps, { rows?: Row[]; total?: number } | Row[]>) {
  const heading = useRegionHeading(props.headingField, props.heading);
  const rows = rowsOf<Row>(data);
  const total = Array.isArray(data) ? data.length : (data?.total ?? rows.length);
  const facts = props.facts ?? [];
  const titleKeys = props.titleKeys ?? ['title', 'name'];
  const headingId = `${blockId}-heading`;
  const columns = props.columns ?? 3;
  const body = (
    <>
      {props.placeFilter && <PlaceFilter id={`${blockId}-place`} />}
      {rows.length === 0 ? (
        <BlockStatus kind="empty" emptyText={props.emptyText} />
      ) : (
        <ul className={`tm-rcards tm-rcards--${columns}`}>
          {rows.map((row) => {
            const title = firstText(row, titleKeys);
            const badge = props.badgeKey ? firstText(row, [props.badgeKey]) : '';
            const [image] = imagesOf(row);
            return (
              <li key={String(row.id)} className="tm-rcards__item">
                <RouteLink to={withQuery(props.detailRoute, { id: row.id as number })} className="tm-rcards__link">
                  <img
                    src={image ?? noImage}
                    {...sizedPicture(image, 320)}
                    alt={image ? title : `${title}（暂无图片）`}
                    loading="lazy"
                    className="tm-rcards__img"
                  />
                  <span className="tm-rcards__body">
                    <span className="tm-rcards__title">
                      {badge && <span className="tm-rcards__badge">{badge}</span>}
                      <span className="tm-rcards__name">{title}</span>
                    </span>
                    <span className="tm-rcards__facts">
                      {facts.map((fact) => {
                        const text = factText(row, fact);
                        return text ? (
                          <span key={fact.key} className={fact.emphasis ? 'tm-rcards__fact tm-rcards__fact--em' : 'tm-rcards__fact'}>
                            <span className="tm-rcards__label">{fact.label}：</span>
                            {text}
                          </span>
                        ) : null;
                      })}
                    </span>
                  </span>
                </RouteLink>
              </li>
            );
          })}
        </ul>
      )}
      {props.pager !== false && total > (props.pageSize ?? 9) && <Pager total={total} pageSize={props.pageSize ?? 9} />}
    </>
  );
  if (!heading) return <div className="tm-rcards-block">{body}</div>;
  return (
    <section className="tm-rcards-block tm-panel" aria-labelledby={headingId}>
      <header className="tm-panel__head">
        <h2 id={headingId} className="tm-panel__title">
          {heading}
        </h2>
        {props.moreRoute && (
          <RouteLink to={props.moreRoute} className="tm-panel__more">
            更多<span className="tm-visually-hidden">{heading}</span>
          </RouteLink>
        )}
      </header>
      <div className="tm-panel__body">{body}</div>
    </section>
  );
}
