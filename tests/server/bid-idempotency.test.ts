/**
 * Idempotent bids: a bid's key (the form's, one per press) is stored with it in the bid's statement; a repeat gets
 * the first answer, never a second bid; the outcome call tells a bidder whose request timed out what became of it.
 * Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../server/api/messages.js';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A, TENANT_B } from './fixtures.js';
import { approve, insertBiddingProject, userWithToken, type TestUser } from './auction-helpers.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  server = await startTestServerWithPlaces();
  alice = await userWithToken(server, '13800000031', '张三丰');
  bob = await userWithToken(server, '13800000032', '李四光');
});
afterAll(() => server.close());

const call = (url: string, body: Record<string, unknown>, user: TestUser, deptId = TENANT_A) =>
  server.app.inject({ method: 'POST', url: `/prod-api/api/auction/${url}`, headers: { ...server.signed(deptId), ...user.headers }, payload: body });

async function biddingProject(): Promise<number> {
  const id = await insertBiddingProject(server.db);
  await approve(server.db, id, [alice.userId, bob.userId]);
  return id;
}

const bidsOf = async (projectId: number) =>
  (await server.db.selectFrom('bid').select(['id', 'userId', 'amount']).where('projectId', '=', projectId).orderBy('id').execute()).map((b) => ({
    ...b,
    amount: Number(b.amount),
  }));

describe('a bid key', () => {
  it('sent twice: one bid, and the second answer is the first', async () => {
    const projectId = await biddingProject();
    const key = randomUUID();
    const first = await call('bid', { projectId, amount: 1000, key }, alice);
    expect(first.statusCode, first.body).toBe(200);
    const again = await call('bid', { projectId, amount: 1000, key }, alice);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().msg).toBe(MESSAGES.auction.bidAccepted);
    const { serverTime: _a, ...firstData } = first.json().data;
    const { serverTime: _b, ...againData } = again.json().data;
    expect(againData).toEqual(firstData);
    // Even with another amount: the key decides, and says what the first press did.
    const other = await call('bid', { projectId, amount: 1500, key: key.toUpperCase() }, alice);
    expect(other.json().data.bid.amount).toBe(1000);
    expect(await bidsOf(projectId)).toEqual([{ id: firstData.bid.id, userId: alice.userId, amount: 1000 }]);
    const project = await server.db.selectFrom('project').select(['currentPrice', 'bidCount']).where('id', '=', projectId).executeTakeFirstOrThrow();
    expect([Number(project.currentPrice), project.bidCount]).toEqual([1000, 1]);
  });

  it('sent many times at once: still one bid, every answer the same', async () => {
    const projectId = await biddingProject();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 8 }, () => call('bid', { projectId, amount: 1100, key }, alice)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(new Set(answers.map((a) => a.json().data.bid.id)).size).toBe(1);
    expect((await bidsOf(projectId)).length).toBe(1);
  });

  it('different keys are different bids; without a key a bid is as before', async () => {
    const projectId = await biddingProject();
    expect((await call('bid', { projectId, amount: 1000, key: randomUUID() }, alice)).statusCode).toBe(200);
    expect((await call('bid', { projectId, amount: 1100, key: randomUUID() }, bob)).statusCode).toBe(200);
    expect((await call('bid', { projectId, amount: 1200, key: randomUUID() }, alice)).statusCode).toBe(200);
    expect((await call('bid', { projectId, amount: 1300 }, bob)).statusCode).toBe(200);
    expect((await bidsOf(projectId)).map((b) => b.amount)).toEqual([1000, 1100, 1200, 1300]);
    const keys = await server.db.selectFrom('bidKey').select('bidId').where('projectId', '=', projectId).execute();
    expect(keys.length).toBe(3);
  });

  it('another bidder with the same key places a bid of their own and never sees the first', async () => {
    const projectId = await biddingProject();
    const key = randomUUID();
    const a = await call('bid', { projectId, amount: 1000, key }, alice);
    const b = await call('bid', { projectId, amount: 1100, key }, bob);
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().data.bid.id).not.toBe(a.json().data.bid.id);
    expect(b.json().data.bid.bidderCode).toBe('002');
    expect((await bidsOf(projectId)).length).toBe(2);
    // The key asked for as bob: bob's own bid, never alice's; as someone who never bid with it: nothing.
    const asBob = await call('bid-outcome', { projectId, key }, bob);
    expect(asBob.json().data.result.bid.amount).toBe(1100);
    const stranger = await userWithToken(server, '13800000033', '王五');
    const asStranger = await call('bid-outcome', { projectId, key }, stranger);
    expect(asStranger.json()).toMatchObject({ code: 200, msg: MESSAGES.auction.bidNotLanded, data: { accepted: false, result: null } });
  });

  it('refused: the refusal, no key kept, and the same key may be sent again', async () => {
    const projectId = await biddingProject();
    const key = randomUUID();
    const low = await call('bid', { projectId, amount: 900, key }, alice);
    expect(low.statusCode).toBe(409);
    expect(low.json().msg).toBe(MESSAGES.auction.belowStart('¥1,000'));
    expect(await server.db.selectFrom('bidKey').select('key').where('projectId', '=', projectId).execute()).toEqual([]);
    expect((await call('bid', { projectId, amount: 1000, key }, alice)).statusCode).toBe(200);
    expect((await bidsOf(projectId)).length).toBe(1);
  });

  it('malformed or missing: a Chinese 400', async () => {
    const projectId = await biddingProject();
    for (const key of ['abc', `${randomUUID()}\u0000`, 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz', 42]) {
      const res = await call('bid', { projectId, amount: 1000, key }, alice);
      expect(res.statusCode, String(key)).toBe(400);
      expect(res.json().msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    const missing = await call('bid-outcome', { projectId }, alice);
    expect(missing.json()).toMatchObject({ code: 400, msg: MESSAGES.auction.missingBidKey });
    expect((await bidsOf(projectId)).length).toBe(0);
  });
});

describe('the outcome call', () => {
  it('says 出价成功 with the answer for a key that landed', async () => {
    const projectId = await biddingProject();
    const key = randomUUID();
    const bid = await call('bid', { projectId, amount: 1200, key }, alice);
    const res = await call('bid-outcome', { projectId, key }, alice);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, msg: '出价成功', data: { accepted: true, result: { projectId, bid: { amount: 1200 } } } });
    expect(res.json().data.result.bid).toEqual(bid.json().data.bid);
  });

  it('says 出价未成功 for a key that did not land, and closes it: a bid with it arriving later is refused', async () => {
    const projectId = await biddingProject();
    const key = randomUUID();
    const res = await call('bid-outcome', { projectId, key }, alice);
    expect(res.json()).toMatchObject({ code: 200, msg: '出价未成功', data: { accepted: false, result: null } });
    const late = await call('bid', { projectId, amount: 1000, key }, alice);
    expect(late.json()).toMatchObject({ code: 409, msg: '出价未成功' });
    expect(await bidsOf(projectId)).toEqual([]);
    // Asked again: the same answer.
    expect((await call('bid-outcome', { projectId, key }, alice)).json().data.accepted).toBe(false);
    // A new press (a new key) bids as usual.
    expect((await call('bid', { projectId, amount: 1000, key: randomUUID() }, alice)).statusCode).toBe(200);
  });

  it('racing a bid with the same key: either the bid landed and the call says so, or the call closed it first', async () => {
    for (let i = 0; i < 5; i++) {
      const projectId = await biddingProject();
      const key = randomUUID();
      const [bid, outcome] = await Promise.all([call('bid', { projectId, amount: 1000, key }, alice), call('bid-outcome', { projectId, key }, alice)]);
      const landed = (await bidsOf(projectId)).length;
      expect(outcome.json().data.accepted).toBe(landed === 1);
      expect(bid.statusCode === 200).toBe(landed === 1);
    }
  });

  it('answers only within the caller’s tenant and for a project there', async () => {
    const projectId = await biddingProject();
    const other = await call('bid-outcome', { projectId, key: randomUUID() }, alice, TENANT_B);
    expect(other.json()).toMatchObject({ code: 404, msg: MESSAGES.projects.projectMissing });
    const missing = await call('bid-outcome', { projectId: 2147483000, key: randomUUID() }, alice);
    expect(missing.json()).toMatchObject({ code: 404 });
    const anonymous = await server.app.inject({
      method: 'POST',
      url: '/prod-api/api/auction/bid-outcome',
      headers: server.signed(TENANT_A),
      payload: { projectId, key: randomUUID() },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
