import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_A_OTHER_COUNTY, TENANT_A_TOWN } from './fixtures.js';
import { approve, insertBiddingProject, Viewer } from './auction-helpers.js';
import { adminCall, consoleWorld, type ConsoleWorld } from './admin-helpers.js';

// The live monitor shows the running auctions of the staff member's places with their price, bids,
// extensions (bids that moved the end later), end time and the sockets watching each.
let w: ConsoleWorld;
let wsBase: string;
beforeAll(async () => {
  w = await consoleWorld('1371900300');
  wsBase = (await w.server.app.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws');
}, 120_000);
afterAll(() => w.server.close());

describe('adminAuctionMonitor', () => {
  it('counts bids, extensions and viewers of the auctions in scope only', async () => {
    // Ends in 2 minutes with a 5-minute extension: the first bid moves the end, the second (same window) too.
    const projectId = await insertBiddingProject(w.server.db, { deptId: TENANT_A_TOWN, stopIn: 120_000, extendMinutes: 5 });
    const otherId = await insertBiddingProject(w.server.db, { deptId: TENANT_A_OTHER_COUNTY });
    await approve(w.server.db, projectId, [w.ids.user]);
    const viewer = await Viewer.open(`${wsBase}/websocket/0`);
    await viewer.watch(projectId);
    try {
      for (const amount of [1000, 1100]) {
        const bid = await adminCall(w.server, 'auctionBid', w.user, { projectId, amount });
        expect(bid.json().code).toBe(200);
      }
      const rows = (await adminCall(w.server, 'adminAuctionMonitor', w.staff)).json().data as Array<Record<string, unknown>>;
      expect(rows.map((r) => r.projectId)).toEqual([projectId]);
      expect(rows[0]).toMatchObject({ currentPrice: 1100, bidCount: 2, extensions: 2, viewers: 1 });
      const theirs = (await adminCall(w.server, 'adminAuctionMonitor', w.otherStaff)).json().data as Array<Record<string, unknown>>;
      expect(theirs.map((r) => r.projectId)).toEqual([otherId]);
      expect(theirs[0]).toMatchObject({ bidCount: 0, extensions: 0, viewers: 0 });
    } finally {
      await viewer.close();
    }
  });
});
