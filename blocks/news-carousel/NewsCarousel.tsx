import { useEffect, useState } from 'react';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { NewsCarouselProps } from '../../schemas/types/blocks.js';
import { listItems } from '../article-list/items.js';
import { RouteLink } from '../_parts/RouteLink.js';
import { withQuery } from '../_parts/data.js';
import './news-carousel.css';
import { FETCH_FIRST, safeUrl } from '../_parts/url-policy.js';
import { useReadingAids } from '../../engine/react/ReadingAidsProvider.js';

/**
 * Picture news (category 010, 4 items): one slide at a time with its caption, previous/next and numbered buttons.
 * It advances by itself, pauses while the pointer or keyboard focus is on it, and never moves for users who ask for
 * reduced motion or turned motion off with the reading aids (停止动画, part of 长辈版).
 */
export default function NewsCarousel({ props, data, blockId }: BlockComponentProps<NewsCarouselProps>) {
  const items = listItems(data, props.count ?? 4);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const height = props.height ?? 220;
  const interval = (props.intervalSeconds ?? 5) * 1000;
  const { calm } = useReadingAids().aids;

  useEffect(() => {
    const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (paused || reduced || calm || items.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % items.length), interval);
    return () => clearInterval(timer);
  }, [paused, calm, items.length, interval]);

  const current = items[Math.min(index, items.length - 1)];
  const upcoming = items.length > 1 ? safeUrl(items[(index + 1) % items.length]?.image) : undefined;
  // Once the shown slide has loaded, the next one is fetched, so that turning to it paints at once, never as a late
  // request behind the page's own.
  const fetchUpcoming = () => {
    if (upcoming && typeof Image === 'function') new Image().src = upcoming;
  };
  if (!current) return null;
  const go = (next: number) => setIndex((next + items.length) % items.length);

  return (
    <div
      className="tm-carousel"
      role="region"
      aria-roledescription="轮播"
      aria-label="图片新闻"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="tm-carousel__slide" style={{ height }} id={`${blockId}-slide`} aria-live={paused || calm ? 'polite' : 'off'}>
        <RouteLink to={props.detailRoute ? withQuery(props.detailRoute, { id: current.id }) : '#'} className="tm-carousel__link">
          {safeUrl(current.image) ? (
            // The first slide is the home's largest picture: fetched first (index.html preloads it too); the size
            // attributes keep its box before it loads. Its alt is empty: the caption beside it already names the link,
            // and a reader would hear the title twice.
            <img
              src={safeUrl(current.image)}
              alt=""
              aria-hidden="true"
              style={{ height }}
              width={640}
              height={height}
              onLoad={fetchUpcoming}
              {...(index === 0 ? FETCH_FIRST : {})}
            />
          ) : (
            <div className="tm-carousel__noimg" style={{ height }} aria-hidden="true" />
          )}
          <span className="tm-carousel__caption">{current.title}</span>
        </RouteLink>
      </div>
      {items.length > 1 && (
        <div className="tm-carousel__controls">
          <button type="button" className="tm-carousel__arrow" onClick={() => go(index - 1)} aria-controls={`${blockId}-slide`} aria-label="上一张">
            ‹
          </button>
          {items.map((item, i) => (
            <button
              key={item.id}
              type="button"
              className="tm-carousel__dot"
              aria-label={`第 ${i + 1} 张：${item.title}`}
              aria-current={i === index ? 'true' : undefined}
              aria-controls={`${blockId}-slide`}
              onClick={() => go(i)}
            >
              {i + 1}
            </button>
          ))}
          <button type="button" className="tm-carousel__arrow" onClick={() => go(index + 1)} aria-controls={`${blockId}-slide`} aria-label="下一张">
            ›
          </button>
        </div>
      )}
    </div>
  );
}
