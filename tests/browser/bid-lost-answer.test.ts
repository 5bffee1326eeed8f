import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { review } from '../../server/auction/index.js';
import { DEMO_PHONES } from '../../server/seed/index.js';
import { openAuctionNow, seededProjectOf, withPortalInChromium } from './portal-harness.js';

// A bid whose answer never reaches the browser (the connection drops after the server took it, or before): the
// panel asks the server what became of the bid's key and says the truth, not §8's generic 系统接口请求超时.
const chromium = withPortalInChromium();
let projectId: number;

beforeAll(async () => {
  const db = chromium.portal.db;
  projectId = (await seededProjectOf(db, '淳安县', { type: 2, status: 6 })).id;
  await openAuctionNow(db, projectId, { stopInMinutes: 30 });
  const user = await db.selectFrom('appUser').select('userId').where('phone', '=', DEMO_PHONES[0]).executeTakeFirstOrThrow();
  await db.insertInto('registration').values({ projectId, userId: user.userId, state: 2 }).execute();
  await review(db, { projectId, userId: user.userId, approve: true, reviewerId: null, withoutDeposit: true });
}, 120_000);

const isBid = (url: URL) => url.pathname.endsWith('/api/auction/bid');
const bids = () => chromium.portal.db.selectFrom('bid').select(['amount']).where('projectId', '=', projectId).orderBy('id').execute();

async function bidWithLostAnswer(page: Page, lose: (route: Route) => Promise<void>): Promise<void> {
  await page.route(isBid, lose);
  await page.getByRole('button', { name: '立即竞价' }).click();
}

describe('a bid whose answer is lost', () => {
  it('landed: 出价成功 with the amount; not landed: 出价未成功; never the generic timeout text', async () => {
    const { page } = await chromium.openLoggedIn(DEMO_PHONES[0], {
      region: 'chunan-dev',
      route: `/bidDetail?id=${projectId}`,
      context: { viewport: { width: 1300, height: 1000 } },
    });
    try {
      await expect.poll(() => page.getByRole('button', { name: '立即竞价' }).count(), { timeout: 15_000 }).toBe(1);
      // The server takes the bid; the browser never hears back.
      await bidWithLostAnswer(page, async (route) => {
        await route.fetch();
        await route.abort('connectionreset');
      });
      await expect.poll(() => page.getByText('出价成功：¥10,000.00').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect((await bids()).map((b) => Number(b.amount))).toEqual([10000]);
      await page.unroute(isBid);

      // The request never reaches the server.
      await expect.poll(() => page.locator('.tm-auction__price').innerText(), { timeout: 10_000 }).toBe('¥10,000.00');
      await bidWithLostAnswer(page, (route) => route.abort('connectionreset'));
      await expect.poll(() => page.getByRole('alert').filter({ hasText: '出价未成功' }).count(), { timeout: 15_000 }).toBe(1);
      expect((await bids()).length).toBe(1);
      expect(await page.getByText('系统接口请求超时').count()).toBe(0);
      expect(await page.getByText('后端接口连接异常').count()).toBe(0);
    } finally {
      await page.context().close();
    }
  }, 90_000);
});
