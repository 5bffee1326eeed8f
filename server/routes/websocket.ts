import websocket from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { AppContext } from '../api/context.js';
import type { AuctionHub, HubClient } from '../auction/hub.js';
import { frameWindow } from '../auction/frame-window.js';
import { MESSAGES } from '../api/messages.js';
import { resolveToken } from '../services/sessions.js';
import { databaseOutage } from '../db/outage.js';

const M = MESSAGES.realtime;

/** Incoming frames are tiny (heartcheck, watch with its last bid id, unwatch). */
const MAX_FRAME_BYTES = 4096;

const reply = (socket: WebSocket, type: string, data?: Record<string, unknown>) => {
  if (socket.readyState === 1) socket.send(JSON.stringify(data === undefined ? { type } : { type, data }));
};

/** Project ids are PostgreSQL integers: a larger one names no project and must not reach a query. */
const MAX_ID = 2147483647;

const projectIdOf = (data: unknown): number | undefined => {
  const id = Number((data as { projectId?: unknown } | undefined)?.projectId);
  return Number.isInteger(id) && id > 0 && id <= MAX_ID ? id : undefined;
};

/** The last bid a reconnecting watcher saw: absent (a first watch), 0 (it saw the auction before any bid) or a bid id
 * (bigserial, within what JSON numbers hold exactly); null when it is none of these. */
const lastBidIdOf = (data: unknown): number | undefined | null => {
  const value = (data as { lastBidId?: unknown } | undefined)?.lastBidId;
  if (value === undefined || value === null) return undefined;
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
};

/** A client's frame once parsed: heartcheck, watch or unwatch; any other type is answered with an error. */
function answerFrame(
  hub: AuctionHub,
  client: HubClient,
  socket: WebSocket,
  frame: { type?: unknown; data?: unknown },
  log: FastifyBaseLogger,
  watchAllowed: () => boolean,
): void {
  switch (frame?.type) {
    case 'heartcheck':
      return reply(socket, 'heartcheck', { serverTime: Date.now() });
    case 'watch': {
      const projectId = projectIdOf(frame.data);
      if (projectId === undefined) return reply(socket, 'error', { msg: M.projectIdMissing });
      // Each watch reads the auction's state from the database: a socket sending them without end is answered, not served.
      if (!watchAllowed()) return reply(socket, 'error', { msg: MESSAGES.hardening.watchTooFrequent, projectId });
      const lastBidId = lastBidIdOf(frame.data);
      if (lastBidId === null) return reply(socket, 'error', { msg: M.lastBidIdInvalid, projectId });
      hub
        .watch(client, projectId, lastBidId)
        .then((result) => {
          if (result === 'missing') reply(socket, 'error', { msg: MESSAGES.projects.projectMissing, projectId });
          if (result === 'too-many') reply(socket, 'error', { msg: M.tooManyWatched, projectId });
        })
        .catch((error) => {
          if (databaseOutage(error)) hub.warnOutage(`实时推送：数据库暂时不可用，竞价状态未发送（${(error as Error).message}）`);
          else log.error(error);
          reply(socket, 'error', { msg: M.stateFailed, projectId });
        });
      return;
    }
    case 'unwatch': {
      const projectId = projectIdOf(frame.data);
      if (projectId !== undefined) hub.unwatch(client, projectId);
      return;
    }
    default:
      return reply(socket, 'error', { msg: M.unknownType(String(frame?.type)) });
  }
}

/**
 * The real-time channel of the shared contract at `/websocket/:userId` (outside the API prefix, as the client
 * builds it from the region's base address). Auction state is public, so any socket may watch a project;
 * per-user notices need `?token=` to belong to that userId. Frames the contract does not define are answered
 * with `{ type: 'error', data: { msg } }`.
 */
export async function registerWebSocketRoutes(app: FastifyInstance, ctx: AppContext, hub: AuctionHub): Promise<void> {
  const policy = { idleMinutes: ctx.config.sessionIdleMinutes, absoluteHours: ctx.config.sessionAbsoluteHours };
  await app.register(async (scope) => {
    // No compression: the hub writes prepared frames straight to the sockets (see AuctionHub.writeFramed).
    // At close every socket goes with 1012 (hub.closeSockets), not the plugin's bare close: the client reconnects at once.
    await scope.register(websocket, {
      options: { maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false },
      preClose: (done) => {
        hub.closeSockets();
        done();
      },
    });
    scope.get('/websocket/:userId', { websocket: true }, (socket, request) => {
      const client: HubClient = hub.connect(socket);
      const userId = Number((request.params as { userId?: string }).userId);
      const token = (request.query as { token?: string } | undefined)?.token;
      if (Number.isInteger(userId) && userId > 0 && token) {
        // The user's notices sent while the token is checked are held, not lost (hub.claim).
        hub.claim(client, userId);
        resolveToken(ctx.db, token, policy, { singleSession: ctx.dbKind === 'pglite' })
          .then((user) => (user?.userId === userId ? hub.authenticate(client, userId) : hub.refuse(client)))
          .catch((error) => {
            hub.refuse(client);
            if (databaseOutage(error)) hub.warnOutage(`实时推送：数据库暂时不可用，登录状态未核对（${(error as Error).message}）`);
            else request.log.warn(error);
          });
      }

      const watchAllowed = frameWindow(ctx.config.wsWatchLimit);
      // Listeners are attached synchronously: a frame sent right after the handshake must not be lost.
      socket.on('message', (raw: RawData, isBinary: boolean) => {
        client.lastSeen = Date.now();
        let frame: { type?: unknown; data?: unknown };
        try {
          frame = JSON.parse(isBinary ? '' : raw.toString());
        } catch {
          return reply(socket, 'error', { msg: M.frameMalformed });
        }
        answerFrame(hub, client, socket, frame, request.log, watchAllowed);
      });
      socket.on('close', () => hub.disconnect(client));
      socket.on('error', () => hub.disconnect(client));
    });
  });
}
