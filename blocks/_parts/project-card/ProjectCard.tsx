import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useFlags, useRegion } from '../../../engine/react/RegionProvider.js';
import { cardBadge, cardShowsBadge, cardTimeLine, priceLabel } from '../../../machines/project-status-rules.js';
import type { ProjectCard as Project } from '../../../schemas/types/api.js';
import { dateOf } from '../data.js';
import { priceText, quantityText } from './units.js';
import noImage from './no-image.svg';
import './project-card.css';
import { isAllowedUrl, sizedPicture } from '../url-policy.js';

export type BadgeVariant = Parameters<typeof cardBadge>[1];

/** Who is on the other side of the deal: transferor (type 2), demander (type 3) or the tendering company (type 1). */
export function counterpartyOf(
  project: Pick<Project, 'outname' | 'needname' | 'company' | 'releaseRecord'> & { type?: number },
): { label: string; name: string } | null {
  const type = project.type ?? project.releaseRecord?.projectType;
  const byType =
    type === 1
      ? { label: '招标单位', name: project.company }
      : type === 3
        ? { label: '需求方', name: project.needname }
        : { label: '转出方', name: project.outname };
  if (byType.name) return byType as { label: string; name: string };
  const name = project.outname || project.needname || project.company;
  return name ? { label: '交易方', name } : null;
}

/**
 * The pictures of a card, 220 px high (spec §2), one at a time. They change by themselves every few seconds with no
 * controls — the whole card is one link, and controls inside a link would be unreachable — and never move for
 * users who ask for reduced motion. A missing or broken picture shows the fallback image.
 */
export function CardImages({ images, alt, height = 220 }: { images: readonly string[]; alt: string; height?: number }) {
  const [index, setIndex] = useState(0);
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  const shown = images.filter((src) => isAllowedUrl(src) && !broken.has(src));
  useEffect(() => {
    const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (reduced || shown.length < 2) return;
    const timer = setInterval(() => setIndex((i) => i + 1), 4000);
    return () => clearInterval(timer);
  }, [shown.length]);
  const src = shown.length ? shown[index % shown.length] : noImage;
  return (
    <div className="tm-pcard__images" style={{ height }}>
      <img
        src={src}
        {...sizedPicture(src, 320)}
        alt={shown.length ? alt : `${alt}（暂无图片）`}
        style={{ height }}
        width={320}
        height={height}
        loading="lazy"
        onError={() => src !== noImage && setBroken((b) => new Set(b).add(src))}
      />
      {shown.length > 1 && (
        <span className="tm-pcard__dots" aria-hidden="true">
          {shown.map((s, i) => (
            <span key={s} className={i === index % shown.length ? 'is-current' : undefined} />
          ))}
        </span>
      )}
    </div>
  );
}

/**
 * One trading project as a card (spec §2 "Cards show"): pictures, status badge and title, the price by the
 * price-label rule, quantity or scale, counterparty, the time of the status, views and sign-ups. The whole card is
 * one link to the detail. The badge shows for the statuses of the region's `projectCardShowStatusList` only.
 */
export function ProjectCard({
  project,
  href,
  badgeVariant,
  layout = 'row',
  badge,
  headingLevel = 3,
}: {
  project: Project;
  href: string;
  badgeVariant?: BadgeVariant;
  layout?: 'row' | 'tile';
  /** Replaces the status badge (the home bidding block's own label). */
  badge?: { text: string; tone?: string };
  headingLevel?: 2 | 3 | 4;
}) {
  const region = useRegion();
  const flags = useFlags();
  const title = project.projectName || project.projectname || '';
  const status = badge ?? cardBadge(project.status, badgeVariant ?? 'default', region);
  const price = priceLabel(project, region);
  const time = cardTimeLine(project);
  const quantity = quantityText(project.area, project.areaUnit ?? project.unit);
  const counterparty = counterpartyOf(project);
  const place = project.deptName || project.areaName;
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={`tm-pcard tm-pcard--${layout}`}>
      <Link to={href} className="tm-pcard__link">
        <CardImages images={project.imgList ?? []} alt={title} />
        <div className="tm-pcard__body">
          <Heading className="tm-pcard__title">
            {/* The region names the statuses whose badge a card shows (projectCardShowStatusList); a given badge always shows. */}
            {badge || cardShowsBadge(project.status, region) ? <span className={`tm-badge tm-badge--${status.tone ?? 'active'}`}>{status.text}</span> : null}
            <span className="tm-pcard__name">{title}</span>
          </Heading>
          <p className="tm-pcard__price">
            <span className="tm-pcard__label">{price.title}：</span>
            <strong>{priceText(price.amount, project.priceUnit)}</strong>
          </p>
          <dl className="tm-pcard__facts">
            {quantity && (
              <div>
                <dt>面积/数量</dt>
                <dd>{quantity}</dd>
              </div>
            )}
            {project.scale && (
              <div>
                <dt>规模</dt>
                <dd>{project.scale}</dd>
              </div>
            )}
            {counterparty && (
              <div>
                <dt>{counterparty.label}</dt>
                <dd>{counterparty.name}</dd>
              </div>
            )}
            {place && (
              <div>
                <dt>所在地区</dt>
                <dd>{place}</dd>
              </div>
            )}
            {time && (
              <div>
                <dt>{time.label}</dt>
                <dd>
                  <time dateTime={dateOf(time.time)}>{time.time}</time>
                </dd>
              </div>
            )}
          </dl>
          <p className="tm-pcard__counts">
            {!flags.notShowWatchNum && <span>浏览 {project.watchCts ?? 0} 次</span>}
            <span>报名 {project.signCts ?? 0} 人</span>
          </p>
        </div>
      </Link>
    </article>
  );
}
