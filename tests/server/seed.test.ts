import path from 'node:path';
import { verify } from '@node-rs/argon2';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_LEAF_NUMBERS, INVEST_TYPES, PROJECT_CATEGORIES } from '../../server/db/reference-data.js';
import { toNumber } from '../../server/api/format.js';
import { missingDemoFiles } from '../../server/seed/demo-files.js';
import { readStoredFile } from '../../server/pictures/stored-files.js';
import {
  DEMO_IMAGE_FILES,
  DEMO_PASSWORD,
  DEMO_PHONES,
  CONSOLE_ADMIN_PHONE,
  CONSOLE_OTHER_STAFF_PHONE,
  DEMO_REGIONS,
  isDatabaseEmpty,
  resetDemoData,
  seedDemo,
  type SeedSummary,
} from '../../server/seed/index.js';
import { ABOUT_NUMBER, ABOUT_TITLES, ABOUT_UNITS } from '../../server/seed/about.js';
import { loadRegionCatalog } from '../../engine/region-files/index.js';
import { startTestServer, type TestServer } from './harness.js';

// A fixed reference time: statuses and times are relative to it, and two seeds with it must be identical.
const NOW = new Date('2026-03-15T02:30:00.000Z');
const PROJECTS = 330;

let server: TestServer;
let emptyBefore: boolean;
let summary: SeedSummary;
/** Every place id under each demo region (the region root included). */
const subtrees = new Map<string, number[]>();

beforeAll(async () => {
  server = await startTestServer();
  emptyBefore = await isDatabaseEmpty(server.db);
  summary = await seedDemo(server.db, { projects: PROJECTS, now: NOW, pictures: true });
  const places = await server.db.selectFrom('place').select(['deptId', 'ancestors']).execute();
  for (const r of DEMO_REGIONS) {
    subtrees.set(
      r.key,
      places.filter((p) => p.deptId === r.deptId || p.ancestors.split(',').includes(String(r.deptId))).map((p) => p.deptId),
    );
  }
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('places and regions', () => {
  it('reports the database empty before seeding and not after', async () => {
    expect(emptyBefore).toBe(true);
    expect(await isDatabaseEmpty(server.db)).toBe(false);
  });

  it('has the four tenant roots of DEMO_REGIONS, with distinct lessee ids, each with towns under it', async () => {
    const roots = await server.db.selectFrom('place').selectAll().where('lesseeId', 'is not', null).orderBy('deptId').execute();
    expect(roots.length).toBeGreaterThanOrEqual(4);
    expect(DEMO_REGIONS.map((r) => r.key)).toEqual(['xinyang', 'chunan', 'lantian', 'shouguang']);
    for (const r of DEMO_REGIONS) {
      const row = roots.find((p) => p.deptId === r.deptId);
      expect(row, r.key).toMatchObject({ deptName: r.deptName, deptCode: r.deptCode, lesseeId: r.lesseeId, level: r.level });
      const towns = await server.db.selectFrom('place').select('deptId').where('deptId', 'in', subtrees.get(r.key)!).where('level', '=', 4).execute();
      expect(towns.length, r.key).toBeGreaterThanOrEqual(5);
    }
    expect(new Set(DEMO_REGIONS.map((r) => r.lesseeId)).size).toBe(DEMO_REGIONS.length);
    expect(DEMO_REGIONS.find((r) => r.key === 'xinyang')).toMatchObject({ deptName: '信阳市', level: 2 });
    expect(DEMO_REGIONS.find((r) => r.key === 'shouguang')).toMatchObject({ deptName: '寿光市', level: 3 });
  });

  it('keeps the tree consistent: ancestors chain to the parent, levels step by one, codes are unique 6–12 digits', async () => {
    const places = await server.db.selectFrom('place').selectAll().execute();
    const byId = new Map(places.map((p) => [p.deptId, p]));
    expect(new Set(places.map((p) => p.deptCode)).size).toBe(places.length);
    for (const p of places) {
      expect(p.deptCode).toMatch(/^\d{6,12}$/);
      if (p.parentId === 0) {
        expect(p.level).toBe(1);
        expect(p.ancestors).toBe('0');
      } else {
        const parent = byId.get(p.parentId)!;
        expect(parent, p.deptName).toBeDefined();
        expect(p.level).toBe(parent.level + 1);
        expect(p.ancestors).toBe(`${parent.ancestors},${parent.deptId}`);
      }
    }
    const names = places.map((p) => p.deptName);
    expect(names).toEqual(
      expect.arrayContaining(['河南省', '信阳市', '平桥区', '罗山县', '光山县', '周党镇', '淳安县', '千岛湖镇', '汾口镇', '威坪镇', '蓝田县', '寿光市']),
    );
  });
});

describe('articles and listings', () => {
  it('has at least 20 articles in every leaf category for every region', async () => {
    for (const r of DEMO_REGIONS) {
      const rows = await server.db
        .selectFrom('article')
        .select(['number', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.count<number>(eb.fn('distinct', [eb.ref('title')])).as('titles')])
        .where('deptId', 'in', subtrees.get(r.key)!)
        .groupBy('number')
        .execute();
      // 关于我们 is a fixed set of pages (server/seed/about.ts), tested below.
      for (const number of ARTICLE_LEAF_NUMBERS.filter((n) => n !== ABOUT_NUMBER)) {
        const row = rows.find((x) => x.number === number);
        expect(Number(row?.n ?? 0), `${r.key} ${number}`).toBeGreaterThanOrEqual(20);
        // Titles are not repeated within a region's category.
        expect(Number(row?.titles)).toBe(Number(row?.n));
      }
    }
  });

  it('has the about pages (关于我们) for every region, naming the units of its footer, its contact, address and service hours', async () => {
    const catalog = loadRegionCatalog(path.resolve('regions'));
    for (const r of DEMO_REGIONS) {
      const rows = await server.db
        .selectFrom('article')
        .select(['title', 'content', 'deptId'])
        .where('number', '=', ABOUT_NUMBER)
        .where('deptId', 'in', subtrees.get(r.key)!)
        .orderBy('logintime', 'desc')
        .execute();
      expect(
        rows.map((a) => a.title),
        r.key,
      ).toEqual([...ABOUT_TITLES]);
      const text = rows.map((a) => a.content).join('');
      // The same units as the region's footer, so the about page and the footer never disagree.
      const region = catalog.regions.find((x) => x.id === r.key);
      expect(region?.footerUnits, r.key).toEqual(ABOUT_UNITS[r.key]);
      for (const unit of Object.values(ABOUT_UNITS[r.key])) expect(text).toContain(unit);
      expect(text).toContain(`${r.deptName}农村产权交易中心`);
      expect(rows.find((a) => a.title === '联系我们')?.content).toMatch(/办公地址：.+服务热线：\d{3,4}-\d{7,8}/);
      expect(rows.find((a) => a.title === '服务时间')?.content).toContain('周一至周五');
    }
  });

  it('gives articles a past logintime, covers to the carousel and news, attachments to downloads, keywords to notices', async () => {
    const rows = await server.db.selectFrom('article').select(['number', 'logintime', 'coverImg', 'attachmentUrl', 'keyword', 'content']).execute();
    const yearAgo = NOW.getTime() - 366 * 24 * 3600_000;
    for (const a of rows) {
      expect(a.logintime.getTime()).toBeLessThan(NOW.getTime());
      expect(a.logintime.getTime()).toBeGreaterThan(yearAgo);
      expect(a.content).toMatch(/^<p/);
    }
    for (const a of rows.filter((x) => x.number === '010' || x.number === '001017')) expect(a.coverImg).toMatch(/^\/image-api\/demo\/landscape-\d\d\.png$/);
    for (const a of rows.filter((x) => x.number.startsWith('007'))) expect(a.attachmentUrl).toMatch(/^\/image-api\/demo\/files\/.+\.txt$/);
    for (const a of rows.filter((x) => x.number === '008001')) expect(a.keyword).not.toBe('');
  });

  it('has at least 20 financing records, intents of each type, investment projects, land items and deal announcements per region', async () => {
    for (const r of DEMO_REGIONS) {
      const ids = subtrees.get(r.key)!;
      const count = async (table: 'financing' | 'investProject' | 'landInfo' | 'dealAnnouncement') =>
        Number(
          (
            await server.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('deptId', 'in', ids)
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await count('financing'), r.key).toBeGreaterThanOrEqual(20);
      expect(await count('investProject'), r.key).toBeGreaterThanOrEqual(20);
      expect(await count('landInfo'), r.key).toBeGreaterThanOrEqual(20);
      expect(await count('dealAnnouncement'), r.key).toBeGreaterThanOrEqual(32);
      for (const [number, least] of [
        ['004', 20],
        ['030001', 12],
      ] as const) {
        const n = await server.db
          .selectFrom('dealAnnouncement')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('deptId', 'in', ids)
          .where('number', '=', number)
          .executeTakeFirstOrThrow();
        expect(Number(n.n), `${r.key} deals ${number}`).toBeGreaterThanOrEqual(least);
      }
      for (const type of [1, 2] as const) {
        const n = await server.db
          .selectFrom('intent')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('deptId', 'in', ids)
          .where('type', '=', type)
          .executeTakeFirstOrThrow();
        expect(Number(n.n), `${r.key} intent ${type}`).toBeGreaterThanOrEqual(20);
      }
    }
    const invest = await server.db.selectFrom('investProject').select(['investType', 'imgList']).execute();
    for (const i of invest) {
      expect(Object.keys(INVEST_TYPES)).toContain(i.investType);
      expect((i.imgList as unknown as string[]).length).toBeGreaterThanOrEqual(1);
    }
    const land = await server.db.selectFrom('landInfo').select('imgs').execute();
    for (const l of land) expect((l.imgs as unknown as { src: string }[])[0].src).toMatch(/^\/image-api\/demo\//);
    const financing = await server.db.selectFrom('financing').select('amount').execute();
    for (const f of financing) expect(toNumber(f.amount)).toBeGreaterThan(0);
  });

  it('has help-centre groups with several items each', async () => {
    const rows = await server.db.selectFrom('helpItem').select(['classname']).execute();
    const groups = new Map<string, number>();
    for (const r of rows) groups.set(r.classname, (groups.get(r.classname) ?? 0) + 1);
    expect([...groups.keys()]).toEqual(expect.arrayContaining(['注册登录', '报名竞价', '交易规则', '常见问题']));
    for (const n of groups.values()) expect(n).toBeGreaterThanOrEqual(3);
  });
});

describe('projects', () => {
  it('seeds the requested number, covering every type × status, in every region', async () => {
    expect(summary.project).toBe(PROJECTS);
    const rows = await server.db.selectFrom('project').select(['type', 'status', 'deptId']).execute();
    expect(rows.length).toBeGreaterThanOrEqual(300);
    for (const type of [1, 2, 3]) {
      for (let status = 2; status <= 11; status++) {
        expect(
          rows.some((p) => p.type === type && p.status === status),
          `type ${type} status ${status}`,
        ).toBe(true);
      }
    }
    for (const r of DEMO_REGIONS) {
      const ids = new Set(subtrees.get(r.key)!);
      expect(rows.filter((p) => ids.has(p.deptId)).length, r.key).toBeGreaterThanOrEqual(60);
    }
  });

  it('has times consistent with each status relative to now, in order', async () => {
    const rows = await server.db.selectFrom('project').selectAll().execute();
    const now = NOW.getTime();
    for (const p of rows) {
      const ps = p.publicityStopTime!.getTime();
      const as = p.applyStartTime!.getTime();
      const ae = p.applyStopTime!.getTime();
      const bs = p.biddingStartTime!.getTime();
      const be = p.biddingStopTime!.getTime();
      const label = `project ${p.id} status ${p.status}`;
      expect(ps <= as && as < ae && ae <= bs && bs < be, label).toBe(true);
      expect(p.createdAt.getTime(), label).toBeLessThanOrEqual(now);
      expect(p.updatedAt.getTime(), label).toBeLessThanOrEqual(now);
      switch (p.status) {
        case 2:
          expect(now < ps, label).toBe(true);
          break;
        case 3:
          expect(ps <= now && now < as, label).toBe(true);
          break;
        case 4:
          expect(as <= now && now < ae, label).toBe(true);
          break;
        case 5:
          expect(ae <= now && now < bs, label).toBe(true);
          break;
        case 6:
          expect(bs <= now && now < be, label).toBe(true);
          break;
        default:
          expect(be < now, label).toBe(true);
      }
    }
  });

  it('uses a category of the project’s own type and realistic fields', async () => {
    const rows = await server.db.selectFrom('project').selectAll().execute();
    const typeOf = new Map(PROJECT_CATEGORIES.map((c) => [c.number, c.type]));
    for (const p of rows) {
      const label = `project ${p.id}`;
      expect(typeOf.get(p.number), label).toBe(p.type);
      expect(p.areaUnit).toBeGreaterThanOrEqual(1);
      expect(p.areaUnit).toBeLessThanOrEqual(18);
      expect(p.priceUnit).toBeGreaterThanOrEqual(1);
      expect(p.priceUnit).toBeLessThanOrEqual(5);
      expect(toNumber(p.price)!).toBeGreaterThan(0);
      expect(toNumber(p.increment)!).toBeGreaterThan(0);
      expect(toNumber(p.deposit)!).toBeGreaterThan(0);
      expect(p.content).toContain('项目概况');
      expect(p.content).toContain('<table');
      const imgs = p.imgList as unknown as string[];
      expect(imgs.length).toBeGreaterThanOrEqual(1);
      expect(imgs.length).toBeLessThanOrEqual(3);
      for (const src of imgs) expect(src).toMatch(/^\/image-api\/demo\/landscape-\d\d\.png$/);
      if (p.type === 2) expect(p.outname, label).not.toBe('');
      if (p.type === 3) expect(p.needname, label).not.toBe('');
      if (p.type === 1) expect(p.company, label).not.toBe('');
    }
    const mu = rows.filter((p) => p.areaUnit === 1).length;
    expect(mu / rows.length).toBeGreaterThan(0.4);
    const land = rows.find((p) => p.number === '001')!;
    expect(land.projectName).toMatch(/^.+[县区市].+[镇乡道].+村\d+亩.+经营权流转$/);
    expect(land.outname).toMatch(/股份经济合作社$/);
  });

  it('keeps sign-ups, bids, current prices and deal amounts consistent', async () => {
    const projects = await server.db.selectFrom('project').selectAll().execute();
    const regs = await server.db.selectFrom('registration').select(['projectId', 'state', 'userId', 'createdAt']).execute();
    const bids = await server.db.selectFrom('bid').select(['projectId', 'userId', 'amount', 'createdAt']).orderBy('id').execute();
    const deals = await server.db.selectFrom('dealAnnouncement').select(['projectId', 'number']).execute();
    const typeOf = new Map(projects.map((p) => [p.id, p.type]));
    const regsOf = new Map<number, typeof regs>();
    for (const r of regs) regsOf.set(r.projectId, [...(regsOf.get(r.projectId) ?? []), r]);
    const bidsOf = new Map<number, typeof bids>();
    for (const b of bids) bidsOf.set(b.projectId, [...(bidsOf.get(b.projectId) ?? []), b]);
    const dealIds = new Set(deals.map((d) => d.projectId));
    // Tender deals are announced under 030001 (招投标成交公告), the others under 004.
    for (const d of deals.filter((x) => x.projectId !== null))
      expect(d.number, `deal of project ${d.projectId}`).toBe(typeOf.get(d.projectId!) === 1 ? '030001' : '004');

    for (const p of projects) {
      const label = `project ${p.id} status ${p.status}`;
      const mine = regsOf.get(p.id) ?? [];
      const myBids = bidsOf.get(p.id) ?? [];
      const price = toNumber(p.price)!;
      expect(mine.length, label).toBe(p.signCts);
      for (const r of mine) {
        expect([1, 2, 3]).toContain(r.state);
        expect(r.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      }
      if (p.status <= 3) expect(p.signCts, label).toBe(0);
      if (p.status >= 5)
        expect(
          mine.some((r) => r.state === 2),
          label,
        ).toBe(false);
      const approved = new Set(mine.filter((r) => r.state === 1).map((r) => r.userId));
      for (const b of myBids) expect(approved.has(b.userId), `${label}: bidder registered and approved`).toBe(true);
      const amounts = myBids.map((b) => toNumber(b.amount)!);
      for (let i = 1; i < amounts.length; i++) expect(amounts[i]).toBeGreaterThan(amounts[i - 1]);
      if (amounts.length) expect(amounts[0]).toBeGreaterThanOrEqual(price);

      if (p.status === 6) {
        expect(p.signCts, label).toBeGreaterThan(0);
        expect(toNumber(p.currentPrice), label).toBe(Math.max(...amounts));
        expect(myBids.every((b) => b.createdAt.getTime() >= p.biddingStartTime!.getTime() && b.createdAt.getTime() <= NOW.getTime())).toBe(true);
      } else if (p.status >= 7 && p.status <= 9) {
        expect(p.signCts, label).toBeGreaterThan(0);
        const deal = toNumber(p.dealAmount)!;
        expect(deal, label).toBeGreaterThanOrEqual(price);
        expect(deal, label).toBe(Math.max(...amounts));
        expect(dealIds.has(p.id), `${label}: deal announced`).toBe(true);
      } else {
        expect(myBids, label).toHaveLength(0);
        expect(p.dealAmount, label).toBeNull();
        expect(dealIds.has(p.id)).toBe(false);
      }
    }
    expect(projects.some((p) => p.status >= 10 && p.signCts === 0)).toBe(true);
    expect(regs.some((r) => r.state === 2)).toBe(true);
  });
});

describe('users', () => {
  it('creates the demo accounts with the demo password (argon2id), the third one staff', async () => {
    const users = await server.db.selectFrom('appUser').selectAll().where('phone', 'in', DEMO_PHONES).orderBy('phone').execute();
    expect(users.map((u) => u.phone)).toEqual(DEMO_PHONES);
    expect(users.map((u) => u.name)).toEqual(['张建国', '李秀英', '王志强']);
    expect(users.map((u) => u.role)).toEqual(['user', 'user', 'staff']);
    expect(new Set(users.map((u) => u.deptId)).size).toBe(3);
    expect(users[0].passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verify(users[0].passwordHash, DEMO_PASSWORD)).toBe(true);
    expect(await verify(users[0].passwordHash, 'wrong-Password1!')).toBe(false);
  });

  it('puts the demo staff on a county, with an administrator and a second county’s staff for the console', async () => {
    const rows = await server.db
      .selectFrom('appUser as u')
      .innerJoin('place as p', 'p.deptId', 'u.deptId')
      .select(['u.phone', 'u.role', 'p.level', 'u.deptId'])
      .where('u.phone', 'in', ['13800000003', CONSOLE_ADMIN_PHONE, CONSOLE_OTHER_STAFF_PHONE])
      .orderBy('u.phone')
      .execute();
    expect(rows.map((r) => [r.phone, r.role])).toEqual([
      ['13800000003', 'staff'],
      [CONSOLE_ADMIN_PHONE, 'admin'],
      [CONSOLE_OTHER_STAFF_PHONE, 'staff'],
    ]);
    expect(rows[0].level).toBe(3);
    expect(rows[2].level).toBe(3);
    expect(rows[2].deptId).not.toBe(rows[0].deptId);
  });

  it('gives each demo user messages (one unread) and feedback, with at least one reply', async () => {
    const users = await server.db.selectFrom('appUser').select('userId').where('phone', 'in', DEMO_PHONES).execute();
    for (const u of users) {
      const messages = await server.db.selectFrom('message').selectAll().where('userId', '=', u.userId).execute();
      expect(messages.length).toBeGreaterThanOrEqual(2);
      expect(messages.some((m) => m.readAt === null)).toBe(true);
      const fb = await server.db.selectFrom('feedback').selectAll().where('userId', '=', u.userId).execute();
      expect(fb.length).toBeGreaterThanOrEqual(1);
    }
    const replied = await server.db.selectFrom('feedback').selectAll().where('reply', 'is not', null).execute();
    expect(replied.length).toBeGreaterThanOrEqual(1);
    expect(replied[0].replyTime!.getTime()).toBeGreaterThan(replied[0].createTime.getTime());
  });
});

describe('images', () => {
  it('stores the demo pictures as PNG and the attachments as text in the database, and skips files stored already', async () => {
    expect(summary.images).toBe(DEMO_IMAGE_FILES.length);
    const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    for (const file of DEMO_IMAGE_FILES) {
      const stored = await readStoredFile(server.db, `demo/${file}`);
      expect(stored?.bytes.subarray(0, 8).equals(signature), file).toBe(true);
      expect(stored!.bytes.length).toBeGreaterThan(1000);
      expect([stored!.mime, stored!.size]).toEqual(['image/png', stored!.bytes.length]);
    }
    const attachments = await server.db.selectFrom('storedFile').select(['path', 'mime']).where('path', 'like', 'demo/files/%').execute();
    expect(attachments.length).toBeGreaterThanOrEqual(12);
    expect(new Set(attachments.map((a) => a.mime))).toEqual(new Set(['text/plain; charset=utf-8']));
    // Served as the pages link them.
    const served = await server.app.inject({ method: 'GET', url: `/image-api/${attachments[0]!.path}` });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'text/plain; charset=utf-8']);
    expect(served.payload).toContain('（演示数据，仅供参考）');
    // Nothing is drawn again once stored (a reset keeps them: they are the same every time).
    expect(await missingDemoFiles(server.db)).toEqual({ pictures: [], attachments: [] });
  });
});

describe('determinism and reset', () => {
  /** md5 over a table's rows in id order: equal digests mean equal rows. */
  async function digest(s: TestServer, table: string): Promise<string> {
    const res = await sql<{ d: string }>`SELECT md5(string_agg(t::text, '|' ORDER BY t.id)) AS d FROM ${sql.raw(table)} t`.execute(s.db);
    return res.rows[0].d;
  }

  it('gives identical rows for the same options, and refuses a second seed on a non-empty database', async () => {
    const other = await startTestServer();
    try {
      await seedDemo(other.db, { projects: PROJECTS, now: NOW });
      for (const table of [
        'project',
        'article',
        'registration',
        'bid',
        'deal_announcement',
        'financing',
        'intent',
        'invest_project',
        'land_info',
        'help_item',
      ]) {
        expect(await digest(other, table), table).toBe(await digest(server, table));
      }
      const places = (s: TestServer) => sql<{ d: string }>`SELECT md5(string_agg(t::text, '|' ORDER BY t.dept_id)) AS d FROM place t`.execute(s.db);
      expect((await places(other)).rows[0].d).toBe((await places(server)).rows[0].d);

      await expect(seedDemo(other.db, { projects: 30, now: NOW })).rejects.toThrow('数据库中已有地区数据');

      await resetDemoData(other.db);
      expect(await isDatabaseEmpty(other.db)).toBe(true);
      const kept = await other.db
        .selectFrom('articleCategory')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(kept.n)).toBeGreaterThan(0);
      // After a reset the ids restart, so a reseed reproduces the same rows again.
      await seedDemo(other.db, { projects: PROJECTS, now: NOW });
      expect(await digest(other, 'project')).toBe(await digest(server, 'project'));
    } finally {
      await other.close();
    }
  }, 120_000);

  it('keeps the list totals (project_tally) and bid counts exact after a bulk seed, which skips their triggers', async () => {
    const other = await startTestServer();
    try {
      await seedDemo(other.db, { projects: 2010, now: NOW });
      const tally = await sql`SELECT dept_id, type, status, number, n FROM project_tally WHERE n <> 0 ORDER BY 1, 2, 3, 4`.execute(other.db);
      const truth = await sql`SELECT dept_id, type, status, number, count(*)::int AS n FROM project GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`.execute(other.db);
      expect(truth.rows.length).toBeGreaterThan(0);
      expect(tally.rows).toEqual(truth.rows);
      const perPlace = await sql`SELECT dept_id, type, n FROM project_tally_place WHERE n <> 0 ORDER BY 1, 2`.execute(other.db);
      const perPlaceTruth = await sql`SELECT dept_id, type, count(*)::int AS n FROM project GROUP BY 1, 2 ORDER BY 1, 2`.execute(other.db);
      expect(perPlace.rows).toEqual(perPlaceTruth.rows);
      const wrong = await sql<{ n: number }>`SELECT count(*)::int AS n FROM project p
        WHERE p.bid_count <> (SELECT count(*) FROM bid b WHERE b.project_id = p.id)`.execute(other.db);
      expect(wrong.rows[0].n).toBe(0);
      const withBids = await sql<{ n: number }>`SELECT count(*)::int AS n FROM project WHERE bid_count > 0`.execute(other.db);
      expect(withBids.rows[0].n).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  }, 120_000);

  it('moves every time with the reference time', async () => {
    const other = await startTestServer();
    try {
      const later = new Date(NOW.getTime() + 10 * 24 * 3600_000);
      await seedDemo(other.db, { projects: 30, now: later });
      const a = await server.db.selectFrom('project').select(['id', 'biddingStopTime']).where('id', '<=', 30).orderBy('id').execute();
      const b = await other.db.selectFrom('project').select(['id', 'biddingStopTime']).orderBy('id').execute();
      expect(b).toHaveLength(30);
      b.forEach((row, i) => {
        expect(row.biddingStopTime!.getTime() - a[i].biddingStopTime!.getTime()).toBe(10 * 24 * 3600_000);
      });
    } finally {
      await other.close();
    }
  }, 60_000);
});
