import { useEffect, useRef } from 'react';
import { formatYuan, headlinePrice } from '../../machines/index.js';
import { useApiClient } from '../../engine/react/PortalClientProvider.js';
import { useFlags, useRegion } from '../../engine/react/RegionProvider.js';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import { BIDDING_ENDED_LABEL, statusLabel } from '../../machines/project-status-rules.js';
import type { ProjectDetail } from '../../schemas/types/api.js';
import type { AuctionPanelProps } from '../../schemas/types/blocks.js';
import { ConfirmDialog } from '../_parts/TransferEntry.js';
import { AuctionFacts, SignupClock } from './AuctionFacts.js';
import { AuctionNotices } from './AuctionNotices.js';
import { AuctionEvents, AuctionRecords } from './AuctionRecords.js';
import { BidForm } from './BidForm.js';
import { ONSITE_BIDDING_NOTE, panelAction } from './panel-action.js';
import { useAnnouncements } from './useAnnouncements.js';
import { useAuction } from './useAuction.js';
import { useAuctionClock } from './useAuctionClock.js';
import { useRegistration } from './useRegistration.js';
import { useRegistrationPress } from './useRegistrationPress.js';
import { useProjectClock } from '../_parts/project-clock.js';
import './auction-panel.css';

/** How long after the clock moved on the plain panel asks the server again, doubling while it is still behind. */
const CATCH_UP_FIRST_MS = 1_000;
const CATCH_UP_MAX_MS = 30_000;

/**
 * Where no message brings the server's word (no real-time channel), the panel asks again while its clock is ahead of
 * what the server last said (its scheduler stores the new status, and decides the outcome, just after the moment).
 */
function useServerCatchUp(behind: boolean, answer: unknown, reload: () => void) {
  const attempts = useRef(0);
  useEffect(() => {
    if (!behind) {
      attempts.current = 0;
      return;
    }
    const again = setTimeout(reload, Math.min(CATCH_UP_MAX_MS, CATCH_UP_FIRST_MS * 2 ** attempts.current++));
    return () => clearTimeout(again);
  }, [behind, answer, reload]);
}

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
  // The timeline moves the status on the server's clock (报名中 → 竞价中 → 竞价已结束) without waiting for a message.
  const clock = useProjectClock(project);
  const status = clock.status;
  const clockView = useAuctionClock(project, clock, auction?.biddingStopTime);
  useServerCatchUp(!live && (clock.biddingEnded || status > (auction?.status ?? project.status)), auction, feed.reload);

  // Registration and bidding rights.
  const bidInput = useRef<HTMLInputElement>(null);
  const onsiteNote = useRef<HTMLParagraphElement>(null);
  const registered = useRegistration({
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
  const { button } = registered;
  // Past the bidding end there is nothing left to do on the plain panels (the bid form stays, disabled, and says why).
  const onsiteOver = props.mode !== 'bidding' && clock.biddingEnded;
  const action = onsiteOver ? null : panelAction(props.mode, button);
  const deposit = project.deposit ?? 0;
  const { affirming, press, confirm, cancel } = useRegistrationPress(registered, Boolean(flags.affirmMoney) && deposit > 0);

  const canBid = props.mode === 'bidding' && status === 6 && !clock.biddingEnded && !clockView.reached && button?.event === 'BID';
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
      <PanelTitle
        id={heading}
        title={props.title ?? (signupOnly ? '项目报名' : '竞价大厅')}
        tone={status === 6 && !clock.biddingEnded ? 'live' : ended || clock.biddingEnded ? 'done' : 'wait'}
        status={clock.biddingEnded ? BIDDING_ENDED_LABEL : statusLabel(status, region)}
      />

      {signupOnly ? null : <AuctionFacts auction={auction} headline={headline} status={status} ended={ended} clock={clockView} />}
      {signupOnly && clockView.label && !ended ? <SignupClock clock={clockView} /> : null}

      <AuctionNotices
        noDeal={!signupOnly && Boolean(headline?.noDeal)}
        delayedTo={feed.lastDelay && status === 6 ? feed.lastDelay.biddingStopTime : null}
        extendMinutes={auction?.extendMinutes}
        spoken={live && !signupOnly ? { clockSaid, priceSaid } : null}
        failed={feed.error}
        onReload={feed.reload}
      />

      <div className="tm-auction__actions">
        {action?.control === 'button' ? (
          <RegisterButton action={action} busy={button?.loading} describedBy={action.note ? `${blockId}-onsite` : undefined} onPress={press} />
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
        {registered.deposit ? <p className="tm-auction__help tm-auction__deposit">保证金：{registered.deposit}</p> : null}
        {props.mode !== 'bidding' && status === 6 && !onsiteOver ? (
          <p ref={onsiteNote} id={`${blockId}-onsite`} className="tm-auction__help" tabIndex={-1}>
            {ONSITE_BIDDING_NOTE}
          </p>
        ) : null}
      </div>

      {!signupOnly && flags.showBiddingMessage ? <AuctionEvents events={feed.events} /> : null}
      {!signupOnly && flags.showAuctionRecords ? <AuctionRecords records={records} ended={ended} hideNames={Boolean(flags.notShowAuctionRecordsName)} /> : null}

      {affirming ? <DepositConfirm deposit={deposit} onCancel={cancel} onConfirm={confirm} /> : null}
    </section>
  );
}

function PanelTitle({ id, title, tone, status }: { id: string; title: string; tone: 'live' | 'done' | 'wait'; status: string }) {
  return (
    <h2 id={id} className="tm-auction__title">
      {title}
      <span className={`tm-auction__status tm-auction__status--${tone}`}>{status}</span>
    </h2>
  );
}

/** The registration button with the §4 label; `describedBy` names the note that says where to bid instead. */
function RegisterButton({
  action,
  busy,
  describedBy,
  onPress,
}: {
  action: { label: string; enabled: boolean };
  busy: boolean | undefined;
  describedBy: string | undefined;
  onPress: () => void;
}) {
  return (
    <button
      type="button"
      className="tm-button tm-auction__register"
      disabled={!action.enabled}
      aria-busy={busy || undefined}
      aria-describedby={describedBy}
      onClick={onPress}
    >
      {action.label}
    </button>
  );
}

/** affirmMoney: the deposit to pay, confirmed before the registration is sent. */
function DepositConfirm({ deposit, onCancel, onConfirm }: { deposit: number; onCancel: () => void; onConfirm: () => void }) {
  return (
    <ConfirmDialog
      text={`本项目交易保证金为 ${formatYuan(deposit)}，报名后须按公告要求足额缴纳，未缴纳的报名无效。确认报名？`}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
