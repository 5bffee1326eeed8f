import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import jsYaml from 'js-yaml';
import { checkRegionPlaces, loadPlaceTrees, type DeclaredPlace } from '../../engine/region-files/places.js';
import { formatProblem } from '../../engine/region/problem.js';
import type { Rng } from './random.js';

/**
 * The demo regions' place trees come from their regions/<id>/places.yaml (the one source, also synced into the
 * database on start); what is not a place is kept here, by region id: village names drawn from for project names and
 * addresses, and the telephone area code. deptId follows the administrative code (province 41, city 4115, county
 * 411521, town 411521101), so ids are stable, unique and readable.
 */
export const DEMO_REGIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../regions');

interface RegionExtras {
  /** Village names typical of the area, drawn from for project names and addresses (not places). */
  villages: string[];
  /** Telephone area code, for contact lines. */
  areaCode: string;
}

/** In this order the seed builds the demo regions (and DEMO_REGIONS lists them). */
const REGION_EXTRAS: Record<string, RegionExtras> = {
  xinyang: {
    areaCode: '0376',
    villages: [
      '王湾村',
      '李畈村',
      '张楼村',
      '陈岗村',
      '刘洼村',
      '杨店村',
      '黄湾村',
      '周寨村',
      '吴湾村',
      '徐楼村',
      '孙庄村',
      '马岗村',
      '朱湾村',
      '胡店村',
      '郭集村',
      '何寨村',
      '高庄村',
      '罗湾村',
      '郑楼村',
      '宋湾村',
      '谢岗村',
      '韩庄村',
      '唐畈村',
      '冯楼村',
      '董岗村',
      '程湾村',
      '余冲村',
      '熊畈村',
      '石桥村',
      '檀树岗村',
    ],
  },
  chunan: {
    areaCode: '0571',
    villages: [
      '下姜村',
      '枫树岭村',
      '浪川村',
      '芹川村',
      '屏湖村',
      '富山村',
      '汪宅村',
      '姜家村',
      '梓桐村',
      '叶家村',
      '洪家村',
      '瑶山村',
      '龙川村',
      '宋村',
      '桐子坞村',
      '上坊村',
      '中洲村',
      '里商村',
      '塘坞村',
      '鸠坑村',
    ],
  },
  lantian: {
    areaCode: '029',
    villages: [
      '董岭村',
      '桥村',
      '史家寨村',
      '北川村',
      '鹿塬村',
      '孟村',
      '白家坡村',
      '杨寨村',
      '辋川村',
      '许庙村',
      '安村',
      '三官庙村',
      '草坪村',
      '华胥村',
      '焦岱村',
      '马楼村',
      '西寨村',
      '张家坪村',
      '红星村',
      '玉山村',
    ],
  },
  shouguang: {
    areaCode: '0536',
    villages: [
      '三元朱村',
      '东斟灌村',
      '崔岭村',
      '前疃村',
      '丰城村',
      '赵庄村',
      '王家庄子村',
      '北洛村',
      '纪台村',
      '稻田村',
      '后疃村',
      '东王村',
      '西李村',
      '尹家村',
      '马店村',
      '郭井村',
      '侯家村',
      '孙家村',
      '刘旺村',
      '桑家营子村',
    ],
  },
};

/** A row of the place table: a declared place without where it was declared. */
export type PlaceRow = Omit<DeclaredPlace, 'origin'>;

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
  /** The region's projectCodePrefix (项目编号's letters). */
  codePrefix: string | undefined;
}

/**
 * The demo regions' places: every place of regions/ (places.yaml) with the tenant roots' lessee ids from each demo
 * region's own region.yaml. Read once; the region catalog itself is not compiled here (its schemas cost seconds),
 * and `npm run validate:regions` checks the same files fully.
 */
function readDemoPlaces(): { places: DeclaredPlace[]; roots: DemoRegion[] } {
  const trees = loadPlaceTrees(DEMO_REGIONS_DIR);
  const refs = Object.keys(REGION_EXTRAS).map((id) => {
    const file = path.join(DEMO_REGIONS_DIR, id, 'region.yaml');
    const value = jsYaml.load(fs.readFileSync(file, 'utf8'), { schema: jsYaml.CORE_SCHEMA }) as Record<string, unknown>;
    const codePrefix = typeof value.projectCodePrefix === 'string' ? value.projectCodePrefix : undefined;
    return { id, deptId: value.deptId, deptCode: value.deptCode, lesseeId: value.lesseeId, codePrefix, origin: { file, line: 1, column: 1 } };
  });
  const problems = [...trees.problems, ...checkRegionPlaces(refs, trees)];
  if (problems.length > 0) throw new Error(`演示地区的 places.yaml 有错误：\n${problems.map((p) => formatProblem(p)).join('\n')}`);
  const byId = new Map(trees.places.map((p) => [p.deptId, p]));
  const roots = refs.map((ref): DemoRegion => {
    const place = byId.get(ref.deptId as number);
    if (!place) throw new Error(`演示地区 ${ref.id} 的 region.yaml 未写明 deptId，或其地点未在 places.yaml 中声明`);
    const { codePrefix } = ref;
    return { key: ref.id, deptId: place.deptId, deptName: place.deptName, deptCode: place.deptCode, lesseeId: place.lesseeId!, level: place.level, codePrefix };
  });
  return { places: trees.places, roots };
}

const DEMO = readDemoPlaces();

/** The four tenant roots (key, deptId, deptCode…), as the demo regions' YAML declares them. */
export const DEMO_REGIONS: DemoRegion[] = DEMO.roots;

/** A place as a row of the place table. */
export function placeRow({ origin: _origin, ...row }: DeclaredPlace): PlaceRow {
  return row;
}

/**
 * The place rows (every declared place) and the region structures the other seed parts draw from.
 * `rng` only picks each town's village names.
 */
export function buildPlaces(rng: Rng): { rows: PlaceRow[]; regions: SeedRegion[] } {
  const rows = DEMO.places.map(placeRow);
  const byId = new Map(rows.map((r) => [r.deptId, r]));
  const childrenOf = (deptId: number) => rows.filter((r) => r.parentId === deptId).sort((a, b) => a.orderNum - b.orderNum || a.deptId - b.deptId);
  const regions = DEMO.roots.map((root): SeedRegion => {
    const extras = REGION_EXTRAS[root.key];
    const rootRow = byId.get(root.deptId)!;
    const chain = [
      ...rootRow.ancestors
        .split(',')
        .map(Number)
        .filter((id) => id !== 0)
        .map((id) => byId.get(id)!),
      rootRow,
    ];
    const atLevel = (level: number) => chain.find((p) => p.level === level)?.deptName ?? '';
    // A city root lists its counties; a county root is its own one county.
    const countyRows = root.level <= 2 ? childrenOf(root.deptId) : [rootRow];
    const counties = countyRows.map((c) => {
      const county: SeedCounty = { deptId: c.deptId, name: c.deptName, towns: [] };
      for (const t of childrenOf(c.deptId)) {
        county.towns.push({ deptId: t.deptId, name: t.deptName, county, villages: rng.fork(`villages:${t.deptId}`).sample(extras.villages, 6) });
      }
      return county;
    });
    return {
      key: root.key,
      rootId: root.deptId,
      rootName: root.deptName,
      rootLevel: root.level,
      lesseeId: root.lesseeId,
      provinceName: atLevel(1),
      cityName: atLevel(2),
      areaCode: extras.areaCode,
      counties,
      towns: counties.flatMap((c) => c.towns),
    };
  });
  return { rows, regions };
}

/** "河南省信阳市罗山县周党镇王湾村" — the full address of a village. */
export function villageAddress(region: SeedRegion, town: SeedTown, village: string): string {
  return `${region.provinceName}${region.cityName}${town.county.name}${town.name}${village}`;
}
