/**
 * The bid rules' shared table (machines/testing/bid-cases.ts), on the real server: each case is a project set up as
 * the case says, bid on through `auctionBid`, and the answer must be the case's — the same verdict the panel's
 * `bidVerdict` gives for it (tests/machines/auction-view.test.ts iterates the same table).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bidRefusalError, type BidRefusal } from '../../server/auction/index.js';
import { BID_CASES, type BidCase } from '../../machines/testing/bid-cases.js';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A, TENANT_A_TOWN } from './fixtures.js';
import { dbClock, insertProject, userWithToken } from './auction-helpers.js';

const HOUR = 3_600_000;
let server: TestServer;
let bidder: Awaited<ReturnType<typeof userWithToken>>;
let other: Awaited<ReturnType<typeof userWithToken>>;

beforeAll(async () => {
  server = await startTestServerWithPlaces();
  bidder = await userWithToken(server, '13800000011', '张三丰');
  other = await userWithToken(server, '13800000012', '李四光');
});
afterAll(() => server.close());

/** A project as the case describes it, with a bid by someone else standing at its current price. */
async function projectFor(c: BidCase): Promise<number> {
  const now = await dbClock(server.db);
  const { price, increment, currentPrice, type = 2, window = 'open', registration = 'approved' } = c.auction;
  const [start, stop] = { open: [now - HOUR, now + HOUR], notYet: [now + HOUR, now + 2 * HOUR], over: [now - 2 * HOUR, now - 1], noStop: [now - HOUR, null] }[
    window
  ];
  const id = await insertProject(server.db, {
    deptId: TENANT_A_TOWN,
    status: window === 'notYet' ? 5 : 6,
    type,
    price,
    increment,
    biddingStartTime: start,
    biddingStopTime: stop,
  });
  if (registration !== 'none') {
    await server.db
      .insertInto('registration')
      .values({ projectId: id, userId: bidder.userId, state: registration === 'approved' ? 1 : 2, bidderCode: registration === 'approved' ? '001' : '' })
      .execute();
  }
  if (currentPrice !== null) {
    await server.db.insertInto('registration').values({ projectId: id, userId: other.userId, state: 1, bidderCode: '002' }).execute();
    await server.db
      .insertInto('bid')
      .values({ projectId: id, userId: other.userId, amount: currentPrice, bidderCode: '002', createdAt: new Date(now - 1000) })
      .execute();
    await server.db.updateTable('project').set({ currentPrice }).where('id', '=', id).execute();
  }
  return id;
}

describe('the shared table of bid cases, on the real server', () => {
  it.each(BID_CASES)('$name', async (c) => {
    const id = await projectFor(c);
    const res = await server.app.inject({
      method: 'POST',
      url: '/prod-api/api/auction/bid',
      headers: { ...server.signed(TENANT_A), ...bidder.headers },
      payload: { projectId: id, amount: c.amount },
    });
    expect({ status: res.statusCode, msg: res.json().msg }).toEqual(c.server);
    const stored = await server.db.selectFrom('bid').select('amount').where('projectId', '=', id).where('userId', '=', bidder.userId).execute();
    expect(stored.map((b) => Number(b.amount))).toEqual(c.verdict === null ? [c.amount] : []);
    // The statement's verdict is the case's: its words for that verdict are what the bidder was told.
    if (c.verdict !== null && c.verdict !== 'invalidAmount') {
      const figures = { price: c.auction.price, increment: c.auction.increment, currentPrice: c.auction.currentPrice };
      expect(bidRefusalError(c.verdict as BidRefusal, figures).message).toBe(c.server.msg);
    }
  });

  it('answers numbers sent as text (ajv coerces body and query strings) exactly as the numbers themselves', async () => {
    const below = BID_CASES.find((c) => c.verdict === 'belowStart')!;
    const send = async (payload: Record<string, unknown>, query = '') =>
      server.app.inject({
        method: 'POST',
        url: `/prod-api/api/auction/bid${query}`,
        headers: { ...server.signed(TENANT_A), ...bidder.headers },
        payload,
      });
    const id = await projectFor(below);
    const asNumbers = (await send({ projectId: id, amount: below.amount })).json();
    expect(asNumbers).toEqual({ code: below.server.status, msg: below.server.msg });
    expect((await send({ projectId: String(id), amount: String(below.amount) })).json()).toEqual(asNumbers);
    expect((await send({}, `?projectId=${id}&amount=${below.amount}`)).json()).toEqual(asNumbers);
    // Text that is no number is still refused by the schema, not taken as 0.
    expect((await send({ projectId: 'abc', amount: '1000' })).statusCode).toBe(400);
  });

  it('has a case for every refusal the statement can give', () => {
    const refusals: BidRefusal[] = [
      'tender',
      'ended',
      'notStarted',
      'noStopTime',
      'pending',
      'notQualified',
      'noIncrement',
      'belowStart',
      'belowNext',
      'notMultiple',
    ];
    expect(refusals.filter((r) => !BID_CASES.some((c) => c.verdict === r))).toEqual([]);
  });
});
