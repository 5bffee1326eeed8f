/**
 * The real-time channel (spec §4 "Real-time channel", §9): one WebSocket per page to the portal's server, opened only
 * when the region configures it, kept alive by a heartbeat and reopened after any failure.
 *
 * Wire contract (shared with the server's `/websocket/:userId` route): every frame is a JSON text
 * `{ "type": string, "data"?: object }`.
 *
 * Client → server:
 * - `{ "type": "heartcheck" }` — the heartbeat.
 * - `{ "type": "watch", "data": { "projectId": 12 } }` / `{ "type": "unwatch", "data": { "projectId": 12 } }`; a
 *   watch re-sent after a reconnect adds `"lastBidId"`, the newest bid the channel passed on for that project.
 *
 * Server → client: `heartcheck` (`{ serverTime }`), `auctionState`, `auctionBid`, `delayTime`, `auctionEnded`, `notice`,
 * and `auctionRecords`: the records after `lastBidId` older than the `auctionState` that follows them (see
 * {@link ServerFrame}).
 *
 * Subscribers get the server's messages as XState emitted events (`actor.on('auctionBid', (e) => e.data)`), not as a
 * provided action: any number of blocks can listen to one channel without the machine knowing them.
 */
import { assign, emit, sendTo, setup } from 'xstate';
import type { AuctionBidMessage, AuctionEndedMessage, AuctionRecordsMessage, AuctionState, DelayTimeMessage } from './auction-view.js';
import type { Flags } from '../schemas/types/region.js';
import { webSocketActor, type SocketConstructor } from './socket-actor.js';

/** The socket's own types live with the socket actor; re-exported for the pages that pass a WebSocket in. */
export type { SocketConstructor, SocketLike } from './socket-actor.js';

/**
 * The spec's timings (§9), in ms: reconnect 5 s after an error or close, heartbeat every 30 s, reply within 30 s. A
 * server that closes for a restart (1012) or going away (1001) is reconnected to at once, after a random wait of
 * up to `restartJitter` so its viewers do not all arrive at the other instance in the same instant.
 */
export const REALTIME_TIMING = {
  reconnectDelay: 5_000,
  heartbeatInterval: 30_000,
  heartbeatTimeout: 30_000,
  restartJitter: 1_000,
} as const;

/** WebSocket close code 1012, "service restart": what a stopping server closes its sockets with. */
export const SERVICE_RESTART_CLOSE_CODE = 1012;

/** Close codes of a server stopping on purpose (RFC 6455: going away, service restart): reconnect now. */
export const RESTART_CLOSE_CODES: readonly number[] = [1001, SERVICE_RESTART_CLOSE_CODE];

/** A `notice` message: a new message for this user (sets the new-message dot). */
export interface NoticeMessage {
  messageId?: number;
  title?: string;
  /** The message's text (e.g. a rejected registration's reason), so a toast can say it without a fetch. */
  content?: string;
}

/** The server's heartbeat reply. */
export interface HeartcheckReply {
  /** The server's clock, ms epoch. */
  serverTime: number;
}

/** A frame the server sends. */
export type ServerFrame =
  | { type: 'heartcheck'; data: HeartcheckReply }
  | { type: 'auctionState'; data: AuctionState }
  | { type: 'auctionBid'; data: AuctionBidMessage }
  | { type: 'delayTime'; data: DelayTimeMessage }
  | { type: 'auctionEnded'; data: AuctionEndedMessage }
  | { type: 'notice'; data: NoticeMessage }
  | { type: 'auctionRecords'; data: AuctionRecordsMessage };

/** A frame the client sends. */
export type ClientFrame =
  { type: 'heartcheck' } | { type: 'watch'; data: { projectId: number; lastBidId?: number } } | { type: 'unwatch'; data: { projectId: number } };

/** What the channel emits to subscribers: every server frame except the heartbeat reply, `data` as received. */
export type RealtimeChannelEmitted = Exclude<ServerFrame, { type: 'heartcheck' }>;

/** The server frame types the client understands, in contract order. */
export const SERVER_FRAME_TYPES = ['heartcheck', 'auctionState', 'auctionBid', 'delayTime', 'auctionEnded', 'notice', 'auctionRecords'] as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads one text frame from the server. Anything that is not JSON, has an unknown `type` or (for auction frames) no
 * `data` object gives null: a newer server's extra message types are ignored rather than break the page.
 *
 * @example parseServerFrame('{"type":"notice","data":{"title":"新消息"}}') // → { type: 'notice', data: { title: '新消息' } }
 */
export function parseServerFrame(text: unknown): ServerFrame | null {
  if (typeof text !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(value) || typeof value.type !== 'string') return null;
  const type = value.type as (typeof SERVER_FRAME_TYPES)[number];
  if (!SERVER_FRAME_TYPES.includes(type)) return null;
  const data = value.data;
  // A heartbeat reply or a notice carries optional fields only; auction frames are useless without their data.
  if (type === 'heartcheck' || type === 'notice') return { type, data: isObject(data) ? data : {} } as ServerFrame;
  return isObject(data) ? ({ type, data } as unknown as ServerFrame) : null;
}

/**
 * The channel's address: `<address>/websocket/{userId}` with `?token=` when logged in, or null when the region does not
 * configure the channel (flag `startWebSocket` off, or no address). An `http(s)://` base becomes `ws(s)://`.
 *
 * @example channelUrl({ flags: { startWebSocket: true }, address: 'ws://host/', userId: 7, token: 'a b' })
 * // → 'ws://host/websocket/7?token=a%20b'
 */
export function channelUrl(input: RealtimeChannelInput): string | null {
  const address = input.address?.trim();
  if (!input.flags?.startWebSocket || !address) return null;
  const base = address.replace(/^http(s?):\/\//i, 'ws$1://').replace(/\/+$/, '');
  const userId = input.userId === null || input.userId === undefined || input.userId === '' ? 0 : input.userId;
  const query = input.token ? `?token=${encodeURIComponent(input.token)}` : '';
  return `${base}/websocket/${encodeURIComponent(String(userId))}${query}`;
}

/** What the channel needs to know; all of it comes from the region config and the session. */
export interface RealtimeChannelInput {
  /** The region's flags: the channel opens only with `startWebSocket`. */
  flags?: Pick<Flags, 'startWebSocket'>;
  /** The real-time base address, e.g. `ws://host`; without one there is no channel. */
  address?: string | null;
  /** The logged-in user's id; absent or null means an anonymous viewer (`0`). */
  userId?: number | string | null;
  /** The bearer token, sent as `?token=` so the server can route this user's notices. */
  token?: string | null;
  /** Projects to watch from the start. */
  watch?: number[];
}

export interface RealtimeChannelContext {
  /** Null when the region does not configure the channel. */
  url: string | null;
  /** Watched projectIds, re-sent after every (re)connect. */
  watched: number[];
  /**
   * By watched projectId, once its `auctionState` was passed on: the newest bid passed on since (0: none yet). A
   * re-sent watch asks for every record after it.
   */
  lastBidIds: Record<number, number>;
  /** The new-message dot. */
  hasNewMessage: boolean;
  /** serverTime − local now at the last heartbeat reply, for countdowns on the server's clock; null before any. */
  serverOffset: number | null;
}

/** What the socket actor reports. */
export type SocketEvent =
  | { type: 'SOCKET.OPEN' }
  | { type: 'SOCKET.MESSAGE'; frame: ServerFrame; receivedAt: number }
  | { type: 'SOCKET.CLOSED'; code?: number }
  | { type: 'SOCKET.ERROR' };

/** What the socket actor is told. */
export type SocketCommand = { type: 'SEND'; frames: ClientFrame[] };

export type RealtimeChannelEvent =
  | SocketEvent
  | { type: 'WATCH'; projectId: number }
  | { type: 'UNWATCH'; projectId: number }
  /** The user has seen the new messages: clear the dot. */
  | { type: 'NOTICE_SEEN' };

/**
 * The socket as a callback actor: it opens the socket, reports open/message/close/error, sends frames while open, and
 * closes the socket when the machine stops it — so the machine owns the socket's lifecycle.
 *
 * @example realtimeChannelMachine.provide({ actors: { socket: socketActor(WebSocket) } })
 */
export function socketActor(WebSocketImpl?: SocketConstructor, now: () => number = Date.now) {
  return webSocketActor<SocketCommand, SocketEvent>(WebSocketImpl, (report) => ({
    unavailable: () => report({ type: 'SOCKET.ERROR' }),
    open: () => report({ type: 'SOCKET.OPEN' }),
    message: (text) => {
      const frame = parseServerFrame(text);
      if (frame) report({ type: 'SOCKET.MESSAGE', frame, receivedAt: now() });
    },
    close: (code) => report({ type: 'SOCKET.CLOSED', code }),
    error: () => report({ type: 'SOCKET.ERROR' }),
    send: (command) => command.frames.map((frame) => JSON.stringify(frame)),
  }));
}

const watchFrame = (projectId: number, lastBidId?: number): ClientFrame => ({
  type: 'watch',
  data: lastBidId === undefined ? { projectId } : { projectId, lastBidId },
});

/**
 * The newest bid a server frame carries (0 for a state without records), with its project; null for frames that
 * carry no bids (or malformed ones: a frame is only checked to be an object).
 *
 * @example newestBidOf({ type: 'auctionBid', data: { projectId: 12, bid: { id: 7, ... }, ... } }) // → { projectId: 12, bidId: 7 }
 */
export function newestBidOf(frame: ServerFrame): { projectId: number; bidId: number } | null {
  const ids =
    frame.type === 'auctionBid'
      ? [frame.data.bid?.id]
      : frame.type === 'auctionState' || frame.type === 'auctionRecords'
        ? Array.isArray(frame.data.records)
          ? frame.data.records.map((r) => r?.id)
          : []
        : [];
  const bidId = Math.max(0, ...ids.filter((id): id is number => Number.isSafeInteger(id)));
  const projectId = (frame.data as { projectId?: unknown }).projectId;
  return (bidId > 0 || frame.type === 'auctionState') && typeof projectId === 'number' ? { projectId, bidId } : null;
}

/**
 * The real-time channel machine.
 *
 * States: `starting` (transient) → `off` when not configured; else `live.connecting` → `live.open.idle` ⇄
 * `live.open.awaitingReply`; any error or close, or a heartbeat without reply, → `reconnecting` → (5 s) `live`; a
 * close for a server restart (1001, 1012) → `restarting` → (0-1 s) `live`. Every (re)connect re-sends the watches with
 * the newest bid passed on for each, and the server answers each with the records after it (`auctionRecords` pages)
 * and a fresh `auctionState`: that is the resync, complete.
 *
 * @example
 * const channel = createActor(realtimeChannelMachine.provide({ actors: { socket: socketActor(WebSocket) } }), {
 *   input: { flags: region.flags, address: 'ws://host', userId: 7, token },
 * }).start();
 * channel.on('auctionBid', ({ data }) => view = applyBid(view, data));
 * channel.send({ type: 'WATCH', projectId: 12 });
 */
export const realtimeChannelMachine = setup({
  types: {
    context: {} as RealtimeChannelContext,
    events: {} as RealtimeChannelEvent,
    input: {} as RealtimeChannelInput,
    emitted: {} as RealtimeChannelEmitted,
  },
  actors: {
    socket: socketActor(),
  },
  delays: {
    reconnectDelay: REALTIME_TIMING.reconnectDelay,
    heartbeatInterval: REALTIME_TIMING.heartbeatInterval,
    heartbeatTimeout: REALTIME_TIMING.heartbeatTimeout,
    restartDelay: () => Math.floor(Math.random() * REALTIME_TIMING.restartJitter),
  },
  guards: {
    isConfigured: ({ context }) => context.url !== null,
    isRestart: ({ event }) => event.type === 'SOCKET.CLOSED' && event.code !== undefined && RESTART_CLOSE_CODES.includes(event.code),
    isHeartcheck: ({ event }) => event.type === 'SOCKET.MESSAGE' && event.frame.type === 'heartcheck',
    isNotice: ({ event }) => event.type === 'SOCKET.MESSAGE' && event.frame.type === 'notice',
  },
  actions: {
    addWatch: assign({
      watched: ({ context, event }) => {
        if (event.type !== 'WATCH' || context.watched.includes(event.projectId)) return context.watched;
        return [...context.watched, event.projectId];
      },
    }),
    removeWatch: assign({
      watched: ({ context, event }) => (event.type === 'UNWATCH' ? context.watched.filter((id) => id !== event.projectId) : context.watched),
      // Watched again later, the project starts afresh (its new subscriber holds nothing yet).
      lastBidIds: ({ context, event }) => {
        if (event.type !== 'UNWATCH' || !(event.projectId in context.lastBidIds)) return context.lastBidIds;
        return Object.fromEntries(Object.entries(context.lastBidIds).filter(([id]) => Number(id) !== event.projectId));
      },
    }),
    // Counted from the project's first auctionState: before it, what the subscribers hold has no known start.
    recordLastBid: assign({
      lastBidIds: ({ context, event }) => {
        const newest = event.type === 'SOCKET.MESSAGE' ? newestBidOf(event.frame) : null;
        if (!newest || !context.watched.includes(newest.projectId)) return context.lastBidIds;
        const held = context.lastBidIds[newest.projectId];
        if (held === undefined ? event.type === 'SOCKET.MESSAGE' && event.frame.type !== 'auctionState' : newest.bidId <= held) return context.lastBidIds;
        return { ...context.lastBidIds, [newest.projectId]: newest.bidId };
      },
    }),
    // A repeated watch is sent again on purpose: the server answers with a fresh `auctionState` for the new listener.
    sendWatch: sendTo('socket', ({ event }) => ({
      type: 'SEND' as const,
      frames: event.type === 'WATCH' ? [watchFrame(event.projectId)] : [],
    })),
    sendUnwatch: sendTo('socket', ({ event }) => ({
      type: 'SEND' as const,
      frames: event.type === 'UNWATCH' ? [{ type: 'unwatch', data: { projectId: event.projectId } } as ClientFrame] : [],
    })),
    sendWatches: sendTo('socket', ({ context }) => ({
      type: 'SEND' as const,
      frames: context.watched.map((projectId) => watchFrame(projectId, context.lastBidIds[projectId])),
    })),
    sendHeartbeat: sendTo('socket', { type: 'SEND' as const, frames: [{ type: 'heartcheck' } as ClientFrame] }),
    recordServerTime: assign({
      serverOffset: ({ context, event }) => {
        if (event.type !== 'SOCKET.MESSAGE' || event.frame.type !== 'heartcheck') return context.serverOffset;
        const { serverTime } = event.frame.data;
        return typeof serverTime === 'number' && Number.isFinite(serverTime) ? serverTime - event.receivedAt : context.serverOffset;
      },
    }),
    markNewMessage: assign({ hasNewMessage: true }),
    clearNewMessage: assign({ hasNewMessage: false }),
    emitFrame: emit(({ event }) => {
      if (event.type !== 'SOCKET.MESSAGE' || event.frame.type === 'heartcheck') throw new Error('emitFrame needs a server message');
      return event.frame;
    }),
  },
}).createMachine({
  id: 'realtimeChannel',
  context: ({ input }) => ({
    url: channelUrl(input),
    watched: [...new Set(input.watch ?? [])],
    lastBidIds: {},
    hasNewMessage: false,
    serverOffset: null,
  }),
  initial: 'starting',
  on: {
    WATCH: { actions: 'addWatch' },
    UNWATCH: { actions: 'removeWatch' },
    NOTICE_SEEN: { actions: 'clearNewMessage' },
  },
  states: {
    starting: {
      always: [{ guard: 'isConfigured', target: 'live' }, { target: 'off' }],
    },
    /** The region has no channel. */
    off: {},
    live: {
      invoke: { id: 'socket', src: 'socket', input: ({ context }) => ({ url: context.url! }) },
      initial: 'connecting',
      on: {
        'SOCKET.ERROR': { target: 'reconnecting' },
        'SOCKET.CLOSED': [{ guard: 'isRestart', target: 'restarting' }, { target: 'reconnecting' }],
      },
      states: {
        connecting: {
          on: { 'SOCKET.OPEN': { target: 'open' } },
        },
        open: {
          entry: 'sendWatches',
          initial: 'idle',
          on: {
            WATCH: { actions: ['addWatch', 'sendWatch'] },
            UNWATCH: { actions: ['removeWatch', 'sendUnwatch'] },
            'SOCKET.MESSAGE': [
              { guard: 'isHeartcheck', actions: 'recordServerTime' },
              { guard: 'isNotice', actions: ['markNewMessage', 'emitFrame'] },
              { actions: ['recordLastBid', 'emitFrame'] },
            ],
          },
          states: {
            /** Counting to the next heartbeat. */
            idle: {
              after: { heartbeatInterval: { target: 'awaitingReply' } },
            },
            /** A heartbeat is out; no reply in time means a dead connection. */
            awaitingReply: {
              entry: 'sendHeartbeat',
              after: { heartbeatTimeout: { target: '#realtimeChannel.reconnecting' } },
              on: {
                'SOCKET.MESSAGE': { guard: 'isHeartcheck', target: 'idle', actions: 'recordServerTime' },
              },
            },
          },
        },
      },
    },
    reconnecting: {
      after: { reconnectDelay: { target: 'live' } },
    },
    /** The server stopped on purpose (1001, 1012): another instance, or this one restarted, takes the socket now. */
    restarting: {
      after: { restartDelay: { target: 'live' } },
    },
  },
});

export type RealtimeChannelMachine = typeof realtimeChannelMachine;
