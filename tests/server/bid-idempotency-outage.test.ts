/**
 * The truth after a timeout: the database stalls (SIGSTOP) while a bid is on its way, the client gives up, the bid
 * commits once the database is back — and the outcome call then tells the bidder 出价成功 with the amount.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A } from './fixtures.js';
import { approve, insertBiddingProject, userWithToken, type TestUser } from './auction-helpers.js';
import { postgresBin, ThrowawayPostgres } from './throwaway-postgres.js';

// A PostgreSQL of this file's own, to pause; like database-outage.test.ts it runs in the PGlite run of the suite.
const bin = postgresBin();
const CLIENT_TIMEOUT_MS = 600;
const PAUSE_MS = 2000;

describe.skipIf(!bin || Boolean(process.env.DATABASE_URL))(
  'a bid whose request timed out while PostgreSQL was paused (skipped without Debian PostgreSQL and in the DATABASE_URL run)',
  () => {
    let pg: ThrowawayPostgres;
    let server: TestServer;
    let address: string;
    let alice: TestUser;
    const envBefore = process.env.DATABASE_URL;

    beforeAll(async () => {
      pg = await ThrowawayPostgres.start(bin!);
      // The test server makes a database of its own on this PostgreSQL (and drops it on close).
      process.env.DATABASE_URL = pg.url;
      server = await startTestServerWithPlaces();
      address = await server.app.listen({ host: '127.0.0.1', port: 0 });
      alice = await userWithToken(server, '13800000041', '张三丰');
    }, 120_000);
    afterAll(async () => {
      pg?.resume();
      await server?.close();
      process.env.DATABASE_URL = envBefore;
      if (envBefore === undefined) delete process.env.DATABASE_URL;
      pg?.destroy();
    });

    const post = (url: string, body: Record<string, unknown>, signal?: AbortSignal) =>
      fetch(`${address}/prod-api/api/auction/${url}`, {
        method: 'POST',
        headers: { ...server.signed(TENANT_A), ...alice.headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      });

    it('commits after the client gave up; the outcome call then says 出价成功 with the amount, and a repeat adds no bid', async () => {
      const projectId = await insertBiddingProject(server.db);
      await approve(server.db, projectId, [alice.userId]);
      const key = randomUUID();
      let gaveUpAt = 0;
      pg.pause();
      try {
        const sent = post('bid', { projectId, amount: 1300, key }, AbortSignal.timeout(CLIENT_TIMEOUT_MS));
        await expect(sent).rejects.toThrow();
        gaveUpAt = Date.now();
        await new Promise((r) => setTimeout(r, PAUSE_MS - CLIENT_TIMEOUT_MS));
      } finally {
        pg.resume();
      }
      // The bid, held in the paused database, commits once it runs again (asked before that, the outcome call could
      // close the key first: "not landed" would be the truth then, and the bid refused — the second test).
      await expect.poll(() => server.db.selectFrom('bid').select('id').where('projectId', '=', projectId).execute(), { timeout: 10_000 }).toHaveLength(1);
      // Asked as the panel asks: again while no answer comes (at most a few seconds).
      let answer: { code: number; msg: string; data: { accepted: boolean; result: { bid: { amount: number; time: number } } | null } } | undefined;
      for (let i = 0; i < 50 && answer?.code !== 200; i++) {
        answer = (await (await post('bid-outcome', { projectId, key })).json()) as typeof answer;
        if (answer?.code !== 200) await new Promise((r) => setTimeout(r, 100));
      }
      expect(answer).toMatchObject({ code: 200, msg: '出价成功', data: { accepted: true, result: { bid: { amount: 1300 } } } });
      const bids = await server.db.selectFrom('bid').select(['id', 'amount', 'createdAt']).where('projectId', '=', projectId).execute();
      expect(bids.map((b) => Number(b.amount))).toEqual([1300]);
      // The database decided it after the client had stopped waiting.
      expect(bids[0].createdAt.getTime()).toBeGreaterThanOrEqual(gaveUpAt - 50);
      expect(answer!.data.result!.bid.time).toBe(bids[0].createdAt.getTime());
      // The panel's press sent again (a retry of the same request): the same bid, no second one.
      const again = (await (await post('bid', { projectId, amount: 1300, key })).json()) as { code: number; data: { bid: { id: number } } };
      expect(again).toMatchObject({ code: 200, data: { bid: { id: bids[0].id } } });
      expect(await server.db.selectFrom('bid').select('id').where('projectId', '=', projectId).execute()).toHaveLength(1);
    }, 60_000);

    it('a key asked for before its bid arrives is closed: 出价未成功, and the late bid does not land', async () => {
      const projectId = await insertBiddingProject(server.db);
      await approve(server.db, projectId, [alice.userId]);
      const key = randomUUID();
      const outcome = (await (await post('bid-outcome', { projectId, key })).json()) as { code: number; msg: string };
      expect(outcome).toMatchObject({ code: 200, msg: '出价未成功' });
      const late = (await (await post('bid', { projectId, amount: 1000, key })).json()) as { code: number; msg: string };
      expect(late).toMatchObject({ code: 409, msg: '出价未成功' });
      expect(await server.db.selectFrom('bid').select('id').where('projectId', '=', projectId).execute()).toHaveLength(0);
    }, 30_000);
  },
);
