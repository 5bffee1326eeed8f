import type { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuctionHub } from '../../server/auction/hub.js';
import { applyBid, applyRecords, applyState, RECORDS_PAGE, type AuctionState } from '../../machines/auction-view.js';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A } from './fixtures.js';
import { approve, insertBiddingProject, twoBidders, Viewer, type Frame, type TestUser } from './auction-helpers.js';

// A viewer away for many bids comes back with its last seen bid id and ends with exactly the database's bid list:
// the records it missed (in pages when many) and the state, folded by the panel's own functions.

let server: TestServer;
let wsBase: string;
let alice: TestUser;
let bob: TestUser;
const viewers: Viewer[] = [];

beforeAll(async () => {
  server = await startTestServerWithPlaces();
  [alice, bob] = await twoBidders(server, ['13800000071', '13800000072']);
  wsBase = (await server.app.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws');
});
afterAll(async () => {
  await Promise.all(viewers.map((v) => v.close()));
  await server.close();
});

async function openViewer(): Promise<Viewer> {
  const viewer = await Viewer.open(`${wsBase}/websocket/0`);
  viewers.push(viewer);
  return viewer;
}

const placeBid = (projectId: number, amount: number, user: TestUser) =>
  server.app.inject({
    method: 'POST',
    url: '/prod-api/api/auction/bid',
    headers: { ...server.signed(TENANT_A), ...user.headers },
    payload: { projectId, amount },
  });

/** `count` bids through the API, alice and bob in turn, from `first` by the increment (100). */
async function bidsThroughApi(projectId: number, first: number, count: number): Promise<void> {
  for (let i = 0; i < count; i++) expect((await placeBid(projectId, first + i * 100, i % 2 ? bob : alice)).statusCode).toBe(200);
}

/** Bids written straight into the table, as a lost LISTEN connection leaves them: no viewer hears of them. */
async function silentBids(projectId: number, first: number, count: number): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => ({
    projectId,
    userId: i % 2 ? bob.userId : alice.userId,
    amount: first + i * 100,
    bidderCode: i % 2 ? '002' : '001',
  }));
  await server.db.insertInto('bid').values(rows).execute();
  await server.db
    .updateTable('project')
    .set({ currentPrice: first + (count - 1) * 100 })
    .where('id', '=', projectId)
    .execute();
}

/** The database's bid list, newest first, as the panel shows it. */
async function databaseBids(projectId: number): Promise<Array<{ id: number; amount: number }>> {
  const rows = await server.db.selectFrom('bid').select(['id', 'amount']).where('projectId', '=', projectId).orderBy('id', 'desc').execute();
  return rows.map((r) => ({ id: Number(r.id), amount: Number(r.amount) }));
}

/** The project's frames folded into the panel's view, as useAuction folds them. */
function fold(state: AuctionState | null, frames: readonly Frame[], projectId: number): AuctionState | null {
  for (const { type, data } of frames) {
    if (data?.projectId !== projectId) continue;
    if (type === 'auctionState') state = applyState(state, data as AuctionState);
    else if (state && type === 'auctionRecords') state = applyRecords(state, data as never);
    else if (state && type === 'auctionBid') state = applyBid(state, data as never);
  }
  return state;
}

const listOf = (state: AuctionState | null) => state?.records.map((r) => ({ id: r.id, amount: r.amount }));

/** Watches from a new socket with the last bid id seen; resolves with the frames up to the answering state. */
async function rewatch(projectId: number, lastBidId: number): Promise<Frame[]> {
  const viewer = await openViewer();
  viewer.send({ type: 'watch', data: { projectId, lastBidId } });
  await viewer.waitFor((f) => f.type === 'auctionState' && f.data?.projectId === projectId);
  return [...viewer.frames];
}

describe('a viewer that reconnects after missing bids', () => {
  it('gets every bid it missed (200 through the API) and its merged list equals the database’s', async () => {
    const projectId = await insertBiddingProject(server.db, { price: 1000, increment: 100 });
    await approve(server.db, projectId, [alice.userId, bob.userId]);
    await bidsThroughApi(projectId, 1000, 5);
    const first = await openViewer();
    await first.watch(projectId);
    await bidsThroughApi(projectId, 1500, 1);
    await first.waitFor((f) => f.type === 'auctionBid');
    let view = fold(null, first.frames, projectId);
    expect(view?.records).toHaveLength(6);
    await first.close();

    await bidsThroughApi(projectId, 1600, 200);
    const frames = await rewatch(projectId, view!.records[0].id);
    // 200 missed: the state's newest 50, the 150 before them in one page, sent before the state.
    expect(frames.map((f) => f.type)).toEqual(['auctionRecords', 'auctionState']);
    expect(frames[0].data).toMatchObject({ projectId, more: false });
    expect(frames[0].data!.records).toHaveLength(150);
    view = fold(view, frames, projectId);

    expect(listOf(view)).toEqual(await databaseBids(projectId));
    expect(view).toMatchObject({ bidCount: 206, currentPrice: 1600 + 199 * 100 });
  });

  it('keeps a first watch as it was: the state with the newest 50 and nothing else', async () => {
    const projectId = await insertBiddingProject(server.db);
    await approve(server.db, projectId, [alice.userId, bob.userId]);
    await silentBids(projectId, 1000, 120);
    const viewer = await openViewer();
    const state = await viewer.watch(projectId);
    expect(viewer.frames.map((f) => f.type)).toEqual(['auctionState']);
    expect(listOf(state.data as AuctionState)).toEqual((await databaseBids(projectId)).slice(0, 50));
  });

  it('a viewer that saw the auction before its first bid (last bid id 0) gets all of them', async () => {
    const projectId = await insertBiddingProject(server.db);
    await approve(server.db, projectId, [alice.userId, bob.userId]);
    const first = await openViewer();
    let view = fold(null, [await first.watch(projectId)], projectId);
    expect(view?.records).toEqual([]);
    await first.close();
    await silentBids(projectId, 1000, 120);
    view = fold(view, await rewatch(projectId, 0), projectId);
    expect(listOf(view)).toEqual(await databaseBids(projectId));
    expect(view?.records).toHaveLength(120);
  });

  it('pages a large gap in frames of at most RECORDS_PAGE records, oldest first, and still ends equal', async () => {
    const projectId = await insertBiddingProject(server.db);
    await approve(server.db, projectId, [alice.userId, bob.userId]);
    await silentBids(projectId, 1000, 3);
    const first = await openViewer();
    let view = fold(null, [await first.watch(projectId)], projectId);
    await first.close();

    await silentBids(projectId, 1300, 1000);
    const frames = await rewatch(projectId, view!.records[0].id);
    const pages = frames.filter((f) => f.type === 'auctionRecords').map((f) => f.data!);
    expect(pages.map((p) => p.records.length)).toEqual([RECORDS_PAGE, RECORDS_PAGE, RECORDS_PAGE, RECORDS_PAGE, 950 - 4 * RECORDS_PAGE]);
    expect(pages.map((p) => p.more)).toEqual([true, true, true, true, false]);
    const firstIds = pages.map((p) => p.records[0].id as number);
    expect(firstIds).toEqual([...firstIds].sort((a, b) => a - b));
    expect(frames.at(-1)!.type).toBe('auctionState');
    view = fold(view, frames, projectId);
    expect(listOf(view)).toEqual(await databaseBids(projectId));
  });

  it('refuses a last bid id that is not one, and a watcher already up to date gets the state alone', async () => {
    const projectId = await insertBiddingProject(server.db);
    await approve(server.db, projectId, [alice.userId, bob.userId]);
    await silentBids(projectId, 1000, 60);
    const viewer = await openViewer();
    for (const lastBidId of [-1, 1.5, '7', 2 ** 53]) {
      const from = viewer.frames.length;
      viewer.send({ type: 'watch', data: { projectId, lastBidId } });
      const error = await viewer.waitFor((f) => f.type === 'error', 5000, from);
      expect(error.data).toEqual({ msg: '无效的最后出价编号（lastBidId）', projectId });
    }
    const [newest] = await databaseBids(projectId);
    const frames = await rewatch(projectId, newest.id);
    expect(frames.map((f) => f.type)).toEqual(['auctionState']);
  });
});

/** A socket as the hub sees it: what it is sent, in order. */
function recordingSocket() {
  const sent: Frame[] = [];
  const socket = { readyState: 1, bufferedAmount: 0, send: (frame: Buffer) => sent.push(JSON.parse(String(frame))), close() {}, terminate() {} };
  return { socket: socket as unknown as WebSocket, sent };
}

describe('a hub whose LISTEN connection came back', () => {
  it('sends its watchers the bids committed while it was down, and their lists equal the database’s', async () => {
    const projectId = await insertBiddingProject(server.db);
    await approve(server.db, projectId, [alice.userId, bob.userId]);
    await silentBids(projectId, 1000, 4);
    const hub = new AuctionHub(server.db, { warn() {}, error() {} });
    const { socket, sent } = recordingSocket();
    expect(await hub.watch(hub.connect(socket), projectId)).toBe('ok');

    await silentBids(projectId, 1400, 300);
    await hub.refresh(projectId);
    expect(sent.map((f) => f.type)).toEqual(['auctionState', 'auctionRecords', 'auctionRecords', 'auctionState']);
    expect(listOf(fold(null, sent, projectId))).toEqual(await databaseBids(projectId));
  });
});
