import type { Rng } from './random.js';

/**
 * The demo place trees: four tenant regions with realistic names. One city (信阳市) with counties and towns,
 * and three counties (淳安县, 蓝田县, 寿光市) whose province and city exist as places but are not tenants.
 * deptId follows the administrative code (province 41, city 4115, county 411521, town 411521101), so ids are
 * stable, unique and readable; deptCode is the 12-digit statistical code (made up below county level).
 */

interface CountyDef {
  name: string;
  /** Six-digit county code. */
  code: string;
  towns: string[];
}

interface RegionDef {
  key: string;
  province: { name: string; code: string };
  city: { name: string; code: string };
  /** Which level is the tenant root. */
  root: 'city' | 'county';
  lesseeId: number;
  counties: CountyDef[];
  /** Village names typical of the area, drawn from for project names and addresses (not places). */
  villages: string[];
  /** Telephone area code, for contact lines. */
  areaCode: string;
}

const REGION_DEFS: RegionDef[] = [
  {
    key: 'xinyang',
    province: { name: '河南省', code: '41' },
    city: { name: '信阳市', code: '4115' },
    root: 'city',
    lesseeId: 101,
    areaCode: '0376',
    counties: [
      { name: '平桥区', code: '411503', towns: ['明港镇', '平昌关镇', '邢集镇', '肖王镇', '长台关乡'] },
      { name: '罗山县', code: '411521', towns: ['周党镇', '楠杆镇', '青山镇', '子路镇', '莽张镇'] },
      { name: '光山县', code: '411522', towns: ['泼陂河镇', '孙铁铺镇', '马畈镇', '砖桥镇', '寨河镇'] },
    ],
    villages: [
      '王湾村', '李畈村', '张楼村', '陈岗村', '刘洼村', '杨店村', '黄湾村', '周寨村', '吴湾村', '徐楼村', '孙庄村', '马岗村',
      '朱湾村', '胡店村', '郭集村', '何寨村', '高庄村', '罗湾村', '郑楼村', '宋湾村', '谢岗村', '韩庄村', '唐畈村', '冯楼村',
      '董岗村', '程湾村', '余冲村', '熊畈村', '石桥村', '檀树岗村',
    ],
  },
  {
    key: 'chunan',
    province: { name: '浙江省', code: '33' },
    city: { name: '杭州市', code: '3301' },
    root: 'county',
    lesseeId: 102,
    areaCode: '0571',
    counties: [{ name: '淳安县', code: '330127', towns: ['千岛湖镇', '汾口镇', '威坪镇', '姜家镇', '文昌镇', '临岐镇'] }],
    villages: [
      '下姜村', '枫树岭村', '浪川村', '芹川村', '屏湖村', '富山村', '汪宅村', '姜家村', '梓桐村', '叶家村', '洪家村', '瑶山村',
      '龙川村', '宋村', '桐子坞村', '上坊村', '中洲村', '里商村', '塘坞村', '鸠坑村',
    ],
  },
  {
    key: 'lantian',
    province: { name: '陕西省', code: '61' },
    city: { name: '西安市', code: '6101' },
    root: 'county',
    lesseeId: 103,
    areaCode: '029',
    counties: [{ name: '蓝田县', code: '610122', towns: ['蓝关街道', '洩湖镇', '华胥镇', '汤峪镇', '焦岱镇', '玉川镇'] }],
    villages: [
      '董岭村', '桥村', '史家寨村', '北川村', '鹿塬村', '孟村', '白家坡村', '杨寨村', '辋川村', '许庙村', '安村', '三官庙村',
      '草坪村', '华胥村', '焦岱村', '马楼村', '西寨村', '张家坪村', '红星村', '玉山村',
    ],
  },
  {
    key: 'shouguang',
    province: { name: '山东省', code: '37' },
    city: { name: '潍坊市', code: '3707' },
    root: 'county',
    lesseeId: 104,
    areaCode: '0536',
    // 寿光市 is a county-level city: level 3.
    counties: [{ name: '寿光市', code: '370783', towns: ['化龙镇', '营里镇', '台头镇', '田柳镇', '稻田镇', '纪台镇'] }],
    villages: [
      '三元朱村', '东斟灌村', '崔岭村', '前疃村', '丰城村', '赵庄村', '王家庄子村', '北洛村', '纪台村', '稻田村', '后疃村',
      '东王村', '西李村', '尹家村', '马店村', '郭井村', '侯家村', '孙家村', '刘旺村', '桑家营子村',
    ],
  },
];

export interface PlaceRow {
  deptId: number;
  deptName: string;
  deptCode: string;
  parentId: number;
  level: number;
  ancestors: string;
  lesseeId: number | null;
  orderNum: number;
}

export interface SeedTown {
  deptId: number;
  name: string;
  county: SeedCounty;
  /** Village names (text only) used in names and addresses of things in this town. */
  villages: string[];
}

export interface SeedCounty {
  deptId: number;
  name: string;
  towns: SeedTown[];
}

export interface SeedRegion {
  key: string;
  rootId: number;
  rootName: string;
  rootLevel: number;
  lesseeId: number;
  provinceName: string;
  cityName: string;
  areaCode: string;
  counties: SeedCounty[];
  /** Every town of the region, in tree order. */
  towns: SeedTown[];
}

/** A tenant root as the portal's region configuration refers to it. */
export interface DemoRegion {
  key: string;
  deptId: number;
  deptName: string;
  deptCode: string;
  lesseeId: number;
  level: number;
}

const code12 = (prefix: string) => prefix.padEnd(12, '0');

/** The four tenant roots (key, deptId, deptCode…), fixed by the definitions above. */
export const DEMO_REGIONS: DemoRegion[] = REGION_DEFS.map((r) =>
  r.root === 'city'
    ? { key: r.key, deptId: Number(r.city.code), deptName: r.city.name, deptCode: code12(r.city.code), lesseeId: r.lesseeId, level: 2 }
    : {
        key: r.key,
        deptId: Number(r.counties[0].code),
        deptName: r.counties[0].name,
        deptCode: code12(r.counties[0].code),
        lesseeId: r.lesseeId,
        level: 3,
      },
);

/**
 * The place rows (parents before children) and the region structures the other seed parts draw from.
 * `rng` only picks each town's village names.
 */
export function buildPlaces(rng: Rng): { rows: PlaceRow[]; regions: SeedRegion[] } {
  const rows: PlaceRow[] = [];
  const regions: SeedRegion[] = [];
  REGION_DEFS.forEach((def, regionIndex) => {
    const provinceId = Number(def.province.code);
    const cityId = Number(def.city.code);
    rows.push({
      deptId: provinceId, deptName: def.province.name, deptCode: code12(def.province.code), parentId: 0, level: 1,
      ancestors: '0', lesseeId: null, orderNum: regionIndex + 1,
    });
    rows.push({
      deptId: cityId, deptName: def.city.name, deptCode: code12(def.city.code), parentId: provinceId, level: 2,
      ancestors: `0,${provinceId}`, lesseeId: def.root === 'city' ? def.lesseeId : null, orderNum: 1,
    });
    const counties: SeedCounty[] = [];
    def.counties.forEach((c, ci) => {
      const countyId = Number(c.code);
      rows.push({
        deptId: countyId, deptName: c.name, deptCode: code12(c.code), parentId: cityId, level: 3,
        ancestors: `0,${provinceId},${cityId}`, lesseeId: def.root === 'county' ? def.lesseeId : null, orderNum: ci + 1,
      });
      const county: SeedCounty = { deptId: countyId, name: c.name, towns: [] };
      c.towns.forEach((t, ti) => {
        // Sub-districts (街道) take 00x codes, towns and townships 1xx, as the statistical codes do.
        const suffix = t.endsWith('街道') ? String(ti + 1).padStart(3, '0') : String(101 + ti);
        const deptId = countyId * 1000 + Number(suffix);
        rows.push({
          deptId, deptName: t, deptCode: code12(c.code + suffix), parentId: countyId, level: 4,
          ancestors: `0,${provinceId},${cityId},${countyId}`, lesseeId: null, orderNum: ti + 1,
        });
        county.towns.push({ deptId, name: t, county, villages: rng.fork(`villages:${deptId}`).sample(def.villages, 6) });
      });
      counties.push(county);
    });
    const root = DEMO_REGIONS[regionIndex];
    regions.push({
      key: def.key,
      rootId: root.deptId,
      rootName: root.deptName,
      rootLevel: root.level,
      lesseeId: def.lesseeId,
      provinceName: def.province.name,
      cityName: def.city.name,
      areaCode: def.areaCode,
      counties,
      towns: counties.flatMap((c) => c.towns),
    });
  });
  return { rows, regions };
}

/** "河南省信阳市罗山县周党镇王湾村" — the full address of a village. */
export function villageAddress(region: SeedRegion, town: SeedTown, village: string): string {
  return `${region.provinceName}${region.cityName}${town.county.name}${town.name}${village}`;
}
