import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { bidProblem, clockText, formatCountdown, formatYuan, headlinePrice, minimumBid, priceAnnouncement, steppedBid, watchClock, type ClockWatch, type HeadlinePrice } from '../../machines/index.js';
import { isApiError } from '../../engine/http/index.js';
import { useApiClient, useSession } from '../../engine/react/PortalClientProvider.js';
import { useFlags } from '../../engine/react/RegionProvider.js';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import { countdownMachine } from '../../machines/countdown.js';
import { COUNTDOWN_LABELS, statusLabel } from '../../machines/project-status-rules.js';
import { statusAt, timelineOf } from '../../machines/project-status.js';
import { registrationButton, registrationMachine, type RegistrationState } from '../../machines/registration.js';
import type { ProjectDetail } from '../../schemas/types/api.js';
import type { AuctionPanelProps } from '../../schemas/types/blocks.js';
import { useRegion } from '../../engine/react/RegionProvider.js';
import { ConfirmDialog } from '../shared/TransferEntry.js';
import { loginReturnState } from '../shared/login-return.js';
import { ONSITE_BIDDING_NOTE, panelAction } from './panel-action.js';
import { useAuction } from './useAuction.js';
import './auction-panel.css';

const hhmmss = (ms: number) => new Date(ms).toLocaleTimeString('zh-CN', { hour12: false, timeZone: 'Asia/Shanghai' });

/**
 * Registration and live bidding on a project's detail page. Rules live elsewhere: the registration machine decides
 * the button, the countdown machine the clock, `machines/auction-view` the amounts; the server decides every bid.
 */
export default function AuctionPanel({ props, data, blockId }: BlockComponentProps<AuctionPanelProps, ProjectDetail>) {
  const client = useApiClient();
  const session = useSession();
  const flags = useFlags();
  const region = useRegion();
  const navigate = useNavigate();
  const location = useLocation();
  const project = data!;
  const signupOnly = props.mode === 'signup';
  const live = props.mode === 'bidding' || props.mode === 'live';
  const feed = useAuction(project.id, live);
  const auction = feed.state;
  const status = auction?.status ?? project.status;

  // What the clock says now: the countdown target and its label (bidding end from the live state).
  const timeline = useMemo(() => timelineOf({ ...project, releaseRecord: project.releaseRecord ?? {} } as never), [project]);
  const clock = statusAt({ ...timeline, status }, Date.now() + feed.offset);
  const target = status === 6 ? (auction?.biddingStopTime ?? timeline.biddingStopTime) : clock.nextChangeAt;
  const countdown = useActorRef(countdownMachine, { input: { target, offset: feed.offset } });
  useEffect(() => countdown.send({ type: 'RETARGET', target }), [countdown, target]);
  useEffect(() => countdown.send({ type: 'OFFSET', offset: feed.offset }), [countdown, feed.offset]);
  const remaining = useSelector(countdown, (s) => s.context.remaining);
  const reached = useSelector(countdown, (s) => s.matches('reached'));
  const countdownLabel = status === 6 ? COUNTDOWN_LABELS.biddingStopTime : clock.nextChangeAt !== null ? COUNTDOWN_LABELS[countdownField(clock, timeline)] : null;

  // Registration and bidding rights.
  const bidInput = useRef<HTMLInputElement>(null);
  const onsiteNote = useRef<HTMLParagraphElement>(null);
  const registration = useActorRef(
    registrationMachine.provide({
      actors: {
        register: fromPromise(async () => {
          const r = await client.call('auctionRegister', { body: { projectId: project.id } });
          return { state: r.state === 1 ? 1 : 2 } as const;
        }),
      },
      actions: {
        // Where bids are not taken online, 立即竞价 says where to bid instead.
        openBidding: () => {
          if (props.mode === 'bidding') return bidInput.current?.focus();
          client.notifier.message('info', ONSITE_BIDDING_NOTE);
          onsiteNote.current?.focus();
        },
        // The login brings the visitor back here.
        requestLogin: () => navigate(flags.homeShowLogin ? '/' : (props.loginRoute ?? '/login'), { state: loginReturnState(location) }),
        notify: (_, n) => client.notifier.message(n.kind, n.text),
      },
    }),
    { input: { status, loggedIn: false } },
  );
  useEffect(() => registration.send({ type: 'STATUS', status }), [registration, status]);
  useEffect(() => {
    if (!session.token) {
      registration.send({ type: 'LOGGED_OUT' });
      return;
    }
    let alive = true;
    client.call('auctionRegistration', { body: { projectId: project.id } }).then(
      (r) => alive && registration.send({ type: 'LOGGED_IN', registrationState: (r.state ?? 0) as RegistrationState }),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [client, registration, session.token, project.id]);
  const button = useSelector(registration, registrationButton);
  const action = panelAction(props.mode, button);
  // affirmMoney (spec §3, §4): the deposit is confirmed in a dialog before the registration is sent.
  const [affirming, setAffirming] = useState(false);
  const deposit = project.deposit ?? 0;
  const press = () => {
    if (!button?.event) return;
    if (button.event === 'REGISTER' && flags.affirmMoney && deposit > 0) setAffirming(true);
    else registration.send({ type: button.event });
  };

  // The bid form.
  const [steps, setSteps] = useState(0);
  const [amountText, setAmountText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState<number | null>(null);
  const least = auction ? minimumBid(auction) : null;
  // Following the price: when someone outbids, the suggestion moves up with it.
  useEffect(() => {
    if (auction) setAmountText(String(steppedBid(auction, steps)));
  }, [auction?.currentPrice, auction?.bidCount, steps]); // eslint-disable-line react-hooks/exhaustive-deps

  const canBid = props.mode === 'bidding' && status === 6 && !reached && button?.event === 'BID';
  const send = async (amount: number) => {
    setSending(true);
    setProblem(null);
    try {
      await client.call('auctionBid', { body: { projectId: project.id, amount } });
      client.notifier.message('success', `出价成功：${formatYuan(amount)}`);
      setSteps(0);
      if (!live) feed.reload();
    } catch (e) {
      // The server's reason (below the minimum, not on the grid, ended, not approved…), said by the form as well.
      setProblem(isApiError(e) ? e.message : '出价失败，请稍后重试');
      feed.reload();
    } finally {
      setSending(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!auction || sending) return;
    const amount = Number(amountText);
    const why = bidProblem(auction, amount);
    setProblem(why);
    if (why) return bidInput.current?.focus();
    if (flags.affirmMoney) setConfirming(amount);
    else void send(amount);
  };

  const heading = `${blockId}-title`;
  const records = auction?.records.slice(0, props.recordsShown ?? 10) ?? [];
  const ended = status >= 7;
  const headline = auction ? headlinePrice(auction, status) : null;

  // For screen readers (machines/auction-announcements): the visible clock is not live — a reader would hear it every
  // second — so a polite region says the remaining time at milestones and an extended end; another the price, once
  // per change. Both start empty: what the page shows as it loads is read with the page.
  const clockWatch = useRef<ClockWatch | null>(null);
  const [clockSaid, setClockSaid] = useState('');
  const stopTime = !signupOnly && status === 6 ? (auction?.biddingStopTime ?? null) : null;
  useEffect(() => {
    if (stopTime === null) {
      clockWatch.current = null;
      return;
    }
    const step = watchClock(clockWatch.current, { stopTime, remaining: Math.max(0, stopTime - (Date.now() + feed.offset)) });
    clockWatch.current = step.watch;
    if (step.say) setClockSaid(clockText(step.say, hhmmss));
  }, [stopTime, remaining, feed.offset]);
  const lastHeadline = useRef<HeadlinePrice | null>(null);
  const [priceSaid, setPriceSaid] = useState('');
  useEffect(() => {
    if (!headline) return;
    const previous = lastHeadline.current;
    setPriceSaid((current) => priceAnnouncement(previous, headline, current, formatYuan));
    lastHeadline.current = headline;
  }, [headline?.label, headline?.amount]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <section className="tm-auction" aria-labelledby={heading}>
      <h2 id={heading} className="tm-auction__title">
        {props.title ?? (signupOnly ? '项目报名' : '竞价大厅')}
        <span className={`tm-auction__status tm-auction__status--${status === 6 && !reached ? 'live' : ended ? 'done' : 'wait'}`}>{statusLabel(status, region)}</span>
      </h2>

      {signupOnly ? null : (
      <dl className="tm-auction__facts">
        <div>
          <dt>{headline?.label ?? '起始价'}</dt>
          <dd className="tm-auction__price">
            {headline ? formatYuan(headline.amount) : '—'}
          </dd>
        </div>
        <div>
          <dt>加价幅度</dt>
          <dd>{auction ? formatYuan(auction.increment) : '—'}</dd>
        </div>
        <div>
          <dt>出价次数</dt>
          <dd>{auction?.bidCount ?? 0} 次</dd>
        </div>
        {countdownLabel && !ended ? (
          <div>
            <dt>{countdownLabel}</dt>
            <dd className="tm-auction__countdown">
              <span role="timer" aria-live="off">{reached ? (status === 6 ? '竞价时间已到，正在确认结果…' : '即将更新') : formatCountdown(remaining)}</span>
            </dd>
          </div>
        ) : null}
      </dl>
      )}
      {signupOnly && countdownLabel && !ended ? (
        <p className="tm-auction__signup-clock">
          {countdownLabel}：<span role="timer" aria-live="off">{reached ? '即将更新' : formatCountdown(remaining)}</span>
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
          <p className="tm-visually-hidden tm-auction__said-time" role="status">{clockSaid}</p>
          <p className="tm-visually-hidden tm-auction__said-price" role="status">{priceSaid}</p>
        </>
      ) : null}
      {feed.error ? (
        <p className="tm-auction__error" role="alert">
          竞价信息加载失败。<button type="button" className="tm-button tm-button--link" onClick={feed.reload}>重新加载</button>
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
          <form className="tm-auction__bid" onSubmit={submit} noValidate>
            <label htmlFor={`${blockId}-amount`}>我的出价（元）</label>
            <div className="tm-auction__stepper">
              {/* At the minimum − does nothing but stays focusable (aria-disabled): disabling it under the keyboard's
                  press would drop the focus to the page. */}
              <button type="button" aria-label="减少一个加价幅度" disabled={!canBid} aria-disabled={steps === 0 || undefined} onClick={() => setSteps((n) => Math.max(0, n - 1))}>
                −
              </button>
              <input
                ref={bidInput}
                id={`${blockId}-amount`}
                inputMode="decimal"
                value={amountText}
                disabled={!canBid}
                onChange={(e) => setAmountText(e.target.value)}
                aria-invalid={problem ? true : undefined}
                aria-describedby={`${blockId}-bid-help`}
              />
              <button type="button" aria-label="增加一个加价幅度" disabled={!canBid} onClick={() => setSteps((n) => n + 1)}>
                +
              </button>
            </div>
            {/* While a bid is sent the button refuses a second one but keeps the focus (aria-disabled, not disabled). */}
            <button type="submit" className="tm-button tm-auction__submit" disabled={!canBid} aria-disabled={sending || undefined}>
              {sending ? '正在出价…' : button.label}
            </button>
            <p id={`${blockId}-bid-help`} className={problem ? 'tm-auction__problem' : 'tm-auction__help'} role={problem ? 'alert' : undefined}>
              {problem ?? (least !== null ? `最低可出价 ${formatYuan(least)}，须为加价幅度的整数倍` : '')}
            </p>
          </form>
        ) : null}
        {props.mode !== 'bidding' && status === 6 ? (
          <p ref={onsiteNote} id={`${blockId}-onsite`} className="tm-auction__help" tabIndex={-1}>
            {ONSITE_BIDDING_NOTE}
          </p>
        ) : null}
      </div>

      {!signupOnly && flags.showBiddingMessage && feed.events.length ? (
        <ul className="tm-auction__events" aria-label="竞价动态">
          {feed.events.slice(0, 5).map((line, i) => (
            <li key={`${i}-${line}`}>{line}</li>
          ))}
        </ul>
      ) : null}

      {!signupOnly && flags.showAuctionRecords ? (
        <table className="tm-auction__records">
          <caption>出价记录</caption>
          <thead>
            <tr>
              <th scope="col">出价时间</th>
              <th scope="col">竞买号</th>
              {flags.notShowAuctionRecordsName ? null : <th scope="col">竞买人</th>}
              <th scope="col">出价（元）</th>
            </tr>
          </thead>
          <tbody>
            {records.length ? (
              records.map((r, i) => (
                <tr key={r.id} className={i === 0 ? 'tm-auction__leading' : undefined}>
                  <td>{new Date(r.time).toLocaleString('zh-CN', { hour12: false, timeZone: 'Asia/Shanghai' })}</td>
                  <td>{r.bidderCode}</td>
                  {flags.notShowAuctionRecordsName ? null : <td>{r.bidderName}</td>}
                  <td>
                    {formatYuan(r.amount)}
                    {i === 0 ? <span className="tm-auction__lead">{ended ? '成交' : '领先'}</span> : null}
                  </td>
                </tr>
              ))
            ) : (
              <tr>
                <td colSpan={flags.notShowAuctionRecordsName ? 3 : 4}>暂无出价记录</td>
              </tr>
            )}
          </tbody>
        </table>
      ) : null}

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
      {confirming !== null ? (
        <ConfirmDialog
          text={`确认出价 ${formatYuan(confirming)}？出价后不可撤回。`}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            const amount = confirming;
            setConfirming(null);
            void send(amount);
          }}
        />
      ) : null}
    </section>
  );
}

/** Which release time the clock runs to: the field whose time is `nextChangeAt`. */
function countdownField(clock: { nextChangeAt: number | null }, timeline: ReturnType<typeof timelineOf>): keyof typeof COUNTDOWN_LABELS {
  const fields = ['publicityStopTime', 'applyStartTime', 'applyStopTime', 'biddingStartTime', 'biddingStopTime'] as const;
  return fields.find((f) => timeline[f] === clock.nextChangeAt) ?? 'biddingStopTime';
}
