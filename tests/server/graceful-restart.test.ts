import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { createActor } from 'xstate';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { StatusScheduler } from '../../server/auction/scheduler.js';
import type { AppContext } from '../../server/api/context.js';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.js';
import { gracefulStop } from '../../server/runtime/shutdown.js';
import { applyBid, applyDelay, type AuctionState } from '../../machines/auction-view.js';
import { realtimeChannelMachine, socketActor } from '../../machines/realtime-channel.js';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A } from './fixtures.js';
import { approve, insertBiddingProject, userWithToken, type TestUser } from './auction-helpers.js';

// A rolling restart as a proxy sees it: two instances on one PostgreSQL behind a balancer (new connections round
// robin, a refused upstream skipped, as nginx's proxy_next_upstream does), viewers on the portal's own real-time
// channel machine, bids flowing through the balancer; each instance in turn stops gracefully and starts again.
const onPostgres = Boolean(process.env.DATABASE_URL);

type App = FastifyInstance & { ctx: AppContext };

/** A TCP balancer on loopback: each new connection goes to the next upstream that accepts it. */
async function balancer(ports: number[]) {
  let next = 0;
  const open = new Map<number, number>(ports.map((p) => [p, 0]));
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    client.pause();
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    const attempt = (tries: number) => {
      if (tries >= ports.length) return client.destroy();
      const port = ports[(next + tries) % ports.length];
      const upstream = net.connect(port, '127.0.0.1');
      upstream.once('error', () => {
        upstream.destroy();
        attempt(tries + 1);
      });
      upstream.once('connect', () => {
        next = (next + tries + 1) % ports.length;
        open.set(port, open.get(port)! + 1);
        sockets.add(upstream);
        upstream.removeAllListeners('error');
        upstream.on('error', () => client.destroy());
        client.on('error', () => upstream.destroy());
        upstream.on('close', () => {
          open.set(port, open.get(port)! - 1);
          sockets.delete(upstream);
          client.destroy();
        });
        client.on('close', () => upstream.destroy());
        client.pipe(upstream).pipe(client);
        client.resume();
      });
    };
    attempt(0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    /** Connections open to each upstream port now. */
    open,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A viewer as the bid panel is one: the channel machine, its state folded from auctionState, bids and extensions. */
function channelViewer(address: string, projectId: number) {
  const machine = realtimeChannelMachine.provide({ actors: { socket: socketActor(WebSocket) } });
  const actor = createActor(machine, { input: { flags: { startWebSocket: true }, address, watch: [projectId] } });
  const viewer = { actor, state: null as AuctionState | null, states: new Set<string>(), resyncs: 0 };
  actor.subscribe((snapshot) => viewer.states.add(typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value)));
  actor.on('auctionState', ({ data }) => {
    if (data.projectId !== projectId) return;
    viewer.state = data;
    viewer.resyncs++;
  });
  actor.on('auctionBid', ({ data }) => viewer.state && (viewer.state = applyBid(viewer.state, data)));
  actor.on('delayTime', ({ data }) => viewer.state && (viewer.state = applyDelay(viewer.state, data)));
  actor.start();
  return viewer;
}

async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!onPostgres)(
  'a graceful restart of one of two instances during a live auction (skipped on PGlite: an embedded database belongs to one process; run with bash scripts/with-postgres.sh)',
  () => {
    let server: TestServer;
    let url: string;
    let bidders: TestUser[];
    const closers: Array<() => Promise<void>> = [];

    /** An instance as a process of its own would be: its own pool with the production timeouts, LISTEN, scheduler. */
    async function startInstance(port: number) {
      const handle: DatabaseHandle = await openDatabase({ databaseUrl: url, poolSize: 8, statementTimeoutMs: 5000, connectTimeoutMs: 5000 });
      const app = (await buildApp({ config: server.config, db: handle.db, dbKind: 'postgres', listen: handle.listen, logger: false })) as App;
      await app.listen({ host: '127.0.0.1', port });
      const scheduler = new StatusScheduler(handle.db);
      scheduler.start();
      return { app, handle, scheduler, port: (app.server.address() as net.AddressInfo).port };
    }

    beforeAll(async () => {
      server = await startTestServerWithPlaces();
      const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(server.db);
      const databaseUrl = new URL(process.env.DATABASE_URL!);
      databaseUrl.pathname = `/${rows[0].name}`;
      url = databaseUrl.toString();
      bidders = [];
      for (let i = 0; i < 4; i++) bidders.push(await userWithToken(server, `1371000000${i}`, `竞买人${i}`));
    });
    afterAll(async () => {
      for (const close of closers.reverse()) await close().catch(() => undefined);
      await server?.close();
    });

    it('a rolling restart of both, one at a time, keeps every acknowledged bid once; every viewer reconnects at once and ends with the right price and end time', async () => {
      // Ending in 4 minutes with 5-minute extensions: every bid moves the end, so the end time is news too.
      const projectId = await insertBiddingProject(server.db, { price: 1000, increment: 10, extendMinutes: 5, stopIn: 4 * 60_000 });
      await approve(
        server.db,
        projectId,
        bidders.map((b) => b.userId),
      );
      const instances = [await startInstance(0), await startInstance(0)];
      const ports = instances.map((i) => i.port);
      closers.push(async () => {
        for (const i of instances) {
          await i.scheduler.stop();
          await i.app.close();
          await i.handle.close();
        }
      });
      const lb = await balancer(ports);
      closers.push(() => lb.close());
      const lbAddress = `http://127.0.0.1:${lb.port}`;

      const viewers = Array.from({ length: 6 }, () => channelViewer(`ws://127.0.0.1:${lb.port}`, projectId));
      closers.push(async () => viewers.forEach((v) => v.actor.stop()));
      await waitUntil(() => viewers.every((v) => v.state !== null), 10_000, 'every viewer to get its first auctionState');

      // Bids through the balancer from two streams, amounts rising; a refused one (409: another was higher first)
      // is normal, any other answer is not. A request cut with its connection has no answer: its bid may or may not
      // have been taken, so it is counted apart.
      const acknowledged: Array<{ id: number; amount: number }> = [];
      const answered: number[] = [];
      let unanswered = 0;
      let k = 0;
      let bidding = true;
      const stream = async (n: number) => {
        while (bidding) {
          const bidder = bidders[(k + n) % bidders.length];
          const amount = 1000 + ++k * 10;
          try {
            const res = await fetch(`${lbAddress}/prod-api/api/auction/bid`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', ...server.signed(TENANT_A, bidder.headers) },
              body: JSON.stringify({ projectId, amount }),
            });
            answered.push(res.status);
            const body = (await res.json()) as { code: number; data?: { bid: { id: number } } };
            if (res.status === 200) acknowledged.push({ id: body.data!.bid.id, amount });
          } catch {
            unanswered++;
          }
          await new Promise((r) => setTimeout(r, 20));
        }
      };
      const streams = [stream(0), stream(1)];
      await new Promise((r) => setTimeout(r, 1000));

      for (const index of [1, 0]) {
        const port = ports[index];
        expect(lb.open.get(port), `viewers held by instance ${index + 1} as it stops`).toBeGreaterThanOrEqual(1);
        for (const v of viewers) v.states.clear();
        const before = acknowledged.length;
        const stopping = instances[index];
        await gracefulStop({ app: stopping.app, scheduler: stopping.scheduler, database: stopping.handle, graceMs: 10_000 });
        // Everyone it held comes back through the other by the restart path (a jitter of up to 1 s), not after an
        // ordinary reconnect's 5 s: the states below say which path each took. The wait itself is generous, since
        // a loaded CI machine running other suites alongside can take seconds to accept the sockets.
        await waitUntil(() => viewers.every((v) => v.actor.getSnapshot().matches({ live: 'open' })), 15_000, 'every viewer to be open again');
        const restarted = viewers.filter((v) => v.states.has('restarting'));
        expect(restarted.length, `viewers instance ${index + 1} closed with 1012`).toBeGreaterThanOrEqual(1);
        for (const v of viewers) expect(v.states.has('reconnecting'), 'no viewer waited for an ordinary reconnect').toBe(false);
        await new Promise((r) => setTimeout(r, 300));
        instances[index] = await startInstance(port);
        // New connections reach it again (the balancer's round robin), and bids went on throughout.
        await new Promise((r) => setTimeout(r, 1000));
        expect(acknowledged.length).toBeGreaterThan(before);
      }
      bidding = false;
      await Promise.all(streams);

      // Every answer was a bid taken or refused as too low: no 500, no 503, nothing else.
      expect(answered.filter((s) => s !== 200 && s !== 409)).toEqual([]);
      const stored = await server.db.selectFrom('bid').select(['id', 'amount']).where('projectId', '=', projectId).orderBy('id').execute();
      const storedById = new Map(stored.map((row) => [row.id, Number(row.amount)]));
      expect(new Set(acknowledged.map((a) => a.id)).size).toBe(acknowledged.length);
      for (const a of acknowledged) expect(storedById.get(a.id), `acknowledged bid ${a.id}`).toBe(a.amount);
      expect(stored.length - acknowledged.length).toBeLessThanOrEqual(unanswered);

      const project = await server.db
        .selectFrom('project')
        .select(['currentPrice', 'biddingStopTime', 'bidCount'])
        .where('id', '=', projectId)
        .executeTakeFirstOrThrow();
      const price = Number(project.currentPrice);
      const stop = project.biddingStopTime!.getTime();
      expect(project.bidCount).toBe(stored.length);
      await waitUntil(
        () => viewers.every((v) => v.state?.currentPrice === price && v.state.biddingStopTime === stop && v.state.bidCount === stored.length),
        10_000,
        `every viewer to show ${price} ending at ${stop}`,
      ).catch((error: Error) => {
        throw new Error(
          `${error.message}; viewers show ${JSON.stringify(viewers.map((v) => [v.state?.currentPrice, v.state?.biddingStopTime, v.state?.bidCount]))}`,
        );
      });
      for (const v of viewers) expect(v.resyncs, 'an auctionState at the start and after each reconnect').toBeGreaterThanOrEqual(2);
    });
  },
);
