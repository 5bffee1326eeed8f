import { sql, type Kysely } from 'kysely';
import WebSocket from 'ws';
import type { Database } from '../../server/db/schema.js';
import { TENANT_A_TOWN } from './fixtures.js';
import type { TestServer } from './harness.js';
import { bearer, insertUser, sessionFor } from './users-helpers.js';

/** The database clock (bids and closes are decided by it, so tests set times relative to it). */
export async function dbClock(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ now: Date | string }>`SELECT clock_timestamp() AS now`.execute(db);
  return new Date(rows[0].now).getTime();
}

export interface ProjectFixture {
  deptId: number;
  status: number;
  type?: 1 | 2 | 3;
  price?: number;
  increment?: number;
  reservePrice?: number | null;
  extendMinutes?: number;
  applyStartTime?: number | null;
  applyStopTime?: number | null;
  biddingStartTime?: number | null;
  biddingStopTime?: number | null;
  publicityStopTime?: number | null;
  name?: string;
}

const NUMBER_BY_TYPE = { 1: '009', 2: '001', 3: '013' } as const;
const at = (t: number | null | undefined) => (t === null || t === undefined ? null : new Date(t));

export async function insertProject(db: Kysely<Database>, p: ProjectFixture): Promise<number> {
  const type = p.type ?? 2;
  const row = await db
    .insertInto('project')
    .values({
      deptId: p.deptId,
      type,
      number: NUMBER_BY_TYPE[type],
      status: p.status,
      projectName: p.name ?? `测试竞价项目${Math.random().toString(36).slice(2, 7)}`,
      price: p.price ?? 1000,
      increment: p.increment ?? 100,
      reservePrice: p.reservePrice ?? null,
      extendMinutes: p.extendMinutes ?? 5,
      publicityStopTime: at(p.publicityStopTime),
      applyStartTime: at(p.applyStartTime),
      applyStopTime: at(p.applyStopTime),
      biddingStartTime: at(p.biddingStartTime),
      biddingStopTime: at(p.biddingStopTime),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const HOUR = 3_600_000;

/**
 * A project in bidding by the database clock: sign-up closed 2 h ago, bidding began 1 h ago and ends `stopIn`
 * (2 h) from now; in 甲镇, 1000 by steps of 100, unless `p` says otherwise.
 */
export async function insertBiddingProject(db: Kysely<Database>, p: Partial<ProjectFixture> & { stopIn?: number } = {}): Promise<number> {
  const now = await dbClock(db);
  const { stopIn = 2 * HOUR, ...fixture } = p;
  return insertProject(db, {
    deptId: TENANT_A_TOWN,
    status: 6,
    price: 1000,
    increment: 100,
    applyStartTime: now - 3 * 24 * HOUR,
    applyStopTime: now - 2 * HOUR,
    biddingStartTime: now - HOUR,
    biddingStopTime: now + stopIn,
    ...fixture,
  });
}

/** A user with a live session. */
export async function userWithToken(server: TestServer, phone: string, name: string, role: 'user' | 'staff' | 'admin' = 'user', deptId: number | null = null) {
  const userId = await insertUser(server.db, { phone, name, role, deptId });
  const token = await sessionFor(server, userId);
  return { userId, token, headers: bearer(token) };
}

export type TestUser = Awaited<ReturnType<typeof userWithToken>>;

/** The two bidders most auction tests need, 张三丰 and 李四光, logged in on the given phones. */
export async function twoBidders(server: TestServer, phones: readonly [string, string]): Promise<[TestUser, TestUser]> {
  return [await userWithToken(server, phones[0], '张三丰'), await userWithToken(server, phones[1], '李四光')];
}

/** Approved registrations inserted directly (bidder codes 001, 002… in the order given). */
export async function approve(db: Kysely<Database>, projectId: number, userIds: number[]): Promise<void> {
  if (!userIds.length) return;
  await db
    .insertInto('registration')
    .values(userIds.map((userId, i) => ({ projectId, userId, state: 1, bidderCode: String(i + 1).padStart(3, '0'), reviewedAt: new Date() })))
    .execute();
}

export type Frame = { type: string; data?: Record<string, any> };

/** A real WebSocket client that records every frame and can wait for one. */
export class Viewer {
  readonly frames: Frame[] = [];
  private waiters: Array<() => void> = [];
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()));
      for (const w of this.waiters.splice(0)) w();
    });
  }

  static async open(url: string): Promise<Viewer> {
    const ws = new WebSocket(url);
    const viewer = new Viewer(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return viewer;
  }

  send(frame: Frame): void {
    this.ws.send(JSON.stringify(frame));
  }

  of(type: string): Frame[] {
    return this.frames.filter((f) => f.type === type);
  }

  /** Resolves with the first frame (from index `from`) matching `match`; rejects after `timeoutMs`. */
  async waitFor(match: (f: Frame) => boolean, timeoutMs = 5000, from = 0): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.slice(from).find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames.map((f) => f.type))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async watch(projectId: number): Promise<Frame> {
    const from = this.frames.length;
    this.send({ type: 'watch', data: { projectId } });
    return this.waitFor((f) => f.type === 'auctionState' && f.data?.projectId === projectId, 5000, from);
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}
