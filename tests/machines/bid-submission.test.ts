import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AuctionState } from '../../machines/auction-view.js';
import { BID_FAILED_TEXT, bidSubmissionMachine } from '../../machines/bid-submission.js';
import { ApiError } from '../../machines/ports.js';

const auction = { price: 1000, increment: 100, currentPrice: 1200, bidCount: 2 } as AuctionState;

function start(confirmFirst: boolean, send: (amount: number) => Promise<unknown>) {
  const seen: string[] = [];
  const sent: number[] = [];
  const actor = createActor(
    bidSubmissionMachine.provide({
      actors: {
        sendBid: fromPromise(async ({ input }: { input: { amount: number } }) => {
          sent.push(input.amount);
          return send(input.amount);
        }),
      },
      actions: {
        refused: () => void seen.push('refused'),
        accepted: (_, { amount }) => void seen.push(`accepted ${amount}`),
        failed: () => void seen.push('failed'),
      },
    }),
    { input: { confirmFirst } },
  ).start();
  return { actor, seen, sent };
}

describe('bid submission', () => {
  it('refuses an amount the shared rule refuses, without sending it', () => {
    const { actor, seen, sent } = start(false, async () => undefined);
    actor.send({ type: 'SUBMIT', amount: 1350, auction });
    expect(actor.getSnapshot().context.problem).toBe('出价须为加价幅度（¥100.00）的整数倍');
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'SUBMIT', amount: 1200, auction });
    expect(actor.getSnapshot().context.problem).toBe('出价不能低于当前价加加价幅度（¥1,300.00）');
    expect(seen).toEqual(['refused', 'refused']);
    expect(sent).toEqual([]);
  });

  it('sends a good amount once, however often the form is pressed while it travels', async () => {
    let release!: () => void;
    const { actor, seen, sent } = start(false, () => new Promise<void>((resolve) => (release = resolve)));
    actor.send({ type: 'SUBMIT', amount: 1300, auction });
    actor.send({ type: 'SUBMIT', amount: 1300, auction });
    expect(actor.getSnapshot().value).toBe('sending');
    release();
    await waitFor(actor, (s) => s.matches('idle'));
    expect(sent).toEqual([1300]);
    expect(seen).toEqual(['accepted 1300']);
    expect(actor.getSnapshot().context).toMatchObject({ amount: null, problem: null });
  });

  it('asks first where the region confirms bids; 取消 sends nothing, 确定 sends', async () => {
    const { actor, seen, sent } = start(true, async () => undefined);
    actor.send({ type: 'SUBMIT', amount: 1300, auction });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.amount).toBe(1300);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'SUBMIT', amount: 1400, auction });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(sent).toEqual([1400]);
    expect(seen).toEqual(['accepted 1400']);
  });

  it("keeps the server's reason, or says the bid failed when there is none", async () => {
    const refusal = start(false, async () => {
      throw new ApiError('code', '出价已被他人超过，请刷新后重试', 500);
    });
    refusal.actor.send({ type: 'SUBMIT', amount: 1300, auction });
    await waitFor(refusal.actor, (s) => s.matches('idle'));
    expect(refusal.actor.getSnapshot().context.problem).toBe('出价已被他人超过，请刷新后重试');
    expect(refusal.seen).toEqual(['failed']);

    const broken = start(false, async () => {
      throw new TypeError('Failed to fetch');
    });
    broken.actor.send({ type: 'SUBMIT', amount: 1300, auction });
    await waitFor(broken.actor, (s) => s.matches('idle'));
    expect(broken.actor.getSnapshot().context.problem).toBe(BID_FAILED_TEXT);
  });
});
