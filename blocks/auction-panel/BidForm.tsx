import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent, type RefObject } from 'react';
import { fromPromise } from 'xstate';
import { bidSubmissionMachine, type BidKeyOutcome } from '../../machines/bid-submission.js';
import { formatYuan, minimumBid, steppedBid, type AuctionState } from '../../machines/index.js';
import { useApiClient } from '../../engine/react/PortalClientProvider.js';
import { ConfirmDialog } from '../_parts/TransferEntry.js';

export interface BidFormProps {
  projectId: number;
  auction: AuctionState | null;
  /** Bids are taken now (status 6, the clock not run out, the bidder approved). */
  canBid: boolean;
  /** The submit button's §4 label (立即竞价). */
  label: string;
  blockId: string;
  /** The region's affirmMoney: confirm each bid in a dialog first. */
  confirmFirst: boolean;
  /** The amount field, which the panel focuses when 立即竞价 is pressed elsewhere. */
  amountRef: RefObject<HTMLInputElement>;
  /** After a bid, accepted or refused: without the real-time channel the panel reloads the auction. */
  onSettled: (accepted: boolean) => void;
}

/**
 * The bid form: a stepper of whole increments over the minimum, an amount field, and the submit button. What happens
 * to a bid — checked, confirmed, sent once with its key, refused with the server's reason, asked about when its
 * request was lost — is {@link bidSubmissionMachine}'s.
 */
export function BidForm({ projectId, auction, canBid, label, blockId, confirmFirst, amountRef, onSettled }: BidFormProps) {
  const client = useApiClient();
  const [steps, setSteps] = useState(0);
  const [amountText, setAmountText] = useState('');
  const submission = useActorRef(
    bidSubmissionMachine.provide({
      actors: {
        sendBid: fromPromise<unknown, { amount: number; key?: string }>(({ input }) =>
          // A lost request is the machine's to explain (it asks whether the bid landed), not §8's generic message.
          client.call('auctionBid', { body: { projectId, amount: input.amount, key: input.key }, quietTransport: true }),
        ),
        askOutcome: fromPromise<BidKeyOutcome, { key: string }>(async ({ input }) => {
          const outcome = await client.call('auctionBidOutcome', { body: { projectId, key: input.key }, quietTransport: true });
          return { accepted: outcome.accepted, amount: outcome.result?.bid.amount };
        }),
      },
      actions: {
        refused: () => amountRef.current?.focus(),
        accepted: (_, { amount }) => {
          client.notifier.message('success', `出价成功：${formatYuan(amount)}`);
          setSteps(0);
          onSettled(true);
        },
        failed: () => onSettled(false),
      },
    }),
    { input: { confirmFirst } },
  );
  const problem = useSelector(submission, (s) => s.context.problem);
  const sending = useSelector(submission, (s) => !s.matches('idle') && !s.matches('confirming'));
  // A lost request: the bid may have landed, and the machine is asking the server whether it did.
  const checking = useSelector(submission, (s) => s.matches('checking') || s.matches('waiting'));
  const confirming = useSelector(submission, (s) => (s.matches('confirming') ? s.context.amount : null));
  const least = auction ? minimumBid(auction) : null;
  // Following the price: when someone outbids, the suggestion moves up with it.
  useEffect(() => {
    if (auction) setAmountText(String(steppedBid(auction, steps)));
  }, [auction?.currentPrice, auction?.bidCount, steps]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (auction) submission.send({ type: 'SUBMIT', amount: Number(amountText), auction });
  };

  return (
    <>
      <form className="tm-auction__bid" onSubmit={submit} noValidate>
        <label htmlFor={`${blockId}-amount`}>我的出价（元）</label>
        <div className="tm-auction__stepper">
          {/* At the minimum − does nothing but stays focusable (aria-disabled): disabling it under the keyboard's
            press would drop the focus to the page. */}
          <button
            type="button"
            aria-label="减少一个加价幅度"
            disabled={!canBid}
            aria-disabled={steps === 0 || undefined}
            onClick={() => setSteps((n) => Math.max(0, n - 1))}
          >
            −
          </button>
          <input
            ref={amountRef}
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
          {checking ? '正在确认出价结果…' : sending ? '正在出价…' : label}
        </button>
        <p id={`${blockId}-bid-help`} className={problem ? 'tm-auction__problem' : 'tm-auction__help'} role={problem ? 'alert' : undefined}>
          {problem ?? (least !== null ? `最低可出价 ${formatYuan(least)}，须为加价幅度的整数倍` : '')}
        </p>
      </form>
      {confirming !== null ? (
        <ConfirmDialog
          text={`确认出价 ${formatYuan(confirming)}？出价后不可撤回。`}
          onCancel={() => submission.send({ type: 'CANCEL' })}
          onConfirm={() => submission.send({ type: 'CONFIRM' })}
        />
      ) : null}
    </>
  );
}
