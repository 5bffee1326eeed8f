import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { bulkInsert, recountProjectDerived, skipTriggersInTransaction } from '../db/bulk-insert.js';
import { ARTICLE_COLUMNS, buildArticles, buildHelpItems } from './content.js';
import { missingDemoFiles } from './demo-files.js';
import { DEMO_IMAGE_URLS } from './images.js';
import { storeFileIfAbsent } from '../pictures/stored-files.js';
import { buildListings, FINANCING_COLUMNS, INTENT_COLUMNS, INVEST_COLUMNS, LAND_INFO_COLUMNS } from './listings.js';
import { buildPlaces } from './places.js';
import { seedProjects } from './projects.js';
import { DEMO_SEED, Rng } from './random.js';
import { buildProducts, PRODUCT_COLUMNS } from './shop.js';
import { seedUserActivity, seedUsers } from './users.js';

export { DEMO_REGIONS, type DemoRegion } from './places.js';
export { CONSOLE_ADMIN_PHONE, CONSOLE_OTHER_STAFF_PHONE, DEMO_PASSWORD, DEMO_PHONES } from './users.js';
export { DEMO_IMAGE_FILES, DEMO_IMAGE_URLS } from './images.js';

export interface SeedOptions {
  /** How many trading projects (default 360); every 30 cover each type × status once. */
  projects?: number;
  /**
   * Store the demo pictures (and the download attachments under demo/files/) in the database, where every instance
   * serves them; none without it. Ones already stored are left alone.
   */
  pictures?: boolean;
  log?: (line: string) => void;
  /** Reference time: statuses and every time are relative to it (default: now). */
  now?: Date;
}

/** Rows inserted per table (plus demo pictures stored). */
export interface SeedSummary {
  place: number;
  appUser: number;
  article: number;
  helpItem: number;
  project: number;
  registration: number;
  bid: number;
  dealAnnouncement: number;
  financing: number;
  intent: number;
  investProject: number;
  landInfo: number;
  shopProduct: number;
  message: number;
  feedback: number;
  images: number;
}

export const DEFAULT_PROJECT_COUNT = 360;

export { DEMO_SEED } from './random.js';

/** Tables the seed fills (everything but the reference data: article_category, project_category, dict_data). */
export const SEEDED_TABLES = [
  'bid',
  'registration',
  'deal_announcement',
  'project',
  'article',
  'financing',
  'intent',
  'invest_project',
  'land_info',
  'shop_product',
  'help_item',
  'message',
  'feedback',
  'upload',
  'user_session',
  'sms_code',
  'sms_outbox',
  'used_nonce',
  'rate_limit',
  'app_user',
  'place',
] as const;

/** True when the database has no places yet (a fresh install). */
export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('place').select('deptId').limit(1).executeTakeFirst();
  return row === undefined;
}

/** Empties every seeded table and restarts their ids, keeping the reference data. */
export async function resetDemoData(db: Kysely<Database>): Promise<void> {
  await sql.raw(`TRUNCATE ${SEEDED_TABLES.join(', ')} RESTART IDENTITY CASCADE`).execute(db);
}

/**
 * Fills an empty database with deterministic demo data: four regions with place trees, demo users, articles of
 * every category, projects of every type × status (times relative to `now`) with registrations, bids and deal
 * announcements, listings, help items, messages and feedback. Runs in one transaction; refuses a database that
 * already has places.
 */
export async function seedDemo(db: Kysely<Database>, options: SeedOptions = {}): Promise<SeedSummary> {
  const now = options.now ?? new Date();
  const count = options.projects ?? DEFAULT_PROJECT_COUNT;
  const log = options.log ?? (() => {});
  if (!Number.isInteger(count) || count < 0) throw new Error(`项目数量无效：${count}`);
  const rng = new Rng(DEMO_SEED);
  const images = DEMO_IMAGE_URLS;

  // Drawn before the transaction (the seed's one long write), only those the database lacks.
  const started = Date.now();
  const files = options.pictures ? await missingDemoFiles(db) : { pictures: [], attachments: [] };
  const drawnMs = Date.now() - started;

  const summary = await db.transaction().execute(async (trx) => {
    if (!(await isDatabaseEmpty(trx))) throw new Error('数据库中已有地区数据，不能重复写入演示数据');
    for (const file of [...files.pictures, ...files.attachments]) await storeFileIfAbsent(trx, file);
    if (options.pictures) log(`图片：新存入数据库 ${files.pictures.length} 张，附件 ${files.attachments.length} 个（绘制 ${drawnMs} ms）`);

    const { rows: placeRows, regions } = buildPlaces(rng.fork('places'));
    await trx.insertInto('place').values(placeRows).execute();
    log(`地区：${regions.map((r) => r.rootName).join('、')}（共 ${placeRows.length} 个地点）`);

    const users = await seedUsers(trx, regions, now);
    log(
      `用户：${users.length} 个（演示账号 ${users
        .filter((u) => u.demo)
        .map((u) => u.phone)
        .join('、')}）`,
    );

    const articles = buildArticles(rng.fork('articles'), regions, now, images);
    await bulkInsert(trx, 'article', ARTICLE_COLUMNS, articles, 1000);
    const help = buildHelpItems();
    await bulkInsert(trx, 'help_item', { classname: 'text', title: 'text', content: 'text', orderNum: 'integer' }, help);
    log(`文章：${articles.length} 篇；帮助中心：${help.length} 条`);

    const demoIds = users.filter((u) => u.demo).map((u) => u.userId);
    const listings = buildListings(rng.fork('listings'), regions, now, images, demoIds);
    await bulkInsert(trx, 'financing', FINANCING_COLUMNS, listings.financing);
    await bulkInsert(trx, 'intent', INTENT_COLUMNS, listings.intents);
    await bulkInsert(trx, 'invest_project', INVEST_COLUMNS, listings.invest);
    await bulkInsert(trx, 'land_info', LAND_INFO_COLUMNS, listings.landInfo);
    log(`融资 ${listings.financing.length}、意向 ${listings.intents.length}、招商 ${listings.invest.length}、土地信息 ${listings.landInfo.length}`);
    const products = buildProducts(rng.fork('shop'), regions, now, images);
    await bulkInsert(trx, 'shop_product', PRODUCT_COLUMNS, products);
    log(`网上商城商品：${products.length} 件`);

    const started = Date.now();
    const triggersSkipped = count > 2000 && (await skipTriggersInTransaction(trx));
    const projects = await seedProjects(trx, rng.fork('projects'), regions, {
      count,
      now,
      images,
      users,
      staffUserId: users.find((u) => u.role === 'staff')?.userId ?? null,
      log,
    });
    log(
      `项目：${projects.project} 个，报名 ${projects.registration}，出价 ${projects.bid}，成交公告 ${projects.dealAnnouncement}（${Date.now() - started} ms）`,
    );

    const activity = await seedUserActivity(trx, rng.fork('activity'), users, projects.refs, now);
    if (triggersSkipped) await recountProjectDerived(trx);

    return {
      place: placeRows.length,
      appUser: users.length,
      article: articles.length,
      helpItem: help.length,
      project: projects.project,
      registration: projects.registration,
      bid: projects.bid,
      dealAnnouncement: projects.dealAnnouncement,
      financing: listings.financing.length,
      intent: listings.intents.length,
      investProject: listings.invest.length,
      landInfo: listings.landInfo.length,
      shopProduct: products.length,
      message: activity.message,
      feedback: activity.feedback,
      images: files.pictures.length,
    };
  });
  // Fresh planner statistics: right after a bulk load the list's queries would be planned for empty tables (PGlite
  // has no autovacuum to catch up, and PostgreSQL's comes only later).
  await sql`ANALYZE`.execute(db);
  return summary;
}
