import { sanitizeHtml } from '../_parts/sanitize.js';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useFlags, useRegion } from '../../engine/react/RegionProvider.js';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import { BIDDING_ENDED_LABEL, cardBadge, priceLabel, statusLabel } from '../../machines/project-status-rules.js';
import { useProjectClock } from '../_parts/project-clock.js';
import type { ProjectDetail as Detail } from '../../schemas/types/api.js';
import type { ProjectDetailProps } from '../../schemas/types/blocks.js';
import { counterpartyOf } from '../_parts/project-card/ProjectCard.js';
import { formatMoney, priceText, quantityText } from '../_parts/project-card/units.js';
import { RouteLink } from '../_parts/RouteLink.js';
import noImage from '../_parts/project-card/no-image.svg';
import { AttachmentList } from '../_parts/attachments.js';
import './project-detail.css';
import { isAllowedUrl } from '../_parts/url-policy.js';

/** The release times (spec §3 releaseRecord), in the order a project passes them; 公示开始 only when the project has one. */
const RELEASE_TIMES = [
  ['publicityStartTime', '公示开始时间'],
  ['publicityStopTime', '公示截止时间'],
  ['applyStartTime', '报名开始时间'],
  ['applyStopTime', '报名截止时间'],
  ['biddingStartTime', '竞价开始时间'],
  ['biddingStopTime', '竞价截止时间'],
] as const;

/** Pictures with a thumbnail row; the big one is 220 px × 1.6 so a detail reads better than a card. */
function Gallery({ images: given, alt, blockId }: { images: readonly string[]; alt: string; blockId: string }) {
  const [index, setIndex] = useState(0);
  const images = given.filter(isAllowedUrl);
  const list = images.length ? images : [noImage];
  const current = list[Math.min(index, list.length - 1)];
  return (
    <div className="tm-pdetail__gallery">
      <img
        id={`${blockId}-picture`}
        className="tm-pdetail__picture"
        src={current}
        alt={images.length ? `${alt}（第 ${index + 1} 张，共 ${list.length} 张）` : `${alt}（暂无图片）`}
      />
      {images.length > 1 && (
        <ul className="tm-pdetail__thumbs" aria-label="项目图片">
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                aria-label={`查看第 ${i + 1} 张图片`}
                aria-current={i === index ? 'true' : undefined}
                aria-controls={`${blockId}-picture`}
                onClick={() => setIndex(i)}
              >
                <img src={src} alt="" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  if (children === undefined || children === null || children === '') return null;
  return (
    <div className="tm-pdetail__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const money = (value: number | null | undefined) => (value === null || value === undefined ? undefined : `${formatMoney(value)} 元`);

/**
 * One trading project (spec §2, §3): pictures, status, the price by the price-label rule, every field, the five
 * release times, the sanitised description and the counts. `affirmMoney` and `chargeStandard` add the deposit
 * confirmation note and the 收费标准 link. The auction panel (registration, bids, records) is a separate block.
 */
export default function ProjectDetail({ props, data, blockId }: BlockComponentProps<ProjectDetailProps, Detail>) {
  const region = useRegion();
  const flags = useFlags();
  const navigate = useNavigate();
  const title = data.projectName || data.projectname || '';
  // The status as the timeline moves it on the server's clock, so a page left open does not go stale.
  const clock = useProjectClock(data);
  const badge = clock.biddingEnded ? { text: BIDDING_ENDED_LABEL, tone: 'done' } : cardBadge(clock.status, props.badgeVariant ?? 'default', region);
  const price = priceLabel(data, region);
  const counterparty = counterpartyOf(data);
  const record = (data.releaseRecord ?? {}) as unknown as Record<string, string | null | undefined>;
  // Authored in the back office; still sanitised so a pasted script can never run here.
  const html = sanitizeHtml(data.content);
  const showCounts = props.showCounts !== false;
  return (
    <article className="tm-pdetail" aria-labelledby={`${blockId}-title`}>
      <header className="tm-pdetail__head">
        <h2 id={`${blockId}-title`} className="tm-pdetail__title">
          <span className={`tm-badge tm-badge--${badge.tone}`}>{badge.text}</span> {title}
        </h2>
        {showCounts && (
          <p className="tm-pdetail__counts">
            {!flags.notShowWatchNum && <span>浏览 {data.watchCts ?? 0} 次</span>}
            <span>报名 {data.signCts ?? 0} 人</span>
          </p>
        )}
      </header>
      <div className="tm-pdetail__top">
        <Gallery images={data.imgList ?? []} alt={title} blockId={blockId} />
        <div className="tm-pdetail__summary">
          <p className="tm-pdetail__price">
            <span>{price.title}</span>
            <strong>{priceText(price.amount, data.priceUnit)}</strong>
          </p>
          <dl className="tm-pdetail__facts">
            <Row label="项目编号">{data.code}</Row>
            <Row label="项目状态">{clock.biddingEnded ? BIDDING_ENDED_LABEL : statusLabel(clock.status, region)}</Row>
            <Row label="项目分类">{data.classname ? `${data.classname}（${data.number}）` : data.number}</Row>
            <Row label="所在地区">{data.deptName || data.areaName}</Row>
            <Row label="项目地址">{data.address}</Row>
            <Row label="面积/数量">{quantityText(data.area, data.areaUnit ?? data.unit)}</Row>
            <Row label="规模">{data.scale}</Row>
            <Row label="期限">{data.termYears ? `${data.termYears} 年` : undefined}</Row>
            {counterparty && <Row label={counterparty.label}>{counterparty.name}</Row>}
            <Row label="保证金">
              {money(data.deposit)}
              {flags.affirmMoney && data.deposit ? <span className="tm-pdetail__note">{props.depositNote ?? '报名时须确认保证金金额'}</span> : null}
            </Row>
            <Row label="加价幅度">{data.increment ? money(data.increment) : undefined}</Row>
            <Row label="关键词">{data.keys}</Row>
          </dl>
          {flags.chargeStandard && props.chargeStandardRoute && (
            <p className="tm-pdetail__charge">
              <RouteLink to={props.chargeStandardRoute}>收费标准</RouteLink>
            </p>
          )}
        </div>
      </div>
      <section className="tm-pdetail__section" aria-labelledby={`${blockId}-times`}>
        <h3 id={`${blockId}-times`}>时间安排</h3>
        <dl className="tm-pdetail__times">
          {RELEASE_TIMES.filter(([key]) => key !== 'publicityStartTime' || record[key]).map(([key, label]) => (
            <div key={key} className="tm-pdetail__row">
              <dt>{label}</dt>
              <dd>{record[key] ? <time dateTime={String(record[key]).replace(' ', 'T')}>{record[key]}</time> : '—'}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="tm-pdetail__section" aria-labelledby={`${blockId}-content`}>
        <h3 id={`${blockId}-content`}>项目详情</h3>
        <div className="tm-pdetail__content" dangerouslySetInnerHTML={{ __html: html }} />
        <AttachmentList items={data.attachments} title="项目附件" />
      </section>
      <p className="tm-pdetail__actions">
        <button type="button" className="tm-button" onClick={() => navigate(-1)}>
          {props.backText ?? '返回列表'}
        </button>
      </p>
    </article>
  );
}
