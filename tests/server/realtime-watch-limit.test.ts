import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameWindow } from '../../server/auction/frame-window.js';
import { MESSAGES } from '../../server/api/messages.js';
import { DEFAULT_WS_WATCH_LIMIT, loadConfig } from '../../server/runtime/config.js';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces } from './fixtures.js';
import { insertBiddingProject, Viewer } from './auction-helpers.js';

// Each watch frame reads an auction's state from the database: one socket may send WS_WATCH_LIMIT of them per
// window, and past it is answered with a Chinese error frame instead of a read. Other sockets are not affected.
let server: TestServer;
let wsBase: string;
const viewers: Viewer[] = [];

beforeAll(async () => {
  server = await startTestServerWithPlaces({ wsWatchLimit: { max: 5, windowSeconds: 60 } });
  wsBase = (await server.app.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws');
}, 120_000);
afterAll(async () => {
  for (const v of viewers) await v.close();
  await server.close();
});

async function viewer(): Promise<Viewer> {
  const v = await Viewer.open(`${wsBase}/websocket/0`);
  viewers.push(v);
  return v;
}

describe('the real-time socket’s watch limit', () => {
  it('answers watches past the limit with an error frame and no state, and leaves another socket its own allowance', async () => {
    const projectId = await insertBiddingProject(server.db);
    const greedy = await viewer();
    for (let i = 0; i < 5; i++) await greedy.watch(projectId);
    const from = greedy.frames.length;
    greedy.send({ type: 'watch', data: { projectId } });
    const refused = await greedy.waitFor((f) => f.type === 'error', 5000, from);
    expect(refused.data).toEqual({ msg: MESSAGES.hardening.watchTooFrequent, projectId });
    // The heartbeat still answers, and the refused watch sent no state.
    greedy.send({ type: 'heartcheck' });
    await greedy.waitFor((f) => f.type === 'heartcheck', 5000, from);
    expect(greedy.frames.slice(from).filter((f) => f.type === 'auctionState')).toEqual([]);

    const other = await viewer();
    expect((await other.watch(projectId)).data?.projectId).toBe(projectId);
  });

  it('reads WS_WATCH_LIMIT as max/seconds: 0 turns it off, a malformed value keeps the default', () => {
    expect(loadConfig({ WS_WATCH_LIMIT: '100/30' }).wsWatchLimit).toEqual({ max: 100, windowSeconds: 30 });
    expect(loadConfig({}).wsWatchLimit).toEqual(DEFAULT_WS_WATCH_LIMIT);
    expect(loadConfig({ WS_WATCH_LIMIT: 'lots' }).wsWatchLimit).toEqual(DEFAULT_WS_WATCH_LIMIT);
    expect(loadConfig({ WS_WATCH_LIMIT: '0' }).wsWatchLimit).toBeUndefined();
  });

  it('opens a new window once the last one has passed', () => {
    let now = 0;
    const allowed = frameWindow({ max: 2, windowSeconds: 10 }, () => now);
    expect([allowed(), allowed(), allowed()]).toEqual([true, true, false]);
    now = 9_999;
    expect(allowed()).toBe(false);
    now = 10_000;
    expect([allowed(), allowed(), allowed()]).toEqual([true, true, false]);
    expect(frameWindow(undefined)()).toBe(true);
  });
});
