import { hhmmss } from './time.js';

interface AuctionNoticesProps {
  /** The bidding ended without a deal. */
  noDeal: boolean;
  /** The new end of a bidding a late bid extended (ms), while it is on. */
  delayedTo: number | null;
  extendMinutes: number | undefined;
  /** What screen readers are told of the clock and the price, while the panel is live. */
  spoken: { clockSaid: string; priceSaid: string } | null;
  /** The feed could not be loaded: say so and offer to load it again. */
  failed: boolean;
  onReload: () => void;
}

/** The panel's notices as bidding goes: no deal, an extended end, the spoken clock and price, a feed that failed. */
export function AuctionNotices({ noDeal, delayedTo, extendMinutes, spoken, failed, onReload }: AuctionNoticesProps) {
  return (
    <>
      {noDeal ? (
        <p className="tm-auction__nodeal" role="status">
          竞价已结束，本项目未成交。
        </p>
      ) : null}
      {delayedTo !== null ? (
        <p className="tm-auction__delay">
          有竞买人在结束前{extendMinutes ?? 5}分钟内出价，竞价结束时间已延长至 {hhmmss(delayedTo)}
        </p>
      ) : null}
      {spoken ? (
        <>
          <p className="tm-visually-hidden tm-auction__said-time" role="status">
            {spoken.clockSaid}
          </p>
          <p className="tm-visually-hidden tm-auction__said-price" role="status">
            {spoken.priceSaid}
          </p>
        </>
      ) : null}
      {failed ? (
        <p className="tm-auction__error" role="alert">
          竞价信息加载失败。
          <button type="button" className="tm-button tm-button--link" onClick={onReload}>
            重新加载
          </button>
        </p>
      ) : null}
    </>
  );
}
