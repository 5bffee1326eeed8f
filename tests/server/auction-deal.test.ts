import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAuction } from '../../server/auction/index.js';
import { formatDateTime } from '../../server/api/format.js';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A, TENANT_A_COUNTY, TENANT_A_TOWN, TENANT_B } from './fixtures.js';
import { approve, dbClock, insertBiddingProject, twoBidders, type TestUser } from './auction-helpers.js';
import { callAs } from './listings-helpers.js';

// The 成交公告 an auction publishes when it closes with a deal, read back through the portal's own calls.

let server: TestServer;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  server = await startTestServerWithPlaces();
  [alice, bob] = await twoBidders(server, ['13800000011', '13800000012']);
});
afterAll(() => server.close());

const bid = (projectId: number, amount: number, user: { headers: Record<string, string> }) =>
  server.app.inject({
    method: 'POST',
    url: '/prod-api/api/auction/bid',
    headers: { ...server.signed(TENANT_A), ...user.headers },
    payload: { projectId, amount },
  });

/** A project in bidding in 甲镇 with alice (001) and bob (002) approved. */
async function biddingProject(opts: { name?: string; reservePrice?: number | null; code?: string } = {}) {
  const id = await insertBiddingProject(server.db, { reservePrice: opts.reservePrice ?? null, name: opts.name });
  await server.db
    .updateTable('project')
    .set({ priceUnit: 1, address: '测试省甲市甲县甲镇东村', outname: '甲镇东村股份经济合作社', code: opts.code ?? '' })
    .where('id', '=', id)
    .execute();
  await approve(server.db, id, [alice.userId, bob.userId]);
  return id;
}

/** Moves the end just behind the database clock, as time passing would. */
async function endNow(id: number) {
  await server.db
    .updateTable('project')
    .set({ biddingStopTime: new Date((await dbClock(server.db)) - 1) })
    .where('id', '=', id)
    .execute();
}

const announcementsOf = (projectId: number) => server.db.selectFrom('dealAnnouncement').selectAll().where('projectId', '=', projectId).execute();

describe('deal announcement at the close', () => {
  it('publishes one for a deal, listed in the region and shown with amount, bidder code, times and bidder count but no name', async () => {
    const name = '甲镇东村<b>耕地</b>经营权流转&"试点"';
    const id = await biddingProject({ name });
    expect((await bid(id, 1000, alice)).statusCode).toBe(200);
    expect((await bid(id, 1200, bob)).statusCode).toBe(200);
    await endNow(id);
    expect(await closeAuction(server.db, id)).toMatchObject({ status: 7, dealAmount: 1200, winnerCode: '002' });
    const project = await server.db.selectFrom('project').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    // The region's list (the county above the town, and the tenant root) shows it first: it is the newest.
    for (const deptId of [TENANT_A, TENANT_A_COUNTY]) {
      const list = await callAs(server, deptId, 'dealList', { body: { pageSize: 5 } });
      expect(list.statusCode).toBe(200);
      const first = list.json().data.rows[0];
      expect(first).toMatchObject({
        projectName: name,
        projectAddress: '测试省甲市甲县甲镇东村',
        remark: '成交价：1,200元/亩/年',
        number: '004',
        dealtime: formatDateTime(project.updatedAt),
      });
    }
    const listed = (await callAs(server, TENANT_A, 'dealList', { body: { keyword: '耕地' } })).json().data.rows;
    expect(listed.filter((r: { projectName: string }) => r.projectName === name)).toHaveLength(1);
    // Another tenant does not see it, and cannot open it.
    const other = (await callAs(server, TENANT_B, 'dealList', { body: { pageSize: 50 } })).json().data.rows;
    expect(other.some((r: { projectName: string }) => r.projectName === name)).toBe(false);
    const dealId = listed.find((r: { projectName: string }) => r.projectName === name).id;
    expect((await callAs(server, TENANT_B, 'dealDetail', { body: { id: dealId } })).statusCode).toBe(404);

    const detail = await callAs(server, TENANT_A, 'dealDetail', { body: { id: dealId } });
    expect(detail.statusCode).toBe(200);
    const d = detail.json().data;
    expect(d).toMatchObject({
      id: dealId,
      projectId: id,
      deptId: TENANT_A_TOWN,
      deptName: '甲镇',
      projectName: name,
      dealtime: formatDateTime(project.updatedAt),
    });
    const html: string = d.content;
    const escaped = '甲镇东村&#60;b&#62;耕地&#60;/b&#62;经营权流转&#38;&#34;试点&#34;';
    expect(html).toContain(`<h3>${escaped}项目成交公告</h3>`);
    expect(html).not.toContain('<b>');
    expect(html).toContain(`<tr><th>项目编号</th><td>${id}</td></tr>`); // no 项目编号 given: its id
    expect(html).toContain('<tr><th>成交价格</th><td>1,200元/亩/年</td></tr>');
    expect(html).toContain('<tr><th>挂牌价格</th><td>1,000元/亩/年</td></tr>');
    expect(html).toContain('<tr><th>受让方</th><td>竞买号 002</td></tr>');
    expect(html).toContain('<tr><th>转出方</th><td>甲镇东村股份经济合作社</td></tr>');
    expect(html).toContain(`<tr><th>竞价时间</th><td>${formatDateTime(project.biddingStartTime)} 至 ${formatDateTime(project.biddingStopTime)}</td></tr>`);
    expect(html).toContain('<tr><th>竞买人数</th><td>2人</td></tr>');
    expect(html).toContain('甲县农村产权交易中心'); // the nearest tenant root above 甲镇
    // Privacy: the winner (and the other bidder) by code only.
    for (const secret of ['李四光', '张三丰', '13800000012', '13800000011']) expect(html).not.toContain(secret);
  });

  it('uses the project’s 项目编号 and counts a sole bidder once (status 8)', async () => {
    const id = await biddingProject({ name: '乙村鱼塘养殖权承包项目', code: 'CA2025-2-000777' });
    await bid(id, 1000, alice);
    await bid(id, 1100, alice);
    await endNow(id);
    expect(await closeAuction(server.db, id)).toMatchObject({ status: 8, dealAmount: 1100, winnerCode: '001' });
    const [row] = await announcementsOf(id);
    expect(row.content).toContain('<h3>乙村鱼塘养殖权承包项目成交公告</h3>');
    expect(row.content).toContain('<tr><th>项目编号</th><td>CA2025-2-000777</td></tr>');
    expect(row.content).toContain('<tr><th>受让方</th><td>竞买号 001</td></tr>');
    expect(row.content).toContain('<tr><th>竞买人数</th><td>1人</td></tr>');
    expect(row.content).not.toContain('张三丰');
  });

  it('publishes exactly one when several closers race, and the database refuses a second for the project', async () => {
    const id = await biddingProject();
    await bid(id, 1000, alice);
    await bid(id, 1100, bob);
    await endNow(id);
    const results = await Promise.all(Array.from({ length: 6 }, () => closeAuction(server.db, id)));
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(await closeAuction(server.db, id)).toBeNull();
    const rows = await announcementsOf(id);
    expect(rows).toHaveLength(1);
    const again = server.db
      .insertInto('dealAnnouncement')
      .values({ deptId: rows[0].deptId, projectId: id, projectName: rows[0].projectName, dealtime: new Date() })
      .execute();
    await expect(again).rejects.toMatchObject({ code: '23505' });
    expect(await announcementsOf(id)).toHaveLength(1);
  });

  it('publishes nothing when the auction ends without a deal (no valid bid, below the reserve)', async () => {
    const before = (await callAs(server, TENANT_A, 'dealList', {})).json().data.total;
    const none = await biddingProject();
    await endNow(none);
    expect(await closeAuction(server.db, none)).toMatchObject({ status: 10 });

    const below = await biddingProject({ reservePrice: 1500 });
    await bid(below, 1000, alice);
    await bid(below, 1400, bob);
    await endNow(below);
    expect(await closeAuction(server.db, below)).toMatchObject({ status: 11 });

    expect(await announcementsOf(none)).toHaveLength(0);
    expect(await announcementsOf(below)).toHaveLength(0);
    expect((await callAs(server, TENANT_A, 'dealList', {})).json().data.total).toBe(before);
  });
});
