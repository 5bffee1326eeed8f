import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AuctionState } from '../../machines/auction-view.js';
import {
  BID_FAILED_TEXT,
  BID_NOT_LANDED_TEXT,
  BID_UNKNOWN_TEXT,
  bidSubmissionMachine,
  OUTCOME_ATTEMPTS,
  type BidKeyOutcome,
} from '../../machines/bid-submission.js';
import { ApiError } from '../../machines/ports.js';
import { newBidKey } from '../../machines/bid-key.js';

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

describe('bid submission: the truth after a lost request', () => {
  const TIMEOUT = new ApiError('timeout', '系统接口请求超时');
  const NETWORK = new ApiError('network', '后端接口连接异常');

  /** A machine whose bid fails with `lost`, and whose outcome calls answer in turn from `answers`. */
  function lostBid(lost: unknown, answers: Array<BidKeyOutcome | Error>) {
    const seen: string[] = [];
    const keys: { sent: string[]; asked: string[] } = { sent: [], asked: [] };
    const actor = createActor(
      bidSubmissionMachine.provide({
        actors: {
          sendBid: fromPromise<unknown, { amount: number; key?: string }>(async ({ input }) => {
            keys.sent.push(input.key!);
            throw lost;
          }),
          askOutcome: fromPromise<BidKeyOutcome, { key: string }>(async ({ input }) => {
            keys.asked.push(input.key);
            const answer = answers.shift() ?? NETWORK;
            if (answer instanceof Error) throw answer;
            return answer;
          }),
        },
        delays: { outcomeRetry: 5 },
        actions: {
          refused: () => void seen.push('refused'),
          accepted: (_, { amount }) => void seen.push(`accepted ${amount}`),
          failed: () => void seen.push('failed'),
        },
      }),
      { input: { confirmFirst: false } },
    ).start();
    return { actor, seen, keys };
  }

  it('timed out, then landed: asks with the bid’s own key and says 出价成功 with the amount', async () => {
    const { actor, seen, keys } = lostBid(TIMEOUT, [{ accepted: true, amount: 1300 }]);
    actor.send({ type: 'SUBMIT', amount: 1300, auction });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(seen).toEqual(['accepted 1300']);
    expect(keys.sent).toHaveLength(1);
    expect(keys.sent[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys.asked).toEqual(keys.sent);
    expect(actor.getSnapshot().context).toMatchObject({ amount: null, problem: null, key: null });
  });

  it('connection dropped, and the bid did not land: 出价未成功, not a guess', async () => {
    const { actor, seen } = lostBid(NETWORK, [{ accepted: false }]);
    actor.send({ type: 'SUBMIT', amount: 1300, auction });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context.problem).toBe(BID_NOT_LANDED_TEXT);
    expect(seen).toEqual(['failed']);
  });

  it('a proxy’s 504 page counts as lost too; the server’s own refusal does not', async () => {
    const proxy = lostBid(new ApiError('http', '系统接口504异常', undefined, 504), [{ accepted: true, amount: 1300 }]);
    proxy.actor.send({ type: 'SUBMIT', amount: 1300, auction });
    await waitFor(proxy.actor, (s) => s.matches('idle'));
    expect(proxy.seen).toEqual(['accepted 1300']);

    const refused = lostBid(new ApiError('code', '竞价已结束', 409), [{ accepted: true, amount: 1300 }]);
    refused.actor.send({ type: 'SUBMIT', amount: 1300, auction });
    await waitFor(refused.actor, (s) => s.matches('idle'));
    expect(refused.keys.asked).toEqual([]);
    expect(refused.actor.getSnapshot().context.problem).toBe('竞价已结束');
  });

  it('asks again while the network is down or the server answers 503, then tells the truth', async () => {
    const down = new ApiError('code', '数据库暂时不可用，请稍后重试', 503);
    const { actor, seen, keys } = lostBid(TIMEOUT, [NETWORK, TIMEOUT, down, { accepted: true, amount: 1300 }]);
    actor.send({ type: 'SUBMIT', amount: 1300, auction });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(seen).toEqual(['accepted 1300']);
    expect(keys.asked).toHaveLength(4);
    expect(new Set(keys.asked)).toEqual(new Set(keys.sent));
  });

  it('gives up after a bounded number of tries and says it could not learn the outcome', async () => {
    const { actor, seen, keys } = lostBid(TIMEOUT, []);
    actor.send({ type: 'SUBMIT', amount: 1300, auction });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(keys.asked).toHaveLength(OUTCOME_ATTEMPTS);
    expect(actor.getSnapshot().context.problem).toBe(BID_UNKNOWN_TEXT);
    expect(seen).toEqual(['failed']);
  });

  it('a press while the outcome is asked for sends nothing; the next press has a new key', async () => {
    const { actor, keys } = lostBid(TIMEOUT, [NETWORK, { accepted: false }, { accepted: false }]);
    actor.send({ type: 'SUBMIT', amount: 1300, auction });
    await waitFor(actor, (s) => s.matches('waiting'));
    actor.send({ type: 'SUBMIT', amount: 1300, auction });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(keys.sent).toHaveLength(1);
    actor.send({ type: 'SUBMIT', amount: 1300, auction });
    await waitFor(actor, (s) => s.matches('idle') && keys.sent.length === 2);
    expect(keys.sent[1]).not.toBe(keys.sent[0]);
  });
});

describe('a bid key', () => {
  it('is a v4 UUID, different each time, also where crypto.randomUUID is missing (a page over plain http)', () => {
    const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: <T extends ArrayBufferView>(a: T) => real.getRandomValues(a as unknown as Uint8Array) as unknown as T });
    try {
      const keys = Array.from({ length: 50 }, () => newBidKey());
      for (const k of keys) expect(k).toMatch(v4);
      expect(new Set(keys).size).toBe(50);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(newBidKey()).toMatch(v4);
  });
});
