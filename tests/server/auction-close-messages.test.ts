import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAuction } from '../../server/auction/index.js';
import { notifyUser } from '../../server/auction/hub.js';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A } from './fixtures.js';
import { approve, dbClock, insertBiddingProject, userWithToken, Viewer, type TestUser } from './auction-helpers.js';

// When an auction closes, every approved bidder finds the outcome in 我的消息 (read back through the portal's
// own message call), and a socket logged in as that bidder gets the `notice` that lights the new-message dot.

let server: TestServer;
let wsBase: string;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let dave: TestUser;
const viewers: Viewer[] = [];

beforeAll(async () => {
  server = await startTestServerWithPlaces();
  alice = await userWithToken(server, '13800000021', '张三丰');
  bob = await userWithToken(server, '13800000022', '李四光');
  carol = await userWithToken(server, '13800000023', '欧阳娜娜'); // approved, never bids
  dave = await userWithToken(server, '13800000024', '王五'); // registered, still awaiting review
  wsBase = (await server.app.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws');
});
afterAll(async () => {
  await Promise.all(viewers.map((v) => v.close()));
  await server.close();
});

const bid = (projectId: number, amount: number, user: TestUser) =>
  server.app.inject({
    method: 'POST',
    url: '/prod-api/api/auction/bid',
    headers: { ...server.signed(TENANT_A), ...user.headers },
    payload: { projectId, amount },
  });

/** The user's messages about the project, through `messageListByRefId`. */
async function messagesOf(user: TestUser, projectId: number): Promise<Array<{ id: number; title: string; content: string; read: boolean }>> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/prod-api/base/message/listByRefId',
    headers: { ...server.signed(TENANT_A), ...user.headers },
    payload: { refId: String(projectId) },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.rows;
}

/** In bidding in 甲镇 (¥ per 亩 per year), with alice 001, bob 002, carol 003 approved and dave awaiting review. */
async function biddingProject(name: string, reservePrice: number | null = null) {
  const id = await insertBiddingProject(server.db, { reservePrice, name });
  await server.db.updateTable('project').set({ priceUnit: 1 }).where('id', '=', id).execute();
  await approve(server.db, id, [alice.userId, bob.userId, carol.userId]);
  await server.db.insertInto('registration').values({ projectId: id, userId: dave.userId, state: 2, bidderCode: '' }).execute();
  return id;
}

async function closeNow(id: number) {
  await server.db
    .updateTable('project')
    .set({ biddingStopTime: new Date((await dbClock(server.db)) - 1) })
    .where('id', '=', id)
    .execute();
  return closeAuction(server.db, id);
}

describe('messages at the close of an auction', () => {
  it('tells the winner the price, bidder code and next step, and every other approved bidder the deal price', async () => {
    const id = await biddingProject('甲镇东村耕地经营权');
    expect((await bid(id, 1000, alice)).statusCode).toBe(200);
    expect((await bid(id, 1200, bob)).statusCode).toBe(200);
    expect(await closeNow(id)).toMatchObject({ status: 7, dealAmount: 1200, winnerCode: '002' });

    expect(await messagesOf(bob, id)).toEqual([
      expect.objectContaining({
        title: '竞价成交',
        content: '您参与竞价的项目“甲镇东村耕地经营权”已结束，您以1,200元/亩/年竞得（竞买号：002），请留意交易中心通知，按时办理成交确认和合同签订手续。',
        read: false,
      }),
    ]);
    for (const loser of [alice, carol]) {
      expect(await messagesOf(loser, id)).toEqual([
        expect.objectContaining({ title: '竞价结束', content: '您参与竞价的项目“甲镇东村耕地经营权”已结束，成交价1,200元/亩/年，您未竞得。' }),
      ]);
    }
    // Not approved: no part in the auction, no message.
    expect(await messagesOf(dave, id)).toEqual([]);
  });

  it('says why there was no deal: nobody bid, or the highest bid stayed below the reserve', async () => {
    const none = await biddingProject('乙村鱼塘');
    expect(await closeNow(none)).toMatchObject({ status: 10 });
    expect((await messagesOf(alice, none)).map((m) => m.content)).toEqual(['您参与竞价的项目“乙村鱼塘”已结束，无人出价，本次竞价未成交。']);

    const below = await biddingProject('丙村厂房', 1500);
    await bid(below, 1000, alice);
    await bid(below, 1400, bob);
    expect(await closeNow(below)).toMatchObject({ status: 11 });
    for (const user of [alice, bob, carol]) {
      expect(await messagesOf(user, below)).toEqual([
        expect.objectContaining({ title: '竞价结束', content: '您参与竞价的项目“丙村厂房”已结束，最高出价未达到保留价，本次竞价未成交。' }),
      ]);
    }
  });

  it('leaves them once when several closers race', async () => {
    const id = await biddingProject('丁村林地');
    await bid(id, 1100, carol);
    const results = await Promise.all(Array.from({ length: 4 }, () => closeNow(id)));
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    for (const user of [alice, bob, carol]) expect(await messagesOf(user, id)).toHaveLength(1);
  });

  it('lights the new-message dot of a bidder who is online, on their own socket only', async () => {
    const id = await biddingProject('戊村仓库');
    await bid(id, 1300, alice);
    const aliceSocket = await Viewer.open(`${wsBase}/websocket/${alice.userId}?token=${alice.token}`);
    const bobSocket = await Viewer.open(`${wsBase}/websocket/${bob.userId}?token=${bob.token}`);
    viewers.push(aliceSocket, bobSocket);
    // The token check is asynchronous and a heartcheck is answered before it ends (under load it failed once): each
    // socket is its user's once a probe notice to that user reaches it.
    for (const [v, user] of [
      [aliceSocket, alice],
      [bobSocket, bob],
    ] as const) {
      for (let tries = 0; !v.of('notice').length; tries++) {
        expect(tries, 'the socket is never told of its user’s notices').toBeLessThan(50);
        await notifyUser(server.db, user.userId, { title: '探测' });
        await v.waitFor((f) => f.type === 'notice', 100).catch(() => undefined);
      }
    }
    await closeNow(id);
    const [aliceMessage] = await messagesOf(alice, id);
    const [bobMessage] = await messagesOf(bob, id);
    // Each socket hears of its own message, by id (with its text), and of no one else's.
    expect((await aliceSocket.waitFor((f) => f.type === 'notice' && f.data?.title !== '探测')).data).toEqual({
      messageId: aliceMessage.id,
      title: '竞价成交',
      content: aliceMessage.content,
    });
    expect((await bobSocket.waitFor((f) => f.type === 'notice' && f.data?.title !== '探测')).data).toEqual({
      messageId: bobMessage.id,
      title: '竞价结束',
      content: bobMessage.content,
    });
    for (const v of [aliceSocket, bobSocket]) {
      v.send({ type: 'heartcheck' });
      await v.waitFor((f) => f.type === 'heartcheck', 5000, v.frames.length);
      expect(v.of('notice').filter((f) => f.data?.title !== '探测')).toHaveLength(1);
    }
  });
});
