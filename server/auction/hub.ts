import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { WebSocket } from 'ws';
import type { ListenFn } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { resync, type Resync } from './resync.js';
import { notify } from './transaction.js';
import { AUCTION_CHANNEL, type AuctionNotification, type Frame } from './messages.js';
import { MESSAGES } from '../api/messages.js';
import { SERVICE_RESTART_CLOSE_CODE } from '../../machines/realtime-channel.js';
import { databaseOutage, throttledLog } from '../db/outage.js';

/** A viewer's socket: who it is (null until its token is checked, or anonymous) and what it watches. */
export interface HubClient {
  socket: WebSocket;
  /** The user id the socket's token proved; notices go only to such sockets. */
  userId: number | null;
  /** The user the socket claims while its token is being checked, and that user's notices meanwhile. */
  claim?: { userId: number; notices: Buffer[] };
  watching: Set<number>;
  lastSeen: number;
}

interface Watch {
  /** While the first auctionState is being read, frames wait here so none is missed or sent before it. */
  queue: Array<{ bidId?: number; frame: Buffer }> | null;
  /** The newest record its first auctionState carried (0: none): with the project's broadcasts since, all it holds. */
  newest: number;
}

/** A frame's JSON text, and the bid it carries (so a watcher's first auctionState can drop what it holds). */
interface Outgoing {
  bidId?: number;
  text: Buffer;
}

/** What the fan-out has done so far (the auction benchmark reads it to say where the time goes). */
export interface HubStats {
  /** Flushes that wrote something, socket writes, and the time spent writing them. */
  flushes: number;
  socketWrites: number;
  flushMs: number;
  maxFlushMs: number;
  /** Frames queued for broadcast (each serialised and framed once). */
  frames: number;
}

export interface HubOptions {
  /**
   * Broadcasts to a project's viewers are written at most this often (ms); frames arriving meanwhile go out
   * together, one write per socket. 0 writes on the next turn of the event loop. Under load this turns 500
   * frames/s × 1000 sockets from 500 000 writes/s into a few tens of thousands.
   */
  flushIntervalMs?: number;
}

/** An unmasked, final WebSocket text frame around `payload` (server to client), built once for all sockets. */
export function textFrame(payload: Buffer): Buffer {
  const len = payload.length;
  const head = len < 126 ? 2 : len < 65536 ? 4 : 10;
  const out = Buffer.allocUnsafe(head + len);
  out[0] = 0x81;
  if (len < 126) out[1] = len;
  else if (len < 65536) {
    out[1] = 126;
    out.writeUInt16BE(len, 2);
  } else {
    out[1] = 127;
    out.writeBigUInt64BE(BigInt(len), 2);
  }
  payload.copy(out, head);
  return out;
}

/** The longest rest between two flushes however long the last one took (bounds the added latency). */
const MAX_FLUSH_REST_MS = 20;
/** More watches than any page needs; a cap keeps one socket from subscribing to everything. */
export const MAX_WATCHES_PER_SOCKET = 20;
/** A socket that cannot keep up is dropped (it reconnects and gets the state) instead of buffering without end. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** Notices held for a socket while its token is checked (a check takes milliseconds; a flood is not kept). */
export const MAX_HELD_NOTICES = 20;
/** Clients send a heartcheck every 30 s; three missed ones mean the connection is gone. */
const IDLE_LIMIT_MS = 90_000;

const encode = (frame: Frame): Buffer => Buffer.from(JSON.stringify(frame));

/** A resync as frames: the missed records' pages, then the state (whose figures count them all). */
const resyncFrames = ({ state, pages }: Resync): Buffer[] => [
  ...pages.map((page) => encode({ type: 'auctionRecords', data: page as unknown as Record<string, unknown> })),
  encode({ type: 'auctionState', data: state as unknown as Record<string, unknown> }),
];

function closeForRestart(socket: WebSocket): void {
  if (socket.readyState === 0 || socket.readyState === 1) socket.close(SERVICE_RESTART_CLOSE_CODE, MESSAGES.realtime.restarting);
}

/**
 * The local end of the real-time fan-out. Every instance LISTENs on the auction channel; whatever any instance
 * commits (bids, extensions, closes, notices) arrives here in commit order and goes to this instance's sockets.
 */
export class AuctionHub {
  private readonly watchers = new Map<number, Map<HubClient, Watch>>();
  private readonly users = new Map<number, Set<HubClient>>();
  /** Sockets whose token check for a user is under way (see claim). */
  private readonly claims = new Map<number, Set<HubClient>>();
  private readonly clients = new Set<HubClient>();
  /** The newest bid broadcast to each watched project's viewers: every ready watcher holds the records up to it. */
  private readonly lastBroadcast = new Map<number, number>();
  private stopListening?: () => Promise<void>;
  /** True while the LISTEN connection is up (readiness asks); PGlite's never drops. */
  private listenUp = false;
  /** Set once the instance is stopping: sockets still arriving are closed at once, as the open ones were. */
  private closing = false;
  private sweeper?: NodeJS.Timeout;
  /** Framed broadcasts waiting for the next flush, by project. */
  private readonly pending = new Map<number, Buffer[]>();
  private flushTimer?: NodeJS.Timeout | NodeJS.Immediate;
  /** performance.now() before which no flush starts (see scheduleFlush). */
  private nextFlushAt = 0;
  private readonly flushIntervalMs: number;
  readonly stats: HubStats = { flushes: 0, socketWrites: 0, flushMs: 0, maxFlushMs: 0, frames: 0 };
  /** One line per while for the real-time channel's database failures during an outage (routes/websocket.ts too). */
  readonly warnOutage: (line: string) => void;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
    options: HubOptions = {},
  ) {
    this.flushIntervalMs = options.flushIntervalMs ?? 5;
    this.warnOutage = throttledLog((line) => this.log.warn(line));
  }

  /** Starts listening; after a lost LISTEN connection every watcher gets a fresh auctionState (it may have missed bids). */
  async start(listen: ListenFn): Promise<void> {
    this.stopListening = await listen(AUCTION_CHANNEL, (payload) => this.deliver(payload), {
      onReconnect: () => {
        this.listenUp = true;
        for (const projectId of this.watchers.keys()) void this.refresh(projectId);
      },
      onLost: () => {
        this.listenUp = false;
      },
      warn: (message) => this.log.warn(message),
    });
    this.listenUp = true;
    this.sweeper = setInterval(() => this.sweep(), 30_000);
    this.sweeper.unref();
  }

  /** Whether bids and notices of every instance reach this one (its LISTEN is connected). */
  get listening(): boolean {
    return this.listenUp;
  }

  /**
   * Closes every socket with 1012 (service restart) and refuses new ones the same way: the client reconnects at once,
   * to another instance behind the proxy or to this one restarted, and resyncs with a fresh auctionState. Frames
   * waiting for the flush go out first.
   */
  closeSockets(): void {
    this.closing = true;
    this.flush();
    for (const client of this.clients) closeForRestart(client.socket);
  }

  /** Sockets not yet closed by their clients after {@link closeSockets} are cut (shutdown's grace is over). */
  terminateSockets(): void {
    for (const client of this.clients) client.socket.terminate();
  }

  /** Stops listening and closes every socket (server shutdown). */
  async stop(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    this.closeSockets();
    this.listenUp = false;
    await this.stopListening?.();
    this.stopListening = undefined;
  }

  /** Number of open sockets and of sockets watching `projectId` (tests, metrics). */
  counts(projectId?: number): { sockets: number; watchers: number } {
    return { sockets: this.clients.size, watchers: projectId === undefined ? 0 : (this.watchers.get(projectId)?.size ?? 0) };
  }

  connect(socket: WebSocket): HubClient {
    const client: HubClient = { socket, userId: null, watching: new Set(), lastSeen: Date.now() };
    this.clients.add(client);
    if (this.closing) closeForRestart(socket);
    return client;
  }

  /**
   * The socket says it is `userId`'s and its token check has begun: that user's notices are held for it meanwhile
   * (at most MAX_HELD_NOTICES), so one sent while the check runs — a reply, a review — still lights the dot. They
   * go out if {@link authenticate} proves the claim, and are dropped if {@link refuse} ends it.
   */
  claim(client: HubClient, userId: number): void {
    if (!this.clients.has(client) || client.userId !== null) return;
    this.endClaim(client);
    client.claim = { userId, notices: [] };
    let set = this.claims.get(userId);
    if (!set) this.claims.set(userId, (set = new Set()));
    set.add(client);
  }

  /** Marks the socket as belonging to `userId` (its token was checked): it now receives that user's notices. */
  authenticate(client: HubClient, userId: number): void {
    if (!this.clients.has(client)) return;
    const held = client.claim?.userId === userId ? client.claim.notices : [];
    this.endClaim(client);
    client.userId = userId;
    let set = this.users.get(userId);
    if (!set) this.users.set(userId, (set = new Set()));
    set.add(client);
    for (const frame of held) this.send(client, frame);
  }

  /** The socket's token did not prove its claim: the notices held for it are dropped. */
  refuse(client: HubClient): void {
    this.endClaim(client);
  }

  private endClaim(client: HubClient): void {
    const claim = client.claim;
    if (!claim) return;
    client.claim = undefined;
    const set = this.claims.get(claim.userId);
    set?.delete(client);
    if (set && !set.size) this.claims.delete(claim.userId);
  }

  disconnect(client: HubClient): void {
    this.clients.delete(client);
    this.endClaim(client);
    for (const projectId of client.watching) this.dropWatch(client, projectId);
    client.watching.clear();
    if (client.userId !== null) {
      const set = this.users.get(client.userId);
      set?.delete(client);
      if (set && !set.size) this.users.delete(client.userId);
    }
  }

  /**
   * Starts sending a project's messages to the socket, first of all its auctionState (so a reconnecting client
   * has the final price). A client that saw records up to `lastBidId` (a reconnect) first gets every record after
   * it that the state's newest 50 do not carry, as `auctionRecords` pages. Returns 'missing' when the project does
   * not exist.
   */
  async watch(client: HubClient, projectId: number, lastBidId?: number): Promise<'ok' | 'missing' | 'too-many'> {
    if (!client.watching.has(projectId) && client.watching.size >= MAX_WATCHES_PER_SOCKET) return 'too-many';
    let map = this.watchers.get(projectId);
    if (!map) this.watchers.set(projectId, (map = new Map()));
    const entry: Watch = { queue: [], newest: 0 };
    map.set(client, entry);
    client.watching.add(projectId);
    let found;
    try {
      found = await resync(this.db, projectId, lastBidId);
    } catch (error) {
      this.dropWatch(client, projectId);
      client.watching.delete(projectId);
      throw error;
    }
    if (!found) {
      this.dropWatch(client, projectId);
      client.watching.delete(projectId);
      return 'missing';
    }
    if (map.get(client) !== entry) return 'ok'; // unwatched or re-watched meanwhile; that watch answers
    // Frames waiting for the flush are already in this socket's queue: send them to the others first, so the
    // socket does not get them twice once it joins the flush.
    this.flush();
    for (const frame of resyncFrames(found)) this.send(client, frame);
    const newest = found.state.records[0]?.id ?? 0;
    entry.newest = newest;
    for (const queued of entry.queue ?? []) {
      // A bid the state already holds is not sent again.
      if (queued.bidId === undefined || queued.bidId > newest) this.send(client, queued.frame);
    }
    entry.queue = null;
    return 'ok';
  }

  unwatch(client: HubClient, projectId: number): void {
    this.dropWatch(client, projectId);
    client.watching.delete(projectId);
  }

  /** Handles one NOTIFY payload (exposed for tests; normally called by the listener). */
  deliver(payload: string): void {
    let message: AuctionNotification;
    try {
      message = JSON.parse(payload) as AuctionNotification;
    } catch {
      this.log.warn(`无法解析的实时消息：${payload.slice(0, 200)}`);
      return;
    }
    const serverTime = Date.now();
    if (message.type === 'notice') {
      const set = this.users.get(message.userId);
      const claimants = this.claims.get(message.userId);
      if (!set?.size && !claimants?.size) return;
      const frame = encode({ type: 'notice', data: message.data });
      for (const client of set ?? []) this.send(client, frame);
      for (const client of claimants ?? []) if (client.claim!.notices.length < MAX_HELD_NOTICES) client.claim!.notices.push(frame);
      return;
    }
    if (message.type === 'refresh') {
      void this.refresh(message.projectId);
      return;
    }
    const outgoing: Outgoing[] = [];
    if (message.type === 'bid') {
      const { projectId, bid, currentPrice, bidCount, biddingStopTime, previousStopTime } = message;
      if (this.watchers.has(projectId)) this.lastBroadcast.set(projectId, Math.max(bid.id, this.lastBroadcast.get(projectId) ?? 0));
      outgoing.push({ bidId: bid.id, text: encode({ type: 'auctionBid', data: { projectId, bid, currentPrice, bidCount, biddingStopTime, serverTime } }) });
      if (previousStopTime !== null) outgoing.push({ text: encode({ type: 'delayTime', data: { projectId, biddingStopTime, previousStopTime, serverTime } }) });
    } else {
      outgoing.push({ text: encode({ type: message.type, data: { ...message.data, serverTime } }) });
    }
    this.broadcast(message.projectId, outgoing);
  }

  /** Queues frames for a project's watchers; serialised and framed once, whatever the number of sockets. */
  private broadcast(projectId: number, outgoing: Outgoing[]): void {
    const map = this.watchers.get(projectId);
    if (!map?.size) return;
    for (const entry of map.values()) if (entry.queue) for (const o of outgoing) entry.queue.push({ bidId: o.bidId, frame: o.text });
    let list = this.pending.get(projectId);
    if (!list) this.pending.set(projectId, (list = []));
    for (const o of outgoing) list.push(textFrame(o.text));
    this.stats.frames += outgoing.length;
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.flushTimer) return;
    const wait = this.nextFlushAt - performance.now();
    const run = () => {
      this.flushTimer = undefined;
      this.flush();
    };
    this.flushTimer = wait > 0 ? setTimeout(run, wait) : setImmediate(run);
  }

  /** Writes every waiting broadcast now: per project one buffer, one write per live socket. */
  flush(): void {
    if (this.flushTimer) {
      clearTimeout(this.flushTimer as NodeJS.Timeout);
      clearImmediate(this.flushTimer as NodeJS.Immediate);
      this.flushTimer = undefined;
    }
    const t0 = performance.now();
    this.nextFlushAt = t0 + this.flushIntervalMs;
    if (!this.pending.size) return;
    const batches = [...this.pending];
    this.pending.clear();
    let writes = 0;
    for (const [projectId, frames] of batches) {
      const map = this.watchers.get(projectId);
      if (!map) continue;
      const bytes = frames.length === 1 ? frames[0] : Buffer.concat(frames);
      for (const [client, entry] of map) if (!entry.queue) writes += this.writeFramed(client, bytes, frames);
    }
    const took = performance.now() - t0;
    // One write per socket costs a system call (~7-20 µs on loopback) whatever the batch holds, so a flush over
    // 1000 sockets takes 7-20 ms: rest 1.5× as long before the next one, so the fan-out takes at most about 40 % of
    // the process and bids keep being accepted (batches grow instead). Resting only as long as the flush took held
    // one process to ~480 bids/s with 1000 viewers, the writes 44 % of its CPU; 1.5×: ~520-550/s, p99 33-38 ms on
    // PGlite and 46 ms on PostgreSQL (2× took PostgreSQL's p99 past 50 ms; bench:auction). Capped so a frame waits
    // ≤ 20 ms more.
    this.nextFlushAt = performance.now() + Math.min(MAX_FLUSH_REST_MS, Math.max(this.flushIntervalMs, 1.5 * took));
    this.stats.flushes++;
    this.stats.socketWrites += writes;
    this.stats.flushMs += took;
    if (took > this.stats.maxFlushMs) this.stats.maxFlushMs = took;
  }

  /**
   * Sends the project's current auctionState to its watchers here, after the records any of them may lack: those
   * after the newest bid they all hold (a lost LISTEN connection drops the bids committed meanwhile).
   */
  async refresh(projectId: number): Promise<void> {
    const map = this.watchers.get(projectId);
    if (!map?.size) return;
    const broadcast = this.lastBroadcast.get(projectId) ?? 0;
    let since = Infinity;
    for (const entry of map.values()) if (!entry.queue) since = Math.min(since, Math.max(entry.newest, broadcast));
    if (since === Infinity) return;
    try {
      const found = await resync(this.db, projectId, since);
      if (!found) return;
      const frames = resyncFrames(found);
      this.flush();
      const newest = found.state.records[0]?.id ?? 0;
      for (const [client, entry] of map) {
        if (entry.queue) continue;
        for (const frame of frames) this.send(client, frame);
        entry.newest = Math.max(entry.newest, newest);
      }
    } catch (error) {
      if (databaseOutage(error)) this.warnOutage(`实时推送：数据库暂时不可用，竞价状态未刷新（${(error as Error).message}）`);
      else this.log.error(error as Error);
    }
  }

  private dropWatch(client: HubClient, projectId: number): void {
    const map = this.watchers.get(projectId);
    if (!map) return;
    map.delete(client);
    if (map.size) return;
    this.watchers.delete(projectId);
    this.lastBroadcast.delete(projectId);
  }

  private send(client: HubClient, frame: Buffer): void {
    const socket = client.socket;
    if (socket.readyState !== 1) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.log.warn('实时连接积压过多，已断开（客户端将重连并重新获取竞价状态）');
      socket.terminate();
      return;
    }
    socket.send(frame, { binary: false });
  }

  /**
   * Writes already-framed bytes straight to the socket's TCP stream: ws has no API to send one prepared buffer to
   * many sockets. Safe because compression is off (ws then writes every frame synchronously, so nothing of its
   * own can be queued in between); falls back to ws when its socket is not reachable.
   */
  private writeFramed(client: HubClient, bytes: Buffer, frames: Buffer[]): number {
    const socket = client.socket;
    if (socket.readyState !== 1) return 0;
    const raw = (socket as unknown as { _socket?: Socket })._socket;
    if (!raw || raw.destroyed) {
      for (const f of frames) this.send(client, f.subarray(f[1] === 126 ? 4 : f[1] === 127 ? 10 : 2));
      return frames.length;
    }
    if (raw.writableLength > MAX_BUFFERED_BYTES) {
      this.log.warn('实时连接积压过多，已断开（客户端将重连并重新获取竞价状态）');
      socket.terminate();
      return 0;
    }
    raw.write(bytes);
    return 1;
  }

  private sweep(): void {
    const limit = Date.now() - IDLE_LIMIT_MS;
    for (const client of this.clients) if (client.lastSeen < limit) client.socket.terminate();
  }
}

/**
 * Lights the new-message dot of `userId` on every instance: a `notice` through NOTIFY. Call it with the
 * transaction that creates the message row, so the notice goes out when (and only if) that row is committed.
 *
 * @example await notifyUser(trx, userId, { messageId: row.id, title: '报名审核通过' });
 */
export async function notifyUser(
  db: Kysely<Database> | Transaction<Database>,
  userId: number,
  data: { messageId?: number; title?: string; content?: string } = {},
): Promise<void> {
  await notify(db, { type: 'notice', userId, data });
}

/** Asks every instance to send the project's auctionState to its watchers (after a status change). */
export async function notifyRefresh(db: Kysely<Database> | Transaction<Database>, projectId: number): Promise<void> {
  await notify(db, { type: 'refresh', projectId });
}
