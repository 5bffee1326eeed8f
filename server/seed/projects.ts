import { sql, type Kysely } from 'kysely';
import { AREA_UNITS, PRICE_UNITS, PROJECT_CATEGORIES } from '../db/reference-data.js';
import { DEAL_NUMBER, dealAnnouncementRow, dealNumberOf, TENDER_DEAL_NUMBER, type DealAnnouncementRow } from '../auction/deal-announcement.js';
import type { Database } from '../db/schema.js';
import { bulkInsert, syncSequence } from '../db/bulk-insert.js';
import { cstYear, makeCtx, pastYear, type Ctx } from './content.js';
import { officePhone, personName, someImages } from './listings.js';
import { DEMO_REGIONS, type SeedRegion } from './places.js';
import { DEFAULT_CODE_PATTERN, DEFAULT_CODE_PREFIX, formatProjectCode } from '../services/project-code.js';
import { DAY, HOUR, MINUTE, type Rng } from './random.js';
import type { SeedUser, UserProjectRef } from './users.js';

/**
 * Trading projects of every type × status with times consistent with the status relative to `now`, their
 * registrations and bids (the highest bid is the current price or the deal amount), and deal announcements.
 * Generated and inserted in batches so 100 000 projects stay fast and small in memory.
 */

export const PROJECT_TYPES = [1, 2, 3] as const;
export const PROJECT_STATUSES = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;
const COMBOS = PROJECT_TYPES.length * PROJECT_STATUSES.length;

export interface ProjectRow extends Timeline {
  id: number;
  deptId: number;
  type: number;
  number: string;
  status: number;
  code: string;
  projectName: string;
  keys: string;
  address: string;
  content: string;
  price: number;
  priceUnit: number;
  dealAmount: number | null;
  currentPrice: number | null;
  increment: number;
  reservePrice: number | null;
  deposit: number;
  extendMinutes: number;
  area: number | null;
  areaUnit: number;
  scale: string;
  termYears: number | null;
  outname: string;
  needname: string;
  company: string;
  imgList: string[];
  watchCts: number;
  signCts: number;
}

const PROJECT_COLUMNS = {
  id: 'integer',
  deptId: 'integer',
  type: 'smallint',
  number: 'text',
  status: 'smallint',
  code: 'text',
  projectName: 'text',
  keys: 'text',
  address: 'text',
  content: 'text',
  price: 'numeric',
  priceUnit: 'smallint',
  dealAmount: 'numeric',
  currentPrice: 'numeric',
  increment: 'numeric',
  reservePrice: 'numeric',
  deposit: 'numeric',
  extendMinutes: 'smallint',
  area: 'numeric',
  areaUnit: 'smallint',
  scale: 'text',
  termYears: 'smallint',
  outname: 'text',
  needname: 'text',
  company: 'text',
  imgList: 'jsonb',
  watchCts: 'integer',
  signCts: 'integer',
  publicityStopTime: 'timestamptz',
  applyStartTime: 'timestamptz',
  applyStopTime: 'timestamptz',
  biddingStartTime: 'timestamptz',
  biddingStopTime: 'timestamptz',
  createdAt: 'timestamptz',
  updatedAt: 'timestamptz',
} as const;

interface RegistrationRow {
  projectId: number;
  userId: number;
  state: number;
  bidderCode: string;
  createdAt: Date;
  reviewedAt: Date | null;
  reviewedBy: number | null;
}
const REGISTRATION_COLUMNS = {
  projectId: 'integer',
  userId: 'integer',
  state: 'smallint',
  bidderCode: 'text',
  createdAt: 'timestamptz',
  reviewedAt: 'timestamptz',
  reviewedBy: 'integer',
} as const;

interface BidRow {
  projectId: number;
  userId: number;
  amount: number;
  createdAt: Date;
}
const BID_COLUMNS = { projectId: 'integer', userId: 'integer', amount: 'numeric', createdAt: 'timestamptz' } as const;

const DEAL_COLUMNS = {
  deptId: 'integer',
  projectId: 'integer',
  number: 'text',
  projectName: 'text',
  projectAddress: 'text',
  remark: 'text',
  content: 'text',
  dealtime: 'timestamptz',
} as const;

// ---- What is traded ----------------------------------------------------------------------------------------

interface Subject {
  title: string;
  area: number | null;
  areaUnit: number;
  priceUnit: number;
  price: number;
  termYears: number | null;
  keys: string;
  description: string;
}
type SubjectGen = (r: Rng, c: Ctx) => Subject;

/** Mostly small, sometimes large: the way rural plots are. */
const size = (r: Rng, small: [number, number], mid: [number, number], large: [number, number]): number => {
  const band = r.weighted<[number, number]>([
    [small, 5],
    [mid, 3],
    [large, 1],
  ]);
  return r.int(band[0], band[1]);
};

const SUBJECTS: Record<string, SubjectGen> = {
  '001': (r, c) => {
    const land = r.pick(['耕地', '水田', '旱地', '耕地', '园地']);
    const area = size(r, [10, 99], [100, 300], [300, 1200]);
    return {
      title: `${area}亩${land}经营权流转`,
      area,
      areaUnit: 1,
      priceUnit: 1,
      price: r.int(35, 120) * 10,
      termYears: r.int(5, 15),
      keys: `土地经营权,${land},流转`,
      description: `标的位于${c.village}，共${area}亩${land}，地块相对集中连片，水源充足，机耕路通达，适宜${c.spec}等种植。`,
    };
  },
  '002': (r, c) => {
    const forest = r.pick(['用材林', '经济林', '毛竹林', '油茶林', '板栗林']);
    const area = size(r, [50, 300], [300, 1000], [1000, 3000]);
    return {
      title: `${area}亩${forest}林地经营权流转`,
      area,
      areaUnit: 1,
      priceUnit: 1,
      price: r.int(6, 30) * 10,
      termYears: r.int(10, 30),
      keys: `林权,${forest}`,
      description: `标的为${c.village}集体${forest}${area}亩，林相整齐，林道可达，四至界限清楚，无权属争议。`,
    };
  },
  '003': (r, c) => {
    const water = r.pick(['坑塘', '鱼塘', '小水库', '河汊']);
    const area = size(r, [5, 40], [40, 150], [150, 400]);
    return {
      title: `${area}亩${water}养殖权承包`,
      area,
      areaUnit: 1,
      priceUnit: 1,
      price: r.int(40, 150) * 10,
      termYears: r.int(3, 10),
      keys: `水域养殖权,${water}`,
      description: `${c.village}${water}水面${area}亩，水质良好，进排水方便，适宜淡水鱼虾养殖。`,
    };
  },
  '004': (r, c) => {
    const kind = r.pick(['荒山', '荒沟', '荒丘', '荒滩']);
    const area = size(r, [30, 150], [150, 500], [500, 1500]);
    return {
      title: `${area}亩${kind}使用权流转`,
      area,
      areaUnit: 1,
      priceUnit: 1,
      price: r.int(4, 20) * 10,
      termYears: r.int(15, 30),
      keys: `四荒地,${kind}`,
      description: `${c.village}${kind}${area}亩，可用于植树造林、发展${c.spec}等特色种植，须遵守水土保持要求。`,
    };
  },
  '005': (r, c) => {
    const asset = r.pick(['临街门面房', '村集体厂房', '闲置村小学校舍', '村级冷库', '粮食仓库']);
    const area = r.int(8, 300) * 10;
    return {
      title: `${asset}（${area}平方米）租赁`,
      area,
      areaUnit: 2,
      priceUnit: 5,
      price: r.int(3, 18) * 10,
      termYears: r.int(3, 10),
      keys: `集体经营性资产,${asset},租赁`,
      description: `标的为${c.village}集体所有的${asset}，建筑面积${area}平方米，水电齐全，交通便利。`,
    };
  },
  '006': (r, c) => {
    const [item, unit] = r.pick<[string, number]>([
      ['联合收割机', 9],
      ['粮食烘干设备', 14],
      ['拖拉机', 9],
      ['喷灌设备', 14],
      ['蔬菜大棚', 18],
    ]);
    const count = r.int(1, 12);
    return {
      title: `${count}${AREA_UNITS[unit]}${item}租赁`,
      area: count,
      areaUnit: unit,
      priceUnit: 2,
      price: r.int(20, 600) * 100,
      termYears: r.int(1, 5),
      keys: `农业生产设施设备,${item}`,
      description: `${c.town}${c.village}集体所有${item}${count}${AREA_UNITS[unit]}，设备状况良好，可正常使用。`,
    };
  },
  '007': (r, c) => {
    const [item, unit] = r.pick<[string, number]>([
      ['机井', 12],
      ['灌溉泵站', 18],
      ['当家塘', 13],
      ['提灌站', 18],
    ]);
    const count = r.int(1, 10);
    return {
      title: `${count}${AREA_UNITS[unit]}${item}使用权承包`,
      area: count,
      areaUnit: unit,
      priceUnit: 2,
      price: r.int(20, 400) * 100,
      termYears: r.int(5, 15),
      keys: `小型水利设施,${item}`,
      description: `${c.village}${item}${count}${AREA_UNITS[unit]}，承包方负责日常管护，保障周边农田灌溉。`,
    };
  },
  '008': (r, c) => {
    const [item, unit] = r.pick<[string, number]>([
      ['果树', 16],
      ['苗木', 6],
      ['茶树', 16],
      ['林下经济采摘权', 1],
    ]);
    const count = unit === 1 ? r.int(20, 200) : r.int(2, 60) * 100;
    return {
      title: `${count}${AREA_UNITS[unit]}${item}经营权转让`,
      area: count,
      areaUnit: unit,
      priceUnit: 2,
      price: r.int(30, 800) * 100,
      termYears: r.int(3, 10),
      keys: `其他产权,${item}`,
      description: `${c.village}集体所有${item}${count}${AREA_UNITS[unit]}，长势良好，${c.spec}产业配套完善。`,
    };
  },
  '009': (r, c) => {
    const [item, unit, min, max] = r.pick<[string, number, number, number]>([
      ['高标准农田建设项目', 1, 500, 5000],
      ['高标准农田建设项目', 1, 500, 5000],
      ['农村道路硬化工程', 10, 800, 6000],
      ['村级党群服务中心建设项目', 2, 200, 1200],
      ['灌溉渠道改造工程', 10, 1000, 8000],
      ['人居环境整治提升工程', 4, 3, 12],
    ]);
    const area = r.int(min, max);
    return {
      title: `${c.year}年${item}`,
      area,
      areaUnit: unit,
      priceUnit: 3,
      price: r.int(20, 500) * 10000,
      termYears: null,
      keys: `工程建设,${item}`,
      description: `本项目为${c.town}${item}，建设规模${area}${AREA_UNITS[unit]}，资金已落实，现公开招标确定施工单位。`,
    };
  },
  '011': (r, c) => {
    const [item, unit, min, max] = r.pick<[string, number, number, number]>([
      ['有机肥采购项目', 8, 20000, 400000],
      ['小麦良种采购项目', 8, 5000, 100000],
      ['植保无人机采购项目', 14, 2, 20],
      ['农用物资采购项目', 11, 200, 5000],
      ['冷链运输车辆采购项目', 9, 1, 6],
    ]);
    const area = r.int(min, max);
    return {
      title: `${c.year}年${item}`,
      area,
      areaUnit: unit,
      priceUnit: 3,
      price: r.int(5, 200) * 10000,
      termYears: null,
      keys: `货物采购,${item}`,
      description: `采购数量${area}${AREA_UNITS[unit]}，交货地点为${c.town}指定地点，供应商须提供产品合格证明。`,
    };
  },
  '012': (r, c) => {
    const item = r.pick(['村集体资产清产核资审计服务', '农村产权交易平台运维服务', '土地确权档案数字化服务', '村庄保洁服务', '农业技术培训服务']);
    const years = r.int(1, 3);
    return {
      title: `${c.year}年${item}项目`,
      area: null,
      areaUnit: 11,
      priceUnit: 2,
      price: r.int(3, 80) * 10000,
      termYears: years,
      keys: `服务采购,${item}`,
      description: `${c.town}拟通过公开方式采购${item}，服务期${years}年，具体要求见采购文件。`,
    };
  },
  '013': (r, c) => {
    const land = r.pick(['耕地', '水田', '旱地']);
    const area = size(r, [50, 200], [200, 800], [800, 3000]);
    return {
      title: `求租${c.county}${c.town}${area}亩连片${land}`,
      area,
      areaUnit: 1,
      priceUnit: 1,
      price: r.int(35, 110) * 10,
      termYears: r.int(5, 15),
      keys: `土地流转需求,${land}`,
      description: `需求方拟在${c.town}流转${area}亩连片${land}，用于${c.spec}规模化种植，要求土地平整、灌溉便利。`,
    };
  },
  '014': (r, c) => {
    const kind = r.pick(['仓储用房', '加工厂房', '临街门面房', '冷库']);
    const area = r.int(10, 300) * 10;
    return {
      title: `求租${c.county}${c.town}${area}平方米${kind}`,
      area,
      areaUnit: 2,
      priceUnit: 5,
      price: r.int(3, 15) * 10,
      termYears: r.int(2, 10),
      keys: `资产租赁需求,${kind}`,
      description: `需求方拟在${c.town}租赁${kind}约${area}平方米，用于${c.spec}加工或仓储。`,
    };
  },
  '015': (r, c) => {
    const [item, unit, min, max] = r.pick<[string, number, number, number]>([
      ['优质稻谷', 7, 5000, 200000],
      ['生猪', 17, 20, 500],
      ['绿化苗木', 6, 500, 20000],
      [`${c.spec}`, 8, 1000, 50000],
    ]);
    const qty = r.int(min, max);
    return {
      title: `求购${qty}${AREA_UNITS[unit]}${item}`,
      area: qty,
      areaUnit: unit,
      priceUnit: 3,
      price: r.int(2, 300) * 1000,
      termYears: null,
      keys: `其他需求,${item}`,
      description: `需求方长期收购${item}，本次需求${qty}${AREA_UNITS[unit]}，要求质量合格、来源可追溯。`,
    };
  },
};

/** Land deals dominate rural trading, so land categories weigh more; unknown numbers weigh 1. */
const CATEGORY_WEIGHT: Record<string, number> = { '001': 8, '002': 2, '003': 2, '005': 2, '009': 3, '013': 5, '014': 2 };
const CATEGORIES_BY_TYPE: Record<number, Array<[string, number]>> = Object.fromEntries(
  [1, 2, 3].map((t) => [t, PROJECT_CATEGORIES.filter((c) => c.type === t).map((c): [string, number] => [c.number, CATEGORY_WEIGHT[c.number] ?? 1])]),
);
const CLASSNAME = Object.fromEntries(PROJECT_CATEGORIES.map((c) => [c.number, c.classname]));

const incrementFor = (price: number): number =>
  price < 50 ? 1 : price < 200 ? 5 : price < 1000 ? 10 : price < 10000 ? 100 : price < 100000 ? 500 : price < 1000000 ? 1000 : 5000;

// ---- Times ---------------------------------------------------------------------------------------------------

interface Timeline {
  publicityStopTime: Date;
  applyStartTime: Date;
  applyStopTime: Date;
  biddingStartTime: Date;
  biddingStopTime: Date;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Times in whole minutes from `now`, ordered publicityStop ≤ applyStart < applyStop ≤ biddingStart < biddingStop,
 * with `now` inside the window the status names: 2 before publicityStop; 3 between publicityStop and applyStart;
 * 4 within the sign-up window; 5 between sign-up and bidding; 6 within bidding (≥ 12 h left); 7–11 after bidding.
 */
export function timelineFor(r: Rng, status: number, now: Date): Timeline {
  const min = (a: number, b: number) => r.int(Math.round(a / MINUTE), Math.round(b / MINUTE));
  const g1 = status === 3 ? min(DAY, 4 * DAY) : r.chance(0.6) ? 0 : min(HOUR, 2 * DAY);
  const g2 = min(5 * DAY, 20 * DAY);
  const g3 = status === 5 ? min(DAY, 5 * DAY) : r.chance(0.5) ? 0 : min(HOUR, 2 * DAY);
  const g4 = status === 6 ? min(DAY, 3 * DAY) : min(2 * HOUR, 3 * DAY);
  const t = now.getTime();
  let p: number; // publicityStop, in ms
  switch (status) {
    case 2:
      p = t + min(HOUR, 10 * DAY) * MINUTE;
      break;
    case 3:
      p = t - r.int(1, g1 - 1) * MINUTE;
      break;
    case 4:
      p = t - r.int(0, g2 - 1) * MINUTE - g1 * MINUTE;
      break;
    case 5:
      p = t - r.int(0, g3 - 1) * MINUTE - (g1 + g2) * MINUTE;
      break;
    case 6:
      p = t - r.int(0, g4 - 12 * 60) * MINUTE - (g1 + g2 + g3) * MINUTE;
      break;
    default:
      p = t - min(HOUR, 330 * DAY) * MINUTE - (g1 + g2 + g3 + g4) * MINUTE;
  }
  const times = [p, p + g1 * MINUTE, p + (g1 + g2) * MINUTE, p + (g1 + g2 + g3) * MINUTE, p + (g1 + g2 + g3 + g4) * MINUTE];
  const created = Math.min(p - min(5 * DAY, 15 * DAY) * MINUTE, t - min(HOUR, 3 * DAY) * MINUTE);
  const passed = times.filter((x) => x <= t);
  const updated = Math.max(created, passed.length ? passed[passed.length - 1] : created);
  const [publicityStopTime, applyStartTime, applyStopTime, biddingStartTime, biddingStopTime] = times.map((x) => new Date(x));
  return { publicityStopTime, applyStartTime, applyStopTime, biddingStartTime, biddingStopTime, createdAt: new Date(created), updatedAt: new Date(updated) };
}

/** How many registered, by status: none before sign-up opens, some for ended ones with no deal. */
function signCountFor(r: Rng, status: number, pool: number): number {
  const n =
    status <= 3
      ? 0
      : status === 4
        ? r.int(0, 4)
        : status === 5
          ? r.chance(0.1)
            ? 0
            : r.int(1, 5)
          : status <= 9
            ? r.weighted([
                [1, 2],
                [2, 4],
                [3, 4],
                [r.int(4, 8), 3],
              ])
            : r.chance(0.5)
              ? 0
              : r.int(1, 2);
  return Math.min(n, pool);
}

// One formatter for all: toLocaleString would build a new one per call, which dominates 100k-project runs.
const MONEY = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });
const money = (n: number) => MONEY.format(n);

function projectContent(p: ProjectRow, s: Subject, classname: string, contact: string): string {
  const party = p.type === 2 ? ['转出方', p.outname] : p.type === 3 ? ['需求方', p.needname] : ['招标人', p.company];
  const qty = p.area === null ? '—' : `${money(p.area)}${AREA_UNITS[p.areaUnit]}`;
  return (
    '<h3>项目概况</h3><table border="1" cellspacing="0" cellpadding="6" style="width:100%;border-collapse:collapse"><tbody>' +
    `<tr><th>项目编号</th><td>${p.code}</td><th>项目类别</th><td>${classname}</td></tr>` +
    `<tr><th>项目名称</th><td colspan="3">${p.projectName}</td></tr>` +
    `<tr><th>坐落位置</th><td colspan="3">${p.address}</td></tr>` +
    `<tr><th>面积/数量</th><td>${qty}</td><th>期限</th><td>${p.termYears ? `${p.termYears}年` : '—'}</td></tr>` +
    `<tr><th>${p.type === 1 ? '预算金额' : '挂牌价格'}</th><td>${money(p.price)}${PRICE_UNITS[p.priceUnit]}</td><th>加价幅度</th><td>${money(p.increment)}元</td></tr>` +
    `<tr><th>交易保证金</th><td>${money(p.deposit)}元</td><th>${party[0]}</th><td>${party[1]}</td></tr>` +
    '</tbody></table>' +
    `<h3>标的描述</h3><p>${s.description}</p>` +
    '<h3>交易条件</h3><ol><li>意向受让方须为具有完全民事行为能力的自然人、法人或其他组织。</li>' +
    '<li>报名时须按规定缴纳交易保证金，未竞得者保证金原路退还。</li><li>竞价采用网络自由报价方式，价高者得，结束前5分钟内有出价的自动延时5分钟。</li></ol>' +
    `<h3>联系方式</h3><p>${contact}</p>`
  );
}

// ---- Generation -----------------------------------------------------------------------------------------------

export interface ProjectSeedResult {
  project: number;
  registration: number;
  bid: number;
  dealAnnouncement: number;
  /** Registrations of the demo users, for the messages that mention them (a few per user). */
  refs: UserProjectRef[];
}

export interface ProjectSeedOptions {
  count: number;
  now: Date;
  images: string[];
  users: SeedUser[];
  staffUserId: number | null;
  log?: (line: string) => void;
  batchSize?: number;
}

/**
 * Seeds `count` projects round-robin over the regions, each run of 30 covering every type × status, with their
 * registrations, bids and deal announcements; then tops every region up to 20 deal announcements.
 */
export async function seedProjects(db: Kysely<Database>, rng: Rng, regions: SeedRegion[], o: ProjectSeedOptions): Promise<ProjectSeedResult> {
  const batchSize = o.batchSize ?? 2000;
  const start = await sql<{ n: number | string | null }>`SELECT max(id) AS n FROM project`.execute(db);
  const firstId = Number(start.rows[0]?.n ?? 0) + 1;
  const pool = o.users;
  const result: ProjectSeedResult = { project: 0, registration: 0, bid: 0, dealAnnouncement: 0, refs: [] };
  // Announcements per region and category (004 transfer and demand deals, 030001 tender deals).
  const dealsPerRegion = new Map<string, number>();
  const dealKey = (regionKey: string, number: string) => `${regionKey}:${number}`;
  const now = o.now.getTime();

  for (let from = 0; from < o.count; from += batchSize) {
    const projects: ProjectRow[] = [];
    const registrations: RegistrationRow[] = [];
    const bids: BidRow[] = [];
    const deals: DealAnnouncementRow[] = [];
    for (let i = from; i < Math.min(o.count, from + batchSize); i++) {
      const r = rng.fork(`project:${i}`);
      const combo = i % COMBOS;
      const type = PROJECT_TYPES[Math.floor(combo / PROJECT_STATUSES.length)];
      const status = PROJECT_STATUSES[combo % PROJECT_STATUSES.length];
      const region = regions[Math.floor(i / COMBOS) % regions.length];
      const id = firstId + i;
      const tl = timelineFor(r, status, o.now);
      const { ctx, town } = makeCtx(r, region, tl.createdAt);
      const number = r.weighted(CATEGORIES_BY_TYPE[type]);
      const s = SUBJECTS[number](r, ctx);
      const coop = `${ctx.town}${ctx.village}股份经济合作社`;
      const projectName = type === 2 ? `${ctx.county}${ctx.town}${ctx.village}${s.title}` : type === 1 ? `${ctx.county}${ctx.town}${s.title}` : s.title;
      const increment = incrementFor(s.price);
      const total = (s.priceUnit === 1 || s.priceUnit === 4 || s.priceUnit === 5) && s.area ? s.price * s.area : s.price;
      const deposit = Math.max(500, Math.round((total * (type === 1 ? 0.02 : 0.1)) / 100) * 100);

      const signCts = signCountFor(r, status, pool.length);
      const registrants = r.sample(pool, signCts);
      const regs: RegistrationRow[] = registrants.map((u) => {
        const end = Math.min(tl.applyStopTime.getTime(), now);
        const createdAt = tl.applyStartTime.getTime() + Math.floor(r.next() * Math.max(0, end - tl.applyStartTime.getTime()));
        const state =
          status === 4
            ? r.weighted([
                [1, 12],
                [2, 7],
                [3, 1],
              ])
            : r.weighted([
                [1, 9],
                [3, 1],
              ]);
        const reviewedAt = state === 2 ? null : new Date(Math.min(createdAt + r.int(10, 20 * 60) * MINUTE, now));
        return {
          projectId: id,
          userId: u.userId,
          state,
          bidderCode: '',
          createdAt: new Date(createdAt),
          reviewedAt,
          reviewedBy: state === 2 ? null : o.staffUserId,
        };
      });
      if (status >= 6 && status <= 9 && regs.length && !regs.some((x) => x.state === 1)) {
        regs[0].state = 1;
        regs[0].reviewedAt ??= new Date(Math.min(regs[0].createdAt.getTime() + HOUR, now));
        regs[0].reviewedBy = o.staffUserId;
      }
      let code = 0;
      for (const reg of regs) if (reg.state === 1) reg.bidderCode = String(++code).padStart(3, '0');

      let dealAmount: number | null = null;
      let currentPrice: number | null = null;
      let winnerId: number | undefined;
      const bidders = new Set<number>();
      if (status >= 6 && status <= 9 && regs.length) {
        const approved = regs.filter((x) => x.state === 1).map((x) => x.userId);
        const n = approved.length === 1 ? 1 : status === 6 ? r.int(1, 8) : r.int(2, 10);
        const begin = tl.biddingStartTime.getTime();
        const end = status === 6 ? now : tl.biddingStopTime.getTime();
        let previous = -1;
        for (let j = 0; j < n; j++) {
          const choices = approved.length > 1 ? approved.filter((u) => u !== previous) : approved;
          const userId = r.pick(choices);
          previous = userId;
          bidders.add(userId);
          bids.push({ projectId: id, userId, amount: s.price + j * increment, createdAt: new Date(begin + Math.floor(((end - begin) * (j + 1)) / (n + 1))) });
        }
        currentPrice = s.price + (n - 1) * increment;
        if (status >= 7) {
          dealAmount = currentPrice;
          winnerId = previous;
        }
      }
      registrations.push(...regs);

      const address = `${region.provinceName}${region.cityName}${ctx.county}${ctx.town}${ctx.village}`;
      const codePrefix = DEMO_REGIONS.find((d) => d.key === region.key)?.codePrefix ?? DEFAULT_CODE_PREFIX;
      const projectCode = formatProjectCode({ prefix: codePrefix, pattern: DEFAULT_CODE_PATTERN }, cstYear(tl.createdAt), type, id);
      const contact = `联系人：${personName(r)}　联系电话：${officePhone(r, region)}`;
      const row: ProjectRow = {
        id,
        deptId: r.chance(0.85) ? town.deptId : town.county.deptId,
        type,
        number,
        status,
        code: projectCode,
        projectName,
        keys: s.keys,
        address,
        content: '',
        price: s.price,
        priceUnit: s.priceUnit,
        dealAmount,
        currentPrice,
        increment,
        reservePrice: type === 2 && r.chance(0.3) ? s.price : null,
        deposit,
        extendMinutes: 5,
        area: s.area,
        areaUnit: s.areaUnit,
        scale: s.area === null ? `服务期${s.termYears ?? 1}年` : `${money(s.area)}${AREA_UNITS[s.areaUnit]}${s.termYears ? `，期限${s.termYears}年` : ''}`,
        termYears: s.termYears,
        outname: type === 2 ? (number === '006' && r.chance(0.4) ? `${ctx.town}农机专业合作社` : coop) : '',
        needname:
          type === 3
            ? r.pick([
                `${ctx.county}${personName(r).slice(0, 1)}氏家庭农场`,
                `${region.cityName.slice(0, 2)}${r.pick(['绿源', '丰收', '鑫农', '禾美', '田园'])}农业发展有限公司`,
                `${ctx.town}${ctx.spec}种植专业合作社`,
              ])
            : '',
        company: type === 1 ? r.pick([`${ctx.town}人民政府`, `${ctx.county}农业农村局`, coop]) : '',
        imgList: someImages(r, o.images),
        watchCts: status === 2 ? r.int(5, 300) : r.int(60, 3000),
        signCts,
        ...tl,
      };
      row.content = projectContent(row, s, CLASSNAME[number], contact);
      projects.push(row);

      for (const reg of regs) {
        const u = pool.find((x) => x.userId === reg.userId);
        if (u?.demo && result.refs.filter((x) => x.userId === u.userId).length < 5) {
          result.refs.push({
            userId: u.userId,
            projectId: id,
            projectName,
            state: reg.state,
            bidderCode: reg.bidderCode,
            biddingStartTime: tl.biddingStartTime,
          });
        }
      }

      if (dealAmount !== null) {
        const key = dealKey(region.key, dealNumberOf(type));
        dealsPerRegion.set(key, (dealsPerRegion.get(key) ?? 0) + 1);
        const winnerCode = regs.find((x) => x.userId === winnerId)?.bidderCode ?? '';
        deals.push(dealRow(r, region, row, { amount: dealAmount, winnerCode, bidders: bidders.size }, o.now));
      }
    }
    await bulkInsert(db, 'project', PROJECT_COLUMNS, projects, 1000);
    await bulkInsert(db, 'registration', REGISTRATION_COLUMNS, registrations, 5000);
    await bulkInsert(db, 'bid', BID_COLUMNS, bids, 5000);
    await bulkInsert(db, 'deal_announcement', DEAL_COLUMNS, deals, 2000);
    result.project += projects.length;
    result.registration += registrations.length;
    result.bid += bids.length;
    result.dealAnnouncement += deals.length;
    if (o.count > batchSize && (result.project % 10000 === 0 || result.project === o.count)) o.log?.(`  项目 ${result.project}/${o.count}`);
  }
  if (result.project) await syncSequence(db, 'project');

  // Older deals, from before the seeded projects, so every region lists at least 20 announcements of transfers
  // and 12 of tenders (more than one page of each).
  const extra: DealAnnouncementRow[] = [];
  const minimum = [
    { number: DEAL_NUMBER, type: 2 as const, count: 20 },
    { number: TENDER_DEAL_NUMBER, type: 1 as const, count: 12 },
  ];
  for (const region of regions) {
    for (const { number, type, count } of minimum) {
      const r = rng.fork(number === DEAL_NUMBER ? `deals:${region.key}` : `deals:${region.key}:${number}`);
      for (let k = dealsPerRegion.get(dealKey(region.key, number)) ?? 0; k < count; k++) {
        const when = pastYear(r, o.now);
        const { ctx, town } = makeCtx(r, region, when);
        const s = SUBJECTS[r.weighted(CATEGORIES_BY_TYPE[type])](r, ctx);
        const amount = s.price + r.int(0, 8) * incrementFor(s.price);
        const projectName = type === 2 ? `${ctx.county}${ctx.town}${ctx.village}${s.title}` : `${ctx.county}${ctx.town}${s.title}`;
        const price = `${money(amount)}${PRICE_UNITS[s.priceUnit]}`;
        extra.push({
          deptId: town.deptId,
          projectId: null,
          number,
          projectName,
          projectAddress: `${region.provinceName}${region.cityName}${ctx.county}${ctx.town}${type === 2 ? ctx.village : ''}`,
          remark: `${type === 2 ? '成交价' : '中标价'}：${price}`,
          content:
            type === 2
              ? `<p>${projectName}项目已通过公开竞价成交，成交价${price}，受让方：${personName(r)}。</p><p>公告期5个工作日。</p>`
              : `<p>${projectName}项目已按规定程序完成招标，中标价${price}，中标单位：${ctx.county}${r.pick(['宏远', '鑫达', '恒信', '绿野', '丰源'])}建设有限公司。</p><p>公示期3个工作日，如有异议请在公示期内向交易中心书面提出。</p>`,
          dealtime: when,
        });
      }
    }
  }
  result.dealAnnouncement += await bulkInsert(db, 'deal_announcement', DEAL_COLUMNS, extra);
  return result;
}

/** The project's announcement, published a little after its bidding ended (never after `now`). */
function dealRow(r: Rng, region: SeedRegion, p: ProjectRow, deal: { amount: number; winnerCode: string; bidders: number }, now: Date): DealAnnouncementRow {
  const dealtime = new Date(Math.min(p.biddingStopTime.getTime() + r.int(1, 50) * MINUTE, now.getTime()));
  return dealAnnouncementRow(p, { ...deal, code: p.code, dealtime, centre: region.rootName });
}
