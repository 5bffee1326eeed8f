import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.js';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A } from './fixtures.js';
import { approve, insertBiddingProject, userWithToken, Viewer, type TestUser } from './auction-helpers.js';

// Two server instances on one PostgreSQL, viewers split across them; every viewer must see every accepted
// bid once and in the same order, whichever instance took the bid. Bids are sent through both instances at once, so
// they race for the project's row lock across processes' pools, and the NOTIFYs reach each instance's LISTEN.
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)(
  'two instances on one PostgreSQL (skipped on PGlite: an embedded database belongs to one process, so there is no second instance; run with bash scripts/with-postgres.sh)',
  () => {
    let server: TestServer;
    let other: FastifyInstance;
    let handle: DatabaseHandle;
    let bidders: TestUser[];
    const viewers: Viewer[] = [];

    beforeAll(async () => {
      server = await startTestServerWithPlaces();
      const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(server.db);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${rows[0].name}`;
      // A second instance as a second machine would run it: its own pool and its own LISTEN connection.
      handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 8 });
      other = await buildApp({ config: server.config, db: handle.db, dbKind: 'postgres', listen: handle.listen, logger: false });
      bidders = [];
      for (let i = 0; i < 4; i++) bidders.push(await userWithToken(server, `1370000000${i}`, `竞买人${i}`));
    });
    afterAll(async () => {
      await Promise.all(viewers.map((v) => v.close()));
      await other?.close();
      await handle?.close();
      await server?.close();
    });

    it('viewers on both instances get every accepted bid once, in the same (commit) order, bids taken through both', async () => {
      const projectId = await insertBiddingProject(server.db, { price: 1000, increment: 10 });
      await approve(
        server.db,
        projectId,
        bidders.map((b) => b.userId),
      );
      const addresses = [await server.app.listen({ host: '127.0.0.1', port: 0 }), await other.listen({ host: '127.0.0.1', port: 0 })];
      for (let i = 0; i < 4; i++) {
        const v = await Viewer.open(`${addresses[i % 2].replace(/^http/, 'ws')}/websocket/0`);
        viewers.push(v);
        await v.watch(projectId);
      }

      // 60 bids in 6 waves of 10 concurrent ones, alternating instances; amounts rise by wave with overlaps, so some
      // lose the race (refused: below current price + increment) and the accepted order is the commit order.
      const apps = [server.app, other];
      const accepted: number[] = [];
      let refused = 0;
      for (let wave = 0; wave < 6; wave++) {
        const results = await Promise.all(
          Array.from({ length: 10 }, (_, j) => {
            const k = wave * 10 + j;
            return apps[k % 2].inject({
              method: 'POST',
              url: '/prod-api/api/auction/bid',
              headers: { ...server.signed(TENANT_A), ...bidders[k % bidders.length].headers },
              payload: { projectId, amount: 1000 + (wave * 6 + (j % 7)) * 10 },
            });
          }),
        );
        for (const res of results) {
          const body = res.json() as { code: number; msg: string; data?: { bid: { id: number } } };
          if (body.code === 200) accepted.push(body.data!.bid.id);
          else {
            expect(res.statusCode, body.msg).toBe(409);
            refused++;
          }
        }
      }
      expect(accepted.length).toBeGreaterThan(5);
      expect(refused).toBeGreaterThan(0);

      // The database's own record of the auction: bid ids rise with amounts (the lock orders them).
      const stored = await server.db.selectFrom('bid').select(['id', 'amount']).where('projectId', '=', projectId).orderBy('id').execute();
      expect(stored.map((b) => b.id)).toEqual([...accepted].sort((a, b) => a - b));
      const amounts = stored.map((b) => Number(b.amount));
      expect(amounts).toEqual([...amounts].sort((a, b) => a - b));

      const lastId = stored[stored.length - 1].id;
      for (const v of viewers) await v.waitFor((f) => f.type === 'auctionBid' && f.data?.bid.id === lastId, 10_000);
      // A moment for any duplicate to arrive after the last frame.
      await new Promise((r) => setTimeout(r, 200));
      for (const [i, v] of viewers.entries()) {
        const seen = v
          .of('auctionBid')
          .filter((f) => f.data?.projectId === projectId)
          .map((f) => f.data!.bid.id as number);
        expect(seen, `viewer ${i} on instance ${(i % 2) + 1}`).toEqual(stored.map((b) => b.id));
        const counts = v
          .of('auctionBid')
          .filter((f) => f.data?.projectId === projectId)
          .map((f) => f.data!.bidCount as number);
        expect(counts, `viewer ${i}: bidCount of each frame`).toEqual(stored.map((_, n) => n + 1));
      }
      const project = await server.db.selectFrom('project').select(['currentPrice', 'bidCount']).where('id', '=', projectId).executeTakeFirstOrThrow();
      expect(Number(project.currentPrice)).toBe(amounts[amounts.length - 1]);
      expect(project.bidCount).toBe(stored.length);
    });
  },
);
