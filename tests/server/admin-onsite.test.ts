import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAuction } from '../../server/auction/index.js';
import { TENANT_A_TOWN } from './fixtures.js';
import { dbClock, insertProject } from './auction-helpers.js';
import { adminCall, consoleWorld, type ConsoleWorld } from './admin-helpers.js';
import { insertUser, sessionFor } from './users-helpers.js';

// A county that auctions on site records the winner (by bidder code), price and time; the project is concluded by
// the engine's own close path: status, 成交公告, messages to every approved bidder, audit. Once only.
let w: ConsoleWorld;
let bidders: Array<{ id: number; token: string }>;
const HOUR = 3_600_000;

/** China Standard Time as the console sends it: 'YYYY-MM-DD HH:mm'. */
const cst = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 16).replace('T', ' ');

/** A project in 甲镇 whose bidding ran from 2 h ago until `stopAgo` ms ago, with approved bidders 001 and 002 and one pending. */
async function endedProject(name: string, opts: { stopAgo?: number; deposit?: number; approved?: number } = {}): Promise<{ id: number; start: number }> {
  const now = await dbClock(w.server.db);
  const start = now - 2 * HOUR;
  const id = await insertProject(w.server.db, {
    deptId: TENANT_A_TOWN,
    status: 6,
    price: 1000,
    name,
    applyStartTime: now - 48 * HOUR,
    applyStopTime: now - 3 * HOUR,
    biddingStartTime: start,
    biddingStopTime: now - (opts.stopAgo ?? 60_000),
  });
  if (opts.deposit) await w.server.db.updateTable('project').set({ deposit: opts.deposit }).where('id', '=', id).execute();
  const approved = opts.approved ?? 2;
  for (const [i, b] of bidders.entries())
    await w.server.db
      .insertInto('registration')
      .values({ projectId: id, userId: b.id, state: i < approved ? 1 : 2, bidderCode: i < approved ? String(i + 1).padStart(3, '0') : '' })
      .execute();
  return { id, start };
}

const messagesOf = (projectId: number) =>
  w.server.db.selectFrom('message').select(['userId', 'title', 'content']).where('refId', '=', String(projectId)).orderBy('userId').execute();

beforeAll(async () => {
  w = await consoleWorld('1371900300');
  bidders = [];
  for (const n of [6, 7, 8]) {
    const id = await insertUser(w.server.db, { phone: `1371900300${n}`, role: 'user', deptId: null, name: `竞买人${n}` });
    bidders.push({ id, token: await sessionFor(w.server, id) });
  }
}, 120_000);
afterAll(() => w.server.close());

describe('recording an on-site auction result', () => {
  it('concludes the project once through the close path: 竞价成交, the 成交公告, every bidder told, audited; a second record is 409', async () => {
    const { id, start } = await endedProject('甲镇现场竞价鱼塘');
    const dealtAt = cst(start + 30 * 60_000);
    const res = await adminCall(w.server, 'adminOnsiteRecord', w.staff, {
      projectId: id,
      outcome: 'deal',
      bidderCode: '002',
      amount: 1500,
      dealtAt,
      note: '现场举牌三轮',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, msg: '现场竞价结果已录入', data: { status: 7, bidderCode: '002', amount: 1500, note: '现场举牌三轮' } });
    const project = await w.server.db.selectFrom('project').select(['status', 'dealAmount']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(project.status).toBe(7);
    expect(Number(project.dealAmount)).toBe(1500);
    const deal = await w.server.db
      .selectFrom('dealAnnouncement')
      .select(['content', 'remark', 'dealtime'])
      .where('projectId', '=', id)
      .executeTakeFirstOrThrow();
    expect(deal.content).toContain('通过现场竞价公开交易');
    expect(deal.content).toContain('竞买号 002');
    expect(deal.remark).toBe('成交价：1,500元');
    expect(cst(new Date(deal.dealtime).getTime())).toBe(dealtAt);
    // The winner's and the others' wording as the online close writes them; the pending registration hears nothing.
    expect(await messagesOf(id)).toEqual([
      { userId: bidders[0].id, title: '竞价结束', content: '您参与竞价的项目“甲镇现场竞价鱼塘”已结束，成交价1,500元，您未竞得。' },
      { userId: bidders[1].id, title: '竞价成交', content: expect.stringContaining('您以1,500元竞得（竞买号：002）') },
    ]);
    const audit = await w.server.db
      .selectFrom('auditLog')
      .select(['entity', 'action', 'after'])
      .where('entity', '=', 'project')
      .where('entityId', '=', id)
      .execute();
    expect(audit).toEqual([{ entity: 'project', action: 'close', after: expect.objectContaining({ bidderCode: '002', onsite: true }) }]);

    const again = await adminCall(w.server, 'adminOnsiteRecord', w.staff, { projectId: id, outcome: 'deal', bidderCode: '001', amount: 1800, dealtAt });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('该项目的现场竞价结果已录入，不能重复录入');
    const after = await w.server.db.selectFrom('project').select(['dealAmount']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(after.dealAmount)).toBe(1500);
    expect(await messagesOf(id)).toHaveLength(2);
  });

  it('names a wrong bidder code, a price below the start, a time in the future or before bidding, and changes nothing', async () => {
    const { id, start } = await endedProject('甲镇现场竞价林地');
    const ok = { projectId: id, outcome: 'deal', bidderCode: '001', amount: 1200, dealtAt: cst(start + 60_000) };
    const cases: Array<[Record<string, unknown>, number, RegExp]> = [
      [{ bidderCode: '009' }, 400, /竞买号 009 不是本项目审核通过的竞买人/],
      [{ bidderCode: '' }, 400, /竞买号/],
      [{ amount: 999.99 }, 400, /成交价不能低于起始价（¥1,000）/],
      [{ amount: 1200.005 }, 400, /两位小数/],
      [{ amount: 1e12 }, 400, /成交价/],
      [{ dealtAt: cst(Date.now() + HOUR) }, 400, /不能晚于当前时间/],
      [{ dealtAt: cst(start - HOUR) }, 400, /不能早于竞价开始时间/],
      [{ dealtAt: '2026-02-30 10:00' }, 400, /成交时间格式不正确/],
      [{ dealtAt: 'yesterday' }, 400, /成交时间/],
      [{ note: 'a\u0000b' }, 400, /备注/],
      [{ outcome: 'nodeal' }, 400, /流拍时不填写竞买号和成交价/],
    ];
    for (const [change, status, msg] of cases) {
      const res = await adminCall(w.server, 'adminOnsiteRecord', w.staff, { ...ok, ...change });
      expect([res.statusCode, res.json().msg]).toEqual([status, expect.stringMatching(msg)]);
    }
    const project = await w.server.db.selectFrom('project').select(['status']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(project.status).toBe(6);
    expect(await messagesOf(id)).toEqual([]);
    expect(await w.server.db.selectFrom('onsiteResult').select('id').where('projectId', '=', id).execute()).toEqual([]);
  });

  it('is 404 for another county’s staff and another tenant’s, and 401/403 without a staff account', async () => {
    const { id, start } = await endedProject('甲镇现场竞价水库');
    const body = { projectId: id, outcome: 'deal', bidderCode: '001', amount: 1200, dealtAt: cst(start + 60_000) };
    expect((await adminCall(w.server, 'adminOnsiteRecord', w.otherStaff, body)).statusCode).toBe(404);
    expect((await adminCall(w.server, 'adminOnsiteRecord', w.staffB, body)).statusCode).toBe(404);
    expect((await adminCall(w.server, 'adminOnsiteRecord', w.user, body)).statusCode).toBe(403);
    expect((await adminCall(w.server, 'adminOnsiteRecord', undefined, body)).statusCode).toBe(401);
    const project = await w.server.db.selectFrom('project').select(['status']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(project.status).toBe(6);
  });

  it('waits for the end of bidding, and leaves online bidding and tenders to the engine', async () => {
    const running = await endedProject('甲镇竞价未结束的耕地', { stopAgo: -HOUR });
    const early = await adminCall(w.server, 'adminOnsiteRecord', w.staff, { projectId: running.id, outcome: 'nodeal', dealtAt: cst(running.start + 60_000) });
    expect([early.statusCode, early.json().msg]).toEqual([409, expect.stringContaining('竞价尚未结束')]);

    const bid = await endedProject('甲镇网上出价的耕地');
    await w.server.db.insertInto('bid').values({ projectId: bid.id, userId: bidders[0].id, amount: 1000, bidderCode: '001' }).execute();
    const online = await adminCall(w.server, 'adminOnsiteRecord', w.staff, {
      projectId: bid.id,
      outcome: 'deal',
      bidderCode: '001',
      amount: 1000,
      dealtAt: cst(bid.start + 60_000),
    });
    expect([online.statusCode, online.json().msg]).toEqual([409, '该项目已有网上出价，成交结果由网上竞价确定，不能录入现场结果']);
  });

  it('records 流拍 after the engine closed the project with no online bid (no second note), and a deal after such a close tells every bidder', async () => {
    const flop = await endedProject('甲镇流拍的荒地');
    expect(await closeAuction(w.server.db, flop.id)).toMatchObject({ status: 10 });
    const told = (await messagesOf(flop.id)).length;
    expect(told).toBe(2);
    const res = await adminCall(w.server, 'adminOnsiteRecord', w.admin, { projectId: flop.id, outcome: 'nodeal', dealtAt: cst(flop.start + 60_000) });
    expect(res.json()).toMatchObject({ code: 200, data: { status: 10, amount: null, bidderCode: '' } });
    expect(await messagesOf(flop.id)).toHaveLength(told);
    expect(await w.server.db.selectFrom('dealAnnouncement').select('id').where('projectId', '=', flop.id).execute()).toEqual([]);

    const sole = await endedProject('甲镇单人现场成交的果园', { approved: 1 });
    await closeAuction(w.server.db, sole.id);
    const won = await adminCall(w.server, 'adminOnsiteRecord', w.staff, {
      projectId: sole.id,
      outcome: 'deal',
      bidderCode: '001',
      amount: 1000,
      dealtAt: cst(sole.start + 60_000),
    });
    expect(won.json()).toMatchObject({ code: 200, data: { status: 8 } });
    const notes = await messagesOf(sole.id);
    expect(notes.map((m) => m.title)).toEqual(['竞价结束', '竞价成交']);

    // A project staff suspended before bidding also stands at 10, but was never auctioned: refused.
    const suspended = await endedProject('甲镇中止的鱼塘');
    await w.server.db
      .updateTable('project')
      .set({ status: 10, updatedAt: new Date(suspended.start - HOUR) })
      .where('id', '=', suspended.id)
      .execute();
    const refused = await adminCall(w.server, 'adminOnsiteRecord', w.staff, {
      projectId: suspended.id,
      outcome: 'nodeal',
      dealtAt: cst(suspended.start + 60_000),
    });
    expect([refused.statusCode, refused.json().msg]).toEqual([409, '项目当前状态为“已结束”，不能录入现场竞价结果']);
  });
});

describe('the deposit (保证金) before approval', () => {
  it('refuses approval until the deposit is marked; marks it once, bounded and audited; the bidder sees it', async () => {
    const { id } = await endedProject('甲镇须交保证金的耕地', { deposit: 2000, approved: 0 });
    await w.server.db.updateTable('project').set({ status: 4 }).where('id', '=', id).execute();
    const bidder = bidders[0];
    const approve = { projectId: id, userId: bidder.id, approve: true };
    const early = await adminCall(w.server, 'auctionReview', w.staff, approve);
    expect([early.statusCode, early.json().msg]).toEqual([409, '本项目须缴纳保证金（¥2,000），请先登记保证金到账，再审核通过']);

    const mark = { projectId: id, userId: bidder.id, amount: 2000, paidOn: '2026-01-05', ref: 'ICBC-20260105-001' };
    const bad: Array<[Record<string, unknown>, number, RegExp]> = [
      [{ amount: 1999.99 }, 400, /到账金额低于本项目保证金（¥2,000）/],
      [{ amount: 0 }, 400, /到账金额/],
      [{ amount: 20.001 }, 400, /两位小数/],
      [{ paidOn: '2026-02-30' }, 400, /到账日期格式不正确/],
      [{ paidOn: cst(Date.now() + 48 * HOUR).slice(0, 10) }, 400, /不能晚于今天/],
      [{ ref: '   ' }, 400, /银行流水号/],
    ];
    for (const [change, status, msg] of bad) {
      const res = await adminCall(w.server, 'adminDepositMark', w.staff, { ...mark, ...change });
      expect([res.statusCode, res.json().msg]).toEqual([status, expect.stringMatching(msg)]);
    }
    expect((await adminCall(w.server, 'adminDepositMark', w.otherStaff, mark)).statusCode).toBe(404);

    const pending = await adminCall(w.server, 'auctionRegistration', bidder.token, { projectId: id });
    expect(pending.json().data).toMatchObject({ state: 2, deposit: 2000, depositState: 'due', depositAmount: null });

    const marked = await adminCall(w.server, 'adminDepositMark', w.staff, mark);
    expect(marked.json()).toMatchObject({
      code: 200,
      msg: '保证金已确认到账',
      data: { depositAmount: 2000, depositPaidOn: '2026-01-05', depositRef: 'ICBC-20260105-001' },
    });
    const twice = await adminCall(w.server, 'adminDepositMark', w.staff, { ...mark, ref: 'OTHER' });
    expect([twice.statusCode, twice.json().msg]).toEqual([409, '该报名的保证金已确认到账，不能重复登记']);
    const audit = await w.server.db.selectFrom('auditLog').select(['action', 'after']).where('entity', '=', 'registration').execute();
    expect(audit).toContainEqual({ action: 'update', after: expect.objectContaining({ projectId: id, depositAmount: 2000, depositRef: 'ICBC-20260105-001' }) });

    // The bidder reads the deposit's state on the project and in 我的竞价, and a note in 我的消息.
    const seen = await adminCall(w.server, 'auctionRegistration', bidder.token, { projectId: id });
    expect(seen.json().data).toMatchObject({ depositState: 'paid', depositAmount: 2000, depositPaidOn: '2026-01-05' });
    expect(seen.json().data.depositRef).toBeUndefined();
    const mine = await adminCall(w.server, 'auctionMine', bidder.token, { pageNum: 1, pageSize: 50 });
    expect(mine.json().data.rows.find((r: { projectId: number }) => r.projectId === id)).toMatchObject({ depositState: 'paid', depositAmount: 2000 });
    expect(await messagesOf(id)).toEqual([{ userId: bidder.id, title: '保证金已到账', content: expect.stringContaining('¥2,000 已确认到账') }]);
    const list = await adminCall(w.server, 'auctionRegistrations', w.staff, { projectId: id });
    expect(list.json().data.rows.find((r: { userId: number }) => r.userId === bidder.id)).toMatchObject({
      depositState: 'paid',
      depositRef: 'ICBC-20260105-001',
      deposit: 2000,
    });

    const approved = await adminCall(w.server, 'auctionReview', w.staff, approve);
    expect(approved.json()).toMatchObject({ code: 200, data: { state: 1, bidderCode: '001' } });
  });
});

describe('the print views', () => {
  it('lists the bidders with full phones and deposits, and gives the deal confirmation once there is a deal', async () => {
    const { id, start } = await endedProject('甲镇打印名单的茶园', { deposit: 500 });
    const sheet = await adminCall(w.server, 'adminBidderSheet', w.staff, { projectId: id });
    expect(sheet.statusCode).toBe(200);
    const { project, rows } = sheet.json().data;
    expect(project).toMatchObject({
      projectName: '甲镇打印名单的茶园',
      price: '1,000元',
      deposit: '500元',
      centre: expect.stringMatching(/农村产权交易中心$/),
    });
    expect(rows.map((r: { bidderCode: string; phone: string; state: string; deposit: string }) => [r.bidderCode, r.phone, r.state, r.deposit])).toEqual([
      ['001', '13719003006', '已通过', '未登记'],
      ['002', '13719003007', '已通过', '未登记'],
      ['', '13719003008', '待审核', '未登记'],
    ]);
    const early = await adminCall(w.server, 'adminDealSheet', w.staff, { projectId: id });
    expect([early.statusCode, early.json().msg]).toEqual([409, '项目当前状态为“竞价中”，尚未成交，没有成交确认书']);
    await adminCall(w.server, 'adminOnsiteRecord', w.staff, { projectId: id, outcome: 'deal', bidderCode: '001', amount: 1300, dealtAt: cst(start + 600_000) });
    const deal = await adminCall(w.server, 'adminDealSheet', w.staff, { projectId: id });
    expect(deal.json().data).toMatchObject({
      winnerCode: '001',
      winnerName: '竞买人6',
      winnerPhone: '13719003006',
      amount: '1,300元',
      dealtAt: `${cst(start + 600_000)}:00`,
      venue: '现场竞价',
      bidders: 2,
    });
    expect((await adminCall(w.server, 'adminDealSheet', w.otherStaff, { projectId: id })).statusCode).toBe(404);
    expect((await adminCall(w.server, 'adminBidderSheet', w.otherStaff, { projectId: id })).statusCode).toBe(404);
  });
});
