import { formatCountdown, formatYuan, type AuctionState, type HeadlinePrice } from '../../machines/index.js';

/** The auction at a glance: the headline price (起始价, 当前价, 成交价…), the increment, the bid count and the clock. */
export function AuctionFacts({
  auction,
  headline,
  status,
  ended,
  clock: clockView,
}: {
  auction: AuctionState | null;
  headline: HeadlinePrice | null;
  status: number;
  ended: boolean;
  clock: { label: string | null; reached: boolean; remaining: number };
}) {
  return (
    <dl className="tm-auction__facts">
      <div>
        <dt>{headline?.label ?? '起始价'}</dt>
        <dd className="tm-auction__price">{headline ? formatYuan(headline.amount) : '—'}</dd>
      </div>
      <div>
        <dt>加价幅度</dt>
        <dd>{auction ? formatYuan(auction.increment) : '—'}</dd>
      </div>
      <div>
        <dt>出价次数</dt>
        <dd>{auction?.bidCount ?? 0} 次</dd>
      </div>
      {clockView.label && !ended ? (
        <div>
          <dt>{clockView.label}</dt>
          <dd className="tm-auction__countdown">
            <span role="timer" aria-live="off">
              {clockView.reached ? (status === 6 ? '竞价时间已到，正在确认结果…' : '即将更新') : formatCountdown(clockView.remaining)}
            </span>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** The signup panel's glance: only the clock, to the end of registration or the start of bidding. */
export function SignupClock({ clock }: { clock: { label: string | null; reached: boolean; remaining: number } }) {
  return (
    <p className="tm-auction__signup-clock">
      {clock.label}：
      <span role="timer" aria-live="off">
        {clock.reached ? '即将更新' : formatCountdown(clock.remaining)}
      </span>
    </p>
  );
}
