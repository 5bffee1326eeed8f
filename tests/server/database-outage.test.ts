import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { StatusScheduler } from '../../server/auction/scheduler.js';
import { loadConfig } from '../../server/runtime/config.js';
import type { Database } from '../../server/db/schema.js';
import { startServer } from '../../server/main.js';
import { MESSAGES } from '../../server/api/messages.js';
import { signFor } from '../../server/plugins/guards/index.js';
import { REQUEST_LIMITS_RAISED } from './harness.js';
import { insertBiddingProject, Viewer } from './auction-helpers.js';
import { postgresBin, ThrowawayPostgres } from './throwaway-postgres.js';

// A PostgreSQL of this file's own, stopped, started, paused and resumed under a running server. It needs Debian's
// PostgreSQL binaries; it runs in the PGlite run of the suite (the PostgreSQL run has covered nothing more by then).
const bin = postgresBin();
const STATEMENT_TIMEOUT_MS = 1000;
const OUTAGE_MSGS = Object.values(MESSAGES.requests.databaseOutage);

describe.skipIf(!bin || Boolean(process.env.DATABASE_URL))(
  'PostgreSQL stopped or paused under a running server (skipped without Debian PostgreSQL — apt-get install postgresql — and in the DATABASE_URL run)',
  () => {
    let pg: ThrowawayPostgres;
    let started: Awaited<ReturnType<typeof startServer>>;
    let app: FastifyInstance;
    let db: Kysely<Database>;
    let deptId: number;
    let address: string;
    let dataDir: string;
    let projectId: number;
    const schedulerLog: string[] = [];
    let scheduler: StatusScheduler;

    const signed = () => {
      const timeStamp = String(Date.now());
      return { deptId: String(deptId), timeStamp, sign: signFor(deptId, timeStamp, app.ctx.config.apiSignKey) };
    };
    const stateCall = () => app.inject({ method: 'POST', url: '/prod-api/api/auction/state', headers: signed(), payload: { projectId } });
    const readyz = () => app.inject({ method: 'GET', url: '/readyz' });
    async function until(read: () => Promise<LightMyRequestResponse>, status: number, timeoutMs: number) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const res = await read();
        if (res.statusCode === status || Date.now() > deadline) return res;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    /** Every answer during an outage: 503, Retry-After, one of the outage messages; none a 500, none past the bound. */
    async function expectOutageAnswer(call: () => Promise<LightMyRequestResponse>) {
      const t0 = Date.now();
      const res = await call();
      const took = Date.now() - t0;
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(OUTAGE_MSGS).toContain(res.json().msg);
      // The statement timeout plus the driver's margin and a connect timeout: never the length of the outage.
      expect(took).toBeLessThan(STATEMENT_TIMEOUT_MS * 2 + 1000 + 3000);
    }

    beforeAll(async () => {
      pg = await ThrowawayPostgres.start(bin!);
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-outage-'));
      // The production start (npm start's startServer) on it: its pool with the timeouts, migrations on the
      // unbounded connection, its scheduler, its stop.
      const config = loadConfig(
        {},
        {
          dataDir,
          databaseUrl: pg.url,
          port: 0,
          serveClient: false,
          logLevel: 'silent',
          listCacheMs: 0,
          rateLimits: REQUEST_LIMITS_RAISED,
          dbStatementTimeoutMs: STATEMENT_TIMEOUT_MS,
          dbConnectTimeoutMs: STATEMENT_TIMEOUT_MS,
        },
      );
      const log = console.log;
      console.log = () => {}; // the start banner
      started = await startServer({ config, seedWhenEmpty: false }).finally(() => (console.log = log));
      app = started.app;
      address = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      db = app.ctx.db;
      deptId = (await db.selectFrom('place').select('deptId').where('level', '=', 4).orderBy('deptId').executeTakeFirstOrThrow()).deptId;
      projectId = await insertBiddingProject(db, { deptId });
      // A second scheduler whose log the test reads (any number may run: every change is conditional).
      scheduler = new StatusScheduler(db, { log: { info: (m) => schedulerLog.push(`info ${m}`), error: (e) => schedulerLog.push(`error ${String(e)}`) } });
      scheduler.start();
    }, 120_000);
    afterAll(async () => {
      pg?.resume();
      await scheduler?.stop();
      await started?.stop();
      pg?.destroy();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('is ready while PostgreSQL answers', async () => {
      expect((await readyz()).statusCode).toBe(200);
      expect((await stateCall()).statusCode).toBe(200);
    });

    it('paused (SIGSTOP): requests answer 503 with Retry-After within the statement timeout, /readyz 503; ready again soon after it resumes', async () => {
      const viewer = await Viewer.open(`${address.replace(/^http/, 'ws')}/websocket/0`);
      try {
        pg.pause();
        try {
          await Promise.all([expectOutageAnswer(stateCall), expectOutageAnswer(stateCall), expectOutageAnswer(stateCall)]);
          const ready = await readyz();
          expect(ready.statusCode).toBe(503);
          expect(ready.json().msg).toContain(MESSAGES.health.databaseDown);
          expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
          // The real-time channel says the state could not be read; the socket stays open.
          viewer.send({ type: 'watch', data: { projectId } });
          const error = await viewer.waitFor((f) => f.type === 'error', 10_000);
          expect(error.data?.msg).toBe(MESSAGES.realtime.stateFailed);
          expect(viewer.ws.readyState).toBe(1);
        } finally {
          pg.resume();
        }
        const back = await until(readyz, 200, 5000);
        expect(back.statusCode, back.body).toBe(200);
        expect((await stateCall()).statusCode).toBe(200);
        expect(await viewer.watch(projectId)).toMatchObject({ type: 'auctionState', data: { projectId } });
      } finally {
        await viewer.close();
      }
    }, 60_000);

    it('stopped (pg_ctl stop): every request answers 503, none 500, /readyz 503; 200 within 5 s of its return; the scheduler decides what ended meanwhile', async () => {
      const ending = await insertBiddingProject(db, { deptId, stopIn: 1500 });
      // Its end is the scheduler's next wake-up, which falls in the outage.
      scheduler.poke();
      await new Promise((r) => setTimeout(r, 300));
      pg.stopServer('fast');
      try {
        for (let i = 0; i < 10; i++) await expectOutageAnswer(stateCall);
        const ready = await readyz();
        expect(ready.statusCode).toBe(503);
        expect(ready.json().data.checks).toMatchObject({ database: false });
        // The auction's end passes while the database is down.
        await new Promise((r) => setTimeout(r, 2000));
      } finally {
        pg.startServer();
      }
      const back = await until(readyz, 200, 5000);
      expect(back.statusCode, back.body).toBe(200);
      expect((await stateCall()).statusCode).toBe(200);
      // The scheduler kept running: the auction that ended during the outage is decided once the database is back.
      const deadline = Date.now() + 10_000;
      let status = 6;
      while (status === 6 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        status = (await db.selectFrom('project').select('status').where('id', '=', ending).executeTakeFirstOrThrow()).status;
      }
      expect(status).toBeGreaterThan(6);
      // One line for the outage and one for the recovery, not one per pass.
      expect(schedulerLog.filter((line) => line.startsWith('error')).length).toBeLessThanOrEqual(2);
      expect(schedulerLog.some((line) => line.includes('数据库已恢复'))).toBe(true);
    }, 60_000);
  },
);
