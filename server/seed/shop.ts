import { PRODUCT_CATEGORIES } from '../db/reference-data.js';
import { pastYear } from './content.js';
import { demoPhone, someImages } from './listings.js';
import type { SeedRegion } from './places.js';
import type { Rng } from './random.js';

/**
 * 网上商城 demo products: the farm products of the regions whose portal offers the online shop (淳安县's dev site),
 * as local cooperatives and family farms sell them. Each product is made in one of the region's towns.
 */

export interface ProductRow {
  deptId: number;
  category: string;
  name: string;
  price: number;
  unit: string;
  stock: number;
  seller: string;
  phone: string;
  origin: string;
  imgList: string[];
  content: string;
  createTime: Date;
}

export const PRODUCT_COLUMNS = {
  deptId: 'integer',
  category: 'text',
  name: 'text',
  price: 'numeric',
  unit: 'text',
  stock: 'integer',
  seller: 'text',
  phone: 'text',
  origin: 'text',
  imgList: 'jsonb',
  content: 'text',
  createTime: 'timestamptz',
} as const;

interface ProductDef {
  name: string;
  category: keyof typeof PRODUCT_CATEGORIES & string;
  /** Price range in yuan per unit. */
  price: [number, number];
  unit: string;
  spec: string;
  about: string;
}

/** The products of each region that has a shop, by region key. */
const PRODUCTS: Record<string, ProductDef[]> = {
  chunan: [
    { name: '千岛湖有机大米', category: '1', price: [68, 88], unit: '袋', spec: '5千克/袋', about: '山区梯田种植，一年一季，清水灌溉，米粒饱满，口感软糯。' },
    { name: '淳安山茶油', category: '1', price: [98, 138], unit: '瓶', spec: '500毫升/瓶', about: '野生油茶籽传统压榨，色泽金黄，清香不腻。' },
    { name: '石磨玉米粉', category: '1', price: [12, 18], unit: '袋', spec: '1千克/袋', about: '本地黄玉米石磨细磨，可做玉米饼、玉米糊。' },
    { name: '手工番薯粉丝', category: '1', price: [22, 30], unit: '斤', spec: '500克/袋', about: '红心番薯淀粉手工制作，不加明矾，久煮不烂。' },
    { name: '千岛玉叶绿茶', category: '2', price: [168, 298], unit: '盒', spec: '250克/盒', about: '明前采摘一芽一叶，扁平挺直，汤色嫩绿明亮。' },
    { name: '鸠坑毛尖', category: '2', price: [128, 218], unit: '盒', spec: '250克/盒', about: '鸠坑群体种原产地，条索紧细，滋味鲜醇。' },
    { name: '千岛湖红茶', category: '2', price: [88, 158], unit: '盒', spec: '200克/盒', about: '高山茶园夏秋茶制成，蜜香浓郁，回甘明显。' },
    { name: '覆盆子果酒', category: '2', price: [58, 88], unit: '瓶', spec: '750毫升/瓶', about: '本地覆盆子鲜果发酵酿制，酒精度低，果香清新。' },
    { name: '临岐山核桃', category: '3', price: [45, 65], unit: '斤', spec: '500克/袋', about: '临岐山核桃手工剥制，颗粒饱满，椒盐、奶油两种口味。' },
    { name: '淳安香榧', category: '3', price: [120, 180], unit: '斤', spec: '500克/罐', about: '香榧古树所产，炒制香脆，入口留香。' },
    { name: '高山笋干', category: '3', price: [60, 90], unit: '斤', spec: '500克/袋', about: '春笋采挖后当天蒸煮晒干，肉厚色黄，煲汤红烧皆宜。' },
    { name: '农家番薯干', category: '3', price: [18, 28], unit: '袋', spec: '1千克/袋', about: '红心番薯蒸熟切条，日光晾晒，软糯香甜，无添加。' },
    { name: '威坪蜜橘', category: '4', price: [48, 68], unit: '箱', spec: '5千克/箱', about: '沿湖坡地种植，皮薄汁多，酸甜适口。' },
    { name: '白马覆盆子鲜果', category: '4', price: [35, 55], unit: '盒', spec: '250克/盒', about: '清晨采摘当日冷链发货，果实完整，鲜甜多汁。' },
    { name: '高山蔬菜礼盒', category: '4', price: [78, 108], unit: '箱', spec: '6种时令蔬菜/箱', about: '海拔600米以上菜园种植，时令蔬菜六种搭配，现摘现发。' },
    { name: '千岛湖有机鱼', category: '5', price: [38, 58], unit: '条', spec: '约2千克/条', about: '千岛湖大水面生态养殖鲢鳙鱼，肉质紧实，无土腥味。' },
    { name: '散养土鸡蛋', category: '5', price: [45, 60], unit: '盒', spec: '30枚/盒', about: '山林散养土鸡所产，蛋黄橙红，蛋清浓稠。' },
    { name: '千岛湖鱼干', category: '5', price: [68, 98], unit: '袋', spec: '500克/袋', about: '湖鱼腌制后自然风干，咸香耐嚼，蒸食即可。' },
    { name: '山林散养土鸡', category: '5', price: [128, 168], unit: '只', spec: '约1.5千克/只', about: '林下散养一年以上，肉质紧实，适合炖汤。' },
  ],
};

/** The region keys that get products. */
export const SHOP_REGIONS = Object.keys(PRODUCTS);

const SELLER_KINDS = ['农产品专业合作社', '家庭农场', '生态农业专业合作社', '特产专业合作社'];

export function buildProducts(rng: Rng, regions: SeedRegion[], now: Date, images: string[]): ProductRow[] {
  const out: ProductRow[] = [];
  for (const region of regions) {
    const defs = PRODUCTS[region.key];
    if (!defs) continue;
    const r = rng.fork(`shop:${region.key}`);
    defs.forEach((def, i) => {
      const town = region.towns[i % region.towns.length];
      const village = r.pick(town.villages);
      const seller = `${region.rootName.replace(/[县市区]$/, '')}${village.replace(/村$/, '')}${r.pick(SELLER_KINDS)}`;
      const price = r.int(def.price[0], def.price[1]) + (r.chance(0.4) ? 0.8 : 0);
      out.push({
        deptId: town.deptId,
        category: def.category,
        name: def.name,
        price,
        unit: def.unit,
        stock: r.chance(0.1) ? 0 : r.int(20, 800),
        seller,
        phone: demoPhone(r),
        origin: `${town.name}${village}`,
        imgList: someImages(r, images, 1, 3),
        content:
          `<p>${def.about}</p><p>规格：${def.spec}。产地：${region.cityName}${town.county.name}${town.name}${village}。</p>` +
          `<p>本平台只展示商品信息，不在线交易。需要购买或批量采购，请与卖家电话联系，当面或通过物流交付。</p>`,
        createTime: pastYear(r, now),
      });
    });
  }
  return out;
}
