import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../api/context.js';

export interface GracefulStopParts {
  app: FastifyInstance & { ctx: AppContext };
  /** The status scheduler: a pass under way finishes, no new one starts. */
  scheduler?: { stop(): Promise<void> };
  /** The database handle, closed last. */
  database?: { close(): Promise<void> };
  /** How long in-flight requests and sockets may take (config.shutdownGraceMs); then they are cut. */
  graceMs: number;
}

/**
 * Stops an instance without failing anyone it serves (SIGTERM, SIGINT, a rolling restart): readiness answers 503 at
 * once, the listener closes (new connections go to another instance), every WebSocket is closed with 1012 so its
 * client reconnects at once and resyncs, requests under way finish, then the scheduler and the database stop.
 * Whatever is still open after `graceMs` is cut, so a stop never hangs.
 */
export async function gracefulStop({ app, scheduler, database, graceMs }: GracefulStopParts): Promise<void> {
  app.health.drain();
  const schedulerStopped = scheduler?.stop();
  // Fastify's close: the listener closes, the sockets get 1012 (routes/websocket.ts preClose), requests under way
  // finish, then the onClose hooks run (the hub stops listening).
  const closed = app.close();
  let timer: NodeJS.Timeout | undefined;
  const inTime = await Promise.race([closed.then(() => true), new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs)))]);
  clearTimeout(timer);
  if (!inTime) {
    app.log.warn(`停止等待已超过 ${graceMs} ms：仍未结束的请求与实时连接被强制关闭`);
    app.server.closeAllConnections();
    app.ctx.auction.terminateSockets();
    await closed;
  }
  await schedulerStopped;
  await database?.close();
}
