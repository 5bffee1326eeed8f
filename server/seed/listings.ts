import { INVEST_TYPES } from '../db/reference-data.js';
import { makeCtx, pastYear } from './content.js';
import type { SeedRegion } from './places.js';
import type { Rng } from './random.js';

/** Financing records, transfer intents, investment projects and land information for every region. */

const PROVINCE_ABBR: Record<string, string> = { 河南省: '豫', 浙江省: '浙', 陕西省: '陕', 山东省: '鲁' };
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '周', '吴', '徐', '孙', '马', '朱', '胡', '郭', '何', '高', '林', '罗'];
const GIVEN = [
  '建国',
  '秀英',
  '志强',
  '桂兰',
  '国华',
  '春梅',
  '永刚',
  '海燕',
  '德明',
  '玉兰',
  '红军',
  '丽娟',
  '长青',
  '新民',
  '卫东',
  '淑珍',
  '天明',
  '金花',
  '立新',
  '小芳',
];
const LAND = ['耕地', '水田', '旱地', '园地', '茶园', '林地'];
const COLLATERAL = ['土地经营权', '林权', '农业生产设施', '大棚设施', '农机具', '水域养殖权', '集体经营性资产'];

/** A plausible Chinese personal name. */
export const personName = (rng: Rng): string => rng.pick(SURNAMES) + rng.pick(GIVEN);

/** A demo-range mobile number (1380000xxxx), never a real subscriber's. */
export const demoPhone = (rng: Rng): string => `1380000${String(rng.int(1000, 9999))}`;

/** An office line in the region, e.g. 0376-6218843. */
export const officePhone = (rng: Rng, region: SeedRegion): string => `${region.areaCode}-${rng.int(2000000, 8999999)}`;

/** 1–3 picture URLs. */
export const someImages = (rng: Rng, images: string[], min = 1, max = 3): string[] => rng.sample(images, rng.int(min, max));

const table = (cells: Array<[string, string]>): string =>
  '<table border="1" cellspacing="0" cellpadding="6" style="width:100%;border-collapse:collapse"><tbody>' +
  cells.map(([k, v]) => `<tr><th style="width:25%">${k}</th><td>${v}</td></tr>`).join('') +
  '</tbody></table>';

export interface FinancingRow {
  deptId: number;
  cid: string;
  address: string;
  dyname: string;
  type: string;
  amount: number;
  registertime: Date;
}
export const FINANCING_COLUMNS = {
  deptId: 'integer',
  cid: 'text',
  address: 'text',
  dyname: 'text',
  type: 'text',
  amount: 'numeric',
  registertime: 'timestamptz',
} as const;

export interface IntentRow {
  deptId: number;
  type: number;
  projectname: string;
  areaName: string;
  contact: string;
  phone: string;
  content: string;
  userId: number | null;
  logintime: Date;
}
export const INTENT_COLUMNS = {
  deptId: 'integer',
  type: 'smallint',
  projectname: 'text',
  areaName: 'text',
  contact: 'text',
  phone: 'text',
  content: 'text',
  userId: 'integer',
  logintime: 'timestamptz',
} as const;

export interface InvestRow {
  deptId: number;
  title: string;
  address: string;
  estimated: number;
  investType: string;
  keys: string;
  number: string;
  content: string;
  contact: string;
  imgList: string[];
  createTime: Date;
}
export const INVEST_COLUMNS = {
  deptId: 'integer',
  title: 'text',
  address: 'text',
  estimated: 'numeric',
  investType: 'text',
  keys: 'text',
  number: 'text',
  content: 'text',
  contact: 'text',
  imgList: 'jsonb',
  createTime: 'timestamptz',
} as const;

export interface LandInfoRow {
  deptId: number;
  title: string;
  content: string;
  imgs: Array<{ src: string }>;
  createTime: Date;
}
export const LAND_INFO_COLUMNS = { deptId: 'integer', title: 'text', content: 'text', imgs: 'jsonb', createTime: 'timestamptz' } as const;

export interface Listings {
  financing: FinancingRow[];
  intents: IntentRow[];
  invest: InvestRow[];
  landInfo: LandInfoRow[];
}

/** 20–24 of each kind per region (intents: of each type). `userIds` are the demo users who filed some intents. */
export function buildListings(rng: Rng, regions: SeedRegion[], now: Date, images: string[], userIds: number[]): Listings {
  const out: Listings = { financing: [], intents: [], invest: [], landInfo: [] };
  for (const region of regions) {
    const abbr = PROVINCE_ABBR[region.provinceName] ?? '';

    const rf = rng.fork(`financing:${region.key}`);
    const financing: FinancingRow[] = [];
    for (let i = 0, n = 20 + rf.int(0, 4); i < n; i++) {
      const when = pastYear(rf, now);
      const { ctx, town } = makeCtx(rf, region, when);
      const collateral = rf.pick(COLLATERAL);
      const dyname = rf.weighted<() => string>([
        [() => personName(rf), 5],
        [() => `${ctx.town}${ctx.spec}专业合作社`, 2],
        [() => `${ctx.county}${rf.pick(SURNAMES)}氏家庭农场`, 2],
      ])();
      financing.push({
        deptId: town.deptId,
        cid: `${abbr}（${ctx.year}）${ctx.county}农村产权抵押登记第${String(rf.int(1, 999)).padStart(4, '0')}号`,
        address: `${ctx.county}${ctx.town}${ctx.village}`,
        dyname,
        type: collateral,
        amount: rf.int(5, 300) * 10000 + (rf.chance(0.3) ? rf.int(1, 99) * 100 + rf.pick([0, 0.5]) : 0),
        registertime: when,
      });
    }
    out.financing.push(...financing);

    const ri = rng.fork(`intents:${region.key}`);
    for (const type of [1, 2]) {
      for (let i = 0, n = 20 + ri.int(0, 4); i < n; i++) {
        const when = pastYear(ri, now);
        const { ctx, town } = makeCtx(ri, region, when);
        const area = ri.int(2, 60) * 10;
        const land = ri.pick(LAND);
        const projectname =
          type === 1
            ? ri.pick([
                `${ctx.town}${ctx.village}${area}亩${land}转出意向`,
                `${ctx.village}闲置集体仓库出租意向`,
                `${ctx.town}${ctx.village}${ri.int(2, 20)}亩鱼塘转出`,
                `${ctx.village}${ctx.spec}基地${area}亩整体转让意向`,
              ])
            : ri.pick([
                `求租${ctx.town}周边${area}亩连片${land}`,
                `意向转入${ctx.spec}种植用地${area}亩`,
                `求租${ctx.county}${ri.int(200, 2000)}平方米仓储用房`,
                `寻求${ctx.town}${area}亩设施农业用地合作`,
              ]);
        const contact = personName(ri);
        out.intents.push({
          deptId: town.deptId,
          type,
          projectname,
          areaName: `${ctx.county}${ctx.town}`,
          contact,
          phone: demoPhone(ri),
          content:
            `<p>${projectname}。${type === 1 ? '土地平整，水电路配套齐全，可用于' : '拟用于'}${ctx.spec}种植或规模化经营，` +
            `期限${ri.int(3, 15)}年，价格面议。</p><p>联系人：${contact}</p>`,
          userId: userIds.length && ri.chance(0.2) ? ri.pick(userIds) : null,
          logintime: when,
        });
      }
    }

    const rv = rng.fork(`invest:${region.key}`);
    const investTypes = Object.keys(INVEST_TYPES);
    for (let i = 0, n = 20 + rv.int(0, 4); i < n; i++) {
      const when = pastYear(rv, now);
      const { ctx, town } = makeCtx(rv, region, when);
      const investType = investTypes[i % investTypes.length];
      const title =
        {
          '1': `${ctx.town}${rv.int(2, 20) * 100}亩${ctx.spec}现代农业示范园`,
          '2': `${ctx.town}${ctx.village}生态养殖小区建设项目`,
          '3': `${ctx.village}乡村旅游综合开发项目`,
          '4': `${ctx.town}${ctx.spec}精深加工项目`,
          '5': `${ctx.county}${ctx.town}农产品冷链物流中心`,
          '6': `${ctx.town}标准化厂房及仓储设施招租`,
        }[investType] ?? `${ctx.town}招商项目`;
      const estimated = rv.int(50, 5000) * 10000;
      const contact = `${personName(rv)} ${officePhone(rv, region)}`;
      const address = `${region.provinceName}${region.cityName}${ctx.county}${ctx.town}`;
      out.invest.push({
        deptId: town.deptId,
        title,
        address,
        estimated,
        investType,
        keys: `${INVEST_TYPES[investType]},${ctx.spec},招商引资`,
        number: `ZS${ctx.year}${String(i + 1).padStart(4, '0')}`,
        content: `<h3>项目概况</h3>${table([
          ['项目名称', title],
          ['项目地址', address],
          ['产业类别', INVEST_TYPES[investType]],
          ['估算投资', `${(estimated / 10000).toFixed(0)}万元`],
          ['合作方式', rv.pick(['独资', '合资', '租赁', '合作经营'])],
        ])}<h3>项目优势</h3><p>${ctx.town}交通便利，${ctx.spec}产业基础扎实，水、电、路、网等基础设施配套完善，当地政府在用地、用工、融资等方面给予政策支持。</p>`,
        contact,
        imgList: someImages(rv, images),
        createTime: when,
      });
    }

    const rl = rng.fork(`land:${region.key}`);
    for (let i = 0, n = 20 + rl.int(0, 4); i < n; i++) {
      const when = pastYear(rl, now);
      const { ctx, town } = makeCtx(rl, region, when);
      const area = rl.int(3, 120) * 10;
      const land = rl.pick(LAND);
      const imgs = someImages(rl, images).map((src) => ({ src }));
      out.landInfo.push({
        deptId: town.deptId,
        title: `${ctx.county}${ctx.town}${ctx.village}${area}亩${land}资源信息`,
        content: `<h3>地块概况</h3>${table([
          ['坐落', `${ctx.county}${ctx.town}${ctx.village}`],
          ['面积', `${area}亩`],
          ['地类', land],
          ['土壤/地形', rl.pick(['平原，土壤肥沃', '丘陵缓坡，排水良好', '沿河冲积平原', '山地梯田'])],
          ['配套设施', rl.pick(['机耕路、灌溉渠配套', '机井2眼，通电', '临近县道，水电齐全'])],
          ['可流转期限', `${rl.int(5, 20)}年`],
        ])}<p>该地块适宜${ctx.spec}等种植，欢迎有意向的经营主体到现场踏勘。</p>`,
        imgs,
        createTime: when,
      });
    }
  }
  return out;
}
