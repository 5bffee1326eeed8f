import net from 'node:net';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { StatusScheduler } from '../../server/auction/scheduler.js';
import { MESSAGES } from '../../server/api/messages.js';
import { gracefulStop } from '../../server/runtime/shutdown.js';
import { startTestServerWithPlaces, TENANT_A } from './fixtures.js';
import { insertBiddingProject, Viewer } from './auction-helpers.js';

/** A request written by hand so the test decides when its body ends: an in-flight request at the moment of the stop. */
function halfSentRequest(port: number, path: string, headers: Record<string, string>, body: string) {
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString()));
  const ended = new Promise<string>((resolve) => socket.on('close', () => resolve(answer)));
  socket.on('error', () => undefined);
  const head = [`POST ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`]
    .concat(Object.entries(headers).map(([k, v]) => `${k}: ${v}`))
    .join('\r\n');
  const half = Math.floor(body.length / 2);
  const opened = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return {
    async start() {
      await opened;
      socket.write(`${head}\r\n\r\n${body.slice(0, half)}`);
    },
    finish: () => socket.write(body.slice(half)),
    ended,
  };
}

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

const closeOf = (ws: WebSocket) =>
  new Promise<{ code: number; reason: string }>((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));

describe('graceful stop', () => {
  it('takes the instance out of rotation, closes sockets with 1012, refuses new connections, lets requests under way finish, stops the scheduler', async () => {
    const server = await startTestServerWithPlaces();
    const scheduler = new StatusScheduler(server.db);
    scheduler.start();
    let closedDatabase = false;
    try {
      const projectId = await insertBiddingProject(server.db);
      const address = await server.app.listen({ host: '127.0.0.1', port: 0 });
      const port = Number(new URL(address).port);
      const viewer = await Viewer.open(`${address.replace(/^http/, 'ws')}/websocket/0`);
      await viewer.watch(projectId);
      const closing = closeOf(viewer.ws);
      const request = halfSentRequest(port, '/prod-api/api/auction/state', server.signed(TENANT_A), JSON.stringify({ projectId }));
      await request.start();

      let stopped = false;
      const stop = gracefulStop({ app: server.app, scheduler, database: { close: async () => void (closedDatabase = true) }, graceMs: 10_000 }).then(
        () => (stopped = true),
      );
      expect(server.app.health.draining).toBe(true);
      expect(await closing).toEqual({ code: 1012, reason: MESSAGES.realtime.restarting });
      expect(await refused(port)).toBe(true);
      await new Promise((r) => setTimeout(r, 300));
      expect(stopped, 'the stop waits for the request under way').toBe(false);

      request.finish();
      const answer = await request.ended;
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      expect(answer.toLowerCase()).toContain('connection: close');
      expect(answer).toContain(`"projectId":${projectId}`);
      await stop;
      expect(closedDatabase).toBe(true);
    } finally {
      await scheduler.stop();
      await server.close();
    }
  });

  it('cuts what is still open once the grace period is over, so a stop never hangs', async () => {
    const server = await startTestServerWithPlaces();
    try {
      const address = await server.app.listen({ host: '127.0.0.1', port: 0 });
      const port = Number(new URL(address).port);
      const request = halfSentRequest(port, '/prod-api/api/auction/state', server.signed(TENANT_A), JSON.stringify({ projectId: 1 }));
      await request.start();
      const t0 = Date.now();
      await gracefulStop({ app: server.app, graceMs: 500 });
      expect(Date.now() - t0).toBeGreaterThanOrEqual(450);
      // The connection the silent client held was closed by the server, without an answer.
      expect(await request.ended).toBe('');
    } finally {
      await server.close();
    }
  });
});
