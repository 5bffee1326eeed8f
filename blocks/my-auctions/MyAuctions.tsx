import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuctionMessages } from '../../engine/react/RealtimeProvider.js';
import { useRegion } from '../../engine/react/RegionProvider.js';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import { cardBadge } from '../../machines/project-status-rules.js';
import type { AuctionMineData, MyAuction } from '../../schemas/types/api.js';
import type { MyAuctionsProps } from '../../schemas/types/blocks.js';
import { depositText } from '../_parts/deposit.js';
import { projectDetailHref } from '../_parts/project-card/routes.js';
import { priceText } from '../_parts/project-card/units.js';
import { Pager } from '../_parts/Pager.js';
import { followsLive, foldLive, liveRow } from './live.js';
import { myAuctionPrice, myStanding, REVIEW_LABELS } from './standing.js';
import '../_parts/project-card/project-card.css';
import './my-auctions.css';

/**
 * 我的竞价: the projects the user registered for, newest first — the project's status, the review of the
 * registration, the bidder code, the price, the user's own highest bid and whether it leads or won. A project in
 * bidding the user may bid on offers 进入竞价. Where the region runs the real-time channel, an approved bidder's
 * running auctions follow it: a rival's bid turns 当前领先 into 已被超越 without a reload.
 */
export default function MyAuctions({ props, data }: BlockComponentProps<MyAuctionsProps, AuctionMineData>) {
  const rows = data?.rows ?? [];
  return (
    <div className="tm-mine">
      <p className="tm-mine__summary">共 {data?.total ?? 0} 条报名记录</p>
      <ul className="tm-mine__list">
        {rows.map((row) => (
          <li key={row.projectId}>
            <MyAuctionItem row={row} href={projectDetailHref({ id: row.projectId, number: row.number, type: row.type }, props)} />
          </li>
        ))}
      </ul>
      <Pager total={data?.total ?? 0} pageSize={props.pageSize ?? 10} />
    </div>
  );
}

function MyAuctionItem({ row: loaded, href }: { row: MyAuction; href: string }) {
  const region = useRegion();
  const [live, setLive] = useState(() => liveRow(loaded));
  useEffect(() => setLive(liveRow(loaded)), [loaded]);
  useAuctionMessages(followsLive(loaded) ? loaded.projectId : null, (message) => setLive((l) => foldLive(l, message)));
  const { row } = live;
  const badge = cardBadge(row.status, 'default', region);
  const standing = myStanding(row);
  const price = myAuctionPrice(row, region);
  const approved = row.state === 1;
  const showBids = approved && row.status >= 6;
  return (
    <article className="tm-mine__item">
      <div className="tm-mine__head">
        <h3 className="tm-mine__title">
          <span className={`tm-badge tm-badge--${badge.tone}`}>{badge.text}</span>
          <Link to={href}>{row.projectName}</Link>
        </h3>
        <span className="tm-mine__standing-slot" aria-live="polite">
          {standing && <strong className={`tm-mine__standing tm-mine__standing--${standing.tone}`}>{standing.text}</strong>}
        </span>
      </div>
      <dl className="tm-mine__facts">
        {row.code && <Fact term="项目编号">{row.code}</Fact>}
        <Fact term="报名状态">
          <span className={`tm-mine__review tm-mine__review--${row.state}`}>{REVIEW_LABELS[row.state]}</span>
        </Fact>
        {row.bidderCode && <Fact term="竞买号">{row.bidderCode}</Fact>}
        {depositText(row) && <Fact term="保证金">{depositText(row)}</Fact>}
        <Fact term="报名时间">{row.registeredAt}</Fact>
        <Fact term={price.title}>{priceText(price.amount, row.priceUnit)}</Fact>
        {showBids && (
          <Fact term="我的最高出价">{row.myHighestBid === null ? '未出价' : `${priceText(row.myHighestBid, row.priceUnit)}（共 ${row.myBidCount} 次）`}</Fact>
        )}
        {(row.status === 5 || row.status === 6) && row.biddingStopTime && <Fact term="竞价截止">{row.biddingStopTime}</Fact>}
      </dl>
      {approved && row.status === 6 && (
        <Link className="tm-button tm-mine__action" to={href}>
          进入竞价<span className="tm-visually-hidden">：{row.projectName}</span>
        </Link>
      )}
    </article>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
