import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { review } from '../../server/auction/index.js';
import { DEMO_PASSWORD, DEMO_PHONES } from '../../server/seed/index.js';
import { SESSION_KEYS } from '../../engine/http/session-store.js';
import { SCREENSHOT_DIR, closeMessages, seriousViolations, seededProjectOf, withPortalInChromium, type OpenedPage } from './portal-harness.js';

// Region flags and fields with a visible effect, each against a region with it and one without, in real
// Chromium over the seeded portal; and the registration journeys of tender, demand and bid details.
const chromium = withPortalInChromium();
/** Each test opens several windows on a shared two-core machine. */
const SLOW = 180_000;
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `flags-${name}.png`), fullPage: true });

async function done({ page, errors }: OpenedPage): Promise<void> {
  // A toast caught mid-fade reads as low contrast: axe looks once the messages (登录成功, 报名成功…) have gone.
  await closeMessages(page);
  expect(await seriousViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
  await page.context().close();
}

const userIds = new Map<string, number>();
beforeAll(async () => {
  const db = chromium.portal.db;
  const users = await db.selectFrom('appUser').select(['userId', 'phone']).where('phone', 'in', DEMO_PHONES).execute();
  for (const u of users) userIds.set(u.phone, u.userId);
  // The seed registers the demo users for projects at random: start them from nothing so every button is known.
  await db
    .deleteFrom('bid')
    .where('userId', 'in', [...userIds.values()])
    .execute();
  await db
    .deleteFrom('registration')
    .where('userId', 'in', [...userIds.values()])
    .execute();
}, 120_000);

describe('showPhoneId', () => {
  it(
    'the header shows the logged-in phone masked to its first 3 and last 4 digits only where the region sets it',
    async () => {
      const withFlag = await chromium.openLoggedIn(DEMO_PHONES[0], { region: 'chunan', route: '/', until: 'blocks' });
      const header = withFlag.page.getByRole('navigation', { name: '用户' });
      await expect.poll(() => header.innerText()).toContain('个人中心');
      expect(await header.innerText()).toContain('138****0001');
      await shot(withFlag.page, 'phone-shown-chunan');
      await done(withFlag);

      const without = await chromium.openLoggedIn(DEMO_PHONES[0], { region: 'lantian', route: '/', until: 'blocks' });
      const plain = without.page.getByRole('navigation', { name: '用户' });
      await expect.poll(() => plain.innerText()).toContain('个人中心');
      expect(await plain.innerText()).not.toContain('0001');
      expect(await without.page.locator('.tm-header__phone').count()).toBe(0);
      await done(without);
    },
    SLOW,
  );
});

describe('login', () => {
  it(
    'a phone typed with spaces around it logs in, and the login carries the region’s lessee number as areaId',
    async () => {
      const opened = await chromium.openPage({ region: 'lantian', route: '/login', until: 'blocks' });
      const { page } = opened;
      const sent: Array<Record<string, unknown>> = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/user/login')) sent.push(JSON.parse(request.postData() ?? '{}'));
      });
      // Typed key by key, as a person does: the leading space must not push the last digit past the 11-digit limit.
      await page.getByLabel('手机号').pressSequentially(` ${DEMO_PHONES[1]} `);
      expect(await page.getByLabel('手机号').inputValue()).toBe(DEMO_PHONES[1]);
      await page.getByLabel('密码').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: '登录' }).click();
      await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), SESSION_KEYS.token), { timeout: 10_000 }).not.toBeNull();
      expect(sent).toHaveLength(1);
      // 蓝田县: lesseeId 103 (its deptId 610122 travels in the header).
      expect(sent[0]).toMatchObject({ username: DEMO_PHONES[1], areaId: 103, loginType: 1 });
      await done(opened);
    },
    SLOW,
  );

  it(
    'the login page shows the region’s login picture (loginImg) beside the form; a region without one shows none',
    async () => {
      const withImage = await chromium.openPage({ region: 'chunan', route: '/login', until: 'blocks' });
      const image = withImage.page.locator('.tm-loginbox__image');
      expect(await image.count()).toBe(1);
      expect(await image.getAttribute('src')).toBe('/image-api/demo/landscape-03.png');
      // Drawn, not a broken image.
      expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await shot(withImage.page, 'login-image-chunan');
      await done(withImage);

      // The home login box of the same region: the picture sits above the form in the narrow column.
      const home = await chromium.openPage({ region: 'chunan', route: '/', until: 'blocks' });
      const box = home.page.locator('.tm-loginbox-frame');
      expect(await box.locator('.tm-loginbox__image').count()).toBe(1);
      const [picture, form] = await Promise.all([box.locator('.tm-loginbox__image').boundingBox(), box.locator('form').boundingBox()]);
      expect(picture!.y + picture!.height).toBeLessThanOrEqual(form!.y + 1);
      await box.screenshot({ path: path.join(SCREENSHOT_DIR, 'flags-login-image-home-chunan.png') });
      await done(home);

      const without = await chromium.openPage({ region: 'lantian', route: '/login', until: 'blocks' });
      expect(await without.page.getByLabel('手机号').count()).toBe(1);
      expect(await without.page.locator('.tm-loginbox__image').count()).toBe(0);
      await done(without);
    },
    SLOW,
  );
});

describe('backGroundUrl', () => {
  it(
    'puts the region’s picture behind every page; a region without one has a plain background',
    async () => {
      const background = (page: Page) =>
        page
          .locator('.tm-page')
          .first()
          .evaluate((el) => getComputedStyle(el).backgroundImage);
      const withPicture = await chromium.openPage({ region: 'shouguang', route: '/', until: 'blocks' });
      expect(await background(withPicture.page)).toContain('/image-api/demo/landscape-21.png');
      await shot(withPicture.page, 'background-shouguang');
      await done(withPicture);

      const news = await chromium.openPage({ region: 'shouguang', route: '/pressCenter', until: 'blocks' });
      expect(await background(news.page)).toContain('/image-api/demo/landscape-21.png');
      await done(news);

      const without = await chromium.openPage({ region: 'lantian', route: '/', until: 'blocks' });
      expect(await background(without.page)).toBe('none');
      await done(without);
    },
    SLOW,
  );
});

describe('toCityChangeTitle', () => {
  async function placeWindow(region: string, placeName: string) {
    const place = await chromium.portal.db.selectFrom('place').selectAll().where('deptName', '=', placeName).executeTakeFirstOrThrow();
    const query = new URLSearchParams({
      dm: place.deptCode,
      deptName: place.deptName,
      deptCode: place.deptCode,
      parentId: String(place.parentId),
      deptId: String(place.deptId),
    });
    return chromium.openPage({ region, route: `/?${query.toString()}`, until: 'blocks' });
  }

  it(
    'a place window of the city shows the place’s own second heading; the city itself keeps its own',
    async () => {
      const city = await chromium.openPage({ region: 'xinyang', route: '/', until: 'blocks' });
      expect(await city.page.locator('.tm-header__subtitle').innerText()).toBe('信阳市农村综合产权交易中心');
      await done(city);

      const county = await placeWindow('xinyang', '罗山县');
      expect(await county.page.locator('.tm-header__subtitle').innerText()).toBe('罗山县农村综合产权交易中心');
      await shot(county.page, 'city-title-luoshan');
      await done(county);

      // 淳安县 has neither a second title nor the flag: its towns' windows have no second heading either.
      const town = await placeWindow('chunan', '千岛湖镇');
      expect(await town.page.locator('.tm-header__subtitle').count()).toBe(0);
      await done(town);
    },
    SLOW,
  );
});

describe('projectCardShowStatusList', () => {
  it(
    'a card shows its status badge only for the statuses the region lists',
    async () => {
      const db = chromium.portal.db;
      const [xinyang, chunan] = await Promise.all([
        seededProjectOf(db, '信阳市', { type: 2, status: 5 }),
        seededProjectOf(db, '淳安县', { type: 2, status: 5 }),
      ]);
      await db.updateTable('project').set({ projectName: '徽标测试信阳项目' }).where('id', '=', xinyang.id).execute();
      await db.updateTable('project').set({ projectName: '徽标测试淳安项目' }).where('id', '=', chunan.id).execute();
      const card = (page: Page) => page.locator('.tm-pcard');

      // 信阳市 lists 2,4,6,7,8,9,10,11: a card in 报名结束 (5) has no badge.
      const without = await chromium.openPage({ region: 'xinyang', route: '/tradingProject?idx=2&keyword=徽标测试', until: 'blocks' });
      await expect.poll(() => card(without.page).count(), { timeout: 10_000 }).toBe(1);
      expect(await card(without.page).innerText()).toContain('徽标测试信阳项目');
      expect(await card(without.page).locator('.tm-badge').count()).toBe(0);
      await done(without);

      // 淳安县 shows every status: the same kind of card has its 报名结束 badge.
      const withBadge = await chromium.openPage({ region: 'chunan', route: '/tradingProject?idx=2&keyword=徽标测试', until: 'blocks' });
      await expect.poll(() => card(withBadge.page).count(), { timeout: 10_000 }).toBe(1);
      expect(await card(withBadge.page).locator('.tm-badge').innerText()).toBe('报名结束');
      await done(withBadge);
    },
    SLOW,
  );
});

describe('notShowPublicity', () => {
  it(
    'the trading projects screen offers no 公示中 tile where the region hides publicity',
    async () => {
      const tiles = (page: Page) => page.locator('.tm-plist__tiles button').allInnerTexts();
      // The tiles speak the region's wording (statusLabels: 4 公示报名中, 6 竞价进行中), as its cards do.
      for (const [idx, expected] of [
        [2, ['公示报名中', '竞价进行中', '已成交']],
        [3, ['公示报名中', '已成交']],
      ] as const) {
        const hidden = await chromium.openPage({ region: 'lantian', route: `/tradingProject?idx=${idx}`, until: 'blocks' });
        await expect.poll(() => tiles(hidden.page)).toEqual(expected);
        if (idx === 2) await shot(hidden.page, 'no-publicity-lantian');
        await done(hidden);
      }
      const shown = await chromium.openPage({ region: 'chunan', route: '/tradingProject?idx=2', until: 'blocks' });
      await expect.poll(() => tiles(shown.page)).toEqual(['预公告', '公示报名中', '竞价中', '已成交']);
      await done(shown);
    },
    SLOW,
  );
});

describe('affirmMoney', () => {
  it(
    '立即报名 first confirms the deposit in a dialog (蓝田县); without the flag it registers at once (淳安县)',
    async () => {
      const db = chromium.portal.db;
      const userId = userIds.get(DEMO_PHONES[0])!;
      const registrations = (projectId: number) =>
        db.selectFrom('registration').select('state').where('projectId', '=', projectId).where('userId', '=', userId).execute();

      const project = await seededProjectOf(db, '蓝田县', { type: 2, status: 4 });
      await db.updateTable('project').set({ deposit: '12000' }).where('id', '=', project.id).execute();
      const opened = await chromium.openLoggedIn(DEMO_PHONES[0], {
        region: 'lantian',
        route: `/tradingProject/pressCenterDetail?id=${project.id}`,
        until: 'blocks',
      });
      const { page } = opened;
      await expect.poll(() => page.getByRole('button', { name: '立即报名' }).count(), { timeout: 10_000 }).toBe(1);
      await page.getByRole('button', { name: '立即报名' }).click();
      const dialog = page.getByRole('alertdialog');
      await expect.poll(() => dialog.count()).toBe(1);
      expect(await dialog.innerText()).toContain('本项目交易保证金为 ¥12,000.00');
      await shot(page, 'affirm-deposit-lantian');
      expect(await seriousViolations(page)).toEqual([]);
      // 取消: nothing is sent.
      await dialog.getByRole('button', { name: '取消' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      expect(await registrations(project.id)).toEqual([]);
      // 确定: the registration goes through and waits for review.
      await page.getByRole('button', { name: '立即报名' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
      await expect.poll(() => page.getByRole('button', { name: '已报名，待审核' }).count(), { timeout: 10_000 }).toBe(1);
      expect(await registrations(project.id)).toEqual([{ state: 2 }]);
      await done(opened);

      const plain = await seededProjectOf(db, '淳安县', { type: 2, status: 4 });
      const direct = await chromium.openLoggedIn(DEMO_PHONES[0], {
        region: 'chunan',
        route: `/tradingProject/pressCenterDetail?id=${plain.id}`,
        until: 'blocks',
      });
      await expect.poll(() => direct.page.getByRole('button', { name: '立即报名' }).count(), { timeout: 10_000 }).toBe(1);
      await direct.page.getByRole('button', { name: '立即报名' }).click();
      await expect.poll(() => direct.page.getByRole('button', { name: '已报名，待审核' }).count(), { timeout: 10_000 }).toBe(1);
      expect(await direct.page.getByRole('alertdialog').count()).toBe(0);
      expect(await registrations(plain.id)).toEqual([{ state: 2 }]);
      await done(direct);
    },
    SLOW,
  );
});

describe('registration journeys', () => {
  it(
    'tender (招标) and demand details offer 立即报名, and 我的竞价 lists both registrations',
    async () => {
      const db = chromium.portal.db;
      const [tender, demand] = await Promise.all([
        seededProjectOf(db, '淳安县', { type: 1, status: 4 }),
        seededProjectOf(db, '淳安县', { type: 3, status: 4 }),
      ]);
      // A tender of sub-category 009 (工程建设招标): the one whose detail is /tradingProject/pressCenterDetail1 (spec §2).
      await db.updateTable('project').set({ number: '009' }).where('id', '=', tender.id).execute();
      for (const [route, name, title] of [
        [`/tradingProject/pressCenterDetail1?id=${tender.id}`, tender.projectName, '投标报名'],
        [`/demandDetail?id=${demand.id}`, demand.projectName, '竞价大厅'],
      ] as const) {
        const opened = await chromium.openLoggedIn(DEMO_PHONES[1], { region: 'chunan', route, until: 'blocks' });
        const { page } = opened;
        expect(await page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual(
          expect.arrayContaining([expect.stringContaining(name), expect.stringContaining(title)]),
        );
        await expect.poll(() => page.getByRole('button', { name: '立即报名' }).count(), { timeout: 10_000 }).toBe(1);
        await page.getByRole('button', { name: '立即报名' }).click();
        await expect.poll(() => page.getByRole('button', { name: '已报名，待审核' }).count(), { timeout: 10_000 }).toBe(1);
        if (title === '投标报名') await shot(page, 'tender-registration');
        await done(opened);
      }
      const mine = await chromium.openLoggedIn(DEMO_PHONES[1], { region: 'chunan', route: '/personal?tab=auctions', until: 'blocks' });
      await expect.poll(() => mine.page.locator('.tm-mine__item').count(), { timeout: 10_000 }).toBe(2);
      const titles = await mine.page.locator('.tm-mine__item h3').allInnerTexts();
      expect(titles.join('\n')).toContain(tender.projectName);
      expect(titles.join('\n')).toContain(demand.projectName);
      // Each leads back to its own detail page.
      expect(await mine.page.getByRole('link', { name: tender.projectName }).getAttribute('href')).toContain('/tradingProject/pressCenterDetail1?id=');
      expect(await mine.page.getByRole('link', { name: demand.projectName }).getAttribute('href')).toContain('/demandDetail?id=');
      await done(mine);
    },
    SLOW,
  );

  it(
    'an approved bidder on a 竞价中 project of a region without online bidding sees 立即竞价, which says where to bid',
    async () => {
      const db = chromium.portal.db;
      const project = await seededProjectOf(db, '淳安县', { type: 2, status: 6, last: true });
      const userId = userIds.get(DEMO_PHONES[2])!;
      await db.insertInto('registration').values({ projectId: project.id, userId, state: 2 }).execute();
      await review(db, { projectId: project.id, userId, approve: true, reviewerId: null, withoutDeposit: true });

      // 淳安县 (prod): the real-time channel, no free bidding — the live panel.
      const opened = await chromium.openLoggedIn(DEMO_PHONES[2], { region: 'chunan', route: `/bidDetail?id=${project.id}`, until: 'blocks' });
      const { page } = opened;
      const bidNow = page.getByRole('button', { name: '立即竞价' });
      await expect.poll(() => bidNow.count(), { timeout: 10_000 }).toBe(1);
      expect(await page.getByLabel('我的出价（元）').count()).toBe(0);
      await bidNow.click();
      const note = page.locator('.tm-auction__help', { hasText: '本项目不在网上出价' });
      await expect.poll(() => note.evaluate((el) => el === document.activeElement)).toBe(true);
      await shot(page, 'bid-now-onsite');
      await done(opened);

      // Another user, not registered: 未报名.
      const other = await chromium.openLoggedIn(DEMO_PHONES[1], { region: 'chunan', route: `/bidDetail?id=${project.id}`, until: 'blocks' });
      await expect.poll(() => other.page.getByRole('button', { name: '未报名' }).count(), { timeout: 10_000 }).toBe(1);
      expect(await other.page.getByRole('button', { name: '立即竞价' }).count()).toBe(0);
      await done(other);
    },
    SLOW,
  );
});
