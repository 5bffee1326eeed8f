import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import { createActor, SimulatedClock, waitFor, type InspectionEvent } from 'xstate';
import {
  channelUrl,
  parseServerFrame,
  realtimeChannelMachine,
  socketActor,
  type ClientFrame,
  type RealtimeChannelEmitted,
  type RealtimeChannelEvent,
  type RealtimeChannelInput,
  type ServerFrame,
} from '../../machines/realtime-channel.js';
import { fakeSockets } from '../../machines/testing/fake-socket.js';
import { coverage, definedTransitions, edgePaths, stateNodesOf } from '../../machines/testing/model-coverage.js';

// ---------------------------------------------------------------------------------------------------------------
// The boundary: a scripted WebSocket the test plays the server side of (used with the simulated clock).

const CONFIGURED: RealtimeChannelInput = {
  flags: { startWebSocket: true },
  address: 'ws://portal.test',
  userId: 7,
  token: 'tok',
};

function simulated(input: RealtimeChannelInput = CONFIGURED, inspect?: (event: InspectionEvent) => void) {
  const clock = new SimulatedClock();
  const fake = fakeSockets<ClientFrame>();
  const machine = realtimeChannelMachine.provide({ actors: { socket: socketActor(fake.Ctor, () => clock.now()) } });
  const actor = createActor(machine, { clock, input, inspect });
  const emitted: RealtimeChannelEmitted[] = [];
  for (const type of ['auctionState', 'auctionBid', 'delayTime', 'auctionEnded', 'notice'] as const) {
    actor.on(type, (event) => emitted.push(event));
  }
  actor.start();
  return { clock, actor, emitted, ...fake };
}

/** An auction's state without records (the tests add theirs). */
const STATE = {
  projectId: 12,
  status: 6,
  price: 1000,
  currentPrice: 1100,
  increment: 100,
  extendMinutes: 5,
  biddingStartTime: 0,
  biddingStopTime: 9_000,
  serverTime: 1_000,
  bidCount: 1,
  records: [],
  dealAmount: null,
};

const BID = {
  type: 'auctionBid',
  data: {
    projectId: 12,
    bid: { id: 1, amount: 1100, bidderCode: 'B01', bidderName: '张**', time: 1_000 },
    currentPrice: 1100,
    bidCount: 1,
    biddingStopTime: 9_000,
    serverTime: 1_000,
  },
} satisfies ServerFrame;

// ---------------------------------------------------------------------------------------------------------------

describe('channelUrl and parseServerFrame', () => {
  it('opens only with the flag and an address', () => {
    expect(channelUrl({ flags: {}, address: 'ws://h' })).toBeNull();
    expect(channelUrl({ flags: { startWebSocket: false }, address: 'ws://h' })).toBeNull();
    expect(channelUrl({ flags: { startWebSocket: true }, address: '  ' })).toBeNull();
    expect(channelUrl({ flags: { startWebSocket: true } })).toBeNull();
  });

  it('builds <address>/websocket/{userId}, 0 for an anonymous viewer, with the token as a query', () => {
    expect(channelUrl({ flags: { startWebSocket: true }, address: 'ws://h/' })).toBe('ws://h/websocket/0');
    expect(channelUrl({ flags: { startWebSocket: true }, address: 'ws://h', userId: null })).toBe('ws://h/websocket/0');
    expect(channelUrl({ ...CONFIGURED, token: 'a b' })).toBe('ws://portal.test/websocket/7?token=a%20b');
    expect(channelUrl({ flags: { startWebSocket: true }, address: 'https://h:8443', userId: 3 })).toBe('wss://h:8443/websocket/3');
    expect(channelUrl({ flags: { startWebSocket: true }, address: 'http://h', userId: 3 })).toBe('ws://h/websocket/3');
  });

  it('reads the contract frames and ignores anything else', () => {
    expect(parseServerFrame(JSON.stringify(BID))).toEqual(BID);
    expect(parseServerFrame('{"type":"heartcheck","data":{"serverTime":5}}')).toEqual({
      type: 'heartcheck',
      data: { serverTime: 5 },
    });
    expect(parseServerFrame('{"type":"notice"}')).toEqual({ type: 'notice', data: {} });
    expect(parseServerFrame('{"type":"auctionBid"}')).toBeNull();
    expect(parseServerFrame('{"type":"chat","data":{}}')).toBeNull();
    expect(parseServerFrame('heartcheck')).toBeNull();
    expect(parseServerFrame('[1]')).toBeNull();
    expect(parseServerFrame(42)).toBeNull();
  });
});

describe('real-time channel on a simulated clock', () => {
  it('stays off without the flag or the address, and opens no socket', () => {
    for (const input of [
      { ...CONFIGURED, flags: {} },
      { ...CONFIGURED, address: null },
    ]) {
      const { actor, sockets } = simulated(input);
      expect(actor.getSnapshot().value).toBe('off');
      expect(sockets).toHaveLength(0);
    }
  });

  it('opens at <address>/websocket/{userId}?token=', () => {
    const { actor, sockets } = simulated();
    expect(actor.getSnapshot().value).toEqual({ live: 'connecting' });
    expect(sockets.map((s) => s.url)).toEqual(['ws://portal.test/websocket/7?token=tok']);
  });

  it('reconnects 5 000 ms after an error, not before', () => {
    const { actor, clock, sockets, last } = simulated();
    last().serverOpen();
    last().serverError();
    expect(actor.getSnapshot().value).toBe('reconnecting');
    expect(sockets[0].closedByClient).toBe(true);
    clock.increment(4_999);
    expect(sockets).toHaveLength(1);
    clock.increment(1);
    expect(sockets).toHaveLength(2);
    expect(actor.getSnapshot().value).toEqual({ live: 'connecting' });
  });

  it('reconnects 5 000 ms after the server closes, also when the socket never opened', () => {
    const { actor, clock, sockets, last } = simulated();
    last().serverClose(1006);
    expect(actor.getSnapshot().value).toBe('reconnecting');
    clock.increment(4_999);
    expect(sockets).toHaveLength(1);
    clock.increment(1);
    expect(sockets).toHaveLength(2);
    last().serverOpen();
    last().serverClose(1011);
    clock.increment(4_999);
    expect(sockets).toHaveLength(2);
    clock.increment(1);
    expect(sockets).toHaveLength(3);
  });

  it('reconnects within the 1 000 ms jitter when the server closes for a restart (1012) or going away (1001), and re-sends its watches', () => {
    for (const code of [1012, 1001]) {
      const { actor, clock, sockets, last } = simulated({ ...CONFIGURED, watch: [12] });
      last().serverOpen();
      last().serverClose(code);
      expect(actor.getSnapshot().value).toBe('restarting');
      clock.increment(1_000);
      expect(sockets).toHaveLength(2);
      expect(actor.getSnapshot().value).toEqual({ live: 'connecting' });
      last().serverOpen();
      expect(sockets[1].sent).toEqual([{ type: 'watch', data: { projectId: 12 } }]);
      // A restarted server that is not back yet: the usual 5 s after the failed attempt.
      last().serverError();
      expect(actor.getSnapshot().value).toBe('reconnecting');
    }
  });

  it('sends a heartbeat at 30 000 ms and closes at 30 000 ms more without a reply, then reconnects 5 000 ms later', () => {
    const { actor, clock, sockets, last } = simulated();
    last().serverOpen();
    clock.increment(29_999);
    expect(sockets[0].sent).toEqual([]);
    clock.increment(1);
    expect(sockets[0].sent).toEqual([{ type: 'heartcheck' }]);
    expect(actor.getSnapshot().value).toEqual({ live: { open: 'awaitingReply' } });
    clock.increment(29_999);
    expect(sockets[0].closedByClient).toBe(false);
    clock.increment(1);
    expect(sockets[0].closedByClient).toBe(true);
    expect(actor.getSnapshot().value).toBe('reconnecting');
    clock.increment(4_999);
    expect(sockets).toHaveLength(1);
    clock.increment(1);
    expect(sockets).toHaveLength(2);
  });

  it('counts the next heartbeat from the reply and keeps serverTime − now as serverOffset', () => {
    const { actor, clock, sockets, last } = simulated();
    last().serverOpen();
    clock.increment(30_000);
    clock.increment(10);
    last().serverSend({ type: 'heartcheck', data: { serverTime: 30_010 + 1_234 } });
    expect(actor.getSnapshot().value).toEqual({ live: { open: 'idle' } });
    expect(actor.getSnapshot().context.serverOffset).toBe(1_234);
    clock.increment(29_999);
    expect(sockets[0].sent).toHaveLength(1);
    clock.increment(1);
    expect(sockets[0].sent).toEqual([{ type: 'heartcheck' }, { type: 'heartcheck' }]);
    // A reply keeps the channel: no close at 30 000 ms after the first heartbeat.
    expect(sockets[0].closedByClient).toBe(false);
    expect(sockets).toHaveLength(1);
  });

  it('re-sends its watches after every (re)connect and sends watch/unwatch while open', () => {
    const { actor, clock, sockets, last } = simulated({ ...CONFIGURED, watch: [12, 12] });
    actor.send({ type: 'WATCH', projectId: 13 });
    last().serverOpen();
    expect(sockets[0].sent).toEqual([
      { type: 'watch', data: { projectId: 12 } },
      { type: 'watch', data: { projectId: 13 } },
    ]);
    actor.send({ type: 'WATCH', projectId: 14 });
    actor.send({ type: 'UNWATCH', projectId: 12 });
    expect(sockets[0].sent.slice(2)).toEqual([
      { type: 'watch', data: { projectId: 14 } },
      { type: 'unwatch', data: { projectId: 12 } },
    ]);
    last().serverClose();
    actor.send({ type: 'UNWATCH', projectId: 13 });
    actor.send({ type: 'WATCH', projectId: 15 });
    clock.increment(5_000);
    last().serverOpen();
    expect(actor.getSnapshot().context.watched).toEqual([14, 15]);
    expect(sockets[1].sent).toEqual([
      { type: 'watch', data: { projectId: 14 } },
      { type: 'watch', data: { projectId: 15 } },
    ]);
  });

  it('re-sends a watch with the newest bid passed on for its project, so the server sends every record after it', () => {
    const { actor, clock, sockets, last } = simulated({ ...CONFIGURED, watch: [12, 13] });
    last().serverOpen();
    const records = (ids: number[]) => ids.map((id) => ({ ...BID.data.bid, id }));
    const state = (projectId: number, ids: number[]): ServerFrame => ({
      type: 'auctionState',
      data: { ...STATE, projectId, records: records(ids) },
    });
    // Counted from a project's state on (0: it had no bid); a bid before the state is not.
    last().serverSend({ ...BID, data: { ...BID.data, projectId: 13, bid: { ...BID.data.bid, id: 3 } } });
    expect(actor.getSnapshot().context.lastBidIds).toEqual({});
    last().serverSend(state(12, [30, 20]));
    last().serverSend(state(13, []));
    expect(actor.getSnapshot().context.lastBidIds).toEqual({ 12: 30, 13: 0 });
    last().serverSend({ ...BID, data: { ...BID.data, bid: { ...BID.data.bid, id: 31 } } });
    last().serverSend({ type: 'auctionRecords', data: { projectId: 13, records: records([9, 8]), more: false } });
    // A late, older frame and a project not watched move nothing; a malformed page is passed on but not counted.
    last().serverSend(state(12, [25]));
    last().serverSend(state(99, [500]));
    last().serverSend({ type: 'auctionRecords', data: { projectId: 13, records: 'x' } } as never);
    expect(actor.getSnapshot().context.lastBidIds).toEqual({ 12: 31, 13: 9 });
    last().serverClose();
    clock.increment(5_000);
    last().serverOpen();
    expect(sockets[1].sent).toEqual([
      { type: 'watch', data: { projectId: 12, lastBidId: 31 } },
      { type: 'watch', data: { projectId: 13, lastBidId: 9 } },
    ]);
    // Unwatched and watched again, the project starts afresh: its new subscriber holds nothing yet.
    actor.send({ type: 'UNWATCH', projectId: 13 });
    actor.send({ type: 'WATCH', projectId: 13 });
    expect(sockets[1].sent.at(-1)).toEqual({ type: 'watch', data: { projectId: 13 } });
    last().serverClose();
    clock.increment(5_000);
    last().serverOpen();
    expect(sockets[2].sent).toEqual([
      { type: 'watch', data: { projectId: 12, lastBidId: 31 } },
      { type: 'watch', data: { projectId: 13 } },
    ]);
  });

  it('emits each server message with its data; a notice sets the new-message dot until NOTICE_SEEN', () => {
    const { actor, emitted, last } = simulated();
    last().serverOpen();
    const frames: ServerFrame[] = [
      BID,
      {
        type: 'delayTime',
        data: { projectId: 12, biddingStopTime: 9_300, previousStopTime: 9_000, serverTime: 1_000 },
      },
      {
        type: 'auctionEnded',
        data: { projectId: 12, status: 8, dealAmount: 1100, winnerCode: 'B01', serverTime: 9_400 },
      },
      { type: 'notice', data: { messageId: 3, title: '新消息' } },
    ];
    expect(actor.getSnapshot().context.hasNewMessage).toBe(false);
    for (const frame of frames) last().serverSend(frame);
    last().serverSend('not json');
    last().serverSend({ type: 'chat', data: {} });
    last().serverSend({ type: 'heartcheck', data: { serverTime: 1 } });
    expect(emitted).toEqual(frames);
    expect(actor.getSnapshot().context.hasNewMessage).toBe(true);
    actor.send({ type: 'NOTICE_SEEN' });
    expect(actor.getSnapshot().context.hasNewMessage).toBe(false);
  });

  it('closes the socket when the actor stops', () => {
    const { actor, last } = simulated();
    last().serverOpen();
    actor.stop();
    expect(last().closedByClient).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Model-based: every shortest path of the machine's graph, driven on a real actor; coverage of every state node and
// every transition of the definition is asserted from what the actors actually did.

// restartDelay is random below 1 000 ms: advancing the clock by its bound always fires it.
const DELAYS: Record<string, number> = { reconnectDelay: 5_000, heartbeatInterval: 30_000, heartbeatTimeout: 30_000, restartDelay: 1_000 };
const MESSAGE_CASES: ServerFrame[] = [{ type: 'heartcheck', data: { serverTime: 1_000 } }, { type: 'notice', data: { title: '新消息' } }, BID];

describe('real-time channel, model-based', () => {
  it('every generated path drives a real actor through the same states; all states and transitions are covered', async () => {
    const seen = coverage(realtimeChannelMachine);
    let pathCount = 0;

    for (const input of [CONFIGURED, { ...CONFIGURED, flags: { startWebSocket: false } }]) {
      const { model, paths } = edgePaths(realtimeChannelMachine, {
        input,
        cases: [
          { type: 'WATCH', projectId: 12 },
          { type: 'UNWATCH', projectId: 12 },
          { type: 'SOCKET.CLOSED', code: 1006 },
          { type: 'SOCKET.CLOSED', code: 1012 },
          ...MESSAGE_CASES.map((frame) => ({ type: 'SOCKET.MESSAGE', frame, receivedAt: 0 })),
        ],
        key: (snapshot) => ({ value: snapshot.value, context: snapshot.context }),
      });
      for (const path of paths) {
        pathCount++;
        const clock = new SimulatedClock();
        const fake = fakeSockets<ClientFrame>();
        const machine = realtimeChannelMachine.provide({ actors: { socket: socketActor(fake.Ctor, () => 0) } });
        const actor = createActor(machine, { clock, input, inspect: seen.inspect });
        const emitted: unknown[] = [];
        actor.on('*', (event) => emitted.push(event));
        actor.start();

        await model.testPath(path, {
          events: {
            WATCH: ({ event }) => void actor.send(event as RealtimeChannelEvent),
            UNWATCH: ({ event }) => void actor.send(event as RealtimeChannelEvent),
            NOTICE_SEEN: ({ event }) => void actor.send(event as RealtimeChannelEvent),
            'SOCKET.OPEN': () => fake.last().serverOpen(),
            'SOCKET.CLOSED': ({ event }) => fake.last().serverClose((event as { code?: number }).code),
            'SOCKET.ERROR': () => fake.last().serverError(),
            'SOCKET.MESSAGE': ({ event }) => {
              const before = emitted.length;
              const { frame } = event as unknown as { frame: ServerFrame };
              fake.last().serverSend(frame);
              expect(emitted.slice(before)).toEqual(frame.type === 'heartcheck' ? [] : [frame]);
            },
            ...Object.fromEntries(
              stateNodesOf(realtimeChannelMachine).flatMap((node) =>
                [...node.transitions.keys()]
                  .filter((type) => type.startsWith('xstate.after.'))
                  .map((type) => [type, () => clock.increment(DELAYS[type.split('.')[2]])]),
              ),
            ),
          },
          states: {
            '*': (expected) => {
              const actual = actor.getSnapshot();
              expect(actual.value).toEqual(expected.value);
              expect(actual.context).toEqual(expected.context);
              // The socket exists exactly while the machine is live.
              const live = actual.matches('live');
              expect(fake.sockets.filter((s) => !s.closedByClient && s.readyState !== 3).length).toBe(live ? 1 : 0);
            },
          },
        });
        actor.stop();
      }
    }

    expect(pathCount).toBeGreaterThan(10);
    expect(definedTransitions(realtimeChannelMachine)).toHaveLength(19);
    seen.expectComplete();
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Against a real WebSocket server on a loopback port (ws), with short real delays.

interface TestServer {
  url: string;
  connections: ServerSocket[];
  /** Frames each connection received, by connection index. */
  received: ClientFrame[][];
  paths: string[];
  closedAt: number[];
  connectedAt: number[];
  answerHeartbeats: boolean;
  nextConnection(count: number): Promise<ServerSocket>;
  nextFrame(connection: number, predicate: (frame: ClientFrame) => boolean): Promise<ClientFrame>;
  close(): Promise<void>;
}

async function startServer(): Promise<TestServer> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const waiters: Array<() => void> = [];
  const wake = () => waiters.splice(0).forEach((fn) => fn());
  const server: TestServer = {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`,
    connections: [],
    received: [],
    paths: [],
    closedAt: [],
    connectedAt: [],
    answerHeartbeats: true,
    nextConnection: (count) =>
      new Promise((resolve) => {
        const check = () => (server.connections.length >= count ? resolve(server.connections[count - 1]) : waiters.push(check));
        check();
      }),
    nextFrame: (connection, predicate) =>
      new Promise((resolve) => {
        const check = () => {
          const found = server.received[connection]?.find(predicate);
          if (found) resolve(found);
          else waiters.push(check);
        };
        check();
      }),
    close: () =>
      new Promise((resolve) => {
        for (const c of wss.clients) c.terminate();
        wss.close(() => resolve());
      }),
  };
  wss.on('connection', (socket, request) => {
    const index = server.connections.length;
    server.connections.push(socket);
    server.received.push([]);
    server.paths.push(request.url ?? '');
    server.connectedAt.push(Date.now());
    socket.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as ClientFrame;
      server.received[index].push(frame);
      if (frame.type === 'heartcheck' && server.answerHeartbeats) {
        socket.send(JSON.stringify({ type: 'heartcheck', data: { serverTime: Date.now() + 60_000 } }));
      }
      wake();
    });
    socket.on('close', () => {
      server.closedAt[index] = Date.now();
      wake();
    });
    wake();
  });
  return server;
}

describe('real-time channel against a real WebSocket server', () => {
  let server: TestServer | undefined;
  const actors: Array<{ stop(): void }> = [];
  afterEach(async () => {
    actors.splice(0).forEach((a) => a.stop());
    await server?.close();
    server = undefined;
  });

  function channel(delays: Partial<Record<'reconnectDelay' | 'heartbeatInterval' | 'heartbeatTimeout', number>>, input: RealtimeChannelInput) {
    const machine = realtimeChannelMachine.provide({ actors: { socket: socketActor(WebSocket) }, delays });
    const actor = createActor(machine, { input });
    actors.push(actor);
    return actor;
  }

  it('reconnects after the server drops the connection, re-sends its watch and receives messages again', async () => {
    server = await startServer();
    const actor = channel({ reconnectDelay: 50 }, { flags: { startWebSocket: true }, address: server.url, userId: 9, token: 't', watch: [12] });
    const bids: unknown[] = [];
    actor.on('auctionBid', ({ data }) => bids.push(data));
    actor.start();

    const first = await server.nextConnection(1);
    expect(server.paths[0]).toBe('/websocket/9?token=t');
    expect(await server.nextFrame(0, (f) => f.type === 'watch')).toEqual({ type: 'watch', data: { projectId: 12 } });
    first.send(JSON.stringify(BID));
    await waitFor(actor, () => bids.length === 1, { timeout: 2_000 });
    expect(bids).toEqual([BID.data]);

    first.terminate();
    await waitFor(actor, (s) => s.matches('reconnecting'), { timeout: 2_000 });
    const second = await server.nextConnection(2);
    // The reconnect waits the configured delay after the drop.
    expect(server.connectedAt[1] - server.closedAt[0]).toBeGreaterThanOrEqual(45);
    expect(await server.nextFrame(1, (f) => f.type === 'watch')).toEqual({ type: 'watch', data: { projectId: 12 } });
    const next = { ...BID, data: { ...BID.data, bid: { ...(BID.data as { bid: object }).bid, id: 2 } } };
    await waitFor(actor, (s) => s.matches({ live: 'open' }), { timeout: 2_000 });
    second.send(JSON.stringify(next));
    await waitFor(actor, () => bids.length === 2, { timeout: 2_000 });
    expect(bids[1]).toEqual(next.data);
  });

  it('closes a socket whose heartbeats go unanswered after the timeout, and opens a new one', async () => {
    server = await startServer();
    server.answerHeartbeats = false;
    const actor = channel({ reconnectDelay: 50, heartbeatInterval: 60, heartbeatTimeout: 80 }, { flags: { startWebSocket: true }, address: server.url });
    actor.start();
    await server.nextConnection(1);
    expect(server.paths[0]).toBe('/websocket/0');
    await server.nextFrame(0, (f) => f.type === 'heartcheck');
    const heartbeatAt = Date.now();
    await waitFor(actor, (s) => s.matches('reconnecting'), { timeout: 2_000 });
    await server.nextConnection(2);
    // The server saw the client close the first socket, no sooner than the timeout after the heartbeat.
    expect(server.closedAt[0]).toBeGreaterThanOrEqual(heartbeatAt + 60);
    expect(server.connectedAt[1]).toBeGreaterThanOrEqual(server.closedAt[0] + 40);

    // An answering server keeps the channel open across several heartbeats, and the offset follows its clock.
    server.answerHeartbeats = true;
    await server.nextFrame(1, (f) => f.type === 'heartcheck');
    await waitFor(actor, (s) => s.context.serverOffset !== null && s.context.serverOffset > 59_000, { timeout: 2_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.connections).toHaveLength(2);
    expect(server.received[1].filter((f) => f.type === 'heartcheck').length).toBeGreaterThanOrEqual(3);
  });
});
