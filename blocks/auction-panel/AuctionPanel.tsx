import { useRef, useState } from 'react';
import { formatCountdown, formatYuan, headlinePrice } from '../../machines/index.js';
import { useApiClient } from '../../engine/react/PortalClientProvider.js';
import { useFlags, useRegion } from '../../engine/react/RegionProvider.js';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import { statusLabel } from '../../machines/project-status-rules.js';
import type { ProjectDetail } from '../../schemas/types/api.js';
import type { AuctionPanelProps } from '../../schemas/types/blocks.js';
import { ConfirmDialog } from '../_parts/TransferEntry.js';
import { AuctionFacts } from './AuctionFacts.js';
import { AuctionEvents, AuctionRecords } from './AuctionRecords.js';
import { BidForm } from './BidForm.js';
import { ONSITE_BIDDING_NOTE, panelAction } from './panel-action.js';
import { hhmmss } from './time.js';
import { useAnnouncements } from './useAnnouncements.js';
import { useAuction } from './useAuction.js';
import { useAuctionClock } from './useAuctionClock.js';
import { useRegistration } from './useRegistration.js';
import './auction-panel.css';

/**
 * Registration and live bidding on a project's detail page. Rules live elsewhere: the registration machine decides
 * the button, the countdown machine the clock, the bid-submission machine a bid's way to the server,
 * `machines/auction-view` the amounts; the server decides every bid.
 */
export default function AuctionPanel({ props, data, blockId }: BlockComponentProps<AuctionPanelProps, ProjectDetail>) {
  const client = useApiClient();
  const flags = useFlags();
  const region = useRegion();
  const project = data!;
  const signupOnly = props.mode === 'signup';
  const live = props.mode === 'bidding' || props.mode === 'live';
  const feed = useAuction(project.id, live);
  const auction = feed.state;
  const status = auction?.status ?? project.status;
  const clockView = useAuctionClock(project, status, auction?.biddingStopTime, feed.offset);

  // Registration and bidding rights.
  const bidInput = useRef<HTMLInputElement>(null);
  const onsiteNote = useRef<HTMLParagraphElement>(null);
  const { registration, button } = useRegistration({
    projectId: project.id,
    status,
    loginRoute: props.loginRoute ?? '/login',
    // Where bids are not taken online, 立即竞价 says where to bid instead.
    openBidding: () => {
      if (props.mode === 'bidding') return bidInput.current?.focus();
      client.notifier.message('info', ONSITE_BIDDING_NOTE);
      onsiteNote.current?.focus();
    },
  });
  const action = panelAction(props.mode, button);
  // affirmMoney (spec §3, §4): the deposit is confirmed in a dialog before the registration is sent.
  const [affirming, setAffirming] = useState(false);
  const deposit = project.deposit ?? 0;
  const press = () => {
    if (!button?.event) return;
    if (button.event === 'REGISTER' && flags.affirmMoney && deposit > 0) setAffirming(true);
    else registration.send({ type: button.event });
  };

  const canBid = props.mode === 'bidding' && status === 6 && !clockView.reached && button?.event === 'BID';
  const heading = `${blockId}-title`;
  const records = auction?.records.slice(0, props.recordsShown ?? 10) ?? [];
  const ended = status >= 7;
  const headline = auction ? headlinePrice(auction, status) : null;
  const { clockSaid, priceSaid } = useAnnouncements({
    stopTime: !signupOnly && status === 6 ? (auction?.biddingStopTime ?? null) : null,
    remaining: clockView.remaining,
    offset: feed.offset,
    headline,
  });

  return (
    <section className="tm-auction" aria-labelledby={heading}>
      <h2 id={heading} className="tm-auction__title">
        {props.title ?? (signupOnly ? '项目报名' : '竞价大厅')}
        <span className={`tm-auction__status tm-auction__status--${status === 6 && !clockView.reached ? 'live' : ended ? 'done' : 'wait'}`}>
          {statusLabel(status, region)}
        </span>
      </h2>

      {signupOnly ? null : <AuctionFacts auction={auction} headline={headline} status={status} ended={ended} clock={clockView} />}
      {signupOnly && clockView.label && !ended ? (
        <p className="tm-auction__signup-clock">
          {clockView.label}：
          <span role="timer" aria-live="off">
            {clockView.reached ? '即将更新' : formatCountdown(clockView.remaining)}
          </span>
        </p>
      ) : null}

      {!signupOnly && headline?.noDeal ? (
        <p className="tm-auction__nodeal" role="status">
          竞价已结束，本项目未成交。
        </p>
      ) : null}
      {feed.lastDelay && status === 6 ? (
        <p className="tm-auction__delay">
          有竞买人在结束前{auction?.extendMinutes ?? 5}分钟内出价，竞价结束时间已延长至 {hhmmss(feed.lastDelay.biddingStopTime)}
        </p>
      ) : null}
      {live && !signupOnly ? (
        <>
          <p className="tm-visually-hidden tm-auction__said-time" role="status">
            {clockSaid}
          </p>
          <p className="tm-visually-hidden tm-auction__said-price" role="status">
            {priceSaid}
          </p>
        </>
      ) : null}
      {feed.error ? (
        <p className="tm-auction__error" role="alert">
          竞价信息加载失败。
          <button type="button" className="tm-button tm-button--link" onClick={feed.reload}>
            重新加载
          </button>
        </p>
      ) : null}

      <div className="tm-auction__actions">
        {action?.control === 'button' ? (
          <button
            type="button"
            className="tm-button tm-auction__register"
            disabled={!action.enabled}
            aria-busy={button?.loading || undefined}
            aria-describedby={action.note ? `${blockId}-onsite` : undefined}
            onClick={press}
          >
            {action.label}
          </button>
        ) : null}
        {action?.control === 'bid-form' && button ? (
          <BidForm
            projectId={project.id}
            auction={auction}
            canBid={canBid}
            label={button.label}
            blockId={blockId}
            confirmFirst={Boolean(flags.affirmMoney)}
            amountRef={bidInput}
            onSettled={(accepted) => {
              if (!accepted || !live) feed.reload();
            }}
          />
        ) : null}
        {props.mode !== 'bidding' && status === 6 ? (
          <p ref={onsiteNote} id={`${blockId}-onsite`} className="tm-auction__help" tabIndex={-1}>
            {ONSITE_BIDDING_NOTE}
          </p>
        ) : null}
      </div>

      {!signupOnly && flags.showBiddingMessage ? <AuctionEvents events={feed.events} /> : null}
      {!signupOnly && flags.showAuctionRecords ? <AuctionRecords records={records} ended={ended} hideNames={Boolean(flags.notShowAuctionRecordsName)} /> : null}

      {affirming ? (
        <ConfirmDialog
          text={`本项目交易保证金为 ${formatYuan(deposit)}，报名后须按公告要求足额缴纳，未缴纳的报名无效。确认报名？`}
          onCancel={() => setAffirming(false)}
          onConfirm={() => {
            setAffirming(false);
            registration.send({ type: 'REGISTER' });
          }}
        />
      ) : null}
    </section>
  );
}
